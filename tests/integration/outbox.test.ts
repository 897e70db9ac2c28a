// @vitest-environment node
/**
 * Nothing a visitor sends is lost, against the real stack: PGlite or
 * PostgreSQL 15, the functions under Deno, the mail catcher.
 * - A mail outage, the visitor gone: after it, the outbox (send-pending-mail, called as
 *   pg_cron or the stack's timer calls it) delivers the stored message and request exactly
 *   once, also when two runs and the visitor's own retry meet.
 * - Limits that hold: a request refused by a limit is refused again when sent again.
 * - The insert carries its proof: nothing is stored without one, a proof stores one row,
 *   and one client (an IPv6 /64 included) stores at most its quota.
 * - The morning digest's content.
 */
import { WAITING_MAIL_LABELS, WAITING_TITLE, waitedTooLong } from '../../supabase/functions/send-practice-digest/digest-email.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressesOf, isTo, mailApi, type MailApi } from '../support/mail-api.ts';
import {
  ageOutboxMails,
  appointmentSubmission,
  backendTarget,
  bookableDate,
  callFunction,
  insertAppointment,
  newAppointmentRequest,
  newVisitor,
  ownIpv6Network,
  ownStandIn,
  practiceMail,
  proofHeader,
  solvedProof,
  type TestBackend,
  zurichDate,
} from './stack-harness.ts';

let backend: TestBackend;
let mail: MailApi;
const PRACTICE = 'praxis@ruhepol-schlafberatung.ch';

beforeAll(async () => {
  backend = await backendTarget();
  mail = mailApi(backend.mailUrl);
}, 180_000);

afterAll(async () => {
  await mail?.outage(false);
  await backend?.stop();
});

beforeEach(async () => {
  await mail.outage(false);
  await mail.clear();
});

