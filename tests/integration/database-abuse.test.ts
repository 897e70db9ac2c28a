// @vitest-environment node
/**
 * Abuse resistance enforced by the database itself (supabase/migrations/
 * 20261122000000_base.sql: the default privileges; the other migrations: the rest), probed
 * through the API gateway as supabase-js and as an attacker with the site's public key
 * would probe it: one row per request, nothing stored without a solved form proof, flood
 * limits that hold under concurrency (an IPv6 /64 is one client; none counts the e-mail
 * address), no control or format
 * characters, and no function the public key can call unless a migration grants it.
 *
 * The stack runs without the functions: the proofs are signed here with the functions'
 * secret (signedProof, insertAppointment), as send-appointment-email would issue them. An
 * attacker can solve proofs too – about half a second of CPU each – so the limits are
 * shown with a fresh genuine proof per insert: what they bound is one client's quota.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteDatabase } from '../../scripts/stack/database.ts';
import { applyMigrations } from '../../scripts/stack/migrations.ts';
import {
  backendTarget,
  formProofHeaders,
  insertAppointment,
  newAppointmentRequest,
  newVisitor,
  ownIpv6Network,
  ownStandIn,
  signedProof,
  SITE_ORIGIN,
  type TestBackend,
} from './stack-harness.ts';

let backend: TestBackend;
/** Every address this file stores rows for: removed at the end, so a shared database's hourly cap is not used up. */
const usedEmails = new Set<string>();

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
}, 120_000);

afterAll(async () => {
  if (backend && usedEmails.size > 0) {
    await backend.query('delete from public.appointment_requests where email = any($1)', [[...usedEmails]]);
    await backend.query('delete from public.contact_submissions where email = any($1)', [[...usedEmails]]);
  }
  await backend?.stop();
});

function visitor() {
  const v = newVisitor();
  usedEmails.add(v.email);
  return v;
}


