/**
 * Shared set-up of the backend integration suites: by default one embedded stack per suite
 * on free ports (PGlite, or the PostgreSQL server in DATABASE_URL with a database of its
 * own), the real Deno functions and the mail catcher, with the functions' settings of
 * supabase/functions/.env.example; or, with TEST_BACKEND=supabase-start, a running
 * backend (tests/support/backend-target.ts). Each test acts as a client of its own
 * (X-Forwarded-For and e-mail address), so the rate limits of one test never decide another.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { expect, vi } from 'vitest';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { bookableDays } from '../../supabase/functions/_shared/domain/availability.ts';
import { zurichIsoDate } from '../../supabase/functions/_shared/domain/dates.ts';
import { appointmentFormSubmission, type NewAppointmentRequest, type FormChallenge, type FormProof } from '../../supabase/functions/_shared/domain/wire-types.ts';
import { CHALLENGE_TTL_SECONDS, PROOF_ALGORITHM, PROOF_COST } from '../../supabase/functions/_shared/forms/form-proof-parameters.ts';
import { encodeFormProofHeader, FORM_PROOF_HEADER } from '../../src/components/forms/form-proof-header.ts';
import { clientKey, emailKey, hashKey } from '../../supabase/functions/_shared/database/rate-limit.ts';
import { formMailKey } from '../../supabase/functions/_shared/mail/mail-keys.ts';
import { readFunctionsSettings } from '../../scripts/stack/start-stack.ts';
import { startBackendTarget, wantsRunningBackend, type BackendTarget } from '../support/backend-target.ts';

export type TestBackend = BackendTarget;

// A test here makes several calls through the gateway, the functions and the database, and
// runs beside the other suites on two cores: more than vitest's default 5 s (this applies to
// each suite that imports the harness).
vi.setConfig({ testTimeout: 30_000 });

/** The site's origin as supabase/functions/.env.example allows it (the dev server). */
export const SITE_ORIGIN = 'http://localhost:5173';

/**
 * Whether this run has a stand-in of its own. Tests that change what all clients share
 * (grants, the daily mail cap), read the functions' logs or need a mail outage (Mailpit's
 * chaos API, off in `supabase start`) run only then.
 */
export const ownStandIn = !wantsRunningBackend();

/**
 * The backend for a suite: the stand-in started here, with the project's settings as
 * `supabase start` would give them, or a running one (TEST_BACKEND=supabase-start).
 */
export function backendTarget({ functions = true }: { functions?: boolean } = {}): Promise<TestBackend> {
  return startBackendTarget({
    functions,
    // A suite calls a few of the functions: each starts with its first call.
    functionsBoot: 'on-first-call',
    ports: { gateway: 0, db: 0, mailUi: 0, smtp: 0 },
    dataDir: null,
    isolateDatabase: true,
    smtpUrl: null,
    trustForwardedFor: true,
    quiet: true,
  });
}

let clientCounter = 0;

/** A visitor of their own: an IP address and an e-mail address no other test uses. */
export function newVisitor() {
  clientCounter += 1;
  const tag = `${process.pid}-${clientCounter}-${randomUUID().slice(0, 8)}`;
  return {
    ip: `10.${(clientCounter >> 8) & 255}.${clientCounter & 255}.${1 + (process.pid % 250)}`,
    email: `besuch-${tag}@example.ch`,
  };
}

const usedNetworks = new Set<number>();

/**
 * An IPv6 /48 (`2001:db8:<group>`, the documentation prefix) no other test of the run uses,
 * for the limits counted per /64 and per /48 for the day. Random, not the process id: the
 * backend suites share their worker (vite.config.ts, `integration`), and against a running
 * backend every suite of the run counts in the same tables.
 */
export function ownIpv6Network(): string {
  let group: number;
  do group = randomInt(1, 0xffff);
  while (usedNetworks.has(group));
  usedNetworks.add(group);
  return `2001:db8:${group.toString(16)}`;
}

class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by this site');
  }
}

