// @vitest-environment node
/**
 * «Rechnung senden» through the function (appointment-action, invoice-action.ts) on the
 * stack: the practice's links of a confirmed appointment show its invoice (the visitor's
 * never); before the appointment's day (Zurich; the test clock fixes the function's now) the
 * press is refused with the day; on the day it issues the invoice and sends the visitor the
 * mail «Rechnung <number> – Ruhepol Schlafberatung» with rechnung-<number>.pdf, once however
 * many presses come at once; «Rechnung erneut senden» sends the same invoice again; «Als
 * bezahlt markieren» marks it; a service without a catalogue price needs «Betrag (CHF)»;
 * «Rechnung erneut senden» stays within its budget (INVOICE_RESENDS_MAX in all, one per
 * INVOICE_RESEND_INTERVAL_MINUTES), however many presses come one after another or at once.
 * The database alone: invoices.test.ts; the QR code: ../invoice-qr-bill.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signActionToken } from '../../supabase/functions/_shared/lifecycle/action-tokens.ts';
import type { AppointmentAction } from '../../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { zurichInstant } from '../../supabase/functions/_shared/domain/dates.ts';
import {
  INVOICE_RESEND_INTERVAL_MINUTES,
  INVOICE_RESENDS_MAX,
  invoiceFileName,
  invoiceSubject,
} from '../../supabase/functions/_shared/domain/invoice.ts';
import { TEST_CLOCK_HEADER } from '../../supabase/functions/_shared/http/test-clock.ts';
import { serviceCatalog } from '../../supabase/functions/_shared/domain/catalog.ts';
import { readFunctionsSettings } from '../../scripts/stack/start-stack.ts';
import { isTo, mailApi, type MailApi } from '../support/mail-api.ts';
import { ageOutboxMails, backendTarget, callFunction, newAppointmentRequest, newVisitor, slotSequence, type TestBackend } from './stack-harness.ts';

let backend: TestBackend;
let mail: MailApi;
const SETTINGS = readFunctionsSettings();
/** The home visit's label, as the catalog names it: a service without a catalogue price. */
const HOME_VISIT = serviceCatalog.find((entry) => entry.value === 'beratung-zuhause')!.label;

