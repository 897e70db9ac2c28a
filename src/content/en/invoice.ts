/**
 * English copy of the invoice on the practice's appointment page (/en/appointment/action);
 * the shape is the German module's (../invoice.ts). It speaks to the practice's staff. The
 * invoice itself and its mail are written in supabase/functions/_shared/invoices/.
 */
import { formatInvoiceAmount, INVOICE_RESENDS_MAX } from '@domain/invoice';
import { formatDateLong, formatInstantLong } from '@domain/english-dates';

const CHF_MIN = '1.00';
const CHF_MAX = "9'999.95";

export const invoiceTexts = {
  title: 'Invoice',
  intro: 'The invoice with its QR payment slip is sent as a PDF by e-mail to the person who booked the appointment.',
  send: 'Send invoice',
  sendAgain: 'Send invoice again',
  markPaid: 'Mark as paid',
  sending: 'Working …',
  notYet: (from: string) => `Possible from the day of the appointment: ${formatDateLong(from)}.`,
  catalogueAmount: (rappen: number) => `Amount: ${formatInvoiceAmount(rappen)} (as per price list)`,
  amount: {
    label: 'Amount (CHF)',
    hint: `In francs, e.g. 240 or 240.50 – from CHF ${CHF_MIN} to CHF ${CHF_MAX}, to the nearest 5 centimes.`,
    missing: 'Please enter the amount in francs.',
    invalid: `Please enter an amount from ${CHF_MIN} to ${CHF_MAX} francs, to the nearest 5 centimes (e.g. 240.50).`,
  },
  summary: {
    number: 'Invoice number',
    date: 'Invoice date',
    amount: 'Amount',
    state: 'Status',
  },
  state: {
    unsent: 'Not sent yet',
    sent: (on: string) => `Sent on ${formatDateLong(on)}, unpaid`,
    paid: (on: string) => `Paid (marked on ${formatDateLong(on)})`,
  },
  outcome: {
    sent: (number: string) => `Invoice ${number} has been sent by e-mail.`,
    alreadySent: (number: string) => `Invoice ${number} has already been sent.`,
    paid: (number: string) => `Invoice ${number} has been marked as paid.`,
    tooSoon: (from: string) => `The invoice can only be sent from the day of the appointment: ${formatDateLong(from)}.`,
    inProgress: 'The invoice is being sent right now. Please reload the page in a minute.',
    resentRecently: (number: string, nextAt: string) =>
      `Invoice ${number} was sent again only recently – nothing has been sent this time. ` +
      `You can send it again from ${formatInstantLong(new Date(nextAt))}.`,
    resentTooOften: (number: string) =>
      `Invoice ${number} has already been sent again ${INVOICE_RESENDS_MAX} times; the website will not send it more often – ` +
      'nothing has been sent this time. The person who booked the appointment can download it as a PDF under “My data”.',
    pdfFailed:
      'The invoice has been saved, but the PDF could not be created – nothing has been sent. ' +
      'Please try again later; if the error persists, report it to whoever looks after the website.',
    mailFailed:
      'The invoice has been saved, but the e-mail could not be sent. Please try again ' +
      '(otherwise the website will send it later by itself).',
    conflict: 'No invoice can be sent for this appointment: it is not confirmed.',
    failed: 'That did not work. Please try again.',
  },
} as const;
