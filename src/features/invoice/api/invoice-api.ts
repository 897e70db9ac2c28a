/**
 * The invoice buttons' calls: the same function as the page's other presses
 * (appointment-action, action-api.ts) with the intents `invoice`, `invoice-again` and
 * `invoice-paid`. Every answer becomes one `InvoiceResult`; the invoice part of the view
 * is checked here (readInvoicing), so the panel never formats a malformed date.
 */
import * as z from 'zod/mini';
import { callFunction } from '@/lib/call-function';
import { invoiceAnswerSchema, invoiceRefusalSchema, invoiceViewSchema } from '@domain/action-answers';
import { APPOINTMENT_ACTION_FUNCTION, type InvoiceIntent, type InvoiceView } from '@domain/wire-types';

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

/** The view's invoice part, checked: undefined when absent or not in its shape. */
export function readInvoicing(value: unknown): InvoiceView | undefined {
  const invoicing = invoiceViewSchema.safeParse(value);
  return invoicing.success ? invoicing.data : undefined;
}

/** Up to the minute the page names: a press in that minute is not held back again. */
const upToTheMinute = (now: Date, seconds: number) => new Date(Math.ceil((now.getTime() + seconds * 1000) / 60_000) * 60_000).toISOString();

type Answer = z.infer<typeof invoiceAnswerSchema>;
type Refusal = z.infer<typeof invoiceRefusalSchema>;

function resultOfAnswer(answer: Answer): InvoiceResult {
  return { kind: 'done', result: answer.result, mail: answer.mail, invoicing: answer.view?.invoicing };
}

function resultOfRefusal(refusal: Refusal, now: Date): InvoiceResult {
  switch (refusal.error) {
    case 'too_soon':
      return { kind: 'too_soon', from: refusal.from, invoicing: refusal.view?.invoicing };
    case 'invoice_failed':
      return { kind: 'invoice_failed', cause: refusal.cause ?? '', invoicing: refusal.view?.invoicing };
    case 'invalid_body':
      return refusal.field === 'amount' ? { kind: 'invalid_amount' } : { kind: 'failed' };
    case 'conflict':
    case 'no_invoice':
      return { kind: 'conflict' };
    case 'in_progress':
      return { kind: 'in_progress' };
    case 'limited':
      return {
        kind: 'limited',
        nextAt: refusal.retryAfterSeconds === null ? null : upToTheMinute(now, refusal.retryAfterSeconds),
        invoicing: refusal.view?.invoicing,
      };
  }
}

/** Reads an answer's body (200 or an error's) into an InvoiceResult; `now`: when it came. */
export function fromInvoiceAnswer(status: number, body: unknown, now: Date = new Date()): InvoiceResult {
  if (status === 200) {
    const answer = invoiceAnswerSchema.safeParse(body);
    return answer.success ? resultOfAnswer(answer.data) : { kind: 'failed' };
  }
  const refusal = invoiceRefusalSchema.safeParse(body);
  return refusal.success ? resultOfRefusal(refusal.data, now) : { kind: 'failed' };
}

/** One press of an invoice button; `amount` as typed, for a service without a catalogue price. */
export async function pressInvoiceButton(token: string, intent: InvoiceIntent, amount?: string): Promise<InvoiceResult> {
  const call = await callFunction(APPOINTMENT_ACTION_FUNCTION, {
    body: { token, intent, ...(amount !== undefined && { amount }) },
    answer: invoiceAnswerSchema,
    refusal: invoiceRefusalSchema,
    timeout: TIMEOUT_MS,
  });
  if (call.kind === 'answer') return resultOfAnswer(call.data);
  if (call.kind === 'refused' && call.refusal) return resultOfRefusal(call.refusal, new Date());
  return { kind: 'failed' };
}

/** What one press sends: the page's token, the button's intent, the amount as typed (a service without a catalogue price). */
export interface InvoicePress {
  token: string;
  intent: InvoiceIntent;
  amount?: string | undefined;
}
