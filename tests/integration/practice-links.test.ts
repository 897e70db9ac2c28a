// @vitest-environment node
/**
 * The practice's links on the stack, as the practice uses them from its inbox
 * (docs/appointment-lifecycle.md, «The practice's links, day by day»): the links the
 * functions put into their mails – the «Termin bestätigt» copy, the digest's appointments,
 * undecided requests and open invoices – work through the last second their rule gives
 * (domain/practice-links.ts: the appointment's day plus the invoice's payment period plus a
 * margin, at least STAFF_LINK_DAYS from the mail) and not one second longer; an appointment
 * booked 60 days ahead is invoiced on its day from that morning's digest and marked paid from
 * the digest after its payment period. Every clock here is the functions' test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readActionToken, signActionToken } from '../../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { addDays } from '../../supabase/functions/_shared/domain/availability.ts';
import { zurichInstant } from '../../supabase/functions/_shared/domain/dates.ts';
import { INVOICE_PAYMENT_DAYS, invoiceSubject } from '../../supabase/functions/_shared/domain/invoice.ts';
import {
  PRACTICE_LINK_DAILY_CAP,
  PRACTICE_LINK_DAYS_AFTER,
  PRACTICE_LINK_NETWORK_DAILY_MAX,
  PRACTICE_LINK_RENEWAL_MINUTES,
  STAFF_LINK_DAYS,
} from '../../supabase/functions/_shared/domain/practice-links.ts';
import { PRACTICE_LINK_MAIL_TITLE } from '../../supabase/functions/_shared/lifecycle/practice-link-mail.ts';
import { PRACTICE_LINK_LABEL } from '../../supabase/functions/_shared/lifecycle/appointment-emails.ts';
import { DECLINE_LINK_LABEL } from '../../supabase/functions/_shared/forms/request-emails.ts';
import { appointmentActionPage } from '../../src/content/appointment-action.ts';
import { OPEN_INVOICE_LINK_LABEL } from '../../supabase/functions/send-practice-digest/digest-email.ts';
import { TEST_CLOCK_HEADER } from '../../supabase/functions/_shared/http/test-clock.ts';
import { readFunctionsSettings } from '../../scripts/stack/start-stack.ts';
import { isTo, mailApi, type Mail, type MailApi } from '../support/mail-api.ts';
import { signMyDataToken } from '../../supabase/functions/_shared/my-data/tokens.ts';
import { erasureKeptInvoices } from '../../supabase/functions/_shared/my-data/erasure-mail.ts';
import { backendTarget, bookableDate, callFunction, newAppointmentRequest, newVisitor, ownIpv6Network, ownStandIn, type TestBackend } from './stack-harness.ts';

let backend: TestBackend;
let mail: MailApi;
const SETTINGS = readFunctionsSettings();
const SECRET = SETTINGS.ACTION_TOKEN_SECRET ?? '';
const PRACTICE = (SETTINGS.PRACTICE_EMAIL ?? '').toLowerCase();

beforeAll(async () => {
  backend = await backendTarget();
  mail = mailApi(backend.mailUrl);
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

/** The action page's token of the link after `label` in a mail's text part. */
function linkAfter(text: string, label: string): string {
  const at = text.indexOf(`${label}:\n`);
  expect(at, label).toBeGreaterThanOrEqual(0);
  const match = /\/termin\/aktion#([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(text.slice(at));
  return match![1]!;
}

/** The claim a token carries (read well before it expires). */
async function claimOf(token: string) {
  const read = await readActionToken(SECRET, token, new Date(0));
  if (!read.ok) throw new Error(read.reason);
  return read.claim;
}

/** appointment-action at `at` (the function's clock). */
const action = (body: Record<string, unknown>, at: Date) =>
  callFunction(backend, 'appointment-action', body, { ip: newVisitor().ip, proof: false, headers: { [TEST_CLOCK_HEADER]: at.toISOString() } });

