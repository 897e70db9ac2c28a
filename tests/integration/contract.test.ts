// @vitest-environment node
/**
 * The database's rules are the forms' rules: the migrations' CHECKs and helper functions
 * compared, slot by slot, label by label, limit by limit and character by character, with
 * what the site and the functions use (catalog.ts, field-limits.ts, field-rules.ts); and
 * the client the booking insert's guard counts a request under with the one the functions
 * count it under (rate-limit.ts: IPv6 per /64). SQL cannot import TypeScript, so this
 * test is what keeps the two in step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCatalog, timeSlots } from '../../supabase/functions/_shared/domain/catalog.ts';
import { FIELD_LIMITS } from '../../supabase/functions/_shared/domain/field-limits.ts';
import { CONTACT_NAME_MAX, MULTI_LINE_FORBIDDEN, SINGLE_LINE_FORBIDDEN } from '../../supabase/functions/_shared/domain/field-rules.ts';
import { APPOINTMENT_INSERT_COLUMNS } from '../../supabase/functions/_shared/domain/wire-types.ts';
import { clientIp } from '../../supabase/functions/_shared/database/rate-limit.ts';
import { backendTarget, type TestBackend } from './stack-harness.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

const sql = async <Row>(text: string, params: unknown[] = []) => (await backend.query<Row>(text, params)).rows;

/** The CHECK constraints of a table, by name, as Postgres prints them. */
async function checks(table: string): Promise<Map<string, string>> {
  const rows = await sql<{ name: string; def: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'c'`,
    [`public.${table}`],
  );
  return new Map(rows.map((row) => [row.name, row.def]));
}

describe('the database and the forms agree', () => {
  it('on the 21 time slots: every half hour of the day checked', async () => {
    const candidates = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
    const rows = await sql<{ t: string; ok: boolean }>('select t, private.is_time_slot(t) as ok from unnest($1::text[]) as t', [
      [...candidates, '09:15', '9:00', '09:00 '],
    ]);
    const accepted = rows.filter((row) => row.ok).map((row) => row.t);
    expect(accepted).toEqual([...timeSlots]);
  });

  it('on the service labels', async () => {
    const def = (await checks('appointment_requests')).get('service_valid') ?? '';
    const labels = [...def.matchAll(/'((?:[^']|'')*)'::text/g)].map((match) => match[1]!.replace(/''/g, "'"));
    expect(labels.sort()).toEqual(serviceCatalog.map((service) => service.label).sort());
  });

  it('on every length limit', async () => {
    const limit = (def: string | undefined) => Number(/is_filled\(\w+, (\d+)\)/.exec(def ?? '')?.[1]);
    const appointment = await checks('appointment_requests');
    expect(limit(appointment.get('first_name_valid'))).toBe(FIELD_LIMITS.name);
    expect(limit(appointment.get('last_name_valid'))).toBe(FIELD_LIMITS.name);
    expect(limit(appointment.get('phone_valid'))).toBe(FIELD_LIMITS.phone);
    expect(limit(appointment.get('message_valid'))).toBe(FIELD_LIMITS.message);
    const contact = await checks('contact_submissions');
    expect(limit(contact.get('name_valid'))).toBe(CONTACT_NAME_MAX);
    expect(limit(contact.get('phone_valid'))).toBe(FIELD_LIMITS.phone);
    expect(limit(contact.get('subject_valid'))).toBe(FIELD_LIMITS.subject);
    expect(limit(contact.get('message_valid'))).toBe(FIELD_LIMITS.message);
    // The e-mail limit sits inside private.is_email: the longest address passes, one more character does not.
    const longest = `${'a'.repeat(FIELD_LIMITS.email - '@example.ch'.length)}@example.ch`;
    const [row] = await sql<{ fits: boolean; over: boolean; no_dot: boolean }>(
      'select private.is_email($1) as fits, private.is_email($2) as over, private.is_email($3) as no_dot',
      [longest, `a${longest}`, 'anna@example'],
    );
    expect(row).toEqual({ fits: true, over: false, no_dot: false });
  });

  it('on the columns the browser inserts: exactly those anon may insert, with their types (the typed client)', async () => {
    const granted = await sql<{ column_name: string }>(
      `select column_name from information_schema.column_privileges
        where table_schema = 'public' and table_name = 'appointment_requests' and grantee = 'anon' and privilege_type = 'INSERT'`,
    );
    expect(granted.map((row) => row.column_name).sort()).toEqual(Object.keys(APPOINTMENT_INSERT_COLUMNS).sort());
    const columns = await sql<{ column_name: string; data_type: string; is_nullable: 'YES' | 'NO' }>(
      `select column_name, data_type, is_nullable from information_schema.columns
        where table_schema = 'public' and table_name = 'appointment_requests' and column_name = any($1::text[])`,
      [Object.keys(APPOINTMENT_INSERT_COLUMNS)],
    );
    expect(Object.fromEntries(columns.map((column) => [column.column_name, { type: column.data_type, nullable: column.is_nullable === 'YES' }])))
      .toEqual(APPOINTMENT_INSERT_COLUMNS);
  });

  it('on the characters a one-line field and a message refuse: every code point compared', async () => {
    // Every Unicode scalar value but NUL (which Postgres text cannot hold at all).
    const rows = await sql<{ c: number; line: boolean; message: boolean }>(
      `select c, private.forbidden_in_line(chr(c)) as line, private.forbidden_in_message(chr(c)) as message
         from generate_series(1, 1114111) as c
        where c not between 55296 and 57343
          and (private.forbidden_in_line(chr(c)) or private.forbidden_in_message(chr(c)))`,
    );
    const database = {
      line: rows.filter((row) => row.line).map((row) => row.c),
      message: rows.filter((row) => row.message).map((row) => row.c),
    };
    const functions = { line: [] as number[], message: [] as number[] };
    for (let c = 1; c <= 0x10ffff; c += 1) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const character = String.fromCodePoint(c);
      if (SINGLE_LINE_FORBIDDEN.test(character)) functions.line.push(c);
      if (MULTI_LINE_FORBIDDEN.test(character)) functions.message.push(c);
    }
    expect(database.line).toEqual(functions.line);
    expect(database.message).toEqual(functions.message);
  }, 120_000);

  it('on the client a request is counted as: the same headers, IPv6 per /64, IPv4-mapped as IPv4', async () => {
    // Header sets as the gateway hands them on; the database reads them as request.headers.
    const requests: Record<string, string>[] = [
      { 'x-forwarded-for': '192.0.2.10' },
      { 'x-forwarded-for': '192.0.2.10, 203.0.113.7' },
      { 'x-forwarded-for': '203.0.113.7, 192.0.2.10' },
      { 'cf-connecting-ip': '192.0.2.10', 'x-forwarded-for': '198.51.100.1' },
      { 'cf-connecting-ip': '192.0.2.11' },
      { 'x-forwarded-for': '::ffff:192.0.2.10' },
      { 'x-forwarded-for': '::FFFF:C000:020A' },
      { 'x-forwarded-for': '2001:db8:1:2::1' },
      { 'x-forwarded-for': '2001:db8:1:2:ffff:ffff:ffff:fffe' },
      { 'x-forwarded-for': '2001:DB8:1:2:0:0:0:ABCD' },
      { 'cf-connecting-ip': '2001:db8:1:2:aaaa::1', 'x-forwarded-for': '2001:db8:9:9::1' },
      { 'x-forwarded-for': '2001:db8:1:3::1' },
      { 'x-forwarded-for': '2001:db8::1' },
      { 'x-forwarded-for': '2001:db8:0:0:1::1' },
      { 'x-forwarded-for': '2001:db8:0:1::1' },
      { 'x-forwarded-for': ' 192.0.2.12 ' },
    ];
    const database: string[] = [];
    for (const headers of requests) {
      const [row] = await sql<{ client: string }>(
        // One statement, one transaction: the setting is local to it, as PostgREST's is.
        `with request as materialized (select set_config('request.headers', $1, true) as set)
         select private.request_client() as client from request`,
        [JSON.stringify(headers)],
      );
      database.push(row!.client);
    }
    const functions = requests.map((headers) => clientIp(new Headers(headers)));
    // The keys are written differently ('2001:db8::/64', '2001:db8:0:0::/64'); what has to
    // agree is which requests are one client.
    const sameClient = (keys: string[]) => keys.map((a) => keys.map((b) => a === b));
    expect(sameClient(database)).toEqual(sameClient(functions));
    // And they are not all one: IPv4 addresses, the /64s and the mapped address are told apart as intended.
    expect(new Set(functions).size).toBe(8);
  });
});