beforeAll(async () => {
  backend = await backendTarget();
  mail = mailApi(backend.mailUrl);
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

const nextSlot = slotSequence(73);

async function confirmed(service = 'Schlafberatung') {
  const visitor = newVisitor();
  const { date, time } = nextSlot();
  const row = newAppointmentRequest(visitor.email, { preferred_date: date, preferred_time: time, service });
  await backend.query(
    `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.id, row.first_name, row.last_name, row.email, row.phone, row.service, row.preferred_date, row.preferred_time],
  );
  const { rows } = await backend.query<{ answer: { result: string } }>(
    `select (select set_config('role', 'service_role', true)), public.decide_appointment($1, 'confirm', $2::date, $3) as answer`, [row.id, date, time]);
  expect(rows[0]!.answer.result).toBe('changed');
  // The confirmation's mails count as sent: only the invoice's are this suite's.
  await backend.query(`update public.outbox_mails set sent_at = now() where appointment_request_id = $1 and sent_at is null`, [row.id]);
  return { id: row.id as string, date, ...visitor };
}

/** A link good until a month after `at` (the function's clock runs at the appointment's day). */
const token = (requestId: string, action: AppointmentAction, at: Date) =>
  signActionToken(SETTINGS.ACTION_TOKEN_SECRET ?? '', { requestId, action, expiresAt: Math.floor(at.getTime() / 1000) + 30 * 86_400 });

/** A press at `at` (the function's clock), as the page sends it. */
async function press(id: string, body: Record<string, unknown>, at: Date, action: AppointmentAction = 'practice') {
  return callFunction(backend, 'appointment-action', { token: await token(id, action, at), ...body }, {
    ip: newVisitor().ip, proof: false, headers: { [TEST_CLOCK_HEADER]: at.toISOString() },
  });
}

const noon = (date: string) => zurichInstant(date, '12:00');
const invoicesOf = async (id: string) =>
  (await backend.query<{ number: string; amount_rappen: number }>(`select number, amount_rappen from public.invoices where appointment_request_id = $1`, [id])).rows;
const invoiceMails = async (email: string) => (await mail.all()).filter((m) => isTo(m, email) && m.Subject.startsWith('Rechnung '));

describe('the invoice on the practice\'s page', () => {
  it('is shown on the practice\'s links of a confirmed appointment, never on the visitor\'s', async () => {
    const { id, date } = await confirmed();
    const shown = await press(id, { intent: 'show' }, noon(date));
    expect(shown.status).toBe(200);
    expect((shown.json!.view as Record<string, unknown>).invoicing).toEqual({ from: date, priceRappen: 19000, invoice: null });
    const visitors = await press(id, { intent: 'show' }, noon(date), 'cancel');
    expect((visitors.json!.view as Record<string, unknown>).invoicing).toBeUndefined();
    const refused = await press(id, { intent: 'invoice' }, noon(date), 'cancel');
    expect(refused.status).toBe(400);
    expect(await invoicesOf(id)).toEqual([]);
  });

  it('is refused before the appointment\'s day (Zurich), and sent from it: one invoice, one mail with its PDF, however many presses at once', async () => {
    const { id, date, email } = await confirmed();
    const eveningBefore = new Date(zurichInstant(date, '00:00').getTime() - 60_000);
    const early = await press(id, { intent: 'invoice' }, eveningBefore);
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ error: 'too_soon', from: date });
    expect(await invoicesOf(id)).toEqual([]);

    const presses = await Promise.all(Array.from({ length: 5 }, () => press(id, { intent: 'invoice' }, zurichInstant(date, '00:00'))));
    expect(presses.map((answer) => answer.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);
    const stored = await invoicesOf(id);
    expect(stored).toHaveLength(1);
    const { number } = stored[0]!;
    // Each press answers the one invoice: issued (the press that gave the number, unless another
    // press took its mail's claim first and it answers in_progress), existing, or in_progress.
    for (const answer of presses) {
      if (answer.status === 200) expect(['issued', 'existing']).toContain(answer.json?.result);
      else expect(answer.json).toEqual({ error: 'in_progress' });
    }
    expect(presses.filter((answer) => answer.json?.result === 'issued').length).toBeLessThanOrEqual(1);
    expect(presses.filter((answer) => answer.json?.mail === 'sent')).toHaveLength(1);
    const message = await mail.waitFor((m) => isTo(m, email) && m.Subject === invoiceSubject(number), { timeoutMs: 20_000 });
    const part = message.Attachments.find((attachment) => attachment.FileName === invoiceFileName(number));
    expect(part?.ContentType).toBe('application/pdf');
    const pdf = await mail.attachment(message.ID, part!.PartID);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const shown = await press(id, { intent: 'show' }, noon(date));
    expect((shown.json!.view as { invoicing: { invoice: Record<string, unknown> } }).invoicing.invoice).toMatchObject({
      number, issuedOn: date, amountRappen: 19000, state: 'sent', paidAt: null,
    });
    // Only the one mail: the other presses found the invoice and its mail sent, or being sent
    // (409 in_progress, sending nothing). Every press has answered, so every send is over.
    const { rows } = await backend.query<{ sent: number }>(
      `select count(*)::int as sent from public.outbox_mails m join public.invoices i on i.number = m.about
        where m.kind = 'invoice' and i.appointment_id = $1 and m.sent_at is not null`, [id]);
    expect(rows[0]!.sent).toBe(1);
    expect(await invoiceMails(email)).toHaveLength(1);
  });

  it('sends the same invoice again, and marks it paid', async () => {
    const { id, date, email } = await confirmed();
    const first = await press(id, { intent: 'invoice' }, noon(date));
    expect(first.status, first.text).toBe(200);
    const { number } = (await invoicesOf(id))[0]!;
    const again = await press(id, { intent: 'invoice-again' }, noon(date));
    expect(again.json).toMatchObject({ result: 'owed', mail: 'sent' });
    await expect.poll(async () => (await invoiceMails(email)).map((m) => m.Subject), { timeout: 15_000 }).toEqual([invoiceSubject(number), invoiceSubject(number)]);
    expect(await invoicesOf(id)).toHaveLength(1);
    const paid = await press(id, { intent: 'invoice-paid' }, noon(date));
    expect(paid.json).toMatchObject({ result: 'paid', mail: 'none', view: { invoicing: { invoice: { number, state: 'paid' } } } });
  });

  it('sends an invoice again within its budget: 30 presses, one after another and at once, send INVOICE_RESENDS_MAX mails, the rest answer 429 with when to press again', async () => {
    const { id, date, email } = await confirmed();
    const start = noon(date);
    const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const interval = INVOICE_RESEND_INTERVAL_MINUTES;
    const first = await press(id, { intent: 'invoice' }, start);
    expect(first.json, first.text).toMatchObject({ result: 'issued', mail: 'sent' });
    const { number } = (await invoicesOf(id))[0]!;
    const again = (at: Date) => press(id, { intent: 'invoice-again' }, at);
    const sentAgain = (answer: Awaited<ReturnType<typeof again>>) => answer.status === 200 && answer.json?.mail === 'sent';
    /** A refused press: 429, the seconds until the next may send (body and Retry-After; null once the budget is spent for good), the page's view. */
    const expectLimited = (answer: Awaited<ReturnType<typeof again>>, retryAfterSeconds: number | null) => {
      expect(answer.status, answer.text).toBe(429);
      expect(answer.json).toMatchObject({ error: 'limited', retryAfterSeconds, view: { invoicing: { invoice: { number, state: 'sent' } } } });
      expect(answer.headers.get('retry-after')).toBe(retryAfterSeconds === null ? null : String(retryAfterSeconds));
    };
    const presses: Awaited<ReturnType<typeof again>>[] = [];

    // Right after the first mail: one resend (the first mail is not the budget's), then 9
    // presses within the hour, refused with the seconds until the hour is over.
    const soon = await again(start);
    expect(soon.json, soon.text).toMatchObject({ result: 'owed', mail: 'sent' });
    presses.push(soon);
    for (const minutes of [0, 0, 1, 10, 10, 30, 30, 59, interval - 1 / 60]) {
      const answer = await again(later(minutes));
      expectLimited(answer, Math.round((interval - minutes) * 60));
      presses.push(answer);
    }
    // The hour over: 10 presses at once send one mail; the others find it owed or sent.
    const together = await Promise.all(Array.from({ length: 10 }, () => again(later(interval))));
    expect(together.filter(sentAgain)).toHaveLength(1);
    for (const answer of together.filter((answer) => !sentAgain(answer))) {
      if (answer.status === 429) expectLimited(answer, interval * 60);
      else if (answer.status === 409) expect(answer.json).toEqual({ error: 'in_progress' });
      else expect(answer.json, answer.text).toMatchObject({ result: 'pending', mail: 'already_sent' });
    }
    presses.push(...together);
    // Every hour one more, until INVOICE_RESENDS_MAX are spent…
    for (let resend = 3; resend <= INVOICE_RESENDS_MAX; resend += 1) {
      const answer = await again(later((resend - 1) * interval));
      expect(sentAgain(answer), answer.text).toBe(true);
      presses.push(answer);
    }
    // …then refused for good, however long after.
    const spent = INVOICE_RESENDS_MAX * interval;
    while (presses.length < 30) {
      const answer = await again(later(spent + (presses.length % 3) * 24 * 60));
      expectLimited(answer, null);
      presses.push(answer);
    }

    expect(presses).toHaveLength(30);
    expect(presses.filter(sentAgain)).toHaveLength(INVOICE_RESENDS_MAX);
    // Every press has answered, so every send is over: the first mail and the resends, no more.
    const { rows } = await backend.query<{ owed: number; sent: number }>(
      `select count(*)::int as owed, count(sent_at)::int as sent from public.outbox_mails where kind = 'invoice' and about = $1`, [number]);
    expect(rows[0]).toEqual({ owed: 1 + INVOICE_RESENDS_MAX, sent: 1 + INVOICE_RESENDS_MAX });
    await expect.poll(async () => (await invoiceMails(email)).length, { timeout: 15_000 }).toBe(1 + INVOICE_RESENDS_MAX);
    expect((await invoiceMails(email)).map((m) => m.Subject)).toEqual(Array.from({ length: 1 + INVOICE_RESENDS_MAX }, () => invoiceSubject(number)));
  });

  it('takes the amount the practice types for a service without a catalogue price, and refuses one that is not an amount', async () => {
    const { id, date } = await confirmed(HOME_VISIT);
    const shown = await press(id, { intent: 'show' }, noon(date));
    expect((shown.json!.view as { invoicing: { priceRappen: number | null } }).invoicing.priceRappen).toBeNull();
    for (const body of [{}, { amount: '12.34' }, { amount: 'zweihundert' }, { amount: '0' }]) {
      const refused = await press(id, { intent: 'invoice', ...body }, noon(date));
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json).toEqual({ error: 'invalid_body', field: 'amount' });
    }
    expect(await invoicesOf(id)).toEqual([]);
    const sent = await press(id, { intent: 'invoice', amount: "1'240.50" }, noon(date));
    expect(sent.status, sent.text).toBe(200);
    expect((await invoicesOf(id))[0]!.amount_rappen).toBe(124050);
    // A service with a price takes no typed amount.
    const priced = await confirmed();
    expect((await press(priced.id, { intent: 'invoice', amount: '100' }, noon(priced.date))).status).toBe(400);
  });

  it('the outbox sends an invoice mail no press sent, once, with its PDF', async () => {
    const { id, date, email } = await confirmed();
    // Issued as a press does, but its mail not sent (the press's send failed, or it never came to it).
    const { rows } = await backend.query<{ answer: { invoice: { number: string } } }>(
      `select (select set_config('role', 'service_role', true)), public.issue_invoice($1, 19000, $2) as answer`, [id, noon(date).toISOString()]);
    const { number } = rows[0]!.answer.invoice;
    await ageOutboxMails(backend, id);
    // The invoice's mail refers to the invoice, not the request: aged by its number.
    await backend.query(`update public.outbox_mails set created_at = created_at - interval '3 minutes' where kind = 'invoice' and about = $1`, [number]);
    const outbox = async () => {
      const response = await fetch(`${backend.apiUrl}/functions/v1/send-pending-mail`, {
        method: 'POST',
        headers: { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return response.status;
    };
    expect(await outbox()).toBe(200);
    const message = await mail.waitFor((m) => isTo(m, email) && m.Subject === invoiceSubject(number), { timeoutMs: 20_000 });
    expect(message.Attachments.map((attachment) => attachment.FileName)).toEqual([invoiceFileName(number)]);
    expect(await outbox()).toBe(200);
    const sent = await backend.query<{ sent: number }>(
      `select count(*)::int as sent from public.outbox_mails m join public.invoices i on i.number = m.about
        where m.kind = 'invoice' and i.appointment_id = $1 and m.sent_at is not null`, [id]);
    expect(sent.rows[0]!.sent).toBe(1);
    expect(await invoiceMails(email)).toHaveLength(1);
  });
});