/** Raw HTTP to /rest/v1, as curl would send it; by default with the site's public key. */
async function rest(
  pathAndQuery: string,
  body: unknown,
  { key = backend.publishableKey, ip, headers = {} }: { key?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${backend.apiUrl}/rest/v1/${pathAndQuery}`, {
    method: 'POST',
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
      Origin: SITE_ORIGIN,
      ...(ip ? { 'X-Forwarded-For': ip } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

const storedIds = async (ids: string[]) =>
  (await backend.query<{ id: string }>('select id from public.appointment_requests where id = any($1::uuid[])', [ids])).rows.map((r) => r.id);

const countByEmail = async (email: string) =>
  Number((await backend.query<{ n: string }>('select count(*) as n from public.appointment_requests where email = $1', [email])).rows[0]!.n);

/** What the database answers an insert without a genuine proof; a limit's refusal is the policy's (row-level security). */
const PROOF_REQUIRED = 'A solved form proof is required';
const LIMIT_REFUSAL = /row-level security/;

/** The rate-limit events the insert guard holds for a client (as private.request_client names it). */
const clientEvents = async (client: string) =>
  Number((await backend.query<{ n: string }>(
    `select count(*) as n from public.rate_limit_events
      where bucket like 'appointment_requests:client%' and key = private.client_rate_key($1)`,
    [client],
  )).rows[0]!.n);

describe('one appointment request per API request', () => {
  // With a genuine proof: the first row passes the guard, the second is refused (23514).
  it('refuses three rows from supabase-js with 400 and SQLSTATE 23514, and stores none', async () => {
    const { email, ip } = visitor();
    const rows = [newAppointmentRequest(email), newAppointmentRequest(email), newAppointmentRequest(email)];
    const { error, status } = await insertAppointment(backend, ip, rows);
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toMatch(/one at a time/);
    expect(await storedIds(rows.map((r) => r.id))).toEqual([]);
  });

  it('refuses a raw JSON array of 500 rows, each with an address of its own, and stores none – with a proof or without', async () => {
    const { ip } = visitor();
    const rows = Array.from({ length: 500 }, (_, i) => newAppointmentRequest(`flut-${i}-${crypto.randomUUID()}@example.ch`));
    const response = await rest('appointment_requests', rows, { ip, headers: await formProofHeaders() });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: '23514' });
    // Without a proof the first row is refused already, before anything is counted.
    const unproven = await rest('appointment_requests', rows, { ip });
    expect(unproven.status).toBe(401);
    expect(unproven.json).toMatchObject({ code: '42501', message: PROOF_REQUIRED, details: 'x-form-proof: missing' });
    expect(await storedIds(rows.map((r) => r.id))).toEqual([]);
  });

  it('stores the one row the site sends, also when it comes as an array of one', async () => {
    const { email, ip } = visitor();
    const single = newAppointmentRequest(email);
    expect((await insertAppointment(backend, ip, single)).error).toBeNull();
    const arrayOfOne = newAppointmentRequest(email);
    expect(await rest('appointment_requests', [arrayOfOne], { ip, headers: await formProofHeaders() })).toMatchObject({ status: 201, text: '' });
    expect((await storedIds([single.id, arrayOfOne.id])).sort()).toEqual([single.id, arrayOfOne.id].sort());
  });

  it('does not limit the service role (the edge functions), which needs no proof', async () => {
    const { email } = visitor();
    const rows = [newAppointmentRequest(email), newAppointmentRequest(email)];
    const response = await rest('appointment_requests', rows, { key: backend.secretKey });
    expect(response).toMatchObject({ status: 201, text: '' });
    expect(await countByEmail(email)).toBe(2);
  });
});

describe('nothing stored without a proof', () => {
  it('stores nothing from 60 simultaneous inserts from 60 addresses without a genuine proof, and counts none of them', async () => {
    const { email } = visitor();
    const addresses = Array.from({ length: 60 }, () => newVisitor().ip);
    // What a flood can send without doing the work: nothing, a garbled header, a proof
    // whose solution is made up, and a genuine one for the other form.
    const contactProof = await formProofHeaders(await signedProof('send-contact-email'));
    const madeUp = await formProofHeaders({ ...(await signedProof()), solution: { counter: 1, derivedKey: 'ab'.repeat(32) } } as never);
    const kinds: Array<[string, Record<string, string>]> = [
      ['missing', {}],
      ['invalid', { 'x-form-proof': 'eyJjaGFsbGVuZ2UiOnt9fQ' }],
      ['invalid', madeUp],
      ['other_form', contactProof],
    ];
    const results = await Promise.all(
      addresses.map((ip, n) => rest('appointment_requests', newAppointmentRequest(email), { ip, headers: kinds[n % kinds.length]![1] })),
    );
    results.forEach((result, n) => {
      expect(result.status).toBe(401);
      expect(result.json).toMatchObject({ code: '42501', message: PROOF_REQUIRED, details: `x-form-proof: ${kinds[n % kinds.length]![0]}` });
    });
    expect(await countByEmail(email)).toBe(0);
    // Refused before any counting: no client's quota is touched, so the flood locks no one out.
    expect((await Promise.all(addresses.map(clientEvents))).reduce((a, b) => a + b, 0)).toBe(0);
    const { ip } = newVisitor();
    expect((await insertAppointment(backend, addresses[0]!, newAppointmentRequest(email))).error).toBeNull();
    expect((await insertAppointment(backend, ip, newAppointmentRequest(email))).error).toBeNull();
  });
});

describe('flood limits under concurrency', () => {
  it('stores all of 10 simultaneous requests naming one address from 10 clients: no limit counts the address', async () => {
    // A limit per address would answer anyone who tries an address whether it was used a
    // moment ago; what one mailbox receives is bounded by the acknowledgements.
    const { email } = visitor();
    const results = await Promise.all(Array.from({ length: 10 }, () => insertAppointment(backend, newVisitor().ip, newAppointmentRequest(email))));
    expect(results.map((r) => r.error)).toEqual(Array(10).fill(null));
    expect(await countByEmail(email)).toBe(10);
  });

  it('stores at most one client\'s quota of a flood with a genuine proof per insert: 5 of 26 simultaneous', async () => {
    const { ip } = visitor();
    const emails = Array.from({ length: 26 }, () => visitor().email);
    const results = await Promise.all(emails.map((email) => insertAppointment(backend, ip, newAppointmentRequest(email))));
    const stored = (await Promise.all(emails.map(countByEmail))).reduce((a, b) => a + b, 0);
    expect(stored).toBe(5);
    expect(results.filter((r) => r.error === null)).toHaveLength(5);
    for (const r of results.filter((r) => r.error !== null)) {
      expect(r.status).toBe(401);
      expect(r.error).toMatchObject({ code: '42501' });
      expect(r.error?.message).toMatch(LIMIT_REFUSAL);
    }
    // The refused ones counted nothing: the client's window holds its 5 events (and 5 of its network's day's 10).
    expect(await clientEvents(ip)).toBe(10);
  });

  it('stores at most 5 per client address in 10 minutes, counted from X-Forwarded-For, also for simultaneous requests', async () => {
    const { ip } = visitor();
    // 2 earlier requests from this client, as the guard would have counted them.
    await backend.query(
      `insert into public.rate_limit_events (bucket, key)
         select 'appointment_requests:client', private.client_rate_key($1) from generate_series(1, 2)`,
      [ip],
    );
    const emails = Array.from({ length: 6 }, () => visitor().email);
    const results = await Promise.all(
      emails.map((email) =>
        // Behind a proxy: the first entry is the client.
        insertAppointment(backend, `${ip}, 203.0.113.7`, newAppointmentRequest(email)),
      ),
    );
    const stored = (await Promise.all(emails.map(countByEmail))).reduce((a, b) => a + b, 0);
    expect(stored).toBe(3);
    expect(results.filter((r) => r.error !== null).map((r) => r.error?.code)).toEqual(['42501', '42501', '42501']);

    // Another client is not affected.
    const other = visitor();
    expect((await insertAppointment(backend, other.ip, newAppointmentRequest(other.email))).error).toBeNull();
  });

  it('stores at most 10 per client network a day, though the 10 minutes\' 5 are not reached', async () => {
    const { ip } = visitor();
    // 8 requests earlier today, none in the last 10 minutes (an IPv4 address is its own network).
    await backend.query(
      `insert into public.rate_limit_events (bucket, key, created_at)
         select 'appointment_requests:client-day', private.client_rate_key(private.client_network($1)), now() - interval '3 hours'
           from generate_series(1, 8)`,
      [ip],
    );
    const emails = Array.from({ length: 4 }, () => visitor().email);
    const results = await Promise.all(emails.map((email) => insertAppointment(backend, ip, newAppointmentRequest(email))));
    expect((await Promise.all(emails.map(countByEmail))).reduce((a, b) => a + b, 0)).toBe(2);
    const refused = results.filter((r) => r.error !== null);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.error?.message).toMatch(LIMIT_REFUSAL);
    // Refused again when sent again with the same proof: the limit, not a spent proof, answers.
    const again = await insertAppointment(backend, ip, newAppointmentRequest(emails[0]!), { proof: refused[0]!.proof });
    expect(again.error?.message).toMatch(LIMIT_REFUSAL);
  });

  it('counts the client by CF-Connecting-IP where Cloudflare sets it (hosted Supabase)', async () => {
    const { ip } = visitor();
    await backend.query(
      `insert into public.rate_limit_events (bucket, key)
         select 'appointment_requests:client', private.client_rate_key($1) from generate_series(1, 5)`,
      [ip],
    );
    const { email } = visitor();
    // A genuine proof and a fresh X-Forwarded-For: only CF-Connecting-IP can refuse it.
    const refused = await rest('appointment_requests', newAppointmentRequest(email), {
      ip: newVisitor().ip,
      headers: { 'CF-Connecting-IP': ip, ...(await formProofHeaders()) },
    });
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ code: '42501' });
    expect(String(refused.json?.message)).toMatch(LIMIT_REFUSAL);
    expect(await countByEmail(email)).toBe(0);
  });

  it('counts an IPv6 /64 as one client: 26 simultaneous inserts from its addresses store 5; the next /64 is another client', async () => {
    // A /64 of the documentation prefix no other test uses; every insert from another address in it.
    const group = (n: number) => n.toString(16);
    const prefix = `${ownIpv6Network()}:${group(Math.floor(Math.random() * 0xfff0))}`;
    const addresses = Array.from({ length: 26 }, (_, n) =>
      n % 2 ? `${prefix}:${group(n)}:${group(7 * n)}:${group(n * n)}:1` : `${prefix}::${group(0x100 + n)}`,
    );
    const emails = addresses.map(() => visitor().email);
    const results = await Promise.all(addresses.map((address, n) => insertAppointment(backend, address, newAppointmentRequest(emails[n]!))));
    expect((await Promise.all(emails.map(countByEmail))).reduce((a, b) => a + b, 0)).toBe(5);
    for (const r of results.filter((r) => r.error !== null)) expect(r.error?.message).toMatch(LIMIT_REFUSAL);

    // Written in capitals and in full, it is still the same client.
    const full = `${prefix.toUpperCase()}:0:0:0:ABCD`;
    const refused = await insertAppointment(backend, full, newAppointmentRequest(visitor().email));
    expect(refused.error?.message).toMatch(LIMIT_REFUSAL);

    // The neighbouring /64 (another subscriber) is not affected.
    const [a, b, c, d] = prefix.split(':');
    const neighbour = `${a}:${b}:${c}:${group((parseInt(d!, 16) + 1) & 0xffff)}::1`;
    const other = visitor();
    expect((await insertAppointment(backend, neighbour, newAppointmentRequest(other.email))).error).toBeNull();
  });
});

// Each forbidden character, by name, as \u escapes (so this file shows what it sends).
const FORBIDDEN_IN_LINE: Array<[string, string]> = [
  ['TAB (Cc)', '\u0009'],
  ['LF (Cc)', '\u000A'],
  ['CR (Cc)', '\u000D'],
  ['ESC (Cc)', '\u001B'],
  ['DEL (Cc)', '\u007F'],
  ['NEL, C1 (Cc)', '\u0085'],
  ['CSI, C1 (Cc)', '\u009B'],
  ['soft hyphen (Cf)', '\u00AD'],
  ['Arabic letter mark (Cf)', '\u061C'],
  ['zero-width space (Cf)', '\u200B'],
  ['zero-width joiner (Cf)', '\u200D'],
  ['right-to-left override (Cf)', '\u202E'],
  ['left-to-right isolate (Cf)', '\u2066'],
  ['word joiner (Cf)', '\u2060'],
  ['BOM (Cf)', '\uFEFF'],
  ['musical symbol begin beam, astral (Cf)', '\u{1D173}'],
  ['tag latin capital A, astral (Cf)', '\u{E0041}'],
  ['line separator (Zl)', '\u2028'],
  ['paragraph separator (Zp)', '\u2029'],
];

const FORBIDDEN_IN_MESSAGE: Array<[string, string]> = [
  ['BEL (Cc)', '\u0007'],
  ['vertical tab (Cc)', '\u000B'],
  ['ESC (Cc)', '\u001B'],
  ['DEL (Cc)', '\u007F'],
  ['NEL, C1 (Cc)', '\u0085'],
  ['line separator (Zl)', '\u2028'],
  ['paragraph separator (Zp)', '\u2029'],
  ['right-to-left override (Cf)', '\u202E'],
  ['right-to-left embedding (Cf)', '\u202B'],
  ['first strong isolate (Cf)', '\u2068'],
  ['pop directional isolate (Cf)', '\u2069'],
];

/** What a message may hold: line breaks, a tab, an emoji with zero-width joiners, a soft hyphen. */
const GOOD_MESSAGE = 'Guten Tag\r\nIch schlafe schlecht.\n\tSeit Mai 👩‍⚕️ – Schlaf\u00ADberatung?';

describe('characters in appointment_requests (anon)', () => {
  // Each insert with a genuine proof, so that the constraint is what answers.
  it.each(FORBIDDEN_IN_LINE)('refuses %s in names, phone and e-mail', async (_, char) => {
    const { email, ip } = visitor();
    for (const [column, value] of [
      ['first_name', `Be${char}at`],
      ['last_name', `Kel${char}ler`],
      ['phone', `+41 79${char}555 12 34`],
      ['email', `be${char}at-${email}`],
    ] as const) {
      const row = newAppointmentRequest(email, { [column]: value });
      const { error, status } = await insertAppointment(backend, ip, row);
      expect(error?.code, column).toBe('23514');
      expect(status, column).toBe(400);
      expect(error?.message, column).toContain(`"${column}_characters"`);
    }
    expect(await countByEmail(email)).toBe(0);
  });

  it.each(FORBIDDEN_IN_MESSAGE)('refuses %s in the message', async (_, char) => {
    const { email, ip } = visitor();
    const { error, status } = await insertAppointment(backend, ip, newAppointmentRequest(email, { message: `Hallo${char}Welt` }));
    expect(error?.code).toBe('23514');
    expect(status).toBe(400);
    expect(error?.message).toContain('"message_characters"');
    expect(await countByEmail(email)).toBe(0);
  });

  it('refuses names that only look filled: a zero-width space, no-break spaces, an ideographic space', async () => {
    const { email, ip } = visitor();
    for (const name of ['\u200B', '\u200B\u200B ', '\u00A0\u00A0', '\u3000', ' \u2007 ']) {
      const { error } = await insertAppointment(backend, ip, newAppointmentRequest(email, { first_name: name }));
      expect(error?.code, JSON.stringify(name)).toBe('23514');
      expect(error?.message, JSON.stringify(name)).toContain('"first_name_characters"');
    }
    const blankMessage = await insertAppointment(backend, ip, newAppointmentRequest(email, { message: '\u00A0\n\u3000' }));
    expect(blankMessage.error?.code).toBe('23514');
    expect(await countByEmail(email)).toBe(0);
  });

  it('stores line breaks and tabs in the message, and names in any script', async () => {
    const { email, ip } = visitor();
    const row = newAppointmentRequest(email, { first_name: 'Zoë-Chloé', last_name: 'Nguyễn Ó Súilleabháin', message: GOOD_MESSAGE });
    expect((await insertAppointment(backend, ip, row)).error).toBeNull();
    const stored = await backend.query<{ message: string; last_name: string }>(
      'select message, last_name from public.appointment_requests where id = $1',
      [row.id],
    );
    expect(stored.rows).toEqual([{ message: GOOD_MESSAGE, last_name: 'Nguyễn Ó Súilleabháin' }]);
  });
});

describe('characters in contact_submissions (even for the service role)', () => {
  it.each(FORBIDDEN_IN_LINE)('refuses %s in name, phone, subject and e-mail', async (_, char) => {
    const { email } = visitor();
    const base = { name: 'Anna Muster', email, phone: '044 555 12 34', subject: 'Termin', message: 'Hallo' };
    for (const [column, value] of [
      ['name', `An${char}na`],
      ['phone', `044${char}555`],
      ['subject', `Ter${char}min`],
      ['email', `an${char}na-${email}`],
    ] as const) {
      const response = await rest('contact_submissions', { ...base, [column]: value }, { key: backend.secretKey });
      expect(response.status, column).toBe(400);
      expect(response.json, column).toMatchObject({ code: '23514' });
      expect(String(response.json?.message), column).toContain(`"${column}_characters"`);
    }
  });

  it.each(FORBIDDEN_IN_MESSAGE)('refuses %s in the message', async (_, char) => {
    const { email } = visitor();
    const response = await rest('contact_submissions', { name: 'Anna', email, message: `Hallo${char}Welt` }, { key: backend.secretKey });
    expect(response.status).toBe(400);
    expect(String(response.json?.message)).toContain('"message_characters"');
  });

  it('stores a message with line breaks, a tab and an emoji', async () => {
    const { email } = visitor();
    const response = await rest('contact_submissions', { name: 'Anna Muster', email, message: GOOD_MESSAGE }, { key: backend.secretKey });
    expect(response).toMatchObject({ status: 201, text: '' });
    const stored = await backend.query<{ message: string }>('select message from public.contact_submissions where email = $1', [email]);
    expect(stored.rows).toEqual([{ message: GOOD_MESSAGE }]);
  });
});

describe('functions created after the migrations', () => {
  it('are not executable by anon or authenticated, neither through the API nor in SQL', async () => {
    const name = `abuse_probe_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
    // As a later migration would create it: as postgres, with no grant of its own.
    await backend.query(`create function public.${name}() returns integer language sql as 'select 42'`);
    try {
      const privileges = await backend.query<{ anon: boolean; authenticated: boolean; service_role: boolean; public_execute: boolean }>(
        `select has_function_privilege('anon', $1, 'execute') as anon,
                has_function_privilege('authenticated', $1, 'execute') as authenticated,
                has_function_privilege('service_role', $1, 'execute') as service_role,
                exists (select 1 from pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                         where p.oid = $1::regprocedure and a.grantee = 0 and a.privilege_type = 'EXECUTE') as public_execute`,
        [`public.${name}()`],
      );
      expect(privileges.rows[0]).toEqual({ anon: false, authenticated: false, service_role: true, public_execute: false });

      // A real PostgREST learns of new functions from its schema cache; the stand-in reads the catalog.
      await backend.query(`notify pgrst, 'reload schema'`);
      let response = await rest(`rpc/${name}`, {});
      for (let tries = 0; response.json?.code === 'PGRST202' && tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        response = await rest(`rpc/${name}`, {});
      }
      expect(response.status).toBe(401);
      expect(response.json).toMatchObject({ code: '42501' });

      const asService = await rest(`rpc/${name}`, {}, { key: backend.secretKey });
      expect(asService).toMatchObject({ status: 200, text: '42' });

      // set role anon; select fn(); – in one statement so the role ends with its transaction.
      await expect(
        backend.query(`do $$ begin set local role anon; perform public.${name}(); end $$`),
      ).rejects.toMatchObject({ code: '42501' });
      expect((await backend.query<{ who: string }>('select current_user as who')).rows[0]!.who).not.toBe('anon');
    } finally {
      await backend.query(`drop function if exists public.${name}()`);
    }
  });

  it.runIf(ownStandIn)('stay closed when the local stack restarts on kept data (bootstrap does not grant again)', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const paths = {
      bootstrapFile: path.join(root, 'scripts', 'stack', 'bootstrap.sql'),
      migrationsDir: path.join(root, 'supabase', 'migrations'),
    };
    const db = await PgliteDatabase.open(undefined);
    try {
      await applyMigrations(db, paths);
      const again = await applyMigrations(db, paths); // what a restart with .stack-data does
      expect(again.applied).toEqual([]);
      await db.query(`create function public.after_restart() returns integer language sql as 'select 1'`);
      const { rows } = await db.query<{ anon: boolean; service_role: boolean }>(
        `select has_function_privilege('anon', 'public.after_restart()', 'execute') as anon,
                has_function_privilege('service_role', 'public.after_restart()', 'execute') as service_role`,
      );
      expect(rows[0]).toEqual({ anon: false, service_role: true });
      // And a new database still gets hosted Supabase's defaults for tables.
      await db.query('create table public.after_restart_table (id integer)');
      const table = await db.query<{ anon: boolean }>(`select has_table_privilege('anon', 'public.after_restart_table', 'select') as anon`);
      expect(table.rows[0]).toEqual({ anon: true });
    } finally {
      await db.close();
    }
  }, 60_000);
});
