// @vitest-environment node
/**
 * Abuse resistance enforced by the database itself (supabase/migrations/
 * 20261123000000_abuse_resistance.sql), probed through the API gateway as supabase-js and
 * as an attacker with the site's public key would probe it: one row per request, flood
 * limits that hold under concurrency, no control or format characters, and no function
 * the public key can call unless a migration grants it.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteDatabase } from '../../scripts/stack/database.ts';
import { applyMigrations } from '../../scripts/stack/migrations.ts';
import { appointmentRow, backendTarget, browserClient, newVisitor, ownStandIn, SITE_ORIGIN, type TestBackend } from './stack-harness.ts';

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

describe('one appointment request per API request', () => {
  it('refuses three rows from supabase-js with 400 and SQLSTATE 23514, and stores none', async () => {
    const { email, ip } = visitor();
    const rows = [appointmentRow(email), appointmentRow(email), appointmentRow(email)];
    const { error, status } = await browserClient(backend, ip).from('appointment_requests').insert(rows);
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).toMatch(/one at a time/);
    expect(await storedIds(rows.map((r) => r.id))).toEqual([]);
  });

  it('refuses a raw JSON array of 500 rows, each with an address of its own, and stores none', async () => {
    const { ip } = visitor();
    const rows = Array.from({ length: 500 }, (_, i) => appointmentRow(`flut-${i}-${crypto.randomUUID()}@example.ch`));
    const response = await rest('appointment_requests', rows, { ip });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: '23514' });
    expect(await storedIds(rows.map((r) => r.id))).toEqual([]);
  });

  it('stores the one row the site sends, also when it comes as an array of one', async () => {
    const { email, ip } = visitor();
    const single = appointmentRow(email);
    expect((await browserClient(backend, ip).from('appointment_requests').insert(single)).error).toBeNull();
    const arrayOfOne = appointmentRow(email);
    expect(await rest('appointment_requests', [arrayOfOne], { ip })).toMatchObject({ status: 201, text: '' });
    expect((await storedIds([single.id, arrayOfOne.id])).sort()).toEqual([single.id, arrayOfOne.id].sort());
  });

  it('does not limit the service role (the edge functions)', async () => {
    const { email } = visitor();
    const rows = [appointmentRow(email), appointmentRow(email)];
    const response = await rest('appointment_requests', rows, { key: backend.secretKey });
    expect(response).toMatchObject({ status: 201, text: '' });
    expect(await countByEmail(email)).toBe(2);
  });
});

describe('flood limits under concurrency', () => {
  it('stores at most 5 of 10 simultaneous requests for one address (each from another client)', async () => {
    const { email } = visitor();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => browserClient(backend, newVisitor().ip).from('appointment_requests').insert(appointmentRow(email))),
    );
    expect(await countByEmail(email)).toBe(5);
    expect(results.filter((r) => r.error === null)).toHaveLength(5);
    expect(results.filter((r) => r.error !== null).map((r) => r.error?.code)).toEqual(Array(5).fill('42501'));
  });

  it('stores at most 20 per client address in an hour, counted from X-Forwarded-For, also for simultaneous requests', async () => {
    const { ip } = visitor();
    // 17 earlier requests from this client, as the guard would have counted them.
    await backend.query(
      `insert into public.rate_limit_events (bucket, key)
         select 'appointment_requests:client', private.client_rate_key($1) from generate_series(1, 17)`,
      [ip],
    );
    const emails = Array.from({ length: 6 }, () => visitor().email);
    const results = await Promise.all(
      emails.map((email) =>
        // Behind a proxy: the first entry is the client.
        browserClient(backend, `${ip}, 203.0.113.7`).from('appointment_requests').insert(appointmentRow(email)),
      ),
    );
    const stored = (await Promise.all(emails.map(countByEmail))).reduce((a, b) => a + b, 0);
    expect(stored).toBe(3);
    expect(results.filter((r) => r.error !== null).map((r) => r.error?.code)).toEqual(['42501', '42501', '42501']);

    // Another client is not affected.
    const other = visitor();
    expect((await browserClient(backend, other.ip).from('appointment_requests').insert(appointmentRow(other.email))).error).toBeNull();
  });

  it('counts the client by CF-Connecting-IP where Cloudflare sets it (hosted Supabase)', async () => {
    const { ip } = visitor();
    await backend.query(
      `insert into public.rate_limit_events (bucket, key)
         select 'appointment_requests:client', private.client_rate_key($1) from generate_series(1, 20)`,
      [ip],
    );
    const { email } = visitor();
    const refused = await rest('appointment_requests', appointmentRow(email), { ip: newVisitor().ip, headers: { 'CF-Connecting-IP': ip } });
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ code: '42501' });
    expect(await countByEmail(email)).toBe(0);
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
  it.each(FORBIDDEN_IN_LINE)('refuses %s in names, phone and e-mail', async (_, char) => {
    const { email, ip } = visitor();
    const supabase = browserClient(backend, ip);
    for (const [column, value] of [
      ['first_name', `Be${char}at`],
      ['last_name', `Kel${char}ler`],
      ['phone', `+41 79${char}555 12 34`],
      ['email', `be${char}at-${email}`],
    ] as const) {
      const row = appointmentRow(email, { [column]: value });
      const { error, status } = await supabase.from('appointment_requests').insert(row);
      expect(error?.code, column).toBe('23514');
      expect(status, column).toBe(400);
      expect(error?.message, column).toContain(`"${column}_characters"`);
    }
    expect(await countByEmail(email)).toBe(0);
  });

  it.each(FORBIDDEN_IN_MESSAGE)('refuses %s in the message', async (_, char) => {
    const { email, ip } = visitor();
    const { error, status } = await browserClient(backend, ip)
      .from('appointment_requests')
      .insert(appointmentRow(email, { message: `Hallo${char}Welt` }));
    expect(error?.code).toBe('23514');
    expect(status).toBe(400);
    expect(error?.message).toContain('"message_characters"');
    expect(await countByEmail(email)).toBe(0);
  });

  it('refuses names that only look filled: a zero-width space, no-break spaces, an ideographic space', async () => {
    const { email, ip } = visitor();
    const supabase = browserClient(backend, ip);
    for (const name of ['\u200B', '\u200B\u200B ', '\u00A0\u00A0', '\u3000', ' \u2007 ']) {
      const { error } = await supabase.from('appointment_requests').insert(appointmentRow(email, { first_name: name }));
      expect(error?.code, JSON.stringify(name)).toBe('23514');
      expect(error?.message, JSON.stringify(name)).toContain('"first_name_characters"');
    }
    const blankMessage = await supabase.from('appointment_requests').insert(appointmentRow(email, { message: '\u00A0\n\u3000' }));
    expect(blankMessage.error?.code).toBe('23514');
    expect(await countByEmail(email)).toBe(0);
  });

  it('stores line breaks and tabs in the message, and names in any script', async () => {
    const { email, ip } = visitor();
    const row = appointmentRow(email, { first_name: 'Zoë-Chloé', last_name: 'Nguyễn Ó Súilleabháin', message: GOOD_MESSAGE });
    expect((await browserClient(backend, ip).from('appointment_requests').insert(row)).error).toBeNull();
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
