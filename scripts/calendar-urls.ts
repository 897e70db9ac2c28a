/**
 * `npm run calendar:urls`: the private addresses of the practice's calendar feeds (the
 * function practice-calendar; docs/appointment-lifecycle.md), one for the practice and one
 * per advisor, each signed with the feed's own secret (CALENDAR_FEED_SECRET_PRAXIS, …:
 * supabase/functions/_shared/calendar-feeds.ts). Without --base, those of the local stack:
 * its API URL and the secrets it gives the functions (supabase/functions/.env.example,
 * .env over it). With --base, a hosted project's: the secrets from the environment (the
 * shell that set them with `supabase secrets set`), never from the command line, so they
 * stay out of the shell's history; a secret short of 32 random bytes, or the repository's
 * demo value, is refused (secret-strength.ts). --feed prints one feed: the one whose secret
 * was just changed.
 */
import { parseArgs } from 'node:util';
import { MIN_PROOF_SECRET_LENGTH } from '../supabase/functions/_shared/config.ts';
import { secretWeakness } from '../supabase/functions/_shared/secret-strength.ts';
import { feedName } from '../supabase/functions/practice-calendar/feed-content.ts';
import { FEED_IDS, type FeedId, feedSecretName, feedUrl, isFeedId } from '../supabase/functions/practice-calendar/feed-urls.ts';
import { LOCAL_SUPABASE_URL } from './stack/local-config.ts';
import { demoSecretValues } from './demo-secrets.ts';
import { readFunctionsSettings } from './stack/start-stack.ts';

const USAGE = `Usage: npm run calendar:urls [-- --feed <${FEED_IDS.join('|')}>]
       npm run calendar:urls -- --base https://<ref>.supabase.co/functions/v1 [--feed <feed>]

  (no options)  the local stack's addresses (npm run stack / npm run dev)
  --base        the project's functions URL (https://<ref>.supabase.co is enough); the
                secrets come from the environment: ${FEED_IDS.map(feedSecretName).join(', ')}
  --feed        only this feed's address (after changing its secret)`;

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
      options: { base: { type: 'string' }, feed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  if (flags.feed !== undefined && !isFeedId(flags.feed)) fail(`--feed "${flags.feed}" is none of ${FEED_IDS.join(', ')}.`);
  const feeds: readonly FeedId[] = flags.feed === undefined ? FEED_IDS : [flags.feed as FeedId];

  const hosted = flags.base !== undefined;
  const base = hosted ? functionsBase(flags.base!) : `${LOCAL_SUPABASE_URL}/functions/v1`;
  const settings = hosted ? process.env : readFunctionsSettings();
  const demo = demoSecretValues();
  const problems: string[] = [];
  const rows: (readonly [string, string])[] = [];
  for (const feed of feeds) {
    const name = feedSecretName(feed);
    const secret = settings[name]?.trim() ?? '';
    // Locally the demo values are the point; a hosted address must rest on a real secret.
    const weakness = hosted
      ? secretWeakness(secret, demo)
      : secret.length < MIN_PROOF_SECRET_LENGTH ? `has fewer than ${MIN_PROOF_SECRET_LENGTH} characters` : null;
    if (weakness) problems.push(`${name} ${weakness}`);
    else rows.push([feedName(feed), await feedUrl(base, secret, feed)] as const);
  }
  if (problems.length > 0) {
    fail(
      hosted
        ? `${problems.join('\n')}\nExport the secret set with \`supabase secrets set\` (made with openssl rand -hex 32) in this shell.`
        : `supabase/functions/.env(.example): ${problems.join('; ')}.`,
    );
  }

  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, url] of rows) console.log(`${name.padEnd(width)}  ${url}`);
  console.log(
    hosted
      ? '\nEach address opens its calendar to whoever has it: keep them like passwords. Changing one feed\'s secret revokes that feed\'s address only (docs/deploy.md).'
      : '\nThe local stack\'s (npm run stack): Apple Calendar and Outlook on this machine can subscribe; Google Calendar cannot reach localhost.',
  );
}

await main();
