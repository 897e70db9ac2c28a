/**
 * The invoices' database calls (…_invoices.sql) and the shapes of their answers: an invoice
 * as stored (a copy of what it must hold, never a reference to the request, which it
 * outlives), issuing it, sending it again, marking it paid, and its mail claimed by key
 * with what the PDF and the mail need. Pure apart from the calls.
 */
import * as z from 'zod/mini';
import { type MailClaim, type OpenInvoice, parseAnswer } from '../database/store.ts';
import { type AdvisorId, advisorIds } from '../domain/practice.ts';
import { INVOICE_NUMBER } from '../domain/invoice.ts';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from '../domain/languages.ts';

const isoDate = z.string().check(z.regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/));

/** One invoice as private.invoice_json gives it (in the answers of public.issue_invoice, public.invoice_of and the others): the row and its mails' state. */
export interface StoredInvoice {
  number: string;
  /** The appointment it was issued for, by id: kept after the request is deleted, so its practice links find it. */
  appointment_id: string;
  /** Null once the request is deleted (retention, erasure): the invoice stays. */
  appointment_request_id: string | null;
  first_name: string;
  last_name: string;
  service: string;
  appointment_date: string;
  appointment_time: string;
  minutes: number;
  advisor: AdvisorId | null;
  amount_rappen: number;
  issued_on: string;
  paid_at: string | null;
  /** When a mail of it last went out; null: none yet. */
  sent_at: string | null;
  /** The key of its latest mail (invoice/<number>/<send>). */
  mail_key: string | null;
  /** A mail of it is owed and not sent (a failed send; the press sends it). */
  mail_pending: boolean;
  /**
   * The language of its mail and PDF: the request's, copied when it was issued (it outlives
   * the request). An answer without one (a row of before the column) is German.
   */
  language: Language;
}

export const storedInvoiceSchema = z.object({
  number: z.string().check(z.regex(INVOICE_NUMBER)),
  appointment_id: z.string(),
  appointment_request_id: z.nullable(z.string()),
  first_name: z.string(),
  last_name: z.string(),
  service: z.string(),
  appointment_date: isoDate,
  appointment_time: z.string(),
  minutes: z.number(),
  advisor: z.nullable(z.enum(advisorIds)),
  amount_rappen: z.number().check(z.int(), z.positive()),
  issued_on: isoDate,
  paid_at: z.nullable(z.string()),
  sent_at: z.nullable(z.string()),
  mail_key: z.nullable(z.string()),
  mail_pending: z.boolean(),
  language: z._default(z.enum(LANGUAGES), DEFAULT_LANGUAGE),
}) satisfies z.ZodMiniType<StoredInvoice>;

/**
 * public.issue_invoice's answer: 'issued' (this press gave the number and owes the first
 * mail), 'existing' (issued before), or why not: 'not_found', 'not_confirmed', 'too_soon'
 * (its day has not come; `from`).
 */
export type IssueResult =
  | { result: 'issued' | 'existing'; invoice: StoredInvoice }
  | { result: 'too_soon'; from: string }
  | { result: 'not_found' }
  | { result: 'not_confirmed' };

const issueAnswerSchema = z.union([
  z.object({ result: z.enum(['issued', 'existing']), invoice: storedInvoiceSchema }),
  z.object({ result: z.literal('too_soon'), from: isoDate }),
  z.object({ result: z.enum(['not_found', 'not_confirmed']) }),
]);

/**
 * resend_invoice's and mark_invoice_paid's answer; `limited`: the resend budget
 * (domain/invoice.ts INVOICE_RESENDS_MAX, INVOICE_RESEND_INTERVAL_MINUTES) owes nothing now,
 * for `retry_after_seconds` (null: never again).
 */
export type InvoiceChange =
  | { result: 'owed' | 'pending' | 'paid'; invoice: StoredInvoice }
  | { result: 'limited'; retry_after_seconds: number | null; invoice: StoredInvoice }
  | { result: 'not_found' };

