/**
 * npm run check:deploy – checks a deployed (or the local) backend from outside.
 *   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_PUBLISHABLE_KEY=sb_publishable_… SITE_ORIGIN=https://www… npm run check:deploy
 * With SUPABASE_DB_URL (the project's connection string) it also checks the scheduled jobs
 * and the Vault secrets they read. The functions' secrets found in the environment
 * (RATE_LIMIT_SALT, FORM_PROOF_SECRET, ACTION_TOKEN_SECRET, CALENDAR_FEED_SECRET_<FEED>: run
 * it in the shell that set them) are judged – at least 32 random bytes, no demo value – and
 * checked to be the ones deployed; the demo values are refused from outside in any case.
 * The build's VITE_SUPABASE_URL / VITE_SUPABASE_PUBLISHABLE_KEY are read too, so a .env used
 * for the build works; a project with only legacy keys passes its anon key
 * (SUPABASE_ANON_KEY or VITE_SUPABASE_ANON_KEY). The invoices' IBAN (domain/practice.ts
 * practiceBilling) must be a Swiss or Liechtenstein account with valid check digits and not
 * the demo account. With SITE_ORIGIN (or VITE_SITE_URL) it also sends the browser's
 * preflights from the site: the booking insert's and each function's. A failed check ends
 * with what to fix.
 */
import { runDeployChecks, type SecretSetting } from './checks.ts';
import { SECRET_SETTINGS } from '../demo-secrets.ts';

const supabaseUrl = process.env.SUPABASE_URL ?? process.env.VITE_SUPABASE_URL;
const publicKey =
  process.env.SUPABASE_PUBLISHABLE_KEY ||
  process.env.VITE_SUPABASE_PUBLISHABLE_KEY ||
  process.env.SUPABASE_ANON_KEY ||
  process.env.VITE_SUPABASE_ANON_KEY;
const siteOrigin = process.env.SITE_ORIGIN ?? process.env.VITE_SITE_URL;
const dbUrl = process.env.SUPABASE_DB_URL;
const secrets: Partial<Record<SecretSetting, string>> = Object.fromEntries(
  SECRET_SETTINGS.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
);
const unjudged = SECRET_SETTINGS.filter((name) => secrets[name] === undefined);

if (!supabaseUrl || !publicKey) {
  console.error(
    'Set SUPABASE_URL and SUPABASE_PUBLISHABLE_KEY (the project URL and its publishable key;\n' +
      'a project with only legacy keys: SUPABASE_ANON_KEY).',
  );
  process.exit(2);
}

console.log(`Checking ${supabaseUrl}${siteOrigin ? ` for the site ${siteOrigin}` : ''} …\n`);
const results = await runDeployChecks({ supabaseUrl, publicKey, siteOrigin: siteOrigin?.replace(/\/+$/, ''), dbUrl, secrets });
if (!siteOrigin) console.log("(SITE_ORIGIN not set: the browser's preflights from the site – the booking insert's, the functions' – were not checked)\n");
if (!dbUrl) console.log('(SUPABASE_DB_URL not set: the scheduled jobs and Vault secrets were not checked)\n');
if (unjudged.length > 0) console.log(`(not in the environment, so their strength was not judged: ${unjudged.join(', ')})\n`);
for (const result of results) {
  console.log(`${result.ok ? '✓' : '✗'} ${result.name}\n    ${result.detail}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
