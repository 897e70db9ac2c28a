// @vitest-environment node
/**
 * The appointment request end to end under real Deno: the browser's two steps (insert,
 * then send-appointment-email, both with the one form proof the browser solved), the
 * e-mails with their calendar file, and every way the function refuses to send: forged,
 * repeated, expired, automated, mail down, limited – or holds it back for the outbox
 * (the daily cap).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressesOf, isTo, mailApi, type Mail, type MailApi } from '../support/mail-api.ts';
import type { FormProof } from '../../supabase/functions/_shared/domain/wire-types.ts';
import { zurichInstant } from '../../supabase/functions/_shared/domain/dates.ts';
import { REMINDERS_FROM_HOUR } from '../../supabase/functions/_shared/domain/outbox.ts';
import { DAILY_CAP_NOTICE_TITLE } from '../../supabase/functions/_shared/mail/budget.ts';
import { TEST_CLOCK_HEADER } from '../../supabase/functions/_shared/http/test-clock.ts';
import {
  appointmentSubmission,
  newAppointmentRequest,
  backendTarget,
  bookableDate,
  browserClient,
  callFunction,
  functionRateKey,
  newVisitor,
  outboxMails,
  ownStandIn,
  practiceMail,
  SITE_ORIGIN,
  solvedProof,
  insertAppointment,
  type TestBackend,
  zurichDate,
  settleAcknowledgements,
} from './stack-harness.ts';

let backend: TestBackend;
/** The caught mail, read through Mailpit's API as against a real `supabase start`. */
let mail: MailApi;
const FN = 'send-appointment-email';
const PRACTICE = 'praxis@ruhepol-schlafberatung.ch';

beforeAll(async () => {
  backend = await backendTarget();
  mail = mailApi(backend.mailUrl);
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  // The last test's acknowledgements went out after its answers: decided before the catcher is cleared.
  await settleAcknowledgements(backend);
  await mail.outage(false);
  await mail.clear();
});

/** The row and the e-mail body exactly as src/features/appointment builds them, with an alternative and a message. */
function appointment(email: string, overrides: { row?: Record<string, unknown>; body?: Record<string, unknown> } = {}) {
  const row = newAppointmentRequest(email, {
    preferred_date: bookableDate(10),
    alternative_date: bookableDate(12),
    alternative_time: '18:00',
    message: 'Schulterschmerzen in Seitenlage.',
    ...overrides.row,
  });
  return { id: row.id, row, body: { ...appointmentSubmission(row), ...overrides.body } };
}

/** The browser's first step: the insert with a proof solved for the function; returns that proof. */
async function store(ip: string, row: Record<string, unknown>): Promise<FormProof> {
  const { error, proof } = await insertAppointment(backend, ip, row);
  expect(error).toBeNull();
  return proof!;
}

/** The browser's second step carries the insert's proof as `altcha`. */
const withProof = (body: Record<string, unknown>, proof: FormProof) => ({ ...body, altcha: proof });

/** The practice's mail of one request: it names the visitor's address (its Reply-To is the practice, not the visitor). */
const practiceMailOf = (email: string) => (m: Mail) => isTo(m, PRACTICE) && (m.Text ?? '').includes(email);

const mailEvents = async () =>
  Number((await backend.query<{ n: string }>(`select count(*) as n from public.rate_limit_events where bucket = 'mail'`)).rows[0]!.n);

/** The state of a request's practice mail (its outbox row): undefined when the request is not stored. */
const rowState = async (id: string) => {
  const mail = await practiceMail(backend, 'request', id);
  return mail && { sent_at: mail.sent_at, claimed_at: mail.claimed_at };
};