const changeAnswerSchema = z.union([
  z.object({ result: z.enum(['owed', 'pending', 'paid']), invoice: storedInvoiceSchema }),
  z.object({ result: z.literal('limited'), retry_after_seconds: z.nullable(z.number().check(z.int(), z.positive())), invoice: storedInvoiceSchema }),
  z.object({ result: z.literal('not_found') }),
]);

/** An invoice mail claimed by its key: the invoice, the address it goes to, the claim. */
export interface ClaimedInvoiceMail {
  invoice: StoredInvoice;
  email: string;
  claim: MailClaim;
}

export type InvoiceMailClaim =
  | { status: 'claimed'; mail: ClaimedInvoiceMail }
  | { status: 'already_sent' | 'in_progress' | 'not_found' };

const claimedMailSchema = z.object({ email: z.string(), claim: z.string(), invoice: storedInvoiceSchema });

export const parseIssueAnswer = (value: unknown): IssueResult => parseAnswer(issueAnswerSchema, value, 'unexpected_invoice_answer');
export const parseInvoiceChange = (value: unknown): InvoiceChange => parseAnswer(changeAnswerSchema, value, 'unexpected_invoice_answer');
export const parseInvoice = (value: unknown): StoredInvoice | null =>
  parseAnswer(z.nullable(storedInvoiceSchema), value, 'unexpected_invoice_answer');

/** claim_mail's answer on an invoice mail (mailByKey's shape), with the claim taken at `takenAt`. */
export function parseInvoiceMailClaim(value: unknown, takenAt: number): InvoiceMailClaim {
  const answer = parseAnswer(
    z.union([
      z.object({ status: z.literal('claimed'), mail: claimedMailSchema }),
      z.object({ status: z.enum(['already_sent', 'in_progress', 'not_found']) }),
    ]),
    value,
    'unexpected_mail_claim',
  );
  if (answer.status !== 'claimed') return answer;
  const { email, claim, invoice } = answer.mail;
  return { status: 'claimed', mail: { email, invoice, claim: { token: claim, takenAt } } };
}

export type { OpenInvoice };

const openInvoiceSchema = z.object({
  number: z.string().check(z.regex(INVOICE_NUMBER)),
  appointment_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  service: z.string(),
  appointment_date: isoDate,
  amount_rappen: z.number(),
  issued_on: isoDate,
});

export const parseOpenInvoices = (value: unknown): OpenInvoice[] =>
  parseAnswer(z.array(openInvoiceSchema), value, 'unexpected_invoice_answer');

export interface InvoiceStore {
  /** public.issue_invoice: the appointment's invoice, issued at `now` unless it has one. */
  issue(requestId: string, amountRappen: number, now: Date): Promise<IssueResult>;
  /** public.resend_invoice at `now`: the next send owed, unless one is still owed or the resend budget holds it back. */
  resend(requestId: string, now: Date): Promise<InvoiceChange>;
  /** public.mark_invoice_paid. */
  markPaid(requestId: string, now: Date): Promise<InvoiceChange>;
  /** public.invoice_of: the appointment's invoice, or null. */
  of(requestId: string): Promise<StoredInvoice | null>;
  /** public.claim_mail by key on an invoice mail. */
  claimMail(key: string): Promise<InvoiceMailClaim>;
  /**
   * public.claim_mail, due: the invoice mails a press could not send (the outbox's run). An
   * invoice has at most one mail unsent (resend_invoice owes another only when none is), so
   * the claimed mail's key is its invoice's mail_key.
   */
  claimDueMails(limit: number, graceSeconds: number): Promise<ClaimedInvoiceMail[]>;
  /** public.open_invoices: the digest's invoices open more than 30 days after their date, oldest first. */
  open(now: Date): Promise<OpenInvoice[]>;
}

/** claim_mail's due answer (dueMails' list) as claimed invoice mails. */
export function parseDueInvoiceMails(value: unknown, takenAt: number): ClaimedInvoiceMail[] {
  return parseAnswer(z.array(claimedMailSchema), value, 'unexpected_mail_claim')
    .map(({ email, claim, invoice }) => ({ email, invoice, claim: { token: claim, takenAt } }));
}