/** The morning digest by hand at `at` (the function's clock), and the digest mail it sent. */
async function digestAt(at: Date): Promise<Mail> {
  const before = new Set((await mail.list()).map((item) => item.ID));
  const response = await fetch(`${backend.apiUrl}/functions/v1/send-practice-digest`, {
    method: 'POST',
    headers: {
      apikey: backend.secretKey,
      authorization: `Bearer ${backend.secretKey}`,
      'content-type': 'application/json',
      [TEST_CLOCK_HEADER]: at.toISOString(),
    },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return mail.waitFor((m) => !before.has(m.ID) && isTo(m, PRACTICE) && m.Subject.startsWith('Tagesübersicht'));
}

/** 00:00 in Zurich after the day `days` after `day`: when an appointment's practice links stop working. */
const endOfDayAfter = (day: string, days: number) => zurichInstant(addDays(day, days + 1), '00:00');

/** A last name of letters no other request of the suite has, to find its part of a digest by. */
const names = ['Amsel', 'Birke', 'Distel', 'Eibe', 'Fichte', 'Ginster'];
let named = 0;

/** A request stored as the form stores it, its practice mail counted as sent. */
async function storedRequest(preferred: string, alternative: string | null = null, time = '10:00') {
  const visitor = newVisitor();
  const row = newAppointmentRequest(visitor.email, { preferred_date: preferred, preferred_time: time, last_name: names[named++ % names.length] });
  await backend.query(
    `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time, alternative_date)
     values ($1, $2, $3, $4, $5, 'Schlafberatung', $6, $7, $8)`,
    [row.id, row.first_name, row.last_name, row.email, row.phone, preferred, time, alternative],
  );
  await backend.query(`update public.outbox_mails set sent_at = now() where appointment_request_id = $1`, [row.id]);
  return { id: row.id as string, name: `${row.first_name} ${row.last_name}`, ...visitor };
}

describe('the practice\'s links from its inbox', () => {
  it('an appointment booked 60 days ahead: confirmed from the request, invoiced on its day from the digest, marked paid from the digest after its payment period; each link works through its last second', async () => {
    const now = new Date();
    const day = bookableDate(60);
    const request = await storedRequest(day, null, '15:30');
    // The practice confirms from the request's mail (its decline link would do the same page).
    const confirm = await signActionToken(SECRET, { requestId: request.id, action: 'confirm-preferred', expiresAt: Math.floor(now.getTime() / 1000) + 86_400 });
    const confirmed = await action({ token: confirm, intent: 'act', advisor: 'sandra-huber' }, now);
    expect(confirmed).toMatchObject({ status: 200, json: { result: 'changed', mail: 'sent' } });

    // «Termin bestätigt» carries the appointment's page, valid until the invoice is done.
    const copy = await mail.waitFor((m) => isTo(m, PRACTICE) && m.Subject.startsWith(`Termin bestätigt: ${request.name}`));
    const fromCopy = linkAfter(copy.Text, PRACTICE_LINK_LABEL);
    const until = endOfDayAfter(day, PRACTICE_LINK_DAYS_AFTER);
    expect(await claimOf(fromCopy)).toEqual({ requestId: request.id, action: 'practice', expiresAt: until.getTime() / 1000 });
    // Its last second works, the next does not (the page then offers a new link).
    expect((await action({ token: fromCopy, intent: 'show' }, until)).status).toBe(200);
    expect(await action({ token: fromCopy, intent: 'show' }, new Date(until.getTime() + 1000)))
      .toMatchObject({ status: 403, json: { error: 'invalid_link', reason: 'expired' } });

    // The morning of the day: the digest lists the appointment with its page; «Rechnung senden».
    const morning = await digestAt(zurichInstant(day, '07:05'));
    expect(morning.Text).toContain('Termine heute und morgen');
    const today = linkAfter(morning.Text.slice(morning.Text.indexOf(request.name)), PRACTICE_LINK_LABEL);
    expect(await claimOf(today)).toMatchObject({ requestId: request.id, action: 'practice', expiresAt: until.getTime() / 1000 });
    const shown = await action({ token: today, intent: 'show' }, zurichInstant(day, '07:10'));
    expect(shown.json).toMatchObject({ view: { action: 'practice', invoicing: { from: day, invoice: null }, sleepDiary: null } });
    const sent = await action({ token: today, intent: 'invoice' }, zurichInstant(day, '16:40'));
    expect(sent).toMatchObject({ status: 200, json: { result: 'issued', mail: 'sent' } });
    const number = ((sent.json!.view as { invoicing: { invoice: { number: string } } }).invoicing.invoice.number);
    await mail.waitFor((m) => isTo(m, request.email) && m.Subject === invoiceSubject(number));

    // After the payment period: the digest lists the invoice as open, with a fresh link; «Als bezahlt markieren».
    const later = zurichInstant(addDays(day, INVOICE_PAYMENT_DAYS + 1), '07:05');
    const overdue = await digestAt(later);
    const fromDigest = linkAfter(overdue.Text, OPEN_INVOICE_LINK_LABEL(number));
    const claim = await claimOf(fromDigest);
    expect(claim).toMatchObject({ requestId: request.id, action: 'practice' });
    expect(claim.expiresAt).toBe(Math.max(until.getTime(), Math.ceil(later.getTime() / 1000) * 1000 + STAFF_LINK_DAYS * 86_400_000) / 1000);
    const paid = await action({ token: fromDigest, intent: 'invoice-paid' }, later);
    expect(paid).toMatchObject({ status: 200, json: { result: 'paid', view: { invoicing: { invoice: { number, state: 'paid' } } } } });
    // Paid: the next morning's digest lists it no more.
    const next = await digestAt(new Date(later.getTime() + 86_400_000));
    expect(next.Text).not.toContain(OPEN_INVOICE_LINK_LABEL(number));
  });

  // Reads the day's digest, which on a stand-in shared by every file lists every file's requests.
  it.runIf(ownStandIn)('a request\'s confirm and decline links last until its latest wished day plus the invoice\'s period, through their last second', async () => {
    const preferred = bookableDate(50);
    const alternative = addDays(preferred, 3);
    const request = await storedRequest(preferred, alternative);
    const digest = await digestAt(new Date());
    const decline = linkAfter(digest.Text.slice(digest.Text.indexOf(request.name)), DECLINE_LINK_LABEL);
    const until = endOfDayAfter(alternative, PRACTICE_LINK_DAYS_AFTER);
    expect(await claimOf(decline)).toEqual({ requestId: request.id, action: 'decline', expiresAt: until.getTime() / 1000 });
    expect(await action({ token: decline, intent: 'show' }, until)).toMatchObject({ status: 200, json: { view: { action: 'decline', status: 'requested' } } });
    expect(await action({ token: decline, intent: 'show' }, new Date(until.getTime() + 1000)))
      .toMatchObject({ status: 403, json: { error: 'invalid_link', reason: 'expired' } });
  });

  // Reads the day's digest, which on a stand-in shared by every file lists every file's requests.
  it.runIf(ownStandIn)('a link sent long after its day still works STAFF_LINK_DAYS from its mail, through its last second', async () => {
    // A request (stored by the service role, as a phone booking) for a day 40 days ago, still undecided.
    const past = addDays(bookableDate(0), -42);
    const request = await storedRequest(bookableDate(5));
    await backend.query(`update public.appointment_requests set preferred_date = $2 where id = $1`, [request.id, past]);
    const sentAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const digest = await digestAt(sentAt);
    const decline = linkAfter(digest.Text.slice(digest.Text.indexOf(request.name)), DECLINE_LINK_LABEL);
    const until = new Date(sentAt.getTime() + STAFF_LINK_DAYS * 86_400_000);
    expect(until.getTime()).toBeGreaterThan(endOfDayAfter(past, PRACTICE_LINK_DAYS_AFTER).getTime());
    expect(await claimOf(decline)).toMatchObject({ action: 'decline', expiresAt: until.getTime() / 1000 });
    expect((await action({ token: decline, intent: 'show' }, until)).status).toBe(200);
    expect((await action({ token: decline, intent: 'show' }, new Date(until.getTime() + 1000))).status).toBe(403);
  });
});

/** A practice link that lapsed a minute before `at`. */
const lapsed = (requestId: string, action: 'practice' | 'decline' | 'cancel' = 'practice', at = new Date()) =>
  signActionToken(SECRET, { requestId, action, expiresAt: Math.floor(at.getTime() / 1000) - 60 });

/** The lapsed link page's renew button (intent renew-link) from the client `ip`, at `at` (the function's clock). */
const renew = (token: string, ip: string, at = new Date()) =>
  callFunction(backend, 'appointment-action', { token, intent: 'renew-link' }, { ip, proof: false, headers: { [TEST_CLOCK_HEADER]: at.toISOString() } });

/** The renewal mails caught so far (to whomever they went). */
const renewalMails = async () => (await mail.all()).filter((m) => m.Subject.startsWith(PRACTICE_LINK_MAIL_TITLE));

describe(`«${appointmentActionPage.renew.button}»`, () => {
  it('a lapsed practice link asks for a fresh one, mailed to the practice only; once an hour per appointment; a visitor\'s lapsed link cannot', async () => {
    const request = await storedRequest(bookableDate(20), null, '11:00');
    await backend.query(`select (select set_config('role', 'service_role', true)), public.decide_appointment($1, 'confirm', $2::date, '11:00', null, 'lukas-brunner')`, [request.id, bookableDate(20)]);
    const token = await lapsed(request.id);
    expect(await action({ token, intent: 'show' }, new Date())).toMatchObject({ status: 403, json: { error: 'invalid_link', reason: 'expired', renewable: true } });
    // Acting on a lapsed link stays refused.
    expect(await action({ token, intent: 'invoice-paid' }, new Date())).toMatchObject({ status: 403, json: { reason: 'expired' } });

    const ip = newVisitor().ip;
    const before = (await renewalMails()).length;
    expect(await renew(token, ip)).toMatchObject({ status: 200, json: { result: 'owed', mail: 'sent' } });
    const renewal = await mail.waitFor((m) => m.Subject.startsWith(`${PRACTICE_LINK_MAIL_TITLE}: ${request.name}`));
    expect(renewal.To.map((to) => to.Address.toLowerCase())).toEqual([PRACTICE]);
    expect([...renewal.Cc ?? [], ...renewal.Bcc ?? []]).toEqual([]);
    expect(renewal.ReplyTo.map((to) => to.Address.toLowerCase())).toEqual([PRACTICE]);
    expect(renewal.Text).not.toContain(request.email);
    // A fresh practice link, valid by the rule from now.
    const fresh = linkAfter(renewal.Text, PRACTICE_LINK_LABEL);
    expect(await claimOf(fresh)).toMatchObject({ requestId: request.id, action: 'practice' });
    expect(await action({ token: fresh, intent: 'show' }, new Date())).toMatchObject({ status: 200, json: { view: { action: 'practice', status: 'confirmed' } } });

    // Within the hour: nothing owed, and when the next may go.
    const again = await renew(token, newVisitor().ip);
    expect(again.status).toBe(429);
    expect(again.json).toMatchObject({ error: 'limited' });
    const seconds = again.json!.retryAfterSeconds as number;
    expect(seconds).toBeGreaterThan(PRACTICE_LINK_RENEWAL_MINUTES * 60 - 30);
    expect(seconds).toBeLessThanOrEqual(PRACTICE_LINK_RENEWAL_MINUTES * 60);
    expect(again.headers.get('retry-after')).toBe(String(seconds));
    // An hour later, one more.
    const later = new Date(Date.now() + (PRACTICE_LINK_RENEWAL_MINUTES * 60 + 5) * 1000);
    expect((await renew(token, newVisitor().ip, later)).status).toBe(200);
    await expect.poll(async () => (await renewalMails()).length).toBe(before + 2);

    // The visitor's own lapsed link: expired, nothing to renew, nothing mailed.
    const cancel = await lapsed(request.id, 'cancel');
    const visitors = await action({ token: cancel, intent: 'show' }, new Date());
    expect(visitors).toMatchObject({ status: 403, json: { reason: 'expired' } });
    expect(visitors.json).not.toHaveProperty('renewable');
    expect((await renew(cancel, newVisitor().ip)).status).toBe(403);
    // A forged one: refused before the database is asked.
    expect((await renew(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`, newVisitor().ip)).status).toBe(403);
    // A valid staff link needs none.
    const valid = await signActionToken(SECRET, { requestId: request.id, action: 'decline', expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    expect(await renew(valid, newVisitor().ip)).toMatchObject({ status: 400, json: { error: 'invalid_body', field: 'intent' } });
    expect((await renewalMails()).length).toBe(before + 2);
  });

});

describe('the calendar feed\'s link: a schedule, not a key', () => {
  it('shows no name, diary, note or invoice, refuses every action, mails no visitor; its one press mails the practice', async () => {
    const day = bookableDate(3);
    const request = await storedRequest(day, null, '09:30');
    await backend.query(`select (select set_config('role', 'service_role', true)), public.decide_appointment($1, 'confirm', $2::date, '09:30', null, 'sandra-huber')`, [request.id, day]);
    // The visitor keeps a diary with a note (health data), and the appointment has an invoice.
    const note = 'Rückenschmerzen seit der Operation';
    await backend.query(`select (select set_config('role', 'service_role', true)), public.consent_sleep_diary($1)`, [request.id]);
    await backend.query(
      `select (select set_config('role', 'service_role', true)), public.save_sleep_night($1, $2::jsonb)`,
      [request.id, JSON.stringify({ morning: addDays(day, -2), bedTime: '23:00', attemptTime: '23:15', latencyMinutes: 30, awakenings: 2, wakeMinutes: 20, finalWakeTime: '06:15', upTime: '06:45', quality: 2, note })],
    );
    const page = await signActionToken(SECRET, { requestId: request.id, action: 'practice', expiresAt: Math.floor(Date.now() / 1000) + 90 * 86_400 });
    const issued = await action({ token: page, intent: 'invoice' }, zurichInstant(day, '12:00'));
    expect(issued.json).toMatchObject({ result: 'issued', mail: 'sent' });
    const number = (issued.json!.view as { invoicing: { invoice: { number: string } } }).invoicing.invoice.number;
    // The practice's own page has the diary (its note) and the invoice.
    expect((await action({ token: page, intent: 'show' }, zurichInstant(day, '12:00'))).text).toContain(note);

    // The feed's link, as the feed writes it.
    const view = await signActionToken(SECRET, { requestId: request.id, action: 'view', expiresAt: Math.floor(Date.now() / 1000) + 90 * 86_400 });
    const shown = await action({ token: view, intent: 'show' }, zurichInstant(day, '12:00'));
    expect(shown.status).toBe(200);
    expect(Object.keys(shown.json!)).toEqual(['entry']);
    for (const secret of [note, 'sleepDiary', 'invoicing', number, request.email, request.name.split(' ')[0]!, request.name.split(' ')[1]!]) {
      expect(shown.text).not.toContain(secret);
    }
    const mailsBefore = (await mail.all()).filter((m) => isTo(m, request.email)).length;
    const sendsBefore = (await backend.query<{ n: number }>(`select count(*)::int as n from public.outbox_mails where kind = 'invoice' and about = $1`, [number])).rows[0]!.n;
    for (const body of [
      { intent: 'act' },
      { intent: 'act', note: 'x' },
      { intent: 'invoice' },
      { intent: 'invoice-again' },
      { intent: 'invoice-paid' },
    ]) {
      const pressed = await action({ token: view, ...body }, zurichInstant(day, '12:00'));
      expect([pressed.status, pressed.json], JSON.stringify(body)).toEqual([400, { error: 'invalid_body', field: 'intent' }]);
    }
    const after = await backend.query<{ status: string; paid: boolean; sends: number }>(
      `select a.status, i.paid_at is not null as paid,
              (select count(*)::int from public.outbox_mails m where m.kind = 'invoice' and m.about = i.number) as sends
         from public.appointment_requests a join public.invoices i on i.appointment_id = a.id where a.id = $1`, [request.id]);
    expect(after.rows[0]).toEqual({ status: 'confirmed', paid: false, sends: sendsBefore });
    expect((await mail.all()).filter((m) => isTo(m, request.email))).toHaveLength(mailsBefore);

    // «Link an die Praxis senden»: to the practice only.
    expect(await renew(view, newVisitor().ip)).toMatchObject({ status: 200, json: { result: 'owed', mail: 'sent' } });
    const renewal = await mail.waitFor((m) => m.Subject.startsWith(`${PRACTICE_LINK_MAIL_TITLE}: ${request.name}`));
    expect(renewal.To.map((to) => to.Address.toLowerCase())).toEqual([PRACTICE]);
    expect(renewal.Text).not.toContain(note);
    expect((await mail.all()).filter((m) => isTo(m, request.email))).toHaveLength(mailsBefore);
  });
});

describe('the invoice outlives the erasure', () => {
  it('an erased appointment\'s practice link shows the kept invoice in the practice\'s words; it is marked paid and sent again to the address on the invoice; the erasure says what it kept and what it deleted', async () => {
    const day = bookableDate(4);
    const request = await storedRequest(day, null, '13:30');
    await backend.query(`select (select set_config('role', 'service_role', true)), public.decide_appointment($1, 'confirm', $2::date, '13:30', null, 'lukas-brunner')`, [request.id, day]);
    await backend.query(`update public.outbox_mails set sent_at = now() where appointment_request_id = $1 and sent_at is null`, [request.id]);
    await backend.query(`select (select set_config('role', 'service_role', true)), public.consent_sleep_diary($1)`, [request.id]);
    const page = await signActionToken(SECRET, { requestId: request.id, action: 'practice', expiresAt: Math.floor(Date.now() / 1000) + 90 * 86_400 });
    const onDay = zurichInstant(day, '15:00');
    const issued = await action({ token: page, intent: 'invoice' }, onDay);
    expect(issued.json).toMatchObject({ result: 'issued', mail: 'sent' });
    const number = (issued.json!.view as { invoicing: { invoice: { number: string } } }).invoicing.invoice.number;
    await mail.waitFor((m) => isTo(m, request.email) && m.Subject === invoiceSubject(number));

    // The visitor erases everything on «Meine Daten».
    const key = request.email.replace(/@(.*)$/, (_, domain: string) => `@${domain.toLowerCase()}`);
    const myData = await signMyDataToken(SECRET, { address: key, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    const erased = await callFunction(backend, 'my-data', { action: 'erase', token: myData }, { ip: newVisitor().ip, proof: false });
    expect(erased).toMatchObject({ status: 200, json: { erased: { requests: 1, sleepDiaries: 1, invoicesKept: 1 } } });
    // The practice's erasure mail says what is kept, for how long and why.
    const notice = await mail.waitFor((m) => isTo(m, PRACTICE) && m.Subject.includes(request.email) && m.Subject.startsWith('Löschung'));
    expect(notice.Text).toContain(erasureKeptInvoices([number]));
    expect(notice.Text).toContain('Schlaftagebücher');

    // The practice's link still leads to the invoice, in the practice's words.
    const shown = await action({ token: page, intent: 'show' }, onDay);
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({
      erased: {
        action: 'practice',
        appointment: { name: request.name, service: 'Schlafberatung', date: day, time: '13:30', advisor: 'lukas-brunner' },
        invoicing: { invoice: { number, state: 'sent' } },
      },
    });
    expect(shown.text).not.toContain(request.email);
    // «Rechnung erneut senden»: to the address on the invoice.
    const before = (await mail.all()).filter((m) => isTo(m, request.email) && m.Subject === invoiceSubject(number)).length;
    const again = await action({ token: page, intent: 'invoice-again' }, new Date(onDay.getTime() + 3_600_000));
    expect(again).toMatchObject({ status: 200, json: { result: 'owed', mail: 'sent', view: { invoicing: { invoice: { number } } } } });
    await expect.poll(async () => (await mail.all()).filter((m) => isTo(m, key) && m.Subject === invoiceSubject(number)).length).toBe(before + 1);
    // «Als bezahlt markieren».
    const paid = await action({ token: page, intent: 'invoice-paid' }, new Date(onDay.getTime() + 7_200_000));
    expect(paid).toMatchObject({ status: 200, json: { result: 'paid', view: { invoicing: { invoice: { number, state: 'paid' } } } } });
    // Nothing else is left to press.
    expect(await action({ token: page, intent: 'act' }, onDay)).toMatchObject({ status: 404, json: { error: 'not_found', forPractice: true } });
    // A visitor's link to it: the visitor's words, nothing of the invoice.
    const cancel = await signActionToken(SECRET, { requestId: request.id, action: 'cancel', expiresAt: Math.floor(onDay.getTime() / 1000) + 3600 });
    expect(await action({ token: cancel, intent: 'show' }, onDay)).toMatchObject({ status: 404, json: { error: 'not_found' } });
    // The calendar's link: nothing of the invoice either.
    const view = await signActionToken(SECRET, { requestId: request.id, action: 'view', expiresAt: Math.floor(onDay.getTime() / 1000) + 3600 });
    const viewed = await action({ token: view, intent: 'show' }, onDay);
    expect(viewed.status).toBe(404);
    expect(viewed.text).not.toContain(number);
  });
});

// Last: it spends the day's cap of renewals, which the tests above draw on.
describe('the renewals\' budget', () => {
  it('a flood of renewal requests sends at most the budget: one network its share, all networks the day\'s cap, one per appointment however many at once', async () => {
    const appointments = await Promise.all(Array.from({ length: PRACTICE_LINK_DAILY_CAP + 10 }, (_, n) => storedRequest(bookableDate(30 + (n % 40)))));
    const tokens = await Promise.all(appointments.map((request) => lapsed(request.id, n(request) % 2 ? 'decline' : 'practice')));
    function n(request: { id: string }) {
      return appointments.indexOf(request as (typeof appointments)[number]);
    }
    const owedToday = async () =>
      (await backend.query<{ n: number }>(`select count(*)::int as n from public.outbox_mails where kind = 'practice-link' and created_at > now() - interval '1 day'`)).rows[0]!.n;
    const before = await owedToday();
    const mailsBefore = (await renewalMails()).length;

    // One network (an IPv6 /48: its /64s are one client each), every appointment's link, ten at a time.
    const network = ownIpv6Network();
    const statuses: number[] = [];
    for (let i = 0; i < tokens.length; i += 10) {
      const batch = tokens.slice(i, i + 10).map((token, k) => renew(token, `${network}:${(i + k).toString(16)}::1`));
      statuses.push(...(await Promise.all(batch)).map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(PRACTICE_LINK_NETWORK_DAILY_MAX);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 429)).toBe(true);

    // Many networks, each link three times at once: one per appointment, the day's cap in all.
    const answers = await Promise.all(tokens.flatMap((token) => [0, 1, 2].map(() => renew(token, newVisitor().ip))));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    const owed = await owedToday();
    expect(owed).toBe(Math.max(before, PRACTICE_LINK_DAILY_CAP));
    const perAppointment = await backend.query<{ n: number }>(
      `select count(*)::int as n from public.outbox_mails where kind = 'practice-link' and appointment_request_id = any($1::uuid[]) group by appointment_request_id`,
      [appointments.map((request) => request.id)]);
    expect(perAppointment.rows.every((row) => row.n === 1)).toBe(true);
    expect(answers.filter((answer) => answer.status === 200).length + PRACTICE_LINK_NETWORK_DAILY_MAX).toBe(owed - before);
    // Each owed renewal went out once, to the practice and nobody else.
    await expect.poll(async () => (await renewalMails()).length, { timeout: 20_000 }).toBe(mailsBefore + owed - before);
    expect((await renewalMails()).every((m) => m.To.length === 1 && m.To[0]!.Address.toLowerCase() === PRACTICE)).toBe(true);
  });
});
