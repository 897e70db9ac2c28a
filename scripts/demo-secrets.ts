/**
 * The functions' secrets and the repository's own (public) values of them: what the local
 * stack runs with out of the box (supabase/functions/.env.example), and what a deployed
 * project must never use. `npm run check:deploy` and `npm run calendar:urls -- --base …`
 * refuse them by value, whatever their form (secret-strength.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { FEED_IDS, feedSecretName } from '../supabase/functions/_shared/calendar-feeds.ts';

const EXAMPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'supabase', 'functions', '.env.example');

/** The settings that are secrets: each must be random, at least 32 bytes (docs/deploy.md, step 3). */
export const SECRET_SETTINGS = ['RATE_LIMIT_SALT', 'FORM_PROOF_SECRET', 'ACTION_TOKEN_SECRET', ...FEED_IDS.map(feedSecretName)] as const;

/** The one feed secret of earlier versions' .env.example: a project may have copied it into a feed's setting. */
const RETIRED_DEMO_VALUES = ['local-calendar-feed-secret-not-secret'];

/** The repository's demo value of each secret setting (from supabase/functions/.env.example). */
export function demoSecrets(): Record<string, string> {
  const example = parseEnv(readFileSync(EXAMPLE, 'utf8')) as Record<string, string | undefined>;
  return Object.fromEntries(SECRET_SETTINGS.flatMap((name) => (example[name] ? [[name, example[name]]] : [])));
}

/** Every value a deployed secret must not have: the demo values of all secret settings, and the retired ones. */
export function demoSecretValues(): string[] {
  return [...Object.values(demoSecrets()), ...RETIRED_DEMO_VALUES];
}
