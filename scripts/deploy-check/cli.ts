/**
 * npm run check:deploy – checks a deployed (or the local) backend from outside.
 *   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_ANON_KEY=… SITE_ORIGIN=https://www… npm run check:deploy
 * VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY are read too, so a .env used for the build works.
 */
import { runDeployChecks } from './checks.ts';

const supabaseUrl = process.env.SUPABASE_URL ?? process.env.VITE_SUPABASE_URL;
const anonKey = process.env.SUPABASE_ANON_KEY ?? process.env.VITE_SUPABASE_ANON_KEY;
const siteOrigin = process.env.SITE_ORIGIN ?? process.env.VITE_SITE_URL;

if (!supabaseUrl || !anonKey) {
  console.error('Set SUPABASE_URL and SUPABASE_ANON_KEY (the project URL and its public anon key).');
  process.exit(2);
}

console.log(`Checking ${supabaseUrl}${siteOrigin ? ` for the site ${siteOrigin}` : ''} …\n`);
const results = await runDeployChecks({ supabaseUrl, anonKey, siteOrigin: siteOrigin?.replace(/\/+$/, '') });
for (const result of results) {
  console.log(`${result.ok ? '✓' : '✗'} ${result.name}\n    ${result.detail}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
