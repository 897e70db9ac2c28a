// @vitest-environment node
/**
 * The client address as the platform gives it: the stand-in's gateway, like Cloudflare in
 * front of hosted Supabase, sets CF-Connecting-IP (and X-Forwarded-For) from the
 * connection, whatever the caller wrote. A flood that writes a new address into every
 * request is still counted as one client – by the functions and by the database's guard
 * of the booking insert alike.
 *
 * And the probes of a stranger with many machines: each stranger is another loopback
 * address (127.0.0.x, a connection of its own that the gateway sees as another client),
 * not a header it could write itself.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../scripts/stack/start-stack.ts';
import { appointmentSubmission, newAppointmentRequest, callFunction, newVisitor, ownStandIn, proofHeader, signedProof, SITE_ORIGIN, solvedProof, insertAppointment } from './stack-harness.ts';
import { standInTarget, type BackendTarget } from '../support/backend-target.ts';
import { addressesOf, isTo, mailApi } from '../support/mail-api.ts';
import { CONTACT_PRACTICE_TITLE } from '../../supabase/functions/_shared/forms/request-emails.ts';

const CONTACT = 'send-contact-email';
const APPOINTMENT = 'send-appointment-email';
const PRACTICE = 'praxis@ruhepol-schlafberatung.ch';

/** A POST to a function from the loopback address `from`, with the site's key and origin, no forwarding headers. */
function postFrom(from: string, name: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return requestFrom(from, `/functions/v1/${name}`, body);
}

/**
 * A POST to the API from the loopback address `from`, with the site's key and origin and
 * any further headers (a forged X-Forwarded-For, the insert's x-form-proof).
 */
