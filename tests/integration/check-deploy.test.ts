// @vitest-environment node
/**
 * `npm run check:deploy` against the local stack: green for the project's own backend but
 * for its demo secrets and the demo IBAN of the invoices, which it refuses; all green for a stack with secrets of its own,
 * given and judged; and red when the stack is made to leak – so the check can actually fail.
 * What a visitor's browser needs is checked the same way: green against the stand-in (which
 * answers the booking insert's preflight and Auth's settings as `supabase start` and hosted
 * do, scripts/stack/contract.test.ts), red behind a proxy that answers them wrong.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_PREFLIGHT_CHECK,
  FUNCTION_CALLERS,
  INVOICE_IBAN_CHECK,
  runDeployChecks,
  SIGNUPS_OFF_CHECK, SIGNUPS_OFF_FIX,
  type CheckResult,
  type SecretSetting,
} from '../../scripts/deploy-check/checks.ts';
import { DEMO_IBAN } from '../../supabase/functions/_shared/domain/practice.ts';
import { demoSecrets, SECRET_SETTINGS } from '../../scripts/demo-secrets.ts';
import { FEED_IDS, feedSecretName } from '../../supabase/functions/_shared/calendar-feeds.ts';
import { startBackendTarget } from '../support/backend-target.ts';
import { backendTarget, ownStandIn, SITE_ORIGIN, type TestBackend } from './stack-harness.ts';

/** The checks that refuse the repository's demo secrets: red against the local stack, which runs with them. */
const DEMO_CHECKS = [
  // The repository's invoices are paid into the published example account (domain/practice.ts DEMO_IBAN).
  INVOICE_IBAN_CHECK,
  "appointment-action takes no link signed with the repository's demo ACTION_TOKEN_SECRET",
  "the database takes no form proof signed with the repository's demo FORM_PROOF_SECRET",
  ...FEED_IDS.map((feed) => `practice-calendar has no address for ${feed} made with a demo secret (${feedSecretName(feed)})`),
];

/** An ordinary Swiss IBAN with valid check digits that is not the demo account. */
const OWN_IBAN = 'CH56 0483 5012 3456 7800 9';

/** The jobs' checks, by job (scripts/deploy-check/checks.ts, SCHEDULED_JOBS). */
const JOB_CHECK = {
  'send-pending-mail': 'the job send-pending-mail is scheduled (pg_cron) and reads project_url and secret_key from Vault',
  'send-practice-digest': 'the job send-practice-digest is scheduled (pg_cron) and reads project_url and secret_key from Vault',
  'newsletter-housekeeping': 'the job newsletter-housekeeping is scheduled (pg_cron)',
};

/** Every failed check says what to fix. */
function expectFixes(results: CheckResult[]) {
  for (const result of results.filter((r) => !r.ok)) expect(result.detail, result.name).toMatch(/; fix: \S/);
}

/**
 * The command a function's job is scheduled with: the migration's own `call`
 * (…_scheduled_jobs.sql), formatted as it formats it – what cron.job holds on hosted Supabase.
 */
function scheduledCall(fn: string, body: string): string {
  const migration = readFileSync(new URL('../../supabase/migrations/20261122000900_scheduled_jobs.sql', import.meta.url), 'utf8');
  return /\$call\$([\s\S]*?)\$call\$/.exec(migration)![1]!.replace('%s', fn).replace('%s', body);
}

/**
 * The backend behind a proxy that answers wrong where a live project could: the REST
 * preflight with a fixed list of allowed headers – as Kong's cors plugin does with
 * `config.headers` set, here to what supabase-js sends without the site's x-form-proof – and
 * Auth's settings with sign-ups on. Everything else passes through unchanged.
 */
async function wrongProxy(apiUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(apiUrl);
  const server = http.createServer((request, response) => {
    if (request.method === 'OPTIONS' && request.url?.startsWith('/rest/v1/') && request.headers.origin && request.headers['access-control-request-method']) {
      response.writeHead(200, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'apikey,authorization,content-profile,content-type,x-client-info',
        'Access-Control-Allow-Methods': 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT',
        'Content-Length': '0',
      });
      response.end();
      return;
    }
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      if (request.url !== '/auth/v1/settings' || answer.statusCode !== 200) {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = JSON.stringify({ ...JSON.parse(Buffer.concat(chunks).toString('utf8')), disable_signup: false });
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
        response.end(body);
      });
    });
    forward.on('error', (error) => response.destroy(error));
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

let backend: TestBackend;

