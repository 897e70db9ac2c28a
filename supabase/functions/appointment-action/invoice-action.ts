/**
 * The invoice buttons of the practice's page: the practice's links to a confirmed
 * appointment (the practice link of its mails and the digest, and the staff links) show its
 * invoice (InvoiceView) and take three commands:
 * - `invoice` «Rechnung senden»: from the appointment's day (Zurich) on, issues the invoice
 *   (public.issue_invoice: the number and the first mail owed in one transaction; a second
 *   or concurrent press finds the same invoice) and sends its mail once;
 * - `invoice-again` «Rechnung erneut senden»: the same invoice once more (resend_invoice),
 *   within its budget (domain/invoice.ts: INVOICE_RESENDS_MAX in all, one per
 *   INVOICE_RESEND_INTERVAL_MINUTES), which the database counts under the invoice's lock; a
 *   press it holds back answers 429 `limited` with the seconds until the next may send
 *   (Retry-After; null once spent for good) and the page's view, and sends nothing;
 * - `invoice-paid` «Als bezahlt markieren».
 * The amount is the catalogue's price; a service without one (priceChf null) needs the
 * amount the practice typed in «Betrag (CHF)» (domain/invoice.ts parseInvoiceAmount). The
 * calendar feeds' view link never does: a calendar provider and everyone the calendar is
 * shared with hold it, and «Rechnung erneut senden» mails the visitor. A PDF that cannot be
 * made answers 502 `invoice_failed` with its cause and nothing was sent; the invoice stays
 * issued and a press sends it again.
 */
import type { AppointmentRequest, Store } from '../_shared/database/store.ts';
import { findService } from '../_shared/mail/layout.ts';
import { parseInvoiceAmount, rappenOf } from '../_shared/domain/invoice.ts';
import type { ErasedAppointmentView, InvoiceIntent, InvoiceView } from '../_shared/domain/wire-types.ts';
import { INVOICE_INTENTS } from '../_shared/domain/wire-types.ts';
import type { AppointmentAction } from '../_shared/lifecycle/action-tokens.ts';
import type { InvoiceStore, StoredInvoice } from '../_shared/invoices/store.ts';
import { type InvoiceMailOutcome, sendInvoiceMail } from '../_shared/invoices/invoice-mail.ts';
import type { invoicePdf } from '../_shared/invoices/invoice-pdf.ts';
import type { MailSettings } from '../_shared/mail/layout.ts';
import type { Mailer } from '../_shared/mail/transport.ts';
import type { Answer } from '../_shared/http/request-gate.ts';
import type { JsonObject } from '../_shared/http/json.ts';

/** The practice's links: the page they open shows the invoice of a confirmed appointment. */
const PRACTICE_LINKS: readonly AppointmentAction[] = ['practice', 'confirm-preferred', 'confirm-alternative', 'decline', 'confirm-move', 'decline-move'];

export function isInvoiceIntent(intent: string): intent is InvoiceIntent {
  return (INVOICE_INTENTS as readonly string[]).includes(intent);
}

/** What the invoice buttons need of the appointment: the request, or after its deletion the invoice's copy of it. */
export type InvoiceSubject = Pick<AppointmentRequest, 'id' | 'service' | 'status' | 'confirmed_date'>;

/** The catalogue's price of the request's service in Rappen; null: none (the practice types it). */
function catalogueRappen(request: Pick<InvoiceSubject, 'service'>): number | null {
  const price = findService(request.service)?.priceChf ?? null;
  return price === null ? null : rappenOf(price);
}

/** The invoice as the page shows it. */
export function invoiceView(request: Pick<InvoiceSubject, 'service' | 'confirmed_date'>, stored: StoredInvoice | null): InvoiceView {
  return {
    from: stored?.appointment_date ?? request.confirmed_date!,
    priceRappen: catalogueRappen(request),
    invoice: stored === null ? null : {
      number: stored.number,
      issuedOn: stored.issued_on,
      amountRappen: stored.amount_rappen,
      state: stored.paid_at !== null ? 'paid' : stored.sent_at !== null ? 'sent' : 'unsent',
      sentAt: stored.sent_at,
      paidAt: stored.paid_at,
    },
  };
}

/**
 * The invoice part of the view: on the practice's links of a confirmed appointment, or of
 * one with an invoice (cancelled after it); undefined otherwise (the visitor's links never).
 */
export async function invoicingOf(invoices: InvoiceStore | null | undefined, action: AppointmentAction, request: InvoiceSubject): Promise<InvoiceView | undefined> {
  if (!invoices || !PRACTICE_LINKS.includes(action)) return undefined;
  if (request.status !== 'confirmed' && request.status !== 'cancelled') return undefined;
  const stored = await invoices.of(request.id);
  if (stored === null && (request.status !== 'confirmed' || request.confirmed_date === null)) return undefined;
  return invoiceView(request, stored);
}

export interface InvoicePress {
  answer: Answer;
  store: Store;
  mailer: Mailer;
  invoices: InvoiceStore;
  mail: MailSettings;
  now: Date;
  action: AppointmentAction;
  request: InvoiceSubject;
  intent: InvoiceIntent;
  amount: string | undefined;
  /** The page's view of the request with `invoicing` as it is now. */
  view: (invoicing: InvoiceView | undefined) => JsonObject;
  /** The PDF maker (tests give one that fails); invoice-pdf.ts's by default. */
  render?: typeof invoicePdf;
  /** The invoice as the page shows it now; by default the request's (invoicingOf). */
  invoicing?: () => Promise<InvoiceView | undefined>;
}

