/**
 * `npm run calendar:urls`: the private addresses of the practice's calendar feeds (the
 * function practice-calendar; docs/appointment-lifecycle.md), one for the practice and one
 * per advisor. Without options, those of the local stack: its API URL and the
 * CALENDAR_FEED_SECRET it gives the functions (supabase/functions/.env.example, .env over
 * it). With --base, a hosted project's: the secret from --secret or CALENDAR_FEED_SECRET.
 */
import { parseArgs } from 'node:util';
import { MIN_PROOF_SECRET_LENGTH } from '../supabase/functions/_shared/config.ts';
import { feedName } from '../supabase/functions/practice-calendar/feed-content.ts';
import { FEED_IDS, feedUrl } from '../supabase/functions/practice-calendar/feed-urls.ts';
import { LOCAL_SUPABASE_URL } from './stack/local-config.ts';
import { readFunctionsSettings } from './stack/start-stack.ts';

const USAGE = `Usage: npm run calendar:urls
       npm run calendar:urls -- --base https://<ref>.supabase.co/functions/v1 [--secret <CALENDAR_FEED_SECRET>]

  (no options)  the local stack's addresses (npm run stack / npm run dev)
  --base        the project's functions URL (https://<ref>.supabase.co is enough)
  --secret      the project's CALENDAR_FEED_SECRET; better: CALENDAR_FEED_SECRET=… in the
                environment, so it stays out of the shell's history`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** `https://<ref>.supabase.co` or `…/functions/v1` (trailing slashes ignored) → `…/functions/v1`. */
function functionsBase(base: string): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    fail(`--base "${base}" is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail(`--base "${base}" is not an http(s) URL.`);
  const trimmed = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  return trimmed.endsWith('/functions/v1') ? trimmed : `${trimmed}/functions/v1`;
}

async function main(): Promise<void> {
  let flags;
  try {
    ({ values: flags } = parseArgs({
      options: { base: { type: 'string' }, secret: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (flags.help) {
    console.log(USAGE);
    return;
  }

  const hosted = flags.base !== undefined;
  if (!hosted && flags.secret !== undefined) fail('--secret goes with --base: the local stack has its own secret.');
  const base = hosted ? functionsBase(flags.base!) : `${LOCAL_SUPABASE_URL}/functions/v1`;
  const secret = (hosted ? flags.secret ?? process.env.CALENDAR_FEED_SECRET : readFunctionsSettings().CALENDAR_FEED_SECRET)?.trim() ?? '';
  if (secret.length < MIN_PROOF_SECRET_LENGTH) {
    fail(
      hosted
        ? `No CALENDAR_FEED_SECRET of at least ${MIN_PROOF_SECRET_LENGTH} characters: pass the one set with \`supabase secrets set\`.`
        : `supabase/functions/.env(.example) sets no CALENDAR_FEED_SECRET of at least ${MIN_PROOF_SECRET_LENGTH} characters.`,
    );
  }

  const rows = await Promise.all(FEED_IDS.map(async (feed) => [feedName(feed), await feedUrl(base, secret, feed)] as const));
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, url] of rows) console.log(`${name.padEnd(width)}  ${url}`);
  console.log(
    hosted
      ? '\nEach address opens its calendar to whoever has it: keep them like passwords. Changing CALENDAR_FEED_SECRET revokes all three.'
      : '\nThe local stack\'s (npm run stack): Apple Calendar and Outlook on this machine can subscribe; Google Calendar cannot reach localhost.',
  );
}

await main();
