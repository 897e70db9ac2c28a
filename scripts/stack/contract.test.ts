// @vitest-environment node
/**
 * The stand-in as a contract: every kind of call the project makes to the local stack's
 * HTTP API (the inventory in docs/local-stack.md), sent as its caller sends it, with the
 * answer the real Supabase gives – status, the headers callers rely on, the body. Each
 * expectation names where the real behaviour is written down:
 *
 * - PG: PostgREST v14.12 (the version `supabase start` of CLI 3 runs,
 *   apps/cli-go/pkg/config/templates/Dockerfile), https://github.com/PostgREST/postgrest/blob/v14.12/src/PostgREST/…
 * - SB: Supabase docs, https://supabase.com/docs/guides/…
 * - CLI: Supabase CLI, https://github.com/supabase/cli/blob/develop/apps/cli-go/…
 *
 * One stack for the file (in-memory PGlite, free ports, no functions); /functions/v1 is
 * checked on a second gateway in front of a stand-in function process.
 * Requests outside the inventory get the stand-in's one refusal, 501 STACK501 (last block).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDays, isoWeekday, openingHours } from '../../supabase/functions/_shared/domain/availability.ts';
import { zurichIsoDate } from '../../supabase/functions/_shared/domain/dates.ts';
import { newAppointmentRequest, formProofHeaders } from '../../tests/integration/stack-harness.ts';
import type { Database } from './database';
import { readAuthSettings } from './auth-settings';
import { createGateway } from './gateway';
import { LOCAL_KEYS } from './local-config';
import { HOST, listen } from './ports';
import { REPO_ROOT, startStack, type RunningStack } from './start-stack';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({
    ports: { gateway: 0, db: 0, mailUi: 0, smtp: 0 },
    dataDir: null,
    functions: false,
    smtpUrl: null,
    isolateDatabase: true,
    trustForwardedFor: true,
    quiet: true,
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

/** The headers of supabase-js 2.x: apikey and the same key as bearer, the `public` profile. */
function supabaseJs(key: string, method: string): Record<string, string> {
  return {
    apikey: key,
    Authorization: `Bearer ${key}`,
    'X-Client-Info': 'supabase-js-node/2.119.1',
    ...(method === 'GET' ? { 'Accept-Profile': 'public' } : { 'Content-Profile': 'public', 'Content-Type': 'application/json' }),
  };
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

let visitors = 0;

async function call(
  path: string,
  { method = 'GET', key = LOCAL_KEYS.publishable, headers, body }: { method?: string; key?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  visitors += 1;
  const response = await fetch(`${stack.urls.api}${path}`, {
    method,
    headers: { 'X-Forwarded-For': `10.77.0.${visitors}`, ...(headers ?? supabaseJs(key, method)) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** The site's appointment row (the suites' own), with an address of its own. */
const appointment = (overrides: Record<string, unknown> = {}) => newAppointmentRequest(`vertrag-${randomUUID()}@example.ch`, overrides);

/**
 * The site's insert (src/features/appointment/api/appointment-request.ts): supabase-js's
 * headers plus `x-form-proof`, a fresh proof for send-appointment-email signed with the
 * functions' FORM_PROOF_SECRET – which the stack stores in Vault for the database to check.
 */
async function siteInsert(key: string = LOCAL_KEYS.publishable, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return { ...supabaseJs(key, 'POST'), ...(await formProofHeaders()), ...extra };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const SERVER = { 'User-Agent': 'Deno/2.5.6' };
const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' };

/** A 42501 as PostgREST sends it for the anon role (PG Error.hs: pgErrorStatus "42501", and `headers` adds WWW-Authenticate on 401). */
function expectAnonRefused(answer: Answer, object: string) {
  expect(answer.status).toBe(401);
  expect(answer.headers.get('www-authenticate')).toBe('Bearer');
  expect(answer.json).toEqual({ code: '42501', message: `permission denied for ${object}`, details: null, hint: null });
}

describe('the API gateway: apikey', () => {
  // Hosted answers, quoted in https://github.com/s0ooo0k/TIL/issues/22 (missing key) and
  // https://github.com/ibttf/interview-coder/issues/55 (invalid key): {message, hint}, no code.
  // Callers: tests/integration/database-api.test.ts, api-keys.test.ts (REST part), start-stack.test.ts.
  it('refuses a request without apikey with 401 – also with only a bearer token', async () => {
    for (const headers of [{}, { Authorization: `Bearer ${LOCAL_KEYS.serviceRole}` }] as Record<string, string>[]) {
      const answer = await call('/rest/v1/appointment_requests', { method: 'POST', headers, body: '{}' });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    }
  });

  it('refuses a key the project did not issue with 401: another project’s, a forged or a self-signed JWT', async () => {
    const selfSigned = LOCAL_KEYS.serviceRole.replace(/\.[^.]+$/, '.c2lnbmVkLWJ5LW1l');
    for (const key of ['sb_publishable_someone-elses-project', `${LOCAL_KEYS.anon.slice(0, -4)}AAAA`, selfSigned]) {
      const answer = await call('/rest/v1/appointment_requests', { method: 'POST', key, body: appointment() });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
    }
  });

  // SB api/api-keys: a secret key "matches on the User-Agent header and it will always reply
  // with HTTP 401 Unauthorized" in a browser; the legacy service_role key has no such check.
  // The message is the one users report (e.g. discussion https://github.com/orgs/supabase/discussions/52680).
  it('refuses the secret key from a browser User-Agent, and lets it read server-side', async () => {
    const browser = await call('/rest/v1/contact_submissions?select=id&limit=1', { headers: { apikey: LOCAL_KEYS.secret, ...BROWSER } });
    expect(browser.status).toBe(401);
    expect(browser.json).toMatchObject({ message: 'Forbidden use of secret API key in browser' });

    // tests/integration/api-keys.test.ts, scripts/deploy-check: GET ?select=id&limit=1 with
    // the key alone, or the legacy key as apikey and bearer. PG Response.hs: 200, a JSON array.
    await stack.query(`insert into public.contact_submissions (name, email, message) values ('Anna', 'anna@example.ch', 'Hallo')`);
    const { rows } = await stack.query<{ id: string }>('select id from public.contact_submissions limit 1');
    for (const headers of [
      { apikey: LOCAL_KEYS.secret, ...SERVER },
      { apikey: LOCAL_KEYS.serviceRole, Authorization: `Bearer ${LOCAL_KEYS.serviceRole}`, ...BROWSER },
    ]) {
      const answer = await call('/rest/v1/contact_submissions?select=id&limit=1', { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(JSON_TYPE);
      expect(answer.json).toEqual([{ id: rows[0]!.id }]);
    }
  });

  // CLI internal/start/templates/kong.yml puts Kong's cors plugin, unconfigured, on /rest/v1
  // (Kong 2.8.1, the CLI's pkg/config/templates/Dockerfile; both in the CLI 3.1.0 binary);
  // Kong's kong/plugins/cors/handler.lua (tag 2.8.1) answers a preflight itself: 200, origin
  // *, its default methods, no Max-Age, no Vary, and – with no `headers` configured – the
  // requested headers echoed, whatever they are. PostgREST (Cors.hs) and hosted Supabase's
  // gateway allow any requested header too (gateway.ts, ALLOW_ORIGIN, has the sources with
  // their commits). The site's insert adds `x-form-proof`: npm run check:deploy asks a live
  // project exactly that preflight (the site's own headers, from SITE_ORIGIN).
  it('answers the browser’s preflight before any key check, allowing the headers it asks for', async () => {
    for (const requested of [
      'apikey,authorization,content-profile,content-type,x-client-info',
      'apikey,authorization,content-profile,content-type,x-client-info,x-form-proof',
      'Content-Type, X-Anything-Else',
    ]) {
      const answer = await call('/rest/v1/appointment_requests', {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': requested,
        },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-allow-methods')).toBe('GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT');
      expect(answer.headers.get('access-control-allow-headers')).toBe(requested);
      expect(answer.headers.get('access-control-max-age')).toBeNull();
      expect(answer.headers.get('vary')).toBeNull();
      expect(answer.text).toBe('');
    }
    // And every answer after it carries the origin (the same handler's header_filter).
    const insert = await call('/rest/v1/appointment_requests', { method: 'POST', headers: await siteInsert(), body: appointment() });
    expect(insert.status).toBe(201);
    expect(insert.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('/rest/v1/<table>', () => {
  // src/features/appointment/api/appointment-request.ts: supabase.from('appointment_requests').insert(row),
  // no Prefer. PG Response.hs (MutationCreate): 201; without return=representation no body
  // and no Content-Type. The same raw with Prefer: return=minimal (tests, legacy anon key).
  it('stores the site’s appointment request: 201, empty body', async () => {
    const site = await call('/rest/v1/appointment_requests', { method: 'POST', headers: await siteInsert(), body: appointment() });
    expect(site.status).toBe(201);
    expect(site.text).toBe('');
    expect(site.headers.get('content-type')).toBeNull();

    const headers = await siteInsert(LOCAL_KEYS.anon, { Prefer: 'return=minimal' });
    const minimal = await call('/rest/v1/appointment_requests', { method: 'POST', headers, body: appointment() });
    expect(minimal.status).toBe(201);
    expect(minimal.text).toBe('');
  });

  // PG ApiRequest.hs: `iHeaders` = every request header but Cookie, names lower-cased
  // (CI.foldedCase); Query/PreQuery.hs sets them as the JSON GUC request.headers, the
  // cookies as request.cookies, and search_path to the schema plus db-extra-search-path
  // (config.toml [api] extra_search_path, PGRST_DB_EXTRA_SEARCH_PATH in the CLI's start.go).
  // The database reads the site's x-form-proof there (supabase/migrations).
  it('hands the request’s headers to Postgres as request.headers: x-form-proof included', async () => {
    await stack.query(`create schema if not exists stack_test`);
    await stack.query(`create table if not exists stack_test.seen (headers jsonb, cookies jsonb, search_path text)`);
    await stack.query(`create or replace function stack_test.remember() returns trigger language plpgsql security definer as $$
      begin
        insert into stack_test.seen values (current_setting('request.headers', true)::jsonb,
          current_setting('request.cookies', true)::jsonb, current_setting('search_path'));
        return new;
      end $$`);
    await stack.query(`create trigger stack_test_remember before insert on public.appointment_requests
      for each row execute function stack_test.remember()`);
    try {
      const headers = await siteInsert(LOCAL_KEYS.publishable, { 'X-Trace-Mixed-Case': 'ja', Cookie: 'a=1; b=zwei' });
      const answer = await call('/rest/v1/appointment_requests', { method: 'POST', headers, body: appointment() });
      expect(answer.status).toBe(201);
      const { rows } = await stack.query<{ headers: Record<string, string>; cookies: Record<string, string>; search_path: string }>(
        'select headers, cookies, search_path from stack_test.seen',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.headers).toMatchObject({
        'x-form-proof': headers['x-form-proof'],
        'x-trace-mixed-case': 'ja',
        apikey: LOCAL_KEYS.publishable,
        'content-profile': 'public',
      });
      expect(Object.keys(rows[0]!.headers).every((name) => name === name.toLowerCase())).toBe(true);
      expect(rows[0]!.headers).not.toHaveProperty('cookie');
      expect(rows[0]!.cookies).toEqual({ a: '1', b: 'zwei' });
      expect(rows[0]!.search_path).toBe('"public", "public", "extensions"');
    } finally {
      await stack.query('drop trigger stack_test_remember on public.appointment_requests');
      await stack.query('drop schema stack_test cascade');
    }
  });

  // supabase-js sends an array with ?columns="…" (postgrest-js insert()); database-abuse.test.ts
  // sends arrays raw. One row is stored; more are refused by the migration's trigger with
  // 23514 → 400 (PG Error.hs: class 23 other than 23503/23505 falls to 400), its RAISE DETAIL
  // as details. The service role may send several (database-abuse.test.ts).
  it('takes arrays: one row for anon, several for the service role; more for anon is 23514', async () => {
    const one = appointment();
    const columns = Object.keys(one).map((c) => `"${c}"`).join(',');
    expect((await call(`/rest/v1/appointment_requests?columns=${columns}`, { method: 'POST', headers: await siteInsert(), body: [one] })).status).toBe(201);

    const three = [appointment(), appointment(), appointment()];
    const refused = await call('/rest/v1/appointment_requests', { method: 'POST', headers: await siteInsert(), body: three });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: '23514', details: 'The request tried to store more than one row.' });
    expect((refused.json as { message: string }).message).toMatch(/one at a time/);

    const service = await call('/rest/v1/appointment_requests', { method: 'POST', key: LOCAL_KEYS.secret, headers: { ...supabaseJs(LOCAL_KEYS.secret, 'POST'), ...SERVER }, body: [appointment(), appointment()] });
    expect(service).toMatchObject({ status: 201, text: '' });
  });

  // The site's retry relies on 23505 (appointment-request.ts, ALREADY_STORED). PG Error.hs:
  // 23505 → 409, Postgres's message and DETAIL as message and details. Postgres leaves the
  // DETAIL ("Key (id)=(…) already exists.") out for a role that may not read the key
  // columns (anon here), so details is null. (The second insert carries a proof of its
  // own, so that the stored id is what refuses it.)
  it('reports a stored id as 409 23505 with Postgres’s message', async () => {
    const row = appointment();
    expect((await call('/rest/v1/appointment_requests', { method: 'POST', headers: await siteInsert(), body: row })).status).toBe(201);
    const again = await call('/rest/v1/appointment_requests', { method: 'POST', headers: await siteInsert(), body: row });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "appointment_requests_pkey"',
      details: null,
      hint: null,
    });
  });

  it('reports constraints with their SQLSTATE and 400 (database-api.test.ts)', async () => {
    const missing = await call('/rest/v1/appointment_requests', { method: 'POST', headers: await siteInsert(), body: appointment({ phone: null }) });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: '23502', message: 'null value in column "phone" of relation "appointment_requests" violates not-null constraint' });
    const check = await call('/rest/v1/appointment_requests', { method: 'POST', headers: await siteInsert(), body: appointment({ service: 'Massage' }) });
    expect(check.status).toBe(400);
    expect(check.json).toMatchObject({ code: '23514' });
  });

  // Privileges decide, as in PostgREST (the role is set per request: PG Query/PreQuery.hs):
  // anon may insert the form's columns only, and nothing else (database-api.test.ts,
  // api-keys.test.ts, scripts/deploy-check/checks.ts).
  it('refuses anon everything but that insert with 401 42501', async () => {
    const row = appointment();
    expect((await call('/rest/v1/appointment_requests', { method: 'POST', headers: await siteInsert(), body: row })).status).toBe(201);
    expectAnonRefused(await call('/rest/v1/appointment_requests', { method: 'POST', body: appointment({ decided_at: new Date().toISOString() }) }), 'table appointment_requests');
    const representation = { ...supabaseJs(LOCAL_KEYS.anon, 'POST'), Prefer: 'return=representation' };
    expectAnonRefused(await call('/rest/v1/appointment_requests', { method: 'POST', headers: representation, body: appointment() }), 'table appointment_requests');
    expectAnonRefused(await call('/rest/v1/appointment_requests?select=*'), 'table appointment_requests');
    expectAnonRefused(await call('/rest/v1/appointment_requests?select=*&limit=1', { headers: { apikey: LOCAL_KEYS.publishable } }), 'table appointment_requests');
    expectAnonRefused(await call(`/rest/v1/appointment_requests?id=eq.${row.id}`, { method: 'PATCH', body: { first_name: 'Mallory' } }), 'table appointment_requests');
    expectAnonRefused(await call(`/rest/v1/appointment_requests?id=eq.${row.id}`, { method: 'DELETE' }), 'table appointment_requests');
    expectAnonRefused(await call('/rest/v1/contact_submissions', { method: 'POST', body: {} }), 'table contact_submissions');
    expectAnonRefused(await call('/rest/v1/rate_limit_events?select=*'), 'table rate_limit_events');
    const stored = await stack.query<{ first_name: string }>('select first_name from public.appointment_requests where id = $1', [row.id]);
    expect(stored.rows).toEqual([{ first_name: 'Beat' }]);
  });

  // PG Error.hs, TableNotFound: 404 PGRST205; its hint is a fuzzy match (≥ 0.75) among the
  // schema's tables, none for "users" here. database-api.test.ts checks the shape.
  it('answers an unknown table with 404 PGRST205', async () => {
    const answer = await call('/rest/v1/users', { key: LOCAL_KEYS.anon });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ code: 'PGRST205', message: "Could not find the table 'public.users' in the schema cache", details: null, hint: null });
  });

  // PG ApiRequest/Payload.hs: a body that is not JSON is "Empty or invalid json" (InvalidBody,
  // PGRST102, 400); a key that is no column is PGRST204 (Plan.hs, ColumnNotFound; Error.hs: 400).
  it('refuses a broken body and an unknown column as PostgREST does', async () => {
    const broken = await call('/rest/v1/appointment_requests', { method: 'POST', body: '{"id": ' });
    expect(broken.status).toBe(400);
    expect(broken.json).toEqual({ code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null });
    const unknown = await call('/rest/v1/appointment_requests', { method: 'POST', body: appointment({ vorname: 'Beat' }) });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ code: 'PGRST204', message: "Could not find the 'vorname' column of 'appointment_requests' in the schema cache", details: null, hint: null });
  });
});

describe('/rest/v1/rpc/<function>', () => {
  // supabase/functions/_shared/database/supabase-store.ts: supabase.rpc(name, args) with the secret key
  // from Deno – POST, a JSON object of named arguments. PG Plan.hs (findProc) matches the
  // keys to the arguments; Response.hs: 200 with the value as JSON (SqlFragment.hs
  // asJsonSingleF: json_agg(…)->0), a void function 204 without body or Content-Type.
  const service = (body: unknown) => ({ method: 'POST', headers: { ...supabaseJs(LOCAL_KEYS.secret, 'POST'), ...SERVER }, body });

  it('answers the functions’ calls: integer, text and jsonb as JSON, void as 204', async () => {
    const limit = await call('/rest/v1/rpc/take_rate_limit', service({ p_bucket: 'vertrag', p_key: randomUUID(), p_max_events: 1, p_window_seconds: 60 }));
    expect(limit).toMatchObject({ status: 200, text: '0' });
    expect(limit.headers.get('content-type')).toBe(JSON_TYPE);
    // database-abuse.test.ts sends Prefer: return=minimal to functions too: it does not change
    // a function's answer (PG Response.hs, CallReadPlan ignores preferRepresentation).
    const minimal = {
      method: 'POST',
      headers: { ...supabaseJs(LOCAL_KEYS.secret, 'POST'), ...SERVER, Prefer: 'return=minimal' },
      body: { p_bucket: 'vertrag', p_key: randomUUID(), p_max_events: 1, p_window_seconds: 60 },
    };
    expect(await call('/rest/v1/rpc/take_rate_limit', minimal)).toMatchObject({ status: 200, text: '0' });
    const proof = { p_signature: randomBytes(32).toString('hex'), p_request_id: randomUUID(), p_expires_at: new Date(Date.now() + 60_000).toISOString() };
    expect(await call('/rest/v1/rpc/claim_form_proof', service(proof))).toMatchObject({ status: 200, json: { use: 'fresh' } });

    const message = { p_id: randomUUID(), p_name: 'Anna', p_email: 'anna@example.ch', p_phone: null, p_subject: null, p_message: 'Hallo' };
    // The message stored, then its mail claimed with a token by key (…_outbox.sql): jsonb; the finish: text.
    expect(await call('/rest/v1/rpc/store_contact_message', service(message))).toMatchObject({ status: 200, json: { status: 'stored' } });
    const byKey = { p_kind: 'contact', p_key: `contact/${message.p_id}/practice` };
    const claimed = await call('/rest/v1/rpc/claim_mail', service(byKey));
    expect(claimed).toMatchObject({ status: 200, json: { status: 'claimed', mails: [{ claim: expect.stringMatching(/^[0-9a-f-]{36}$/) }] } });
    const token = (claimed.json as { mails: { claim: string }[] }).mails[0]!.claim;
    expect(await call('/rest/v1/rpc/finish_mail', service({ p_claim: token, p_sent: true })))
      .toMatchObject({ status: 200, text: '"finished"' });
    expect(await call('/rest/v1/rpc/claim_mail', service(byKey))).toMatchObject({ status: 200, json: { status: 'already_sent', mails: [] } });

    const claim = await call('/rest/v1/rpc/match_appointment_request', service({
      p_id: randomUUID(), p_first_name: 'A', p_last_name: 'B', p_email: 'a@b.ch', p_phone: '1', p_service: 'Schlafberatung',
      p_preferred_date: zurichIsoDate(7), p_preferred_time: null, p_alternative_date: null, p_alternative_time: null, p_message: null,
      p_max_age_seconds: 900,
    }));
    expect(claim).toMatchObject({ status: 200, json: { status: 'not_found' } });
    expect(await call('/rest/v1/rpc/finish_mail', service({ p_claim: randomUUID(), p_sent: false, p_cause: 'smtp_554' })))
      .toMatchObject({ status: 200, text: '"lost"' });
    const discarded = await call('/rest/v1/rpc/discard_appointment_request', service({ p_id: randomUUID(), p_email: 'a@b.ch', p_proof: 'ab' }));
    expect(discarded).toMatchObject({ status: 204, text: '' });
    expect(discarded.headers.get('content-type')).toBeNull();
  });

  // PG SchemaCache.hs (funcsSqlQuery) loads functions without any privilege filter, so a
  // function anon may not execute is found and refused by Postgres: 42501 → 401 for anon
  // (database-api.test.ts, retention.test.ts, deploy-check). `{}` for a function whose only
  // argument has a default (delete_expired_form_submissions).
  it('refuses anon the service-role functions with 401 42501', async () => {
    const anon = { method: 'POST', body: { p_bucket: 'x', p_key: 'y', p_max_events: 1, p_window_seconds: 60 } };
    expectAnonRefused(await call('/rest/v1/rpc/take_rate_limit', anon), 'function take_rate_limit');
    expectAnonRefused(await call('/rest/v1/rpc/delete_expired_form_submissions', { method: 'POST', key: LOCAL_KEYS.anon, body: '{}' }), 'function delete_expired_form_submissions');
  });

  // The booking form's start times (…_appointment_requests.sql; the site's
  // src/components/slots/start-times.ts): supabase.rpc with the publishable key, a
  // function anon may execute; jsonb comes back as JSON (PG Response.hs, as above). A day
  // is free for a service when an advisor is: on an empty day, every start time it offers.
  it('answers the site’s start-times call: 200 with the JSON array of {time, free}', async () => {
    const day = bookableDays(zurichIsoDate(), 200).at(-1)!;
    const answer = await call('/rest/v1/rpc/appointment_start_times', { method: 'POST', body: { p_day: day, p_service: 'schlafberatung' } });
    expect(answer).toMatchObject({ status: 200, json: openingHours[isoWeekday(day)].map((time) => ({ time, free: true })) });
    expect(answer.headers.get('content-type')).toBe(JSON_TYPE);
    // A past day: an empty array, not an error.
    expect(await call('/rest/v1/rpc/appointment_start_times', { method: 'POST', body: { p_day: zurichIsoDate(-1), p_service: 'follow-up' } }))
      .toMatchObject({ status: 200, json: [] });
  });

  // PG Error.hs: a RAISE with SQLSTATE 22023 (invalid_parameter_value) is class 22, which
  // PostgREST answers with 400 (only the codes of its table differ); the body carries the
  // exception's message, DETAIL (none: null) and HINT.
  it('answers the start-times call for an unknown service with 400 22023 and the hint', async () => {
    const answer = await call('/rest/v1/rpc/appointment_start_times', { method: 'POST', body: { p_day: zurichIsoDate(10), p_service: 'massage' } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe(JSON_TYPE);
    expect(answer.json).toEqual({
      code: '22023',
      message: 'unknown service massage',
      details: null,
      hint: 'p_service is a service\'s value: schlafberatung, follow-up or beratung-zuhause',
    });
  });

  // The practice's schedule is the service role's (the functions read it): anon's call is
  // found and refused by Postgres, like every other service-role function.
  it('refuses anon the schedule and the decisions with 401 42501', async () => {
    const body = { p_from: zurichIsoDate(0), p_to: zurichIsoDate(30) };
    expectAnonRefused(await call('/rest/v1/rpc/appointment_schedule', { method: 'POST', body }), 'function appointment_schedule');
    expect(await call('/rest/v1/rpc/appointment_schedule', { method: 'POST', key: LOCAL_KEYS.secret, headers: { ...supabaseJs(LOCAL_KEYS.secret, 'POST'), ...SERVER }, body }))
      .toMatchObject({ status: 200, json: [] });
    const decision = { p_id: randomUUID(), p_decision: 'confirm', p_date: zurichIsoDate(10), p_time: '09:00', p_advisor: 'sandra-huber' };
    expectAnonRefused(await call('/rest/v1/rpc/decide_appointment', { method: 'POST', body: decision }), 'function decide_appointment');
  });

  // The booking form's closed days (…_appointment_requests.sql): the other function anon
  // may execute, with its default p_days when only p_from is sent.
  it('answers the site’s closed-days call: 200 with the JSON array of dates', async () => {
    const from = zurichIsoDate(200);
    await stack.query(`insert into public.practice_closures (first_day, last_day, note) values ($1::date + 3, $1::date + 4, 'Kongress')`, [from]);
    try {
      const answer = await call('/rest/v1/rpc/practice_closed_days', { method: 'POST', body: { p_from: from } });
      expect(answer).toMatchObject({ status: 200, json: [zurichIsoDate(203), zurichIsoDate(204)] });
      expect(answer.headers.get('content-type')).toBe(JSON_TYPE);
    } finally {
      await stack.query(`delete from public.practice_closures where note = 'Kongress'`);
    }
  });

  // PG Error.hs, NoRpc: 404 PGRST202, the keys sorted; the hint a fuzzy match, none here.
  it('answers an unknown function with 404 PGRST202', async () => {
    const answer = await call('/rest/v1/rpc/no_such_function_at_all', service({ p_b: 1, p_a: 2 }));
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_function_at_all(p_a, p_b) in the schema cache',
      details:
        'Searched for the function public.no_such_function_at_all with parameters p_a, p_b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });
});

describe('/functions/v1/<function>', () => {
  // Both functions set verify_jwt = false (supabase/config.toml): the platform passes the
  // call on without checking apikey or Authorization (SB api/api-keys, "Known limitations":
  // "The Supabase platform does not verify the apikey header"; CLI internal/functions/serve/
  // templates/main.ts checks a JWT only when verifyJWT is set). The function's answer –
  // preflights included, which hosted functions answer themselves (SB functions/cors) –
  // comes back unchanged. Callers: supabase.functions.invoke (GET for the proof, POST to
  // send) in src/ and tests/integration/stack-harness.ts, raw fetch in the suites and deploy-check.
  let gateway: http.Server;
  let upstream: http.Server;
  let base: string;
  const seen: { method: string; url: string; apikey?: string; authorization?: string; body: string }[] = [];

  beforeAll(async () => {
    upstream = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({
          method: request.method!,
          url: request.url!,
          apikey: request.headers.apikey as string | undefined,
          authorization: request.headers.authorization,
          body: Buffer.concat(chunks).toString(),
        });
        response.writeHead(418, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': 'http://localhost:5173', 'X-Own': 'yes' });
        response.end('from the function');
      });
    });
    const port = await listen(upstream, 0);
    // /functions/v1 never touches the database.
    gateway = createGateway({
      db: {} as Database,
      keys: LOCAL_KEYS,
      functions: { lookup: (name) => (name === 'send-contact-email' ? { port, verifyJwt: false } : undefined) },
    });
    base = `http://${HOST}:${await listen(gateway, 0)}/functions/v1`;
  });

  afterAll(async () => {
    await new Promise((resolve) => gateway?.close(resolve));
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('passes POST, GET and OPTIONS through to the function and its answer back unchanged', async () => {
    const key = LOCAL_KEYS.publishable;
    const post = await fetch(`${base}/send-contact-email`, {
      method: 'POST',
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: '{"message":"Hallo"}',
    });
    expect([post.status, post.headers.get('x-own'), await post.text()]).toEqual([418, 'yes', 'from the function']);
    await (await fetch(`${base}/send-contact-email?x=1`, { headers: { apikey: key, Authorization: `Bearer ${key}` } })).text();
    await (
      await fetch(`${base}/send-contact-email`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
      })
    ).text();
    expect(seen).toEqual([
      { method: 'POST', url: '/send-contact-email', apikey: key, authorization: `Bearer ${key}`, body: '{"message":"Hallo"}' },
      { method: 'GET', url: '/send-contact-email?x=1', apikey: key, authorization: `Bearer ${key}`, body: '' },
      { method: 'OPTIONS', url: '/send-contact-email', apikey: undefined, authorization: undefined, body: '' },
    ]);
  });

  // SB troubleshooting/edge-function-404-error-response: {"code":"NOT_FOUND","message":"Requested function was not found"},
  // no CORS headers; SB functions/error-codes: a failed request names its error in `sb-error-code`.
  it('answers an unknown function with the platform’s 404', async () => {
    const answer = await fetch(`${base}/send-nothing`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('sb-error-code')).toBe('NOT_FOUND');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(await answer.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });
});

describe('/functions/v1/<function> while the function boots', () => {
  // The edge runtime creates a function's worker for the request and answers once it has
  // booted: the CLI's main worker awaits EdgeRuntime.userWorkers.create() before
  // worker.fetch(req) (CLI internal/functions/serve/templates/main.ts), and a request that
  // arrives while another creates the worker waits for it (edge-runtime
  // crates/base/src/worker/pool.rs). A worker that fails to boot is 503 BOOT_ERROR: SB
  // troubleshooting/edge-function-503-response, {"code":"BOOT_ERROR","message":"Function
  // failed to start (please check logs)"} (the CLI says "Worker failed to boot …"), with
  // `sb-error-code` (SB functions/error-codes). Never the 404 of an unknown function.
  let upstream: http.Server;
  let upstreamPort: number;
  const servers: http.Server[] = [];

  /** A gateway whose one function, `send-contact-email`, has the given port (promise). */
  async function gatewayFor(port: number | Promise<number>, functionBootWaitMs?: number): Promise<string> {
    const gateway = createGateway({
      db: {} as Database,
      keys: LOCAL_KEYS,
      functions: { lookup: (name) => (name === 'send-contact-email' ? { port, verifyJwt: false } : undefined) },
      functionBootWaitMs,
    });
    servers.push(gateway);
    return `http://${HOST}:${await listen(gateway, 0)}/functions/v1`;
  }

  beforeAll(async () => {
    upstream = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ got: Buffer.concat(chunks).toString() }));
      });
    });
    upstreamPort = await listen(upstream, 0);
  });

  afterAll(async () => {
    for (const server of [...servers, upstream]) await new Promise((resolve) => server?.close(resolve));
  });

  const post = (base: string) =>
    fetch(`${base}/send-contact-email`, {
      method: 'POST',
      headers: { apikey: LOCAL_KEYS.publishable, Authorization: `Bearer ${LOCAL_KEYS.publishable}`, 'Content-Type': 'application/json' },
      body: '{"message":"früh"}',
    });

  it('waits for a function that is still booting and passes the call on once it listens', async () => {
    let listening!: (port: number) => void;
    const booted = new Promise<number>((resolve) => (listening = resolve));
    const base = await gatewayFor(booted);
    const started = Date.now();
    const answer = post(base);
    setTimeout(() => listening(upstreamPort), 400);
    const response = await answer;
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ got: '{"message":"früh"}' });
  });

  it('answers 503 BOOT_ERROR when the function fails to boot, or does not boot in time', async () => {
    const failed = Promise.reject(new Error('exited during start-up'));
    failed.catch(() => {});
    for (const base of [await gatewayFor(failed), await gatewayFor(new Promise<number>(() => {}), 300)]) {
      const response = await post(base);
      expect(response.status).toBe(503);
      expect(response.headers.get('sb-error-code')).toBe('BOOT_ERROR');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.json()).toEqual({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
    }
  });
});