/** A scheduled function, called as the hosted job and the local timer call it: POST with the secret key. */
async function runJob(name: 'send-pending-mail' | 'send-practice-digest', body: Record<string, unknown> = {}) {
  const response = await fetch(`${backend.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** The visitor's own call goes first: the outbox leaves mails younger than two minutes alone. Age them, with what they are about. */
async function age(table: 'contact_submissions' | 'appointment_requests', id: string) {
  await backend.query(`update public.${table} set created_at = created_at - interval '3 minutes' where id = $1`, [id]);
  await ageOutboxMails(backend, id);
}

/** The practice mails (outbox rows) of a contact message and an appointment request, in that order. */
const practiceMailsOf = async (contactId: string, requestId: string) =>
  [await practiceMail(backend, 'contact', contactId), await practiceMail(backend, 'request', requestId)];

function contactSubmission(email: string) {
  return {
    requestId: crypto.randomUUID(),
    name: 'Anna Muster',
    email,
    phone: null,
    subject: 'Nackenschmerzen',
    message: 'Ich wache jeden Morgen mit Nackenschmerzen auf.',
    website: '',
    elapsedMs: 20_000,
  };
}

const practiceMails = async (needle: string) =>
  (await mail.all()).filter((m) => isTo(m, PRACTICE) && (m.Text ?? '').includes(needle));

describe.runIf(ownStandIn)('the outbox after a mail outage', () => {
  it('delivers a stored message and request exactly once after the outage, with the visitor gone', async () => {
    const visitor = newVisitor();
    await mail.outage(true);
    const contact = contactSubmission(visitor.email);
    const sentContact = await callFunction(backend, 'send-contact-email', contact, { ip: visitor.ip });
    expect(sentContact).toMatchObject({ status: 502, json: { error: 'mail_failed', stored: true } });

    const booking = newVisitor();
    const row = newAppointmentRequest(booking.email, { message: `Outbox ${booking.email}` });
    const stored = await insertAppointment(backend, booking.ip, row);
    expect(stored.error).toBeNull();
    const sentBooking = await callFunction(backend, 'send-appointment-email', { ...appointmentSubmission(row), altcha: stored.proof }, { ip: booking.ip });
    expect(sentBooking).toMatchObject({ status: 502, json: { error: 'mail_failed', stored: true } });

    // Both visitors close their tabs. The outage goes on for a while: a run fails and backs off.
    await age('contact_submissions', contact.requestId);
    await age('appointment_requests', row.id);
    const during = await runJob('send-pending-mail');
    expect(during).toMatchObject({ status: 502, json: { sent: 0, failed: 2 } });
    const deliveries = await practiceMailsOf(contact.requestId, row.id);
    expect(deliveries.map((d) => d?.attempts)).toEqual([1, 1]);

    // The outage ends. The next attempt is due after the backoff (a minute): let it pass.
    await mail.outage(false);
    expect((await runJob('send-pending-mail')).json).toMatchObject({ sent: 0, failed: 0 });
    await backend.query(
      `update public.outbox_mails set next_attempt_at = now()
        where kind in ('contact', 'request') and coalesce(contact_message_id, appointment_request_id) = any($1::uuid[])`,
      [[contact.requestId, row.id]],
    );

    // Two runs at once (the timer and a second caller): each mail goes out once.
    const [a, b] = await Promise.all([runJob('send-pending-mail'), runJob('send-pending-mail')]);
    expect(Number(a.json.sent) + Number(b.json.sent)).toBe(2);
    expect(await practiceMails('Ich wache jeden Morgen mit Nackenschmerzen auf.')).toHaveLength(1);
    const [requestMail] = await practiceMails(`Outbox ${booking.email}`);
    expect(requestMail!.Subject).toMatch(/^\[Verspätet\] Neue Terminanfrage: Beat Keller/);
    expect(requestMail!.Text).toContain('/termin/aktion#');
    expect(await practiceMails(`Outbox ${booking.email}`)).toHaveLength(1);
    // The visitors' acknowledgements went out too.
    await mail.waitFor((m) => isTo(m, visitor.email));
    await mail.waitFor((m) => isTo(m, booking.email));

    // Marked as sent (the outbox rows are kept, their backoff cleared); later runs and the visitor's own retry send nothing.
    const sentMails = await practiceMailsOf(contact.requestId, row.id);
    expect(sentMails.map((m) => m?.sent_at)).toEqual([expect.any(Date), expect.any(Date)]);
    expect(sentMails.map((m) => m?.next_attempt_at)).toEqual([null, null]);
    expect((await runJob('send-pending-mail')).json).toMatchObject({ sent: 0 });
    expect(await callFunction(backend, 'send-contact-email', contact, { ip: visitor.ip })).toMatchObject({ status: 200 });
    expect(await practiceMails('Ich wache jeden Morgen mit Nackenschmerzen auf.')).toHaveLength(1);
    const { rows: runs } = await backend.query<{ ok: boolean }>(`select ok from public.job_runs where job = 'send-pending-mail' order by id`);
    expect(runs.map((r) => r.ok)).toContain(false);
  });

  it('forgets the failure record of a row that is gone (retention, a discarded bot request)', async () => {
    // A message and a request whose practice mails failed (their outbox rows carry the
    // failures), then deleted – by the retention or as a discarded bot request.
    const contactId = crypto.randomUUID();
    await backend.query(`insert into public.contact_submissions (id, name, email, message) values ($1, 'Anna Muster', $2, 'Hallo')`, [
      contactId,
      newVisitor().email,
    ]);
    const row = newAppointmentRequest(newVisitor().email);
    await backend.query(
      `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [row.id, row.first_name, row.last_name, row.email, row.phone, row.service, row.preferred_date, row.preferred_time],
    );
    await backend.query(`update public.outbox_mails set attempts = 2, last_cause = 'smtp_554' where contact_message_id = $1`, [contactId]);
    await backend.query(`update public.outbox_mails set attempts = 1, last_cause = 'smtp_554' where appointment_request_id = $1`, [row.id]);
    expect((await practiceMailsOf(contactId, row.id)).map((m) => m?.attempts)).toEqual([2, 1]);
    await backend.query('delete from public.contact_submissions where id = $1', [contactId]);
    await backend.query('delete from public.appointment_requests where id = $1', [row.id]);
    await runJob('send-pending-mail');
    const { rows: left } = await backend.query(
      'select kind from public.outbox_mails where coalesce(contact_message_id, appointment_request_id) = any($1::uuid[])',
      [[contactId, row.id]],
    );
    expect(left).toEqual([]);
  });

  it('leaves a row younger than two minutes to the visitor\'s own call', async () => {
    const visitor = newVisitor();
    const row = newAppointmentRequest(visitor.email);
    expect((await insertAppointment(backend, visitor.ip, row)).error).toBeNull();
    expect((await runJob('send-pending-mail')).json).toMatchObject({ sent: 0 });
    expect(await practiceMail(backend, 'request', row.id)).toMatchObject({ sent_at: null });
  });
});

