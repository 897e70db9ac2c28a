// @vitest-environment node
/**
 * The database's rules are the forms' rules: the migrations' CHECKs and helper functions
 * compared, slot by slot, label by label, limit by limit and character by character, with
 * what the site and the functions use (catalog.ts, field-limits.ts, field-rules.ts); and
 * the client the booking insert's guard counts a request under with the one the functions
 * count it under (rate-limit.ts: IPv6 per /64, and per /48 for the day), and its limits
 * with the functions'. The e-mail address grammar, the name and phone rules and what
 * counts as blank (field-rules.ts) are compared too: the address pattern as text and
 * address by address, the name, phone and blank rules code point by code point and on
 * strings that test their combinations. The SQL is generated from the TypeScript (`npm run db:rules`); this test
 * checks that the database computes with it what the functions compute.
 *
 * Which code points the character rules are compared on depends on the engine. A
 * PostgreSQL server – the one production runs, and CI's second run of this suite – answers
 * for every code point (a second or two). PGlite, the stand-in's engine, runs Postgres
 * compiled to WebAssembly, where the same sweep takes half a minute of one core: there the
 * rules are compared where they change (the edges of every run of code points the
 * functions' rule accepts, one below and one above) and on every 61st code point in
 * between. That finds a range the generator dropped or moved; what it cannot see – an
 * engine's Unicode tables disagreeing inside a run – is the server's sweep's to find.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCatalog, timeSlots } from '../../supabase/functions/_shared/domain/catalog.ts';
import { FIELD_LIMITS } from '../../supabase/functions/_shared/domain/field-limits.ts';
import {
  CONTACT_NAME_MAX,
  fieldProblem,
  isPersonName,
  isPhoneNumber,
  looksBlank,
  MAIL_ADDRESS_PATTERN,
  MULTI_LINE_FORBIDDEN,
  SINGLE_LINE_FORBIDDEN,
} from '../../supabase/functions/_shared/domain/field-rules.ts';
import { APPOINTMENT_INSERT_COLUMNS } from '../../supabase/functions/_shared/domain/wire-types.ts';
import { DEFAULT_LIMITS, readConfig } from '../../supabase/functions/_shared/config.ts';
import { readFunctionsSettings } from '../../scripts/stack/start-stack.ts';
import { clientIp, networkKey, submissionLimits } from '../../supabase/functions/_shared/database/rate-limit.ts';
import { OUTCOME_OF_MOVE, OUTCOME_OF_STATUS, outcomeKeyOf, type OutcomeState } from '../../supabase/functions/_shared/domain/outcome.ts';
import { backendTarget, type TestBackend } from './stack-harness.ts';

let backend: TestBackend;
/** PostgreSQL compiled to WebAssembly (PGlite): the sweeps compare samples, not every code point. */
let wasmEngine = false;

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
  const [row] = (await backend.query<{ version: string }>('select version()')).rows;
  wasmEngine = /\bwasm32\b/.test(row!.version);
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

/** Every Unicode scalar value but NUL (which Postgres text cannot hold at all), in order. */
function* everyCodePoint(): Generator<number> {
  for (let c = 1; c <= 0x10ffff; c += 1) if (c < 0xd800 || c > 0xdfff) yield c;
}

/** Every 61st code point: a prime, so that the samples fall at every offset of a block. */
const SAMPLE_STRIDE = 61;

/**
 * The code points a sweep compares (see the header): every one on a PostgreSQL server; on
 * PGlite the edges of each run the rules accept, their neighbours, and a sample between.
 * `sql` is the FROM item that yields them as `codes(c)`, with its parameters.
 */