/** "Donnerstag, 4. Dezember 2026" – as the e-mails write dates. */
function longDate(iso: string): string {
  return new Intl.DateTimeFormat('de-CH', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** The .ics attachment of a mail: its summary and its text. */
async function icsOf(message: Mail) {
  const attachment = message.Attachments.find((a) => a.FileName.endsWith('.ics'));
  if (!attachment) throw new Error(`no .ics attached to "${message.Subject}"`);
  return { attachment, text: (await mail.attachment(message.ID, attachment.PartID)).toString('utf8') };
}

function icsLines(ics: string): string[] {
  // Unfold continuation lines (RFC 5545 §3.1) before reading properties.
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n');
}

describe('send-appointment-email', () => {
  it('mails the practice the stored request with a tentative calendar entry, and acknowledges the visitor', async () => {
    const { email, ip } = newVisitor();
    const { id, row, body } = appointment(email);
    // As the site does it: one proof, in the insert's header and then in the function's body.
    const proof = await store(ip, row);
    const { data, error } = await browserClient(backend, ip).functions.invoke(FN, { body: withProof(body, proof) });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true });
    expect((await rowState(id))!.sent_at).not.toBeNull();

    const toPractice = await mail.waitFor((m) => isTo(m, PRACTICE));
    // Reply-To the practice itself: the mail carries the practice's confirm and decline
    // links, which a reply would quote to the visitor. An answer link writes to the visitor.
    expect(addressesOf(toPractice.ReplyTo)).toEqual([PRACTICE]);
    expect(toPractice.Text).toContain(`Beat Keller antworten:\nmailto:${email}?subject=Ihre%20Terminanfrage%20bei%20Ruhepol%20Schlafberatung\n`);
    expect(toPractice.Subject).toContain('Beat Keller');
    expect(toPractice.Subject).not.toContain('Schulterschmerzen');
    for (const part of [toPractice.Text, toPractice.HTML]) {
      expect(part).toContain(`${longDate(row.preferred_date)}, 09:30 Uhr`);
      expect(part).toContain(`${longDate(row.alternative_date!)}, 18:00 Uhr`);
      expect(part).toMatch(/Schlafberatung[^\n<]*CHF\s190\.–/);
      expect(part).toContain('+41 79 555 12 34');
      expect(part).toContain('Schulterschmerzen in Seitenlage.');
    }

    const { attachment: ics, text } = await icsOf(toPractice);
    expect(ics.ContentType).toBe('text/calendar');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toMatch(/END:VCALENDAR\r\n?$/);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const lines = icsLines(text);
    const compactDate = row.preferred_date.replaceAll('-', '');
    expect(lines).toContain(`DTSTART;TZID=Europe/Zurich:${compactDate}T093000`);
    expect(lines).toContain(`DTEND;TZID=Europe/Zurich:${compactDate}T103000`);
    expect(lines).toContain('STATUS:TENTATIVE');
    expect(lines).toContain('BEGIN:VTIMEZONE');
    expect(lines.some((line) => line.startsWith(`UID:${id}@`))).toBe(true);

    const ack = await mail.waitFor((m) => isTo(m, email));
    expect(ack.Text).toMatch(/24 Stunden/);
    expect(ack.Text).not.toContain('Schulterschmerzen');
  });

  it('answers the visitor through a percent-encoded mailto: link (RFC 6068), not through Reply-To', async () => {
    const { email: plain, ip } = newVisitor();
    // A subaddress: '+' must reach the mail client as %2B, never as a space.
    const email = plain.replace('@', '+termin@');
    const encoded = email.replace('+', '%2B');
    const { row, body } = appointment(email);
    const proof = await store(ip, row);
    expect((await callFunction(backend, FN, withProof(body, proof), { ip })).status).toBe(200);
    const toPractice = await mail.waitFor(practiceMailOf(email));
    expect(addressesOf(toPractice.ReplyTo)).toEqual([PRACTICE]);
    expect(toPractice.Text).toContain(`Beat Keller antworten:\nmailto:${encoded}?subject=Ihre%20Terminanfrage%20bei%20Ruhepol%20Schlafberatung`);
    expect(toPractice.HTML).toContain(`href="mailto:${encoded}?subject=Ihre%20Terminanfrage%20bei%20Ruhepol%20Schlafberatung"`);
    expect(toPractice.HTML).toContain(`href="mailto:${encoded}"`);
    expect(toPractice.HTML).not.toContain(`mailto:${email}`);
    // The acknowledgement is the practice's own: «Antworten» there goes to the practice.
    const ack = await mail.waitFor((m) => isTo(m, email));
    expect(addressesOf(ack.ReplyTo)).toEqual([PRACTICE]);
  });

  it('takes the calendar length from the service: 30 minutes for a follow-up', async () => {
    const { email, ip } = newVisitor();
    const { row, body } = appointment(email, { row: { service: 'Follow-up Termin', preferred_time: '17:30' } });
    const proof = await store(ip, row);
    expect((await callFunction(backend, FN, withProof(body, proof), { ip })).status).toBe(200);
    const lines = icsLines((await icsOf(await mail.waitFor((m) => isTo(m, PRACTICE)))).text);
    expect(lines).toContain(`DTEND;TZID=Europe/Zurich:${row.preferred_date.replaceAll('-', '')}T180000`);
  });

  it('sends one e-mail per request however often it is called; a repeat after it went out answers success', async () => {
    const { email, ip } = newVisitor();
    const { body, row } = appointment(email);
    const proof = await store(ip, row);
    const calls = await Promise.all([1, 2, 3].map(() => callFunction(backend, FN, withProof(body, proof), { ip })));
    // One sends; the others arrive while it is sending (409 in_progress) or after (200).
    expect(calls.filter((c) => c.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(calls.every((c) => c.status === 200 || (c.status === 409 && c.json?.error === 'in_progress'))).toBe(true);
    // A retry after a lost answer (the site solves a new proof for it): the practice has
    // the mail, so the visitor is told it worked.
    expect(await callFunction(backend, FN, body, { ip })).toMatchObject({ status: 200, json: { ok: true } });
    // The calls have answered, and a function sends before it answers: whatever it sent is caught.
    const practiceMails = (await mail.list()).filter((m) => isTo(m, PRACTICE));
    expect(practiceMails).toHaveLength(1);
  });

  it('sends nothing for a forged call: unknown id or changed fields get 404', async () => {
    const { email, ip } = newVisitor();
    const stored = appointment(email);
    const proof = await store(ip, stored.row);

    const unknown = appointment(email);
    expect((await callFunction(backend, FN, unknown.body, { ip })).status).toBe(404);
    const changed = await callFunction(backend, FN, { ...stored.body, message: '<a href="https://phish.example">Hier klicken</a>' }, { ip });
    expect(changed.status).toBe(404);
    expect(changed.json).toMatchObject({ error: 'not_found' });
    // The stored request's own proof does not help another request: it is bound to its row.
    const borrowed = await callFunction(backend, FN, withProof(unknown.body, proof), { ip });
    expect(borrowed).toMatchObject({ status: 403, json: { error: 'proof_refused', reason: 'used' } });

    // The calls have answered, and a function sends before it answers: whatever it sent is caught.
    expect(await mail.list()).toHaveLength(0);
    expect((await rowState(stored.id))!.sent_at).toBeNull();
  });

  it('mails a request that waited 20 minutes (a long mail outage) when the site retries it', async () => {
    const { email, ip } = newVisitor();
    const waited = appointment(email);
    const proof = await store(ip, waited.row);
    await backend.query(`update public.appointment_requests set created_at = now() - interval '20 minutes' where id = $1`, [waited.id]);
    expect(await callFunction(backend, FN, withProof(waited.body, proof), { ip })).toMatchObject({ status: 200, json: { ok: true } });
    expect((await rowState(waited.id))!.sent_at).not.toBeNull();
    await mail.waitFor(practiceMailOf(email));
  });

  it.runIf(ownStandIn)('keeps the request when mail fails (502), costing the daily cap nothing, and the site’s retry then sends it', async () => {
    const { email, ip } = newVisitor();
    const { id, row, body } = appointment(email);
    const proof = await store(ip, row);
    const capBefore = await mailEvents();
    await mail.outage(true);
    const failed = await callFunction(backend, FN, withProof(body, proof), { ip });
    await mail.outage(false);
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ error: 'mail_failed', stored: true });
    expect(await rowState(id)).toEqual({ sent_at: null, claimed_at: null });
    // Charged before the send, given back when it failed.
    expect(await mailEvents()).toBe(capBefore);

    // The site sends the same values again under the same id, with a new proof: the row is
    // already stored (23505, as the site expects), and the function mails it.
    const again = await insertAppointment(backend, ip, row);
    expect(again.error?.code).toBe('23505');
    const retried = await browserClient(backend, ip).functions.invoke(FN, { body: withProof(body, again.proof!) });
    expect(retried.error).toBeNull();
    expect((await rowState(id))!.sent_at).not.toBeNull();
    await mail.waitFor((m) => isTo(m, PRACTICE));
    expect(await mailEvents()).toBe(capBefore + 1);
  });

  it.runIf(ownStandIn)('holds the request for the outbox once the daily cap is reached: 202 queued, stored, not mailed', async () => {
    // The day's 200 practice mails (DAILY_MAIL_CAP) already went out.
    await backend.query(`insert into public.rate_limit_events (bucket, key) select 'mail', 'all' from generate_series(1, 200)`);
    try {
      const charged = await mailEvents();
      const { email, ip } = newVisitor();
      const { id, row, body } = appointment(email);
      const proof = await store(ip, row);
      const capped = await callFunction(backend, FN, withProof(body, proof), { ip });
      expect(capped.status).toBe(202);
      expect(capped.json).toEqual({ queued: true, reason: 'daily_cap' });
      expect(capped.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
      // Unmailed and unclaimed: the outbox (send-pending-mail) sends it once the cap allows.
      expect(await rowState(id)).toEqual({ sent_at: null, claimed_at: null });
      // The refusal took nothing from the cap.
      expect(await mailEvents()).toBe(charged);
      // The practice hears of the cap once, and of nothing else; the visitor gets no acknowledgement yet.
      await mail.waitFor((m) => m.Subject === DAILY_CAP_NOTICE_TITLE);
      // The calls have answered, and a function sends before it answers: whatever it sent is caught.
      expect((await mail.list()).map((m) => m.Subject)).toEqual([DAILY_CAP_NOTICE_TITLE]);
    } finally {
      await backend.query(`delete from public.rate_limit_events where bucket in ('mail', 'mail-cap-notice')`);
    }
  });

  it('refuses a filled honeypot visibly (422, row removed); mails a fast request marked for checking', async () => {
    const { email, ip } = newVisitor();
    const bot = appointment(email, { body: { website: 'http://spam.example' } });
    const botProof = await store(ip, bot.row);
    expect(await callFunction(backend, FN, withProof(bot.body, botProof), { ip })).toMatchObject({ status: 422, json: { error: 'rejected' } });
    expect(await rowState(bot.id)).toBeUndefined();

    const hasty = appointment(email, { body: { elapsedMs: 400 } });
    const hastyProof = await store(ip, hasty.row);
    expect(await callFunction(backend, FN, withProof(hasty.body, hastyProof), { ip })).toMatchObject({ status: 200, json: { ok: true } });
    expect((await rowState(hasty.id))!.sent_at).not.toBeNull();
    const toPractice = await mail.waitFor(practiceMailOf(email));
    expect(toPractice.Subject).toMatch(/^\[Prüfen\] Neue Terminanfrage: /);
  });

  it.runIf(ownStandIn)('bogus calls cost the daily mail cap nothing: 100 calls for unknown requests, then a genuine one is mailed', async () => {
    const before = await mailEvents();
    for (let batch = 0; batch < 5; batch += 1) {
      const calls = Array.from({ length: 20 }, () => {
        const stranger = newVisitor();
        return callFunction(backend, FN, appointment(stranger.email).body, { ip: stranger.ip });
      });
      expect(new Set((await Promise.all(calls)).map((call) => call.status))).toEqual(new Set([404]));
    }
    expect(await mailEvents()).toBe(before);

    const { email, ip } = newVisitor();
    const genuine = appointment(email);
    const proof = await store(ip, genuine.row);
    expect((await callFunction(backend, FN, withProof(genuine.body, proof), { ip })).status).toBe(200);
    expect(await mailEvents()).toBe(before + 1);
    // 101 calls through the gateway and the function, beside the other test files: a generous
    // limit, since what is checked is the count, not the time.
  }, 120_000);

  it('validates the body like the form: 400 with the field, 413 over 16 KB, 400 for non-JSON', async () => {
    const { email, ip } = newVisitor();
    const { body } = appointment(email);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ service: 'schlafberatung' }, 'service'],
      [{ preferredTime: '12:30' }, 'preferredTime'],
      [{ preferredDate: '14.03.2031' }, 'preferredDate'],
      [{ requestId: 'not-a-uuid' }, 'requestId'],
      [{ firstName: 'Beat\nBcc: x@example.com' }, 'firstName'],
      [{ extra: 1 }, 'extra'],
    ];
    for (const [override, field] of cases) {
      const result = await callFunction(backend, FN, { ...body, ...override }, { ip });
      expect(result.status, field).toBe(400);
      expect(result.json, field).toMatchObject({ error: 'invalid_body', field });
    }
    expect((await callFunction(backend, FN, { ...body, message: 'x'.repeat(17_000) }, { ip })).status).toBe(413);
    expect((await callFunction(backend, FN, undefined, { ip, raw: '<xml/>' })).status).toBe(400);
  });

  it('counts a booking once, at its insert: with the insert\'s proof the function does not count it again', async () => {
    const { ip } = newVisitor();
    // Five requests from one client in 10 minutes (all the database allows it, as the
    // function would): each insert's proof carries its verdict "passed" to the function.
    for (let i = 0; i < 5; i += 1) {
      const { email } = newVisitor();
      const { id, row, body } = appointment(email);
      const proof = await store(ip, row);
      expect((await callFunction(backend, FN, withProof(body, proof), { ip })).status).toBe(200);
      expect((await rowState(id))!.sent_at).not.toBeNull();
    }
    const { rows } = await backend.query<{ n: string }>(
      `select count(*) as n from public.rate_limit_events where bucket like 'send-appointment-email:ip%' and key = $1`,
      [await functionRateKey('client', ip)],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('limits one client address to 5 calls in 10 minutes with proofs of their own: 429 with Retry-After and CORS headers', async () => {
    const { ip } = newVisitor();
    // Calls with a proof the insert did not judge – the site's retry (it solves a new
    // proof) or a caller replaying stored rows – are counted by the function. (The rows
    // come from other clients: the insert's own limit is the same 5.)
    for (let i = 0; i < 5; i += 1) {
      const { email, ip: storer } = newVisitor();
      const { row, body } = appointment(email);
      await store(storer, row);
      expect((await callFunction(backend, FN, body, { ip })).status).toBe(200);
    }
    const { email, ip: storer } = newVisitor();
    const { id, row, body } = appointment(email);
    await store(storer, row);
    const sixth = await callFunction(backend, FN, body, { ip });
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ error: 'rate_limited' });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sixth.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect((await rowState(id))!.sent_at).toBeNull();
  });

  it('refuses a request the limit refused again when it comes again with its proof, and counts none of it', async () => {
    const { ip } = newVisitor();
    const key = await functionRateKey('client', ip);
    const windowEvents = async () =>
      Number((await backend.query<{ n: string }>(
        `select count(*) as n from public.rate_limit_events where bucket = 'send-appointment-email:ip' and key = $1`,
        [key],
      )).rows[0]!.n);
    // Five earlier calls of this client in the window, as the function counted them.
    await backend.query(`insert into public.rate_limit_events (bucket, key) select 'send-appointment-email:ip', $1 from generate_series(1, 5)`, [key]);
    const { email } = newVisitor();
    const { id, row, body } = appointment(email);
    await store(ip, row);
    const call = withProof(body, await solvedProof(backend, FN, ip));
    for (let i = 0; i < 4; i += 1) {
      const answer = await callFunction(backend, FN, call, { ip });
      expect(answer).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await windowEvents()).toBe(5);
    expect((await rowState(id))!.sent_at).toBeNull();
  });

  it('limits one client network to 10 calls a day (RATE_LIMIT_DAILY_MAX, at most a twentieth of DAILY_MAIL_CAP), though its 10 minutes are not used up', async () => {
    const { ip } = newVisitor();
    // 10 calls earlier today, none in the last 10 minutes (an IPv4 address is its own network).
    await backend.query(
      `insert into public.rate_limit_events (bucket, key, created_at)
         select 'send-appointment-email:ip-day', $1, now() - interval '3 hours' from generate_series(1, 10)`,
      [await functionRateKey('client', ip)],
    );
    const { email } = newVisitor();
    const { id, row, body } = appointment(email);
    await store(ip, row);
    const refused = await callFunction(backend, FN, body, { ip });
    expect(refused).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
    // Until the oldest of the day's calls is a day old: about 21 hours.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(20 * 3600);
    expect((await rowState(id))!.sent_at).toBeNull();
  });
});

