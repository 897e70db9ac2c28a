/**
 * The invoice's rules: its number (`<year>-<4 digits>`, assigned by public.issue_invoice),
 * the amount (whole Rappen, from the catalogue or typed by the practice), the payment term,
 * the IBAN's checks and the structured creditor reference of the QR bill – an ISO 11649
 * «RF» reference derived from the number, whose check digits (like the IBAN's) are ISO 7064
 * MOD 97-10. The QR code and the PDF are the library's (invoices/invoice-pdf.ts); what goes
 * into them is decided here. Pure: no Deno or browser APIs.
 */

import { practiceName } from './practice.ts';

/** The invoice is payable within this many days of its date (printed, and the digest's «open»). */
export const INVOICE_PAYMENT_DAYS = 30;

/** An invoice is kept this many years after the end of its year (CO Art. 958f), also after an erasure; then the retention deletes it. */
export const INVOICE_RETENTION_YEARS = 10;

/**
 * «Rechnung erneut senden» mails the visitor the invoice again at most this many times in
 * all: the first mail («Rechnung senden») is not one of them. Beyond a lost mail or two, the
 * visitor downloads the PDF on «Meine Daten»; the page's button must not turn the practice's
 * address into a sender of PDFs on repeat. public.resend_invoice counts them
 * (private.invoice_resends_max(), generated: npm run db:rules).
 */
export const INVOICE_RESENDS_MAX = 3;

/**
 * …and at most once in this many minutes (from the last resend; the first resend may follow
 * the first mail at once): time for a mail to arrive before it is sent again
 * (private.invoice_resend_interval()).
 */
export const INVOICE_RESEND_INTERVAL_MINUTES = 60;

/** `2026-0001`: the year of its date and its place in that year's sequence. */
export const INVOICE_NUMBER = /^([0-9]{4})-([0-9]{4})$/;

export function isInvoiceNumber(value: unknown): value is string {
  return typeof value === 'string' && INVOICE_NUMBER.test(value);
}

/** The invoice mail's subject: «Rechnung 2026-0001 – Ruhepol Schlafberatung». */
export function invoiceSubject(number: string): string {
  return `Rechnung ${number} – ${practiceName}`;
}

/** The PDF attachment's file name: `rechnung-2026-0001.pdf`. */
export function invoiceFileName(number: string): string {
  return `rechnung-${number}.pdf`;
}

/**
 * The remainder modulo 97 of a string of digits of any length (ISO 7064 MOD 97-10), taken
 * piecewise so that no number exceeds what a double holds exactly.
 */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

/** Letters as ISO 13616 / 11649 count them: A = 10 … Z = 35; digits as they are. */
function asDigits(text: string): string {
  return [...text].map((char) => (/[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('');
}

/** An IBAN as typed (spaces, lower case) in its electronic form: `CH93 0076 …` → `CH930076…`. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/**
 * Why an IBAN cannot take the invoices' payments, or null:
 * - `format`: not `CH`/`LI`, two check digits and 17 letters or digits (21 in all);
 * - `country`: a well-formed IBAN of another country (the QR bill takes CH and LI only);
 * - `check_digits`: the MOD 97-10 check fails (a typo);
 * - `qr_iban`: a QR-IBAN (institution id 30000–31999), which takes QR references only,
 *   while the invoices carry an RF creditor reference.
 */
export type IbanRefusal = 'format' | 'country' | 'check_digits' | 'qr_iban';

export function ibanRefusal(iban: string): IbanRefusal | null {
  const electronic = normalizeIban(iban);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(electronic)) return 'format';
  if (!/^(CH|LI)/.test(electronic)) return 'country';
  if (!/^(CH|LI)[0-9]{2}[0-9]{5}[A-Z0-9]{12}$/.test(electronic)) return 'format';
  if (mod97(asDigits(electronic.slice(4) + electronic.slice(0, 4))) !== 1) return 'check_digits';
  const institution = Number(electronic.slice(4, 9));
  if (institution >= 30000 && institution <= 31999) return 'qr_iban';
  return null;
}

/**
 * The creditor reference of invoice `number` (ISO 11649): `RF`, two check digits, and the
 * number's digits: `2026-0001` → `RF…20260001`. The check digits make «RF» + check + body
 * leave 1 modulo 97 when the first four characters are moved to the end.
 */
export function creditorReference(number: string): string {
  const match = INVOICE_NUMBER.exec(number);
  if (!match) throw new Error('creditorReference: not an invoice number');
  const body = `${match[1]}${match[2]}`;
  const check = 98 - mod97(asDigits(`${body}RF00`));
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** Whether `reference` is a well-formed ISO 11649 reference with valid check digits. */
export function isCreditorReference(reference: string): boolean {
  const electronic = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^RF[0-9]{2}[A-Z0-9]{1,21}$/.test(electronic)) return false;
  return mod97(asDigits(electronic.slice(4) + electronic.slice(0, 4))) === 1;
}

/** The smallest and largest amount the practice may type, in Rappen (CHF 1.00 – CHF 9'999.95). */
export const INVOICE_AMOUNT_MIN_RAPPEN = 100;
export const INVOICE_AMOUNT_MAX_RAPPEN = 999_995;

/**
 * The amount the practice typed in «Betrag (CHF)», in Rappen, or null when it is not one:
 * francs with up to two decimals (point or comma), thousands optionally grouped with «'»,
 * in 5-Rappen steps (the smallest coin), from CHF 1.00 to CHF 9'999.95.
 * `190` → 19000, `1'250.50` → 125050, `95,5` → 9550; `12.34`, `0`, `abc` → null.
 */
export function parseInvoiceAmount(typed: string): number | null {
  const text = typed.trim().replace(/^CHF\s*/i, '').replace(/[.,]–$/, '');
  const match = /^([0-9]{1,3}(?:'[0-9]{3})*|[0-9]+)(?:[.,]([0-9]{1,2}))?$/.exec(text);
  if (!match) return null;
  const rappen = Number(match[1]!.replaceAll("'", '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (rappen % 5 !== 0 || rappen < INVOICE_AMOUNT_MIN_RAPPEN || rappen > INVOICE_AMOUNT_MAX_RAPPEN) return null;
  return rappen;
}

/** The catalogue's whole francs in Rappen (190 → 19000). */
export function rappenOf(priceChf: number): number {
  return Math.round(priceChf * 100);
}

/** 19000 → «CHF 190.00» (an invoice writes the Rappen), CHF and the amount on one line. */
export function formatInvoiceAmount(rappen: number): string {
  const francs = Math.floor(rappen / 100);
  const grouped = String(francs).replace(/\B(?=([0-9]{3})+$)/g, "'");
  return `CHF\u00a0${grouped}.${String(rappen % 100).padStart(2, '0')}`;
}

/** The day the invoice of `issuedOn` (an ISO date) is due: INVOICE_PAYMENT_DAYS later. */
export function invoiceDueDate(issuedOn: string): string {
  const day = new Date(`${issuedOn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + INVOICE_PAYMENT_DAYS);
  return day.toISOString().slice(0, 10);
}