function codePointsToCompare(rules: ((character: string) => boolean)[]) {
  if (!wasmEngine) {
    return {
      sql: '(select c from generate_series(1, 1114111) as c where c not between 55296 and 57343) as codes(c)',
      params: [] as unknown[],
      codePoints: everyCodePoint,
    };
  }
  const chosen = new Set<number>();
  const was = rules.map(() => false);
  for (const c of everyCodePoint()) {
    const character = String.fromCodePoint(c);
    rules.forEach((rule, i) => {
      const now = rule(character);
      // A change between c - 1 and c: both sides of the edge, and one further out.
      if (now !== was[i]) for (const near of [c - 2, c - 1, c, c + 1]) chosen.add(near);
      was[i] = now;
    });
    if (c % SAMPLE_STRIDE === 0) chosen.add(c);
  }
  const list = [...chosen].filter((c) => c >= 1 && c <= 0x10ffff && (c < 0xd800 || c > 0xdfff)).sort((a, b) => a - b);
  return { sql: 'unnest($1::int[]) as codes(c)', params: [list] as unknown[], codePoints: () => list.values() };
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
    // The check names the generated function that lists the labels (20261122000100_rules.sql).
    const def = (await checks('appointment_requests')).get('service_valid') ?? '';
    const rule = /(private\.\w+)\(service\)/.exec(def)?.[1];
    expect(rule, def).toBeDefined();
    const [body] = await sql<{ src: string }>('select prosrc as src from pg_proc where oid = $1::regprocedure', [`${rule}(text)`]);
    const labels = [...body!.src.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replace(/''/g, "'"));
    expect(labels.sort()).toEqual(serviceCatalog.map((service) => service.label).sort());
  });

  it('on every length limit', async () => {
    // The limit is is_filled's second argument: a number, or a generated function that answers one.
    const limit = async (def: string | undefined) => {
      const argument = /is_filled\(\w+, (\d+|private\.\w+\(\))\)/.exec(def ?? '')?.[1];
      if (argument === undefined) return NaN;
      const [row] = await sql<{ limit: number }>(`select (${argument})::integer as limit`);
      return row!.limit;
    };
    const appointment = await checks('appointment_requests');
    expect(await limit(appointment.get('first_name_valid'))).toBe(FIELD_LIMITS.name);
    expect(await limit(appointment.get('last_name_valid'))).toBe(FIELD_LIMITS.name);
    expect(await limit(appointment.get('phone_valid'))).toBe(FIELD_LIMITS.phone);
    expect(await limit(appointment.get('message_valid'))).toBe(FIELD_LIMITS.message);
    const contact = await checks('contact_submissions');
    expect(await limit(contact.get('name_valid'))).toBe(CONTACT_NAME_MAX);
    expect(await limit(contact.get('phone_valid'))).toBe(FIELD_LIMITS.phone);
    expect(await limit(contact.get('subject_valid'))).toBe(FIELD_LIMITS.subject);
    expect(await limit(contact.get('message_valid'))).toBe(FIELD_LIMITS.message);
    // The e-mail limit sits inside private.is_mail_address: the longest address passes, one more character does not.
    // 64 before the @ (RFC 5321), labels of at most 63: 64 + 1 + 63 + 1 + 63 + 1 + 58 + 3 = 254.
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.ch`;
    expect(longest).toHaveLength(FIELD_LIMITS.email);
    const [row] = await sql<{ fits: boolean; over: boolean; no_dot: boolean }>(
      'select private.is_mail_address($1) as fits, private.is_mail_address($2) as over, private.is_mail_address($3) as no_dot',
      [longest, longest.replace('@b', '@bb'), 'anna@example'],
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

  it('on the characters a one-line field and a message refuse: code point by code point', async () => {
    const tried = codePointsToCompare([(c) => SINGLE_LINE_FORBIDDEN.test(c), (c) => MULTI_LINE_FORBIDDEN.test(c)]);
    // Each function once per code point (materialized: not inlined into the filter again).
    const rows = await sql<{ c: number; line: boolean; message: boolean }>(
      `with every as materialized (
         select c, private.forbidden_in_line(chr(c)) as line, private.forbidden_in_message(chr(c)) as message
           from ${tried.sql})
       select c, line, message from every where line or message order by c`,
      tried.params,
    );
    const database = {
      line: rows.filter((row) => row.line).map((row) => row.c),
      message: rows.filter((row) => row.message).map((row) => row.c),
    };
    const functions = { line: [] as number[], message: [] as number[] };
    for (const c of tried.codePoints()) {
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
  it('on the e-mail address: one pattern, written the same, answering the same for every address tried', async () => {
    const [pattern] = await sql<{ text: string; body: string }>(
      `select private.mail_address_pattern() as text, pg_get_functiondef('private.is_mail_address(text)'::regprocedure) as body`,
    );
    expect(pattern!.text).toBe(MAIL_ADDRESS_PATTERN);
    // is_mail_address carries the pattern itself (a check cannot make it call another private function).
    expect(pattern!.body).toContain(`'${MAIL_ADDRESS_PATTERN.replaceAll("'", "''")}'`);

    const locals = ['a', 'anna', 'a.b', 'a..b', '.a', 'a.', "o'b", 'a+b', 'a_b-c', '"a"', 'a b', 'ä', 'a(c)', 'g:a', '<a', 'x'.repeat(64), 'x'.repeat(65), '!#$%&*+/=?^_`{|}~-'];
    const domains = ['x.ch', 'x.ch.', 'x', '.x.ch', 'x..ch', '-x.ch', 'x-.ch', 'x-y.ch', 'x_y.ch', 'xn--mller-kva.ch', 'müller.ch', '[192.0.2.1]', '192.0.2.1', 'x.ch,', 'x.ch;', 'x.ch>', `${'b'.repeat(63)}.ch`, `${'b'.repeat(64)}.ch`, 'a.b.c.d.e'];
    const corpus = [
      'victim@x.ch.', '<victim@x.ch>', 'victim(c)@x.ch', 'g:victim@x.ch;', 'victim@x.ch,', '', '@', 'a@@b.ch', 'a@b@c.ch', ' a@b.ch', 'a@b.ch ', 'a@b.ch\n',
      ...locals.flatMap((local) => domains.map((domain) => `${local}@${domain}`)),
    ];
    // And strings drawn from the characters that matter, with a fixed seed.
    let seed = 20261126;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = 'aZ09.@-_+"<>(),:;[] \\\'!ä\t';
    for (let n = 0; n < 3000; n += 1) {
      const length = 3 + Math.floor(random() * 12);
      corpus.push(Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    }
    const rows = await sql<{ v: string; ok: boolean; table: boolean }>(
      'select v, private.is_mail_address(v) as ok, private.is_mail_address(v) and private.is_email(v) as table from unnest($1::text[]) as v',
      [corpus],
    );
    const functions = corpus.map((value) => fieldProblem('email', value, FIELD_LIMITS.email) === null);
    expect(rows.map((row) => row.ok)).toEqual(functions);
    // What the tables enforce (the older email_valid stays beside the new check) is the same set.
    expect(rows.map((row) => row.table)).toEqual(functions);
    expect(functions.filter(Boolean).length).toBeGreaterThan(30);
  }, 60_000);

  it('on what looks blank and what is a name: code point by code point', async () => {
    for (const [predicate, rule] of [
      ['private.looks_blank', looksBlank],
      ['private.is_person_name', isPersonName],
    ] as const) {
      const tried = codePointsToCompare([rule]);
      const rows = await sql<{ c: number }>(`select c from ${tried.sql} where ${predicate}(chr(c)) order by c`, tried.params);
      const functions = [...tried.codePoints()].filter((c) => rule(String.fromCodePoint(c)));
      expect(rows.map((row) => row.c), predicate).toEqual(functions);
    }
  }, 120_000);

  it('on names as the tables take them: the rules together, on strings that combine them', async () => {
    const names = [
      'Beat', 'Zoë-Chloé', "D'Alessandro", 'O’Brien', 'Nguyễn Ó Súilleabháin', '李小龍', 'J. R.', 'H.P.', 'J.R.R.', 'Karl·Heinz', 'A', '-', "'", '.',
      'bit.ly', 'Anna bit.ly', 'x.ch', 'www.bank', 'Anna .ch', 'Anna. Ch', 'Dr.med', 'O\u0308.', 'J.O\u0308.', 'e\u0301e\u0301.e\u0301e\u0301',
      'Anna1', 'Anna@x', 'a:b', 'a/b', '\u2800', 'A\u2800B', '\u3164', 'Be\u3164at', '\u115F\u1160', 'A\uFFA0', ' \u2000 ', '\u00A0', 'Anna\u00A0Muster',
      'Anna\u200BMuster', '\u034F', 'A\u034F', 'Anna\tMuster', 'x'.repeat(100), 'x'.repeat(101), 'Ä'.repeat(100), '\u0301', 'a\u0301',
      // The scripts the invoice prints, and some it does not.
      'Ὀδυσσεύς Λαέρτιος', 'Дмитрий', 'Zoe\u0308', 'דוד Müller', 'محمد', 'ジョン・スミス', 'Anna・Muster', 'Ϣenoute', 'Ａｎｎａ', 'a\u1DC4', 'राम',
    ];
    const rows = await sql<{ ok: boolean }>(
      `select not private.forbidden_in_line(v) and not private.is_blank(v) and not private.looks_blank(v)
              and private.is_person_name(v) and private.is_filled(v, $2) as ok
         from unnest($1::text[]) with ordinality as t(v, n) order by n`,
      [names, FIELD_LIMITS.name],
    );
    expect(rows.map((row) => row.ok)).toEqual(names.map((name) => fieldProblem('name', name, FIELD_LIMITS.name) === null));
  });

  it('on what is a phone number: each code point as a phone\'s last character, and strings that combine the rule\'s parts', async () => {
    // Six digits before it: the code point decides alone whether the number is one.
    const asLast = (character: string) => isPhoneNumber(`079123${character}`);
    const tried = codePointsToCompare([asLast]);
    const rows = await sql<{ c: number }>(`select c from ${tried.sql} where private.is_phone_number('079123' || chr(c)) order by c`, tried.params);
    expect(rows.map((row) => row.c)).toEqual([...tried.codePoints()].filter((c) => asLast(String.fromCodePoint(c))));

    const phones = [
      '079 123 45 67', '+41 79 123 45 67', '044/123 45 67', '(044) 123-45-67', '+41 (0)79 123 45 67', '079.123.45.67', '+41\u00A044\u00A0555\u00A027\u00A080',
      '079\u202F123\u202F45\u202F67', '123456', '12345', '1 2 3 4 5', '(1)(2)(3)(4)(5)(6)', '+123456', '++123456', '+ 123456', '079+123456', '123456+',
      '📞 079 abc', '079 abc 45 67', '', ' ', '+', '()', '0791234567\n', '\u0660\u0667\u0669\u0661\u0662\u0663\u0664', '０７９１２３４５６７', '079_123_45_67',
      '079 123 45 67 x12', '0'.repeat(32), '0'.repeat(33),
    ];
    const [row] = await sql<{ ok: boolean[] }>('select array_agg(private.is_phone_number(v) order by n) as ok from unnest($1::text[]) with ordinality as t(v, n)', [phones]);
    expect(row!.ok).toEqual(phones.map(isPhoneNumber));
    // And as the tables take them: the rule, the characters and the limit together.
    const table = await sql<{ ok: boolean }>(
      `select private.is_filled(v, private.phone_max_length()) and not private.forbidden_in_line(v) and not private.is_blank(v)
              and not private.looks_blank(v) and private.is_phone_number(v) as ok
         from unnest($1::text[]) with ordinality as t(v, n) order by n`,
      [phones],
    );
    expect(table.map((r) => r.ok)).toEqual(phones.map((phone) => fieldProblem('phone', phone, FIELD_LIMITS.phone) === null));
  }, 120_000);

  it('on the client network of the limits per day: an IPv6 /48, an IPv4 address', async () => {
    const requests: Record<string, string>[] = [
      { 'x-forwarded-for': '192.0.2.10' },
      { 'x-forwarded-for': '192.0.2.11' },
      { 'x-forwarded-for': '::ffff:192.0.2.10' },
      { 'x-forwarded-for': '2001:db8:1:2::1' },
      { 'x-forwarded-for': '2001:db8:1:3::1' },
      { 'x-forwarded-for': '2001:DB8:1:FFFF:0:0:0:1' },
      { 'cf-connecting-ip': '2001:db8:1:2:aaaa::1', 'x-forwarded-for': '2001:db8:9:9::1' },
      { 'x-forwarded-for': '2001:db8:2:2::1' },
      { 'x-forwarded-for': '2001:db8::1' },
      { 'x-forwarded-for': '2001:db8:0:1::1' },
      { 'x-forwarded-for': 'not-an-address' },
    ];
    const database: string[] = [];
    for (const headers of requests) {
      const [row] = await sql<{ network: string }>(
        `with request as materialized (select set_config('request.headers', $1, true) as set)
         select private.client_network(private.request_client()) as network from request`,
        [JSON.stringify(headers)],
      );
      database.push(row!.network);
    }
    const functions = requests.map((headers) => networkKey(clientIp(new Headers(headers))));
    const sameNetwork = (keys: string[]) => keys.map((a) => keys.map((b) => a === b));
    expect(sameNetwork(database)).toEqual(sameNetwork(functions));
    expect(new Set(functions).size).toBe(6);
  });

  it('on the booking insert\'s limits per client: computed from the same settings as the functions\'', async () => {
    type Row = { window_max: number; window_seconds: number; day_max: number };
    const asLimits = (row: Row | undefined) => ({ windowMax: row!.window_max, windowSeconds: row!.window_seconds, dayMax: row!.day_max });
    const of = async (settings: Record<string, string>) =>
      asLimits((await sql<Row>('select * from private.submission_limits_of($1::jsonb)', [JSON.stringify(settings)]))[0]);
    // Nothing stored: the functions' defaults.
    expect(await of({})).toEqual(submissionLimits(DEFAULT_LIMITS));
    // Other values, and values the functions would not take (they keep the default).
    expect(await of({ rate_limit_max: '8', rate_limit_window_seconds: '300', rate_limit_daily_max: '7', daily_mail_cap: '1000' }))
      .toEqual(submissionLimits({ ...DEFAULT_LIMITS, rateLimitMax: 8, rateLimitWindowSeconds: 300, rateLimitDailyMax: 7, dailyMailCap: 1000 }));
    expect(await of({ rate_limit_max: '0', daily_mail_cap: '60', rate_limit_daily_max: 'viele' }))
      .toEqual(submissionLimits({ ...DEFAULT_LIMITS, dailyMailCap: 60 }));
    // What the stack's functions run with (stored in Vault at its start) is what the insert counts.
    const settings = readFunctionsSettings();
    const stackLimits = readConfig((name) => settings[name]).limits;
    expect(asLimits((await sql<Row>('select * from private.submission_limits()'))[0])).toEqual(submissionLimits(stackLimits));
  });

  it('on the outcome of a request: the generated column and outcomeKeyOf, state by state', async () => {
    const states = (Object.keys(OUTCOME_OF_STATUS) as OutcomeState['status'][]).flatMap((status) =>
      [null, ...(Object.keys(OUTCOME_OF_MOVE) as NonNullable<OutcomeState['move_status']>[])].flatMap((move_status) =>
        [0, 1, 7].map((move_count): OutcomeState => ({ status, move_status, move_count }))
      )
    );
    // The column's own expression, on every state (the table's CHECKs would refuse some of
    // them as rows: the rule must still agree on each).
    const rows = await sql<{ key: string | null }>(
      `select private.outcome_key(s ->> 'status', s ->> 'move_status', (s ->> 'move_count')::integer) as key
         from jsonb_array_elements($1::jsonb) with ordinality as t(s, n) order by n`,
      [JSON.stringify(states)],
    );
    expect(rows.map((row) => row.key)).toEqual(states.map(outcomeKeyOf));
    const [column] = await sql<{ expression: string }>(
      `select pg_get_expr(d.adbin, d.adrelid) as expression from pg_attrdef d
         join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
        where d.adrelid = 'public.appointment_requests'::regclass and a.attname = 'outcome_key'`,
    );
    expect(column!.expression).toMatch(/private\.outcome_key\(status, move_status, move_count\)/);
  });
});