describe('limits that hold', () => {
  it('a request refused by the per-client limit is refused again, unchanged, and counts nothing', async () => {
    const { ip } = newVisitor();
    // Five messages use up the client's window (RATE_LIMIT_MAX 5 in 10 minutes).
    for (let i = 0; i < 5; i++) {
      expect((await callFunction(backend, 'send-contact-email', contactSubmission(newVisitor().email), { ip })).status).toBe(200);
    }
    const sixth = { ...contactSubmission(newVisitor().email), altcha: await solvedProof(backend, 'send-contact-email', ip) };
    const refused = await callFunction(backend, 'send-contact-email', sixth, { ip });
    expect(refused.status).toBe(429);
    for (let i = 0; i < 3; i++) {
      expect(await callFunction(backend, 'send-contact-email', sixth, { ip })).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
    }
    const { rows } = await backend.query('select 1 from public.contact_submissions where id = $1', [sixth.requestId]);
    expect(rows).toEqual([]);
  });
});

describe('the insert carries its proof', () => {
  it('nothing is stored without a solved proof, from any number of addresses', async () => {
    const email = newVisitor().email;
    for (let n = 1; n <= 10; n++) {
      const { error, status } = await insertAppointment(backend, `198.51.100.${n}`, newAppointmentRequest(email), { proof: null });
      expect(status).toBe(401);
      expect(error).toMatchObject({ code: '42501', message: 'A solved form proof is required', details: 'x-form-proof: missing' });
    }
    const proof = await solvedProof(backend, 'send-contact-email', '198.51.100.99');
    expect((await insertAppointment(backend, '198.51.100.99', newAppointmentRequest(email), { proof })).error?.details).toBe('x-form-proof: other_form');
    const { rows } = await backend.query('select 1 from public.appointment_requests where email = $1', [email]);
    expect(rows).toEqual([]);
  });

  it('one proof, replayed from many addresses, stores one row; the function then mails that row with it', async () => {
    const visitor = newVisitor();
    const proof = await solvedProof(backend, 'send-appointment-email', visitor.ip);
    const rows = Array.from({ length: 8 }, (_, n) => newAppointmentRequest(`replay-${n}-${visitor.email}`));
    const answers = await Promise.all(rows.map((row, n) => insertAppointment(backend, `203.0.113.${n + 1}`, row, { proof })));
    expect(answers.filter((a) => a.error === null)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.error !== null)) {
      expect(refused.error).toMatchObject({ code: '42501', details: 'x-form-proof: used' });
    }
    const storedRow = rows[answers.findIndex((a) => a.error === null)]!;
    const sent = await callFunction(backend, 'send-appointment-email', { ...appointmentSubmission(storedRow), altcha: proof }, { ip: visitor.ip });
    expect(sent).toMatchObject({ status: 200, json: { ok: true } });
  });

  it('one IPv6 /64 is one client: 8 inserts with fresh proofs from its addresses store at most 5 (the per-client limit)', async () => {
    const prefix = `${ownIpv6Network()}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const proofs = [];
    for (let n = 0; n < 8; n++) proofs.push(await solvedProof(backend, 'send-appointment-email', `${prefix}::${n + 1}`));
    const answers = [];
    for (let n = 0; n < 8; n++) {
      answers.push(await insertAppointment(backend, `${prefix}::${(n + 1).toString(16)}`, newAppointmentRequest(newVisitor().email), { proof: proofs[n]! }));
    }
    expect(answers.filter((a) => a.error === null)).toHaveLength(5);
    expect(answers.slice(5).map((a) => a.status)).toEqual([401, 401, 401]);
  }, 120_000);

  it('anon has no USAGE on schema private, and the insert works without it', async () => {
    const { rows } = await backend.query<{ usage: boolean }>(`select has_schema_privilege('anon', 'private', 'usage') as usage`);
    expect(rows[0]!.usage).toBe(false);
    const visitor = newVisitor();
    expect((await insertAppointment(backend, visitor.ip, newAppointmentRequest(visitor.email))).error).toBeNull();
  });

  it('the header reaches the database through the gateway\'s CORS preflight', async () => {
    const response = await fetch(`${backend.apiUrl}/rest/v1/appointment_requests`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,content-profile,content-type,prefer,x-client-info,x-form-proof',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect((response.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toMatch(/x-form-proof|\*/);
    expect(proofHeader(await solvedProof(backend, 'send-appointment-email', newVisitor().ip))).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe.runIf(ownStandIn)('the practice digest', () => {
  it('lists the undecided requests with their links and waiting time, and tomorrow\'s appointments; nothing twice', async () => {
    // No digest of the day yet (the digest is an outbox mail of its own: kind 'digest').
    await backend.query(`delete from public.outbox_mails where kind = 'digest'`);
    const waiting = newVisitor();
    const row = newAppointmentRequest(waiting.email, { first_name: 'Wartende', last_name: 'Person', preferred_date: bookableDate(9) });
    expect((await insertAppointment(backend, waiting.ip, row)).error).toBeNull();
    await backend.query(`update public.appointment_requests set created_at = now() - interval '30 hours' where id = $1`, [row.id]);
    const tomorrow = newVisitor();
    const confirmed = newAppointmentRequest(tomorrow.email, { first_name: 'Morgen', last_name: 'Termin', preferred_time: '15:00' });
    expect((await insertAppointment(backend, tomorrow.ip, confirmed)).error).toBeNull();
    await backend.query(`select public.decide_appointment($1, 'confirm', $2, '15:00')`, [confirmed.id, zurichDate(1)]);

    const sent = await runJob('send-practice-digest');
    expect(sent).toMatchObject({ status: 200, json: { sent: true } });
    const digest = await mail.waitFor((m) => isTo(m, PRACTICE) && m.Subject.startsWith('Tagesübersicht'));
    expect(addressesOf(digest.ReplyTo)).toEqual([PRACTICE]);
    const text = digest.Text ?? '';
    expect(text).toContain('Wartende Person');
    expect(text).toContain(waitedTooLong('seit 30 Stunden'));
    expect(text).toMatch(/Wunschtermin bestätigen[^\n]*:\n\S+\/termin\/aktion#/);
    expect(text).toMatch(/Termine heute und morgen[\s\S]*Morgen Termin/);

    // The day's digest is out: a scheduled run sends no second one.
    expect((await runJob('send-practice-digest', { when: 'scheduled' })).json.sent).toBe(false);
    expect((await mail.all()).filter((m) => m.Subject.startsWith('Tagesübersicht'))).toHaveLength(1);
  });

  it('names the mails that have waited more than a day, by kind and since when, without their content', async () => {
    await backend.query(`delete from public.outbox_mails where kind = 'digest'`);
    // A message whose practice mail has waited 25 hours (the cap, an outage: not given up yet).
    const visitor = newVisitor();
    const result = await callFunction(backend, 'send-contact-email', {
      requestId: crypto.randomUUID(), name: 'Lange Wartend', email: visitor.email, phone: null, subject: null,
      message: 'Bitte um Rückruf.', website: '', elapsedMs: 12_000,
    }, { ip: visitor.ip });
    expect([200, 202]).toContain(result.status);
    const [held] = (await backend.query<{ id: string }>(
      `select o.id from public.outbox_mails o join public.contact_submissions c on c.id = o.contact_message_id
        where c.email = $1 and o.kind = 'contact'`, [visitor.email])).rows;
    await backend.query(
      `update public.outbox_mails set sent_at = null, created_at = now() - interval '25 hours', next_attempt_at = now() + interval '1 hour' where id = $1`,
      [held!.id],
    );
    const data = (await backend.query<{ data: { waitingMails: { kind: string; count: number; since: string }[] } }>(
      `select (select set_config('role', 'service_role', true)), public.practice_digest_data() as data`,
    )).rows[0]!.data;
    expect(data.waitingMails).toContainEqual(expect.objectContaining({ kind: 'contact', count: expect.any(Number) }));
    expect(JSON.stringify(data.waitingMails)).not.toContain(visitor.email);

    expect(await runJob('send-practice-digest')).toMatchObject({ status: 200, json: { sent: true } });
    const digest = await mail.waitFor((m) => isTo(m, PRACTICE) && m.Subject.startsWith('Tagesübersicht'));
    const text = digest.Text ?? '';
    expect(text).toContain(WAITING_TITLE);
    expect(text).toContain(WAITING_MAIL_LABELS.contact);
    await backend.query(`update public.outbox_mails set superseded_at = now() where id = $1`, [held!.id]);
  });
});
