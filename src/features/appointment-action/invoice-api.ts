/**
 * The invoice buttons' calls: the same function as the page's other presses
 * (appointment-action, action-api.ts) with the intents `invoice`, `invoice-again` and
 * `invoice-paid`. Every answer becomes one `InvoiceResult`; the invoice part of the view
 * is checked here (readInvoicing), so the panel never formats a malformed date.
 */
import { getSupabaseClient } from '@/lib/supabase-client';
import { parseIsoDate } from '@domain/dates';
import type { InvoiceIntent, InvoiceView } from '@domain/wire-types';
import { APPOINTMENT_ACTION_FUNCTION } from './action-api';

/** A press sends an e-mail with a PDF before it answers. */
const TIMEOUT_MS = 45_000;

export type InvoiceResult =
  | { kind: 'done'; result: string; mail: 'sent' | 'already_sent' | 'none'; invoicing: InvoiceView | undefined }
  | { kind: 'too_soon'; from: string; invoicing: InvoiceView | undefined }
  | { kind: 'invoice_failed'; cause: string; invoicing: InvoiceView | undefined }
  /**
   * «Rechnung erneut senden» held back by the invoice's resend budget (domain/invoice.ts):
   * `nextAt` the instant (ISO) a press may send it again, rounded up to the minute; null:
   * it has been sent again as often as it may be.
   */
  | { kind: 'limited'; nextAt: string | null; invoicing: InvoiceView | undefined }
  | { kind: 'invalid_amount' }
  | { kind: 'conflict' | 'in_progress' | 'failed' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isDate = (value: unknown): value is string => typeof value === 'string' && parseIsoDate(value) !== null;
const isInstant = (value: unknown) => value === null || (typeof value === 'string' && !Number.isNaN(Date.parse(value)));
const isRappen = (value: unknown) => Number.isInteger(value) && (value as number) > 0;

/** The view's invoice part, checked: undefined when absent or not in its shape. */
export function readInvoicing(value: unknown): InvoiceView | undefined {
  if (!isObject(value) || !isDate(value.from) || !(value.priceRappen === null || isRappen(value.priceRappen))) return undefined;
  const { invoice } = value;
  if (invoice === null) return value as unknown as InvoiceView;
  if (
    !isObject(invoice) || typeof invoice.number !== 'string' || !isDate(invoice.issuedOn) || !isRappen(invoice.amountRappen) ||
    !['unsent', 'sent', 'paid'].includes(invoice.state as string) || !isInstant(invoice.sentAt) || !isInstant(invoice.paidAt)
  ) {
    return undefined;
  }
  return value as unknown as InvoiceView;
}

const invoicingOf = (body: Record<string, unknown>) => readInvoicing(isObject(body.view) ? body.view.invoicing : undefined);

/** Reads an answer's body (200 or an error's) into an InvoiceResult; `now`: when it came. */
export function fromInvoiceAnswer(status: number, body: unknown, now: Date = new Date()): InvoiceResult {
  if (!isObject(body)) return { kind: 'failed' };
  if (status === 200 && typeof body.result === 'string' && ['sent', 'already_sent', 'none'].includes(body.mail as string)) {
    return { kind: 'done', result: body.result, mail: body.mail as 'sent' | 'already_sent' | 'none', invoicing: invoicingOf(body) };
  }
  switch (body.error) {
    case 'too_soon':
      return isDate(body.from) ? { kind: 'too_soon', from: body.from, invoicing: invoicingOf(body) } : { kind: 'failed' };
    case 'invoice_failed':
      return { kind: 'invoice_failed', cause: typeof body.cause === 'string' ? body.cause : '', invoicing: invoicingOf(body) };
    case 'invalid_body':
      return body.field === 'amount' ? { kind: 'invalid_amount' } : { kind: 'failed' };
    case 'conflict':
    case 'no_invoice':
      return { kind: 'conflict' };
    case 'in_progress':
      return { kind: 'in_progress' };
    case 'limited': {
      const seconds = body.retryAfterSeconds;
      if (seconds === null) return { kind: 'limited', nextAt: null, invoicing: invoicingOf(body) };
      if (!Number.isInteger(seconds) || (seconds as number) <= 0) return { kind: 'failed' };
      // Up to the minute the page names: a press in that minute is not held back again.
      const nextAt = Math.ceil((now.getTime() + (seconds as number) * 1000) / 60_000) * 60_000;
      return { kind: 'limited', nextAt: new Date(nextAt).toISOString(), invoicing: invoicingOf(body) };
    }
    default:
      return { kind: 'failed' };
  }
}

/** One press of an invoice button; `amount` as typed, for a service without a catalogue price. */
export async function pressInvoiceButton(token: string, intent: InvoiceIntent, amount?: string): Promise<InvoiceResult> {
  try {
    const supabase = await getSupabaseClient();
    const body = { token, intent, ...(amount !== undefined && { amount }) };
    const { data, error } = await supabase.functions.invoke(APPOINTMENT_ACTION_FUNCTION, { body, timeout: TIMEOUT_MS });
    if (!error) return fromInvoiceAnswer(200, data);
    const context = isObject(error) && isObject(error.context) ? (error.context as unknown as Response) : undefined;
    if (!context || typeof context.json !== 'function') return { kind: 'failed' };
    return fromInvoiceAnswer(context.status, await context.json().catch(() => undefined));
  } catch (error) {
    console.error(error);
    return { kind: 'failed' };
  }
}