/** supabase-js as the site creates it, with the publishable key, speaking as one visitor. */
export function browserClient(backend: TestBackend, ip: string): SupabaseClient {
  return createClient(backend.apiUrl, backend.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // The site never uses Realtime; supabase-js only needs a transport to exist. This one
    // refuses to open, so a suite that subscribed by mistake would fail loudly.
    realtime: { transport: NoRealtime as unknown as typeof WebSocket },
    global: { headers: { 'X-Forwarded-For': ip, Origin: SITE_ORIGIN } },
  });
}

/** supabase-js with the secret key, as the edge functions call the database's RPCs. */
export function serviceClient(backend: TestBackend): SupabaseClient {
  return createClient(backend.apiUrl, backend.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as unknown as typeof WebSocket },
  });
}

/**
 * A day the site may book (domain/availability.ts: open, not a holiday, inside the window),
 * at least `daysAhead` days from today – or the first bookable day when that one is nearer.
 * The REST insert refuses any other day (…_appointment_requests.sql); closures are not
 * looked at (the suites close days only far ahead: availability.test.ts).
 */
export function bookableDate(daysAhead = 7): string {
  const days = bookableDays(zurichIsoDate(), 200);
  return days.find((day) => day >= zurichIsoDate(daysAhead)) ?? days[0]!;
}

/** The hourly start times: appointments of up to 60 minutes started at two of them never overlap. */
const HOURLY_TIMES = ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00'] as const;

/**
 * Slots for the appointments a suite confirms, one per call and each on an hour of its own
 * (09:00, 10:00, 11:00, 13:00 … 20:00) on the bookable days from `fromDays` days ahead: two
 * of them never overlap, so a fixture never meets the advisors' capacity (domain/capacity.ts:
 * at most two appointments at once). Each suite starts at days of its own, so suites sharing
 * one backend (TEST_BACKEND=supabase-start) never fill each other's slots. Days ahead in use:
 * 7–12 single bookings, 30– appointment-lifecycle, 40–55 calendar-feed and outbox-mails,
 * 60– exactly-once, 64– sleep-diary, 69– invoices, 73– invoice-action, 80–110 availability,
 * 115–149 capacity, 120– my-data-function, 120–171 earlier-time, closures from 150.
 */
export function slotSequence(fromDays: number): () => { date: string; time: string } {
  const days = bookableDays(zurichIsoDate(), 200).filter((day) => day >= zurichIsoDate(fromDays));
  let next = 0;
  return () => {
    const date = days[Math.floor(next / HOURLY_TIMES.length)];
    if (date === undefined) throw new Error(`slotSequence(${fromDays}): no bookable day left`);
    const time = HOURLY_TIMES[next % HOURLY_TIMES.length]!;
    next += 1;
    return { date, time };
  };
}

/**
 * An appointment row as the site inserts it (a bookable day about a week ahead), with any
 * field overridden. Without a `language` override it names none: the spec's insert, which
 * the database stores German (the site itself always names the page's language).
 */
export function newAppointmentRequest(email: string, overrides: Record<string, unknown> = {}): NewAppointmentRequest {
  return {
    id: crypto.randomUUID(),
    first_name: 'Beat',
    last_name: 'Keller',
    email,
    phone: '+41 79 555 12 34',
    service: 'Schlafberatung',
    preferred_date: bookableDate(7),
    preferred_time: '09:30',
    alternative_date: null,
    alternative_time: null,
    message: null,
    ...overrides,
  } as NewAppointmentRequest;
}

/** send-appointment-email's body for a stored row, as src/features/appointment builds it beside the row. */
export function appointmentSubmission(row: NewAppointmentRequest) {
  return appointmentFormSubmission(row, { website: '', elapsedMs: 20_000 });
}

/** A date n days from today in Zurich, as the date input sends it. */
export { zurichIsoDate as zurichDate };

function siteHeaders(backend: TestBackend, ip: string, origin: string | null): Record<string, string> {
  return {
    Authorization: `Bearer ${backend.publishableKey}`,
    apikey: backend.publishableKey,
    'X-Forwarded-For': ip,
    ...(origin ? { Origin: origin } : {}),
  };
}

