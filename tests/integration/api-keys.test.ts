// @vitest-environment node
/**
 * Today's Supabase keys end to end, over HTTP against the running stack (gateway, real
 * Postgres, the functions under real Deno): the publishable and the legacy anon key get
 * in as the site; unknown keys, self-signed tokens and missing keys get 401 at the
 * gateway or the function; the secret key works server-side and never from a browser.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendTarget, bookableDate, newVisitor, ownStandIn, proofHeader, SITE_ORIGIN, solvedProof, type TestBackend } from './stack-harness.ts';

/**
 * Where hosted Supabase is stricter than `supabase start`, the stand-in follows hosted:
 * the CLI's Kong checks no apikey (it only swaps the new keys for JWTs, and PostgREST
 * then accepts any token signed with the public demo secret) and has no browser check
 * for secret keys. Those expectations are the stand-in's (= production's) only.
 */
const hostedGateway = ownStandIn;

let backend: TestBackend;

beforeAll(async () => {
  backend = await backendTarget();
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token anyone can make: the demo JWT secret of `supabase start` is public. */
function selfSigned(role: string): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ iss: 'supabase-demo', role, exp: 1983812996, sub: 'me' })}`;
  return `${input}.${createHmac('sha256', 'super-secret-jwt-token-with-at-least-32-characters-long').update(input).digest('base64url')}`;
}

/** A message with a proof fetched with the site's key: what the key under test decides is the POST. */
async function contactSubmission(email: string, ip: string) {
  return {
    requestId: randomUUID(),
    name: 'Key Test',
    email,
    phone: null,
    subject: null,
    message: 'Schlüsseltest.',
    website: '',
    elapsedMs: 12_000,
    altcha: await solvedProof(backend, 'send-contact-email', ip),
  };
}

async function callContact(headers: Record<string, string>, email = newVisitor().email) {
  const { ip } = newVisitor();
  const response = await fetch(`${backend.apiUrl}/functions/v1/send-contact-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE_ORIGIN, 'X-Forwarded-For': ip, ...headers },
    body: JSON.stringify(await contactSubmission(email, ip)),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function countRows(table: string, headers: Record<string, string>) {
  const response = await fetch(`${backend.apiUrl}/rest/v1/${table}?select=id&limit=1`, { headers });
  return { status: response.status, body: await response.text() };
}

describe('keys at the functions (verify_jwt = false, the function checks apikey)', () => {
  it('accepts the publishable key, as supabase-js sends it (apikey and Bearer)', async () => {
    const key = backend.publishableKey;
    const email = newVisitor().email;
    expect(await callContact({ apikey: key, Authorization: `Bearer ${key}` }, email)).toEqual({ status: 200, body: { ok: true } });
    const rows = await backend.query(
      `select o.sent_at from public.contact_submissions c join public.outbox_mails o on o.contact_message_id = c.id and o.kind = 'contact'
        where c.email = $1`,
      [email],
    );
    expect(rows.rows).toHaveLength(1);
  });

  it('accepts the legacy anon key', async () => {
    const key = backend.anonKey;
    expect((await callContact({ apikey: key, Authorization: `Bearer ${key}` })).status).toBe(200);
  });

  it('refuses a missing key, a foreign key, the secret key and a self-signed token with 401 and stores nothing', async () => {
    const email = newVisitor().email;
    const cases: [Record<string, string>, string][] = [
      [{}, 'missing_api_key'],
      [{ Authorization: `Bearer ${backend.anonKey}` }, 'missing_api_key'],
      [{ apikey: 'sb_publishable_someone-elses-project' }, 'invalid_api_key'],
      [{ apikey: selfSigned('anon'), Authorization: `Bearer ${selfSigned('anon')}` }, 'invalid_api_key'],
      [{ apikey: backend.secretKey }, 'invalid_api_key'],
    ];
    for (const [headers, error] of cases) {
      const answer = await callContact(headers, email);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.body.error).toBe(error);
      expect(answer.body.message).toMatch(/publishable key/);
    }
    const rows = await backend.query('select 1 from public.contact_submissions where email = $1', [email]);
    expect(rows.rows).toEqual([]);
  });
});

describe('keys at the REST API (the gateway)', () => {
  it.runIf(hostedGateway)('refuses unknown keys and self-signed tokens as apikey, and a missing key', async () => {
    const refused: Record<string, string>[] = [
      {},
      { apikey: 'sb_publishable_someone-elses-project' },
      { apikey: selfSigned('service_role') },
      { Authorization: `Bearer ${backend.serviceRoleKey}` },
    ];
    for (const headers of refused) {
      expect((await countRows('contact_submissions', headers)).status, JSON.stringify(headers)).toBe(401);
    }
  });

  it('lets the secret key read server-side (no browser User-Agent), and the publishable key read nothing', async () => {
    const server = await countRows('contact_submissions', { apikey: backend.secretKey, 'User-Agent': 'node' });
    expect(server.status).toBe(200);
    const legacy = await countRows('contact_submissions', { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}` });
    expect(legacy.status).toBe(200);
    const browser = await countRows('contact_submissions', { apikey: backend.publishableKey });
    expect(browser.status).toBe(401);
    expect(JSON.parse(browser.body).code).toBe('42501');
  });

  it.runIf(hostedGateway)('refuses the secret key from a browser', async () => {
    const fromBrowser = await countRows('contact_submissions', {
      apikey: backend.secretKey,
      'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
    });
    expect(fromBrowser.status).toBe(401);
    expect(JSON.parse(fromBrowser.body).message).toBe('Forbidden use of secret API key in browser');
  });

  it('inserts an appointment request with the publishable key and the form proof, as the site does', async () => {
    const { email, ip } = newVisitor();
    const inAWeek = bookableDate(7);
    const insert = (headers: Record<string, string>) =>
      fetch(`${backend.apiUrl}/rest/v1/appointment_requests`, {
        method: 'POST',
        headers: {
          apikey: backend.publishableKey,
          Authorization: `Bearer ${backend.publishableKey}`,
          'Content-Type': 'application/json',
          Prefer: 'return=minimal',
          'X-Forwarded-For': ip,
          ...headers,
        },
        body: JSON.stringify({
          id: randomUUID(),
          first_name: 'Key',
          last_name: 'Test',
          email,
          phone: '+41 44 000 00 00',
          service: 'Schlafberatung',
          preferred_date: inAWeek,
          preferred_time: null,
          alternative_date: null,
          alternative_time: null,
          message: null,
        }),
      });
    // The key lets the request in; the database then wants the proof solved for send-appointment-email.
    const unproven = await insert({});
    expect(unproven.status).toBe(401);
    expect(await unproven.json()).toMatchObject({ code: '42501', details: 'x-form-proof: missing' });
    const response = await insert({ 'x-form-proof': proofHeader(await solvedProof(backend, 'send-appointment-email', ip)) });
    expect(response.status).toBe(201);
    const rows = await backend.query('select 1 from public.appointment_requests where email = $1', [email]);
    expect(rows.rows).toHaveLength(1);
  });
});