beforeAll(async () => {
  backend = await backendTarget();
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

describe('check:deploy', () => {
  it('passes every check against the local stack but those of the demo secrets it runs with, with the publishable key and with the legacy anon key', async () => {
    for (const publicKey of [backend.publishableKey, backend.anonKey]) {
      const results = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey, siteOrigin: SITE_ORIGIN });
      expect(results.length).toBeGreaterThanOrEqual(17);
      expect(results.filter((r) => !r.ok).map((r) => r.name)).toEqual(DEMO_CHECKS);
      expectFixes(results);
      // What a visitor's browser needs: the booking insert's preflight with the site's own
      // headers, sign-ups off, and every function's preflight and key check.
      expect(results.find((r) => r.name === BOOKING_PREFLIGHT_CHECK)).toMatchObject({
        ok: true,
        detail: expect.stringContaining('asking apikey,authorization,content-profile,content-type,x-client-info,x-form-proof → 200'),
      });
      expect(results.find((r) => r.name === SIGNUPS_OFF_CHECK)).toMatchObject({ ok: true, detail: 'GET /auth/v1/settings → 200, disable_signup: true' });
      for (const fn of Object.keys(FUNCTION_CALLERS)) {
        const own = results.filter((r) => r.name.startsWith(`${fn} `));
        expect(own.filter((r) => /CORS/.test(r.name)).length, fn).toBeGreaterThanOrEqual(1);
        expect(own.filter((r) => /not the project's|not made with/.test(r.name)).length, fn).toBe(1);
      }
      expect(results.filter((r) => r.name.includes("accepts the site's origin with the headers the site sends"))).toHaveLength(6);
    }
  }, 60_000);

  it('fails the booking insert\'s preflight when x-form-proof is not allowed, and sign-ups when they are on – saying what to fix', async () => {
    const proxy = await wrongProxy(backend.apiUrl);
    try {
      const results = await runDeployChecks({ supabaseUrl: proxy.url, publicKey: backend.publishableKey, siteOrigin: SITE_ORIGIN });
      expect(new Set(results.filter((r) => !r.ok).map((r) => r.name))).toEqual(new Set([...DEMO_CHECKS, BOOKING_PREFLIGHT_CHECK, SIGNUPS_OFF_CHECK]));
      expectFixes(results);
      const preflight = results.find((r) => r.name === BOOKING_PREFLIGHT_CHECK)!;
      expect(preflight.detail).toContain('Access-Control-Allow-Headers lacks x-form-proof');
      expect(preflight.detail).toContain(`fix: the browser refuses every booking from ${SITE_ORIGIN}`);
      const signups = results.find((r) => r.name === SIGNUPS_OFF_CHECK)!;
      expect(signups.detail).toBe(`GET /auth/v1/settings → 200, disable_signup: false; fix: ${SIGNUPS_OFF_FIX}`);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('refuses an invoice IBAN with wrong check digits, of another country, a QR-IBAN, or the demo account; takes a real one', async () => {
    const verdict = async (iban: string) =>
      (await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey, iban })).find((r) => r.name === INVOICE_IBAN_CHECK)!;
    for (const [iban, reason] of [
      ['CH5604835012345678008', 'check digits'],
      ['DE89370400440532013000', 'not Swiss or Liechtenstein'],
      ['CH4431999123000889012', 'QR-IBAN'],
      [DEMO_IBAN, 'demo account'],
      ['CH56 0483', 'not an IBAN'],
    ] as const) {
      const result = await verdict(iban);
      expect(result.ok, iban).toBe(false);
      expect(result.detail, iban).toContain(reason);
    }
    expect((await verdict(OWN_IBAN)).ok).toBe(true);
    expect((await verdict('LI21 0881 0000 2324 013A A')).ok).toBe(true);
  }, 60_000);

  it('refuses the demo secrets, and secrets short of 32 random bytes, when they are given to it', async () => {
    const short = { ...demoSecrets(), ACTION_TOKEN_SECRET: randomBytes(31).toString('hex'), RATE_LIMIT_SALT: 'ab12'.repeat(16) } as Partial<Record<SecretSetting, string>>;
    const results = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey, secrets: short });
    const judged = results.filter((r) => r.name.endsWith('is random, at least 32 bytes'));
    expect(judged.map((r) => r.name)).toEqual(SECRET_SETTINGS.map((name) => `${name} is random, at least 32 bytes`));
    expect(judged.every((r) => !r.ok)).toBe(true);
    expect(judged.find((r) => r.name.startsWith('ACTION_TOKEN_SECRET'))!.detail).toContain('encodes 31 bytes, fewer than 32');
    expect(judged.find((r) => r.name.startsWith('RATE_LIMIT_SALT'))!.detail).toContain('repeats itself');
    expect(judged.find((r) => r.name.startsWith('FORM_PROOF_SECRET'))!.detail).toContain("the repository's demo value");
  }, 60_000);

  it.runIf(ownStandIn)('passes every check against a stack with random secrets of its own, given and found live; one feed\'s secret rotated, that feed\'s check tells', async () => {
    const secrets = Object.fromEntries(SECRET_SETTINGS.map((name) => [name, randomBytes(32).toString('hex')])) as Record<SecretSetting, string>;
    const own = await startBackendTarget({
      ports: { gateway: 0, db: 0, mailUi: 0, smtp: 0 },
      dataDir: null,
      isolateDatabase: true,
      smtpUrl: null,
      trustForwardedFor: true,
      quiet: true,
      functionsEnv: secrets,
    });
    try {
      const results = await runDeployChecks({ supabaseUrl: own.apiUrl, publicKey: own.publishableKey, siteOrigin: SITE_ORIGIN, secrets, iban: OWN_IBAN });
      expect(results.filter((r) => !r.ok)).toEqual([]);
      expect(results.filter((r) => r.name.endsWith('is random, at least 32 bytes'))).toHaveLength(SECRET_SETTINGS.length);
      expect(results.filter((r) => r.name.startsWith('practice-calendar answers'))).toHaveLength(FEED_IDS.length);
      // A secret given that is not the live one (here: sandra-huber's, rotated without telling the check) is red.
      const stale = { ...secrets, [feedSecretName('sandra-huber')]: randomBytes(32).toString('hex') };
      const red = await runDeployChecks({ supabaseUrl: own.apiUrl, publicKey: own.publishableKey, siteOrigin: SITE_ORIGIN, secrets: stale, iban: OWN_IBAN });
      expect(red.filter((r) => !r.ok).map((r) => r.name)).toEqual(["practice-calendar answers sandra-huber's address made with CALENDAR_FEED_SECRET_SANDRA_HUBER"]);
    } finally {
      await own.stop();
    }
  }, 240_000);

  it.runIf(ownStandIn)('fails when anon can read a table', async () => {
    await backend.query(`grant select on public.contact_submissions to anon`);
    await backend.query(`create policy leak on public.contact_submissions for select to anon using (true)`);
    await backend.query(`insert into public.contact_submissions (name, email, message) values ('Leck', 'leck@example.ch', 'sichtbar')`);
    try {
      const results = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey });
      expect(results.find((r) => r.name === 'the public key cannot read contact_submissions')?.ok).toBe(false);
    } finally {
      await backend.query(`drop policy leak on public.contact_submissions`);
      await backend.query(`revoke select on public.contact_submissions from anon`);
    }
  });

  it.runIf(ownStandIn)('fails when the start times tell more than time and free', async () => {
    const signature = 'public.appointment_start_times(date, text)';
    const { rows } = await backend.query<{ definition: string }>(`select pg_get_functiondef($1::regprocedure) as definition`, [signature]);
    // Replaced in place (create or replace keeps the grants): an answer that names the advisor.
    await backend.query(
      `create or replace function public.appointment_start_times(p_day date, p_service text) returns jsonb
         language sql stable security definer set search_path = ''
         as $$ select '[{"time": "09:00", "free": false, "advisor": "sandra-huber"}]'::jsonb $$`,
    );
    try {
      const results = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey });
      expect(results.find((r) => r.name.startsWith('the public key gets the start times'))).toMatchObject({ ok: false });
    } finally {
      await backend.query(rows[0]!.definition);
    }
    const again = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey });
    expect(again.find((r) => r.name.startsWith('the public key gets the start times'))).toMatchObject({ ok: true });
  }, 60_000);

  it('fails when a function accepts the site’s origin but the site is another', async () => {
    const results = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey, siteOrigin: 'https://elsewhere.example' });
    const cors = results.filter((r) => r.name.includes("accepts the site's origin"));
    // The six functions the browser calls (scripts/deploy-check/checks.ts, FUNCTION_CALLERS 'site'; the sleep diary's is the sixth).
    expect(cors).toHaveLength(6);
    expect(cors.every((r) => !r.ok)).toBe(true);
    expect(cors[0]!.detail).toContain('fix: add https://elsewhere.example to ALLOWED_ORIGINS');
    // /rest/v1 allows any origin (`*`), so the booking insert's preflight passes for any site.
    expect(results.find((r) => r.name === BOOKING_PREFLIGHT_CHECK)).toMatchObject({ ok: true });
  });

  it.runIf(ownStandIn)('fails when the database\'s form-proof secret is not the functions\'', async () => {
    const { rows } = await backend.query<{ secret: string }>(`select decrypted_secret as secret from vault.decrypted_secrets where name = 'form_proof_secret'`);
    await backend.query(`update vault.secrets set secret = 'another-secret-than-the-functions-have' where name = 'form_proof_secret'`);
    try {
      const results = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey });
      const proof = results.find((r) => r.name.startsWith('the database checks the insert'));
      expect(proof).toMatchObject({ ok: false });
      expect(proof!.detail).toContain('x-form-proof: invalid');
    } finally {
      await backend.query(`update vault.secrets set secret = $1 where name = 'form_proof_secret'`, [rows[0]!.secret]);
    }
  }, 60_000);

  it.runIf(ownStandIn)('with the database connection: the schedules and the Vault secrets, red when one is missing', async () => {
    // The stand-in has no pg_cron (its timer plays the jobs' part): first it says so.
    const without = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey, dbUrl: backend.dbUrl });
    expect(without.find((r) => r.name === JOB_CHECK['send-pending-mail'])).toMatchObject({ ok: false, detail: expect.stringContaining('fix: Database → Extensions') });
    // Then with cron.job as pg_cron keeps it – each job's command as the migrations schedule
    // it – and the secrets the deploy steps store.
    await backend.query(`create schema cron`);
    await backend.query(`create table cron.job (jobid serial primary key, jobname text, schedule text, command text, active boolean default true)`);
    await backend.query(`insert into cron.job (jobname, schedule, command) values ('send-pending-mail', '*/5 * * * *', $1), ('send-practice-digest', '0 5-17 * * *', $2),
      ('delete-expired-form-submissions', '17 3 * * *', 'select public.delete_expired_form_submissions()'), ('newsletter-housekeeping', '41 * * * *', 'select public.newsletter_housekeeping()')`,
    [scheduledCall('send-pending-mail', '{}'), scheduledCall('send-practice-digest', '{"when":"scheduled"}')]);
    await backend.query(`select vault.create_secret('https://example.supabase.co', 'project_url'), vault.create_secret('sb_secret_x', 'secret_key')`);
    try {
      const green = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey, dbUrl: backend.dbUrl });
      // The local stack runs with the demo secrets: only their checks are red.
      expect(green.filter((r) => !r.ok).map((r) => r.name)).toEqual(DEMO_CHECKS);
      expect(green.filter((r) => r.name.startsWith('Vault holds'))).toHaveLength(3);
      expect(green.find((r) => r.name === JOB_CHECK['send-pending-mail'])).toMatchObject({ ok: true, detail: '*/5 * * * *; reads project_url, secret_key from Vault' });
      // A job whose command no longer reads the secret key, one that reads it from a Vault
      // without it, one switched off: each red, each saying what to fix.
      await backend.query(`update cron.job set command = replace(command, 'secret_key', 'service_key') where jobname = 'send-pending-mail'`);
      await backend.query(`delete from vault.secrets where name = 'secret_key'`);
      await backend.query(`update cron.job set active = false where jobname = 'newsletter-housekeeping'`);
      const red = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey, dbUrl: backend.dbUrl });
      expect(red.filter((r) => !r.ok).map((r) => r.name)).toEqual([
        ...DEMO_CHECKS, JOB_CHECK['send-pending-mail'], JOB_CHECK['send-practice-digest'], JOB_CHECK['newsletter-housekeeping'], 'Vault holds the secret secret_key',
      ]);
      expectFixes(red);
      const detail = (name: string) => red.find((r) => r.name === name)!.detail;
      expect(detail(JOB_CHECK['send-pending-mail'])).toContain("its command reads project_url, service_key from Vault, not secret_key; fix: its command is not the migrations'");
      expect(detail(JOB_CHECK['send-practice-digest'])).toContain("Vault, which lacks secret_key; fix: select vault.create_secret('…', 'secret_key')");
      expect(detail(JOB_CHECK['newsletter-housekeeping'])).toContain('41 * * * *, inactive; fix: Database → Cron Jobs: activate newsletter-housekeeping');
    } finally {
      await backend.query(`drop schema cron cascade`);
      await backend.query(`delete from vault.secrets where name in ('project_url', 'secret_key')`);
    }
  }, 60_000);
});