/** One press of an invoice button: the invoice changed as asked, its mail sent once, the view as it is now. */
export async function pressInvoice(press: InvoicePress): Promise<Response> {
  const { answer, invoices, action, request, intent, amount } = press;
  const code = (outcome: string) => ({ code: `${action}_invoice_${outcome}` });
  const invalid = (field: string) => answer(400, { error: 'invalid_body', field }, { code: 'invalid_body', field });
  const current = async () => press.view(await (press.invoicing ? press.invoicing() : invoicingOf(invoices, action, request)));
  if (!PRACTICE_LINKS.includes(action)) return invalid('intent');
  if (amount !== undefined && intent !== 'invoice') return invalid('amount');

  let key: string | null;
  let result: string;
  if (intent === 'invoice') {
    const price = catalogueRappen(request);
    let rappen = price;
    if (price === null) {
      // Typed by the practice; a press after the invoice exists may leave it out.
      rappen = amount === undefined ? null : parseInvoiceAmount(amount);
      if (rappen === null && (amount !== undefined || (await invoices.of(request.id)) === null)) return invalid('amount');
    } else if (amount !== undefined) {
      return invalid('amount');
    }
    const issued = await invoices.issue(request.id, rappen ?? 0, press.now);
    if (issued.result === 'not_found') return answer(404, { error: 'not_found' }, code('not_found'));
    if (issued.result === 'not_confirmed') return answer(409, { error: 'conflict', view: await current() }, code('not_confirmed'));
    if (issued.result === 'too_soon') return answer(409, { error: 'too_soon', from: issued.from, view: await current() }, code('too_soon'));
    result = issued.result;
    key = issued.invoice.mail_pending ? issued.invoice.mail_key : null;
  } else if (intent === 'invoice-again') {
    const again = await invoices.resend(request.id, press.now);
    if (again.result === 'not_found') return answer(409, { error: 'no_invoice', view: await current() }, code('no_invoice'));
    if (again.result === 'limited') {
      const retryAfterSeconds = again.retry_after_seconds;
      return answer(
        429,
        { error: 'limited', retryAfterSeconds, view: await current() },
        code('limited'),
        retryAfterSeconds === null ? undefined : { 'retry-after': String(retryAfterSeconds) },
      );
    }
    result = again.result;
    key = again.invoice.mail_key;
  } else {
    const paid = await invoices.markPaid(request.id, press.now);
    if (paid.result === 'not_found') return answer(409, { error: 'no_invoice', view: await current() }, code('no_invoice'));
    return answer(200, { result: 'paid', mail: 'none', view: await current() }, code('paid'));
  }

  const sent: InvoiceMailOutcome = key === null ? 'already_sent' : await sendInvoiceMail(invoices, press.store, press.mailer, key, press.mail, press.render);
  if (sent === 'in_progress') return answer(409, { error: 'in_progress' }, code('in_progress'));
  if (typeof sent === 'object') {
    return answer(502, { error: 'invoice_failed', cause: sent.failed, stored: true, view: await current() }, { ...code('mail_failed'), cause: sent.failed });
  }
  return answer(200, { result, mail: sent, view: await current() }, code(`${result}_${sent}`));
}

/** The appointment as its kept invoice's copy says it (no request left to read). */
function erasedView(action: AppointmentAction, kept: StoredInvoice, invoicing: InvoiceView): ErasedAppointmentView {
  return {
    action,
    appointment: {
      name: `${kept.first_name} ${kept.last_name}`,
      service: kept.service,
      date: kept.appointment_date,
      time: kept.appointment_time,
      minutes: kept.minutes,
      advisor: kept.advisor,
    },
    invoicing,
  };
}

export interface ErasedPress extends Omit<InvoicePress, 'request' | 'view' | 'intent' | 'invoicing'> {
  /** The practice link's appointment id (the invoice's appointment_id). */
  requestId: string;
  kept: StoredInvoice;
  intent: string;
}

/**
 * A practice link whose request is deleted (an erasure, the retention) while its invoice is
 * kept: `show` answers the invoice's copy of the appointment with the invoice
 * (ErasedAppointmentView, `{ erased }`); «Als bezahlt markieren» and «Rechnung erneut senden»
 * act on the kept invoice – the resend to the address on the invoice (its mail refers to the
 * invoice, not the request). Nothing else is left to press.
 */
export async function pressErased(press: ErasedPress): Promise<Response> {
  const { answer, invoices, action, requestId, kept, intent } = press;
  const subject: InvoiceSubject = { id: requestId, service: kept.service, status: 'confirmed', confirmed_date: kept.appointment_date };
  const invoicing = async () => {
    const now = await invoices.of(requestId);
    return now ? invoiceView(subject, now) : undefined;
  };
  const view = (current: InvoiceView | undefined) =>
    (current ? erasedView(action, kept, current) : { action }) as unknown as JsonObject;
  if (intent === 'show') {
    return answer(200, { erased: erasedView(action, kept, invoiceView(subject, kept)) as unknown as JsonObject }, { code: `${action}_erased_show` });
  }
  if (!isInvoiceIntent(intent) || intent === 'invoice') {
    return answer(404, { error: 'not_found', forPractice: true }, { code: `${action}_erased_not_found` });
  }
  return await pressInvoice({ ...press, intent, request: subject, view, invoicing });
}