/**
 * A form proof as the site makes one: the function's challenge (GET through supabase-js
 * with the publishable key), solved with altcha-lib (Node's PBKDF2 here, WebCrypto in the browser).
 */
export async function solvedProof(backend: TestBackend, name: string, ip: string): Promise<FormProof> {
  const { data, error } = await browserClient(backend, ip).functions.invoke<{ challenge: FormChallenge }>(name, { method: 'GET' });
  if (error || !data) throw new Error(`GET ${name}: ${String(error)}`);
  const { challenge } = data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error(`${name}: challenge not solved`);
  return { challenge, solution };
}

/**
 * A solved form proof for `fn` without asking the function: a challenge with the
 * function's parameters, signed with the functions' FORM_PROOF_SECRET (the value the
 * local stack also stores in Vault, and `supabase start` loads from supabase/functions/.env),
 * so Postgres and the function check it as one they issued. The counter is 1, not the
 * function's random 300–1200: neither checks which counter was searched for (the derived
 * key's signature is what they check), and the suites stay fast.
 */
export async function signedProof(
  fn = 'send-appointment-email',
  secret = readFunctionsSettings().FORM_PROOF_SECRET ?? '',
  expiresAt = Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
): Promise<FormProof> {
  const challenge = await createChallenge({
    algorithm: PROOF_ALGORITHM,
    cost: PROOF_COST,
    counter: 1,
    deriveKey,
    data: { fn },
    expiresAt,
    hmacSignatureSecret: `${secret}/challenge`,
    hmacKeySignatureSecret: `${secret}/derived-key`,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error(`${fn}: challenge not solved`);
  return { challenge, solution } as FormProof;
}

/**
 * The header the site's appointment insert carries (src/features/appointment/
 * appointment-request.ts): `x-form-proof` with a fresh proof for send-appointment-email.
 */
export async function formProofHeaders(proof?: FormProof): Promise<Record<string, string>> {
  return { [FORM_PROOF_HEADER]: encodeFormProofHeader(proof ?? (await signedProof())) };
}

/** The `x-form-proof` header's value, encoded by the site's own code. */
export const proofHeader = encodeFormProofHeader;

/** The insert with `proof` in `x-form-proof` (none when null), as the site's client sends it. */
async function insertWithProof(backend: TestBackend, ip: string, row: Record<string, unknown> | Record<string, unknown>[], proof: FormProof | null) {
  const insert = browserClient(backend, ip).from('appointment_requests').insert(row);
  const { error, status, data } = proof ? await insert.setHeader(FORM_PROOF_HEADER, proofHeader(proof)) : await insert;
  return { error, status, data, proof };
}

/**
 * A proof for `fn` that is genuine but past its expiry (`secondsAgo` seconds): signed and
 * solved like signedProof, so what refuses it is the expiry alone.
 */
export function expiredProof(fn = 'send-appointment-email', secondsAgo = 60): Promise<FormProof> {
  return signedProof(fn, undefined, Math.floor(Date.now() / 1000) - secondsAgo);
}

/**
 * The booking form's first step as the site makes it: the insert into appointment_requests
 * with a proof for send-appointment-email in `x-form-proof`. The proof is signed here
 * (signedProof), not solved from the function's own challenge: the database and the
 * function check it the same way, and a solved one costs a tenth of a CPU-second
 * (solvedProof, for the tests about the challenge itself). A new proof unless one is given;
 * `proof: null` sends none. Returns supabase-js's answer (error, status, data) and the proof,
 * which the function call then reuses.
 */
export async function insertAppointment(
  backend: TestBackend,
  ip: string,
  row: Record<string, unknown> | Record<string, unknown>[],
  { proof }: { proof?: FormProof | null } = {},
) {
  return insertWithProof(backend, ip, row, proof === undefined ? await signedProof() : proof);
}

/**
 * The key under which the form functions count a client (`<fn>:ip`, `<fn>:ip-day`) or an
 * e-mail address (`<fn>:email`) in public.rate_limit_events: the salted hash of
 * supabase/functions/_shared/database/rate-limit.ts, with the functions' RATE_LIMIT_SALT. Lets a
 * test stand for earlier requests without making them.
 */
export async function functionRateKey(kind: 'client' | 'email', value: string): Promise<string> {
  const salt = readFunctionsSettings().RATE_LIMIT_SALT ?? '';
  return hashKey(salt, kind === 'client' ? clientKey(value.toLowerCase()) : emailKey(value));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Raw HTTP to a function, as an attacker (or curl) would call it; by default with the
 * site's key and, for a body without `altcha`, a fresh signed proof (signedProof; proof: false sends
 * the body as it is).
 */
export async function callFunction(
  backend: TestBackend,
  name: string,
  body: unknown,
  {
    ip,
    origin = SITE_ORIGIN,
    raw,
    headers = {},
    proof = true,
  }: { ip: string; origin?: string | null; raw?: string; headers?: Record<string, string>; proof?: boolean },
) {
  const sent = proof && raw === undefined && isPlainObject(body) && !('altcha' in body)
    ? { ...body, altcha: await signedProof(name) }
    : body;
  const response = await fetch(`${backend.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { ...siteHeaders(backend, ip, origin), 'Content-Type': 'application/json', ...headers },
    body: raw ?? JSON.stringify(sent),
  });
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}


// ---------------------------------------------------------------------------------------
// The outbox (supabase/migrations/…_outbox.sql): every mail owed about a contact message
// or an appointment request is one row of public.outbox_mails. Read here as the suites
// read the mail state of a message or a request (added for the outbox refactor).

/** The kinds of outbox mail (…_outbox.sql, kind_valid). */
export type OutboxKind = 'contact' | 'request' | 'outcome' | 'reminder';

/** One row of public.outbox_mails, as the suites read it. */
export interface OutboxMail {
  id: string;
  kind: OutboxKind;
  about: string | null;
  idempotency_key: string;
  created_at: Date;
  claim: string | null;
  claimed_at: Date | null;
  attempts: number;
  next_attempt_at: Date | null;
  last_cause: string | null;
  failed_at: Date | null;
  request_reported_at: Date | null;
  sent_at: Date | null;
  gave_up_at: Date | null;
  reported_at: Date | null;
  superseded_at: Date | null;
}

/** The outbox rows of kind `kind` about the message or request `refId`, oldest first. */
export async function outboxMails(backend: TestBackend, kind: OutboxKind, refId: string): Promise<OutboxMail[]> {
  const { rows } = await backend.query<OutboxMail>(
    `select id, kind, about, idempotency_key, created_at, claim, claimed_at, attempts, next_attempt_at, last_cause,
            failed_at, request_reported_at, sent_at, gave_up_at, reported_at, superseded_at
       from public.outbox_mails
      where kind = $1 and coalesce(contact_message_id, appointment_request_id) = $2
      order by created_at, id`,
    [kind, refId],
  );
  return rows;
}

/**
 * The outbox row of the practice's mail of a contact message (kind 'contact') or an
 * appointment request ('request'): undefined when the message or request is not stored;
 * throws when it is stored without one (every stored one owes its mail).
 */
export async function practiceMail(backend: TestBackend, kind: 'contact' | 'request', refId: string): Promise<OutboxMail | undefined> {
  const table = kind === 'contact' ? 'contact_submissions' : 'appointment_requests';
  const { rows } = await backend.query(`select 1 from public.${table} where id = $1`, [refId]);
  const mails = await outboxMails(backend, kind, refId);
  if (rows.length === 0) return undefined;
  if (mails.length !== 1) throw new Error(`${kind} ${refId}: ${mails.length} outbox rows of its practice mail, not 1`);
  return mails[0];
}

/**
 * Moves the outbox rows of a message or a request `interval` back (created_at): the
 * outbox's grace counts from a row's creation, so a test that ages what the visitor sent
 * ages its mails with it.
 */
export async function ageOutboxMails(backend: TestBackend, refId: string | string[], interval = '3 minutes'): Promise<void> {
  await backend.query(
    `update public.outbox_mails set created_at = created_at - $2::interval
      where coalesce(contact_message_id, appointment_request_id) = any($1::uuid[])`,
    [Array.isArray(refId) ? refId : [refId], interval],
  );
}

/** The outbox row of a form's acknowledgement, as the suites read it once it is finished. */
export interface FinishedAcknowledgement {
  sent_at: Date | null;
  /** Set when it was dropped: its limits held it back (last_cause 'ack_limited'). */
  superseded_at: Date | null;
  last_cause: string | null;
}

/**
 * The acknowledgement of a contact message or an appointment request (its outbox row, key
 * formMailKey) once it is finished – sent, or dropped by its limits. The form functions
 * send it after their answer, so a test that counts acknowledgements waits for this first:
 * then whatever was sent is caught.
 */
export async function finishedAcknowledgement(backend: TestBackend, kind: 'contact' | 'request', id: string): Promise<FinishedAcknowledgement> {
  const read = async () =>
    (await backend.query<FinishedAcknowledgement>(
      `select sent_at, superseded_at, last_cause from public.outbox_mails where idempotency_key = $1`,
      [formMailKey(kind, id, 'visitor')],
    )).rows[0];
  await expect.poll(async () => {
    const row = await read();
    return row !== undefined && (row.sent_at !== null || row.superseded_at !== null);
  }, { timeout: 10_000, interval: 20 }).toBe(true);
  return (await read())!;
}

/**
 * Waits until no acknowledgement owed in the last few minutes is still to be decided by the
 * call that owes it: the form functions send it after their answer, so one test's
 * acknowledgement could otherwise arrive in the catcher after the next test cleared it.
 * Finished (sent, dropped), failed once (then the outbox's) or given up all count as decided.
 */
export async function settleAcknowledgements(backend: TestBackend): Promise<void> {
  await expect.poll(async () =>
    Number((await backend.query<{ n: string }>(
      `select count(*) as n from public.outbox_mails
        where kind = 'acknowledgement' and sent_at is null and superseded_at is null and failed_at is null
          and gave_up_at is null and created_at > now() - interval '5 minutes'`,
    )).rows[0]!.n), { timeout: 10_000, interval: 20 }).toBe(0);
}

/**
 * Every place the database still holds one of `needles` (lower case): `schema.table.column`
 * of each row, over every text, JSON and array column of every table the stack has (the
 * project's and the stand-in's own), compared in lower case – an address is found whatever
 * the case it was stored in. `except`: tables (`schema.table`) left out, what is kept on
 * purpose (an invoice, kept ten years by law).
 */
export async function rowsNaming(backend: TestBackend, needles: string[], { except = [] }: { except?: string[] } = {}): Promise<string[]> {
  const { rows: columns } = await backend.query<{ table_name: string; column_name: string; at: string }>(
    `select format('%I.%I', c.table_schema, c.table_name) as table_name, format('%I', c.column_name) as column_name,
            c.table_schema || '.' || c.table_name || '.' || c.column_name as at
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
        and not (c.table_schema || '.' || c.table_name = any($1::text[]))
      order by 1, 2`,
    [except],
  );
  if (columns.length === 0) throw new Error('no text columns found: the scan would pass for nothing');
  const lower = needles.map((needle) => needle.toLowerCase());
  const found: string[] = [];
  // One statement per table, its columns together (a union of them all is slow on PGlite).
  const byTable = new Map<string, typeof columns>();
  for (const column of columns) byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column]);
  for (const [table, cols] of byTable) {
    const { rows } = await backend.query<{ at: string }>(
      cols.map((col, i) =>
        `select $${i + 2}::text as at from ${table} x
          where exists (select 1 from unnest($1::text[]) n where strpos(lower(x.${col.column_name}::text), n) > 0)`).join(' union all '),
      [lower, ...cols.map((col) => col.at)],
    );
    found.push(...rows.map((row) => row.at));
  }
  return found;
}