describe('/auth/v1/settings', () => {
  // GoTrue's GET /settings (supabase/auth internal/api/settings.go): 200, application/json,
  // its Settings in field order; from supabase/config.toml as the CLI configures GoTrue
  // (auth-settings.ts has the sources). Caller: scripts/deploy-check (sign-ups must be off).
  // Behind the hosted gateway's key check, with the same 401 bodies as /rest/v1.
  it('answers Auth’s settings from supabase/config.toml: sign-ups off', async () => {
    for (const headers of [{ apikey: LOCAL_KEYS.publishable }, { apikey: LOCAL_KEYS.anon, Authorization: `Bearer ${LOCAL_KEYS.anon}` }] as Record<string, string>[]) {
      const answer = await call('/auth/v1/settings', { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(answer.text).toBe(JSON.stringify(readAuthSettings(REPO_ROOT)));
      expect(Object.keys(answer.json as object)).toEqual([
        'external', 'disable_signup', 'mailer_autoconfirm', 'phone_autoconfirm', 'sms_provider', 'saml_enabled',
        'saml_private_key_next_configured', 'passkeys_enabled',
      ]);
      expect(answer.json).toMatchObject({ disable_signup: true, external: { email: true, phone: false, anonymous_users: false, apple: false } });
    }
  });

  it('refuses it without the project’s key, as /rest/v1', async () => {
    const missing = await call('/auth/v1/settings', { headers: {} });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    const foreign = await call('/auth/v1/settings', { headers: { apikey: 'sb_publishable_someone-elses-project' } });
    expect(foreign.status).toBe(401);
    expect(foreign.json).toMatchObject({ message: 'Invalid API key' });
    // The rest of Auth is not there: the stand-in's 404, naming what it serves.
    const signup = await call('/auth/v1/signup', { method: 'POST', headers: { apikey: LOCAL_KEYS.publishable, 'Content-Type': 'application/json' }, body: {} });
    expect(signup.status).toBe(404);
    expect(signup.json).toMatchObject({ code: 'STACK404' });
  });
});

describe('what no caller sends', () => {
  // The stand-in's one refusal (api-error.ts, unsupported): PostgREST's body shape, 501,
  // code STACK501 – never an answer that could pass for the real one.
  it('is refused with 501 STACK501 instead of being guessed at', async () => {
    const service = { ...supabaseJs(LOCAL_KEYS.secret, 'GET'), ...SERVER };
    const requests: [string, { method?: string; headers?: Record<string, string>; body?: unknown }][] = [
      ['/rest/v1/appointment_requests?select=*&order=created_at.desc', { headers: service }],
      ['/rest/v1/appointment_requests?email=ilike.*a*', { headers: service }],
      ['/rest/v1/appointment_requests?select=id', { headers: { ...service, Prefer: 'count=exact' } }],
      ['/rest/v1/appointment_requests?select=id', { headers: { ...service, Accept: 'application/vnd.pgrst.object+json' } }],
      ['/rest/v1/appointment_requests?select=id', { headers: { ...service, 'Accept-Profile': 'graphql_public' } }],
      ['/rest/v1/appointment_requests?select=id', { method: 'HEAD', headers: service }],
      ['/rest/v1/appointment_requests?select=id', { headers: { ...service, Authorization: `Bearer ${LOCAL_KEYS.anon}` } }],
      [`/rest/v1/appointment_requests?apikey=${LOCAL_KEYS.secret}`, { headers: SERVER }],
      ['/rest/v1/rpc/take_rate_limit?p_bucket=x', { headers: service }],
      ['/rest/v1/appointment_requests', { method: 'POST', headers: { ...supabaseJs(LOCAL_KEYS.publishable, 'POST'), Prefer: 'resolution=merge-duplicates' }, body: appointment() }],
    ];
    for (const [path, init] of requests) {
      const answer = await call(path, init);
      expect(answer.status, path).toBe(501);
      if (init.method !== 'HEAD') expect(answer.json, path).toMatchObject({ code: 'STACK501', details: null });
    }
  });
});
