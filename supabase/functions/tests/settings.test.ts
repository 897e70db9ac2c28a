/**
 * Would `supabase start` give the functions every setting they read? The names the code
 * asks for are recorded from readConfig itself (the only reader of the environment), and
 * compared with what the platform sets and with supabase/functions/.env.example, the file
 * the CLI loads (as supabase/functions/.env). config.toml must not pass settings itself.
 */
import assert from 'node:assert/strict';
import { RETIRED_FEED_SECRET_NAME } from '../_shared/calendar-feeds.ts';
import { readConfig } from '../_shared/config.ts';

const functionsDir = new URL('..', import.meta.url);
const read = (path: string) => Deno.readTextFileSync(new URL(path, functionsDir));

/**
 * What `supabase start` (CLI 3) and hosted Supabase set in every function: the CLI's
 * internal/functions/serve (serve.go, templates/main.ts) and Supabase docs
 * guides/functions/secrets ("Default secrets").
 */
const PLATFORM = new Set([
  'SUPABASE_URL',
  'SUPABASE_PUBLISHABLE_KEYS',
  'SUPABASE_SECRET_KEYS',
  'SUPABASE_JWKS',
  'SUPABASE_DB_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
]);

/** KEY=value lines, commented-out ones (`# KEY=value`) reported apart. */
function envFile(text: string): { active: Map<string, string>; commented: Set<string> } {
  const active = new Map<string, string>();
  const commented = new Set<string>();
  for (const line of text.split('\n')) {
    const assignment = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (assignment) active.set(assignment[1]!, assignment[2]!.trim().replace(/^"(.*)"$/, '$1'));
    const disabled = /^#\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    if (disabled) commented.add(disabled[1]!);
  }
  return { active, commented };
}

function namesTheCodeReads(): Set<string> {
  const names = new Set<string>();
  readConfig((name) => {
    names.add(name);
    return undefined;
  });
  return names;
}

function sourceFiles(dir: URL): string[] {
  return [...Deno.readDirSync(dir)].flatMap((entry) => {
    if (entry.isDirectory) return entry.name === 'tests' ? [] : sourceFiles(new URL(`${entry.name}/`, dir));
    return entry.name.endsWith('.ts') ? [Deno.readTextFileSync(new URL(entry.name, dir))] : [];
  });
}

Deno.test('nothing but readConfig reads the environment', () => {
  const readers = sourceFiles(functionsDir).flatMap((source) => source.match(/Deno\.env\.\w+\([^)]*\)/g) ?? []);
  assert.deepEqual(readers, ['Deno.env.get(name)']);
});

Deno.test('every setting the functions read is set by the platform or listed in supabase/functions/.env.example', () => {
  const example = envFile(read('.env.example'));
  // The single feed secret of earlier versions is read only to warn that it is no longer used.
  const own = [...namesTheCodeReads()].filter((name) => !PLATFORM.has(name) && name !== RETIRED_FEED_SECRET_NAME).sort();
  const listed = [...example.active.keys(), ...example.commented].sort();
  assert.deepEqual(listed, own, 'supabase/functions/.env.example lists exactly the settings the code reads');
  // Commented out: the hosted mail provider's key (locally the mail goes to Mailpit), and the
  // tests' clock, which must never be set hosted (http/test-clock.ts).
  assert.deepEqual([...example.commented].sort(), ['RESEND_API_KEY', 'TEST_CLOCK']);
  for (const name of example.active.keys()) assert.ok(!PLATFORM.has(name), `${name} is the platform's to set`);
});

Deno.test('.env.example with what the platform sets is a complete configuration: no problem, no warning', () => {
  const { active } = envFile(read('.env.example'));
  const platform: Record<string, string> = {
    SUPABASE_URL: 'http://kong:8000',
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH' }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz' }),
  };
  const config = readConfig((name) => platform[name] ?? active.get(name));
  assert.deepEqual(config.problems, []);
  assert.deepEqual(config.warnings, []);
  assert.equal(config.mail?.transport.kind, 'smtp');
});

Deno.test('config.toml passes no settings itself and lets the functions check their callers', () => {
  const toml = read('../config.toml');
  assert.doesNotMatch(toml, /^\[edge_runtime\.secrets\]/m, 'settings belong in supabase/functions/.env');
  for (const fn of ['send-contact-email', 'send-appointment-email']) {
    const section = new RegExp(`^\\[functions\\.${fn}\\]\\n((?:(?!\\[).*\\n)*)`, 'm').exec(toml)?.[1] ?? '';
    assert.match(section, /^verify_jwt = false$/m, `${fn}: the publishable key is not a JWT`);
  }
});