function requestFrom(
  from: string,
  pathname: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const url = new URL(`${backend.apiUrl}${pathname}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: {
          apikey: backend.publishableKey,
          authorization: `Bearer ${backend.publishableKey}`,
          origin: SITE_ORIGIN,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Client n of a probe: 127.0.<block>.<n>, another address for each. */
const client = (block: number, n: number) => `127.0.${block}.${n}`;

function message(email: string) {
  return {
    requestId: randomUUID(),
    name: 'Anna Muster', email, phone: null, subject: 'Nackenschmerzen',
    message: 'Ich wache jeden Morgen mit Nackenschmerzen auf.', website: '', elapsedMs: 15_000,
  };
}

let stack: RunningStack | undefined;
let backend: BackendTarget;

beforeAll(async () => {
  if (!ownStandIn) return;
  // Unlike the other suites' stand-ins, this one does not trust a caller's headers.
  stack = await startStack({
    ports: { gateway: 0, db: 0, mailUi: 0, smtp: 0 },
    dataDir: null,
    isolateDatabase: true,
    smtpUrl: null,
    quiet: true,
    functionsEnv: { ALLOWED_ORIGINS: SITE_ORIGIN },
  });
  backend = standInTarget(stack);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

it.runIf(ownStandIn)('counts a caller that forges CF-Connecting-IP and X-Forwarded-For by its connection', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    const forged = newVisitor();
    const body = {
      requestId: randomUUID(),
      name: 'Anna Muster', email: `flood-${randomUUID()}@example.ch`, phone: null, subject: null,
      message: 'Test', website: '', elapsedMs: 12_000,
    };
    const result = await callFunction(backend, 'send-contact-email', body, { ip: forged.ip, headers: { 'CF-Connecting-IP': forged.ip } });
    statuses.push(result.status);
  }
  // RATE_LIMIT_MAX is 5 per client in 10 minutes: the sixth is refused although every
  // request claimed another address.
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
}, 30_000);

it.runIf(ownStandIn)('400 bogus calls from 100 clients leave a genuine message from another client delivered', async () => {
  const mail = mailApi(backend.mailUrl);
  const victim = `opfer-${randomUUID()}@example.ch`;
  // What strangers can make without doing the work: no proof, a proof they solved wrongly,
  // the other form's proof, and one genuine proof reused for ever new messages.
  const unsolved = await solvedProof(backend, CONTACT, '127.0.0.1');
  unsolved.solution = { counter: 0, derivedKey: '00'.repeat(32) };
  const otherForm = await solvedProof(backend, APPOINTMENT, '127.0.0.1');
  const reused = await solvedProof(backend, CONTACT, '127.0.0.1');
  expect((await postFrom(client(1, 1), CONTACT, { ...message(`erster-${randomUUID()}@example.ch`), altcha: reused })).status).toBe(200);
  const bogus = [
    () => message(victim),
    () => ({ ...message(victim), altcha: unsolved }),
    () => ({ ...message(victim), altcha: otherForm }),
    () => ({ ...message(victim), altcha: reused }),
  ];
  const statuses = new Map<number, number>();
  for (let batch = 0; batch < 4; batch += 1) {
    const calls = Array.from({ length: 100 }, (_, n) => postFrom(client(2, n + 1), CONTACT, bogus[batch]!()));
    for (const { status } of await Promise.all(calls)) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  // 100 without a proof are malformed (400); the 300 with a false or spent proof are refused (403).
  expect(Object.fromEntries(statuses)).toEqual({ 400: 100, 403: 300 });

  const genuine = { ...message(victim), altcha: await solvedProof(backend, CONTACT, '127.0.0.1') };
  expect(await postFrom(client(3, 1), CONTACT, genuine)).toEqual({ status: 200, json: { ok: true } });
  const delivered = await mail.waitFor((m) => isTo(m, PRACTICE) && addressesOf(m.ReplyTo).includes(victim));
  expect(delivered.Subject).toBe(`${CONTACT_PRACTICE_TITLE}: Anna Muster`);
}, 120_000);

it.runIf(ownStandIn)('a captured genuine request replayed from 20 clients sends no mail', async () => {
  const mail = mailApi(backend.mailUrl);
  const email = `echt-${randomUUID()}@example.ch`;
  const captured = { ...message(email), altcha: await solvedProof(backend, CONTACT, '127.0.0.1') };
  expect((await postFrom(client(4, 1), CONTACT, captured)).status).toBe(200);
  await mail.waitFor((m) => isTo(m, PRACTICE) && addressesOf(m.ReplyTo).includes(email));

  // As captured: the same request again, so the answer is the one a retry gets (it worked).
  const replays = await Promise.all(Array.from({ length: 20 }, (_, n) => postFrom(client(5, n + 1), CONTACT, captured)));
  expect(replays.map((reply) => reply.status)).toEqual(Array(20).fill(200));
  // Altered to carry the attacker's own message under the captured proof: refused.
  const altered = await Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      postFrom(client(6, n + 1), CONTACT, { ...captured, requestId: randomUUID(), message: `Werbung ${n}`, email: `spam-${n}@example.ch` })
    ),
  );
  expect(altered.map((reply) => reply.json)).toEqual(Array(20).fill({ error: 'proof_refused', reason: 'used' }));

  // The catcher gets every mail before the function answers: the answers are the event to check after.
  const toPractice = (await mail.all()).filter((m) => isTo(m, PRACTICE));
  expect(toPractice.filter((m) => addressesOf(m.ReplyTo).includes(email))).toHaveLength(1);
  expect(toPractice.filter((m) => addressesOf(m.ReplyTo).some((address) => address.startsWith('spam-')))).toHaveLength(0);
  const stored = await backend.query<{ n: string }>('select count(*) as n from public.contact_submissions where email = $1', [email]);
  expect(Number(stored.rows[0]!.n)).toBe(1);

  // The same for a booking: the captured call names a stored, mailed request and carries
  // the proof its insert carried (as the site sends both).
  const booker = `termin-${randomUUID()}@example.ch`;
  const row = newAppointmentRequest(booker);
  const insert = await insertAppointment(backend, '127.0.0.1', row);
  expect(insert.error).toBeNull();
  const booking = { ...appointmentSubmission(row), altcha: insert.proof };
  expect((await postFrom(client(8, 1), APPOINTMENT, booking)).status).toBe(200);
  const bookingReplays = await Promise.all(Array.from({ length: 20 }, (_, n) => postFrom(client(9, n + 1), APPOINTMENT, booking)));
  expect(bookingReplays.map((reply) => reply.status)).toEqual(Array(20).fill(200));
  // The practice's mail of a request has Reply-To the practice (it carries the staff links): it names the visitor in its text.
  const bookingMails = (await mail.all()).filter((m) => isTo(m, PRACTICE) && (m.Text ?? '').includes(booker));
  expect(bookingMails).toHaveLength(1);
  expect(addressesOf(bookingMails[0]!.ReplyTo)).toEqual([PRACTICE]);
}, 60_000);

it.runIf(ownStandIn)('other loopback addresses are other clients: each has its own 5 calls', async () => {
  const results = await Promise.all(
    [1, 2, 3].map(async (n) => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const body = { ...message(`kunde-${randomUUID()}@example.ch`), altcha: await solvedProof(backend, CONTACT, '127.0.0.1') };
        statuses.push((await postFrom(client(7, n), CONTACT, body)).status);
      }
      return statuses;
    }),
  );
  expect(results).toEqual(Array(3).fill([200, 200, 200, 200, 200, 429]));
}, 90_000);

it.runIf(ownStandIn)('counts a booking insert by its connection too: forged addresses from one connection store at most 5', async () => {
  const from = client(10, 1);
  const statuses: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const forged = newVisitor().ip;
    // A genuine proof per insert and a new address in each header the caller can write.
    const { status } = await requestFrom(from, '/rest/v1/appointment_requests', newAppointmentRequest(`flut-${randomUUID()}@example.ch`), {
      prefer: 'return=minimal',
      'x-form-proof': proofHeader(await signedProof()),
      'x-forwarded-for': forged,
      'cf-connecting-ip': forged,
    });
    statuses.push(status);
  }
  // 5 per client in 10 minutes, as the function counts: the 6th and 7th are refused although each named another address.
  expect(statuses).toEqual([...Array(5).fill(201), 401, 401]);
  // Another connection is another client.
  const other = await requestFrom(client(10, 2), '/rest/v1/appointment_requests', newAppointmentRequest(`ander-${randomUUID()}@example.ch`), {
    prefer: 'return=minimal',
    'x-form-proof': proofHeader(await signedProof()),
  });
  expect(other.status).toBe(201);
}, 60_000);