// send-appointment-reminders is gone: the outbox (send-pending-mail, every 5 minutes hosted,
// every minute locally) sends tomorrow's reminders, from 09:00 Zurich time the day before.
describe('the reminder the day before', () => {
  /**
   * The outbox, called as pg_cron and the stack's timer call it: POST {} with the secret key;
   * `at` fixes the time the function runs with (the stand-in's test clock, _shared/http/test-clock.ts).
   */
  async function runOutbox(at?: Date) {
    const response = await fetch(`${backend.apiUrl}/functions/v1/send-pending-mail`, {
      method: 'POST',
      headers: {
        apikey: backend.secretKey,
        authorization: `Bearer ${backend.secretKey}`,
        'content-type': 'application/json',
        ...(at ? { [TEST_CLOCK_HEADER]: at.toISOString() } : {}),
      },
      body: '{}',
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  /** Today (Zurich) at this hour: the reminders' hour, or the one before it. */
  const todayAt = (hour: number) => zurichInstant(zurichDate(0), `${String(hour).padStart(2, '0')}:00`);

  /** The request's reminders (outbox rows) not superseded by a move or a cancellation. */
  const reminderMails = async (id: string) => (await outboxMails(backend, 'reminder', id)).filter((m) => m.superseded_at === null);

  /** The request's mails so far (the practice's, its state's) marked sent, as if the functions had sent them. */
  const markMailsSent = (id: string) =>
    backend.query(
      `update public.outbox_mails set sent_at = now() where appointment_request_id = $1 and kind in ('request', 'outcome') and sent_at is null`,
      [id],
    );

  it('comes from send-pending-mail once, and only from 09:00 Zurich time', async () => {
    const { email, ip } = newVisitor();
    const { id, row } = appointment(email);
    await store(ip, row);
    // Confirmed a week ahead (then the confirmation is not the reminder), its mails out;
    // the days pass until the appointment is tomorrow.
    await backend.query(`select public.decide_appointment($1, 'confirm', $2, '09:30')`, [id, zurichDate(7)]);
    expect(await reminderMails(id)).toEqual([expect.objectContaining({ sent_at: null })]);
    await backend.query(`update public.appointment_requests set confirmed_date = $2 where id = $1`, [id, zurichDate(1)]);
    await markMailsSent(id);
    // Every mail a run sends is out (caught) when it answers: the answer is the event to check after.
    const reminders = async () => (await mail.all()).filter((m) => isTo(m, email) && m.Subject.startsWith('Erinnerung an Ihren Termin'));

    // The hour before: not yet.
    expect((await runOutbox(todayAt(REMINDERS_FROM_HOUR - 1))).status).toBe(200);
    expect(await reminders()).toEqual([]);
    expect(await reminderMails(id)).toEqual([expect.objectContaining({ sent_at: null })]);

    // From the hour on: once.
    expect((await runOutbox(todayAt(REMINDERS_FROM_HOUR))).status).toBe(200);
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.Text).toContain('morgen');
    expect(await reminderMails(id)).toEqual([expect.objectContaining({ sent_at: expect.any(Date) })]);
    // Claimed once: a later run sends nothing again.
    expect((await runOutbox(todayAt(REMINDERS_FROM_HOUR + 1))).status).toBe(200);
    expect(await reminders()).toHaveLength(1);
  });

  it('is not sent again for an appointment confirmed for tomorrow: the confirmation was the reminder', async () => {
    const { email, ip } = newVisitor();
    const { id, row } = appointment(email, { row: { alternative_date: null, alternative_time: null } });
    await store(ip, row);
    await backend.query(`select public.decide_appointment($1, 'confirm', $2, '09:30')`, [id, zurichDate(1)]);
    // No reminder owed: none unsent.
    expect((await reminderMails(id)).filter((m) => m.sent_at === null)).toEqual([]);
    await markMailsSent(id);
    // At the reminders' hour; the run has answered, so whatever it sent is caught.
    expect((await runOutbox(todayAt(REMINDERS_FROM_HOUR))).status).toBe(200);
    expect((await mail.all()).filter((m) => isTo(m, email))).toEqual([]);
  });
});
