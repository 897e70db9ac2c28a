/**
 * The invoice mail (mail kind 'invoice'): the visitor's «Rechnung <number> – Ruhepol
 * Schlafberatung» with the invoice as the PDF attachment rechnung-<number>.pdf, and how one
 * claimed mail is sent exactly once. The PDF is made from the stored invoice before
 * anything is sent: when it cannot be made, the claim is released and nothing went out (the
 * page shows the error; the outbox tries again later). Keyed by its outbox row's key
 * (invoice/<number>/<send>), so a retry of the same send is recognised (mail-keys.ts). In the
 * invoice's language (./invoice-texts.ts: «Invoice 2026-0001 – Ruhepol Schlafberatung» with
 * invoice-2026-0001.pdf for an English one), as its PDF.
 */
import { formatInvoiceAmount, invoiceDueDate } from '../domain/invoice.ts';
import { claimDeadline, failureCause, NO_TIME_LEFT, sendFits } from '../mail/budget.ts';
import { htmlFields, type MailSettings, oneLine, paragraph, textFields, type Field } from '../mail/layout.ts';
import { DATE_FORMATS, mailLayout } from '../mail/layout-en.ts';
import { INVOICE_TEXTS } from './invoice-texts.ts';
import { withKey } from '../mail/mail-keys.ts';
import { base64Utf8, MailError, type Mailer } from '../mail/transport.ts';
import type { OutgoingMail } from '../mail/types.ts';
import type { Store } from '../database/store.ts';
import { invoicePdf } from './invoice-pdf.ts';
import type { ClaimedInvoiceMail, InvoiceStore, StoredInvoice } from './store.ts';

/** The cause a send ends with when the PDF cannot be made (finish_mail, the page's answer). */
export const INVOICE_PDF_FAILED = 'invoice_pdf_failed';

/** The visitor's invoice mail with its PDF, keyed by `key`. */
export function invoiceMail(invoice: StoredInvoice, to: string, pdf: Uint8Array, settings: MailSettings, key: string): OutgoingMail {
  const { language } = invoice;
  const texts = INVOICE_TEXTS[language];
  const layout = mailLayout(language);
  const { formatDateLong, formatDateShort } = DATE_FORMATS[language];
  const subject = texts.subject(invoice.number);
  const greeting = layout.greeting(`${invoice.first_name} ${invoice.last_name}`);
  const { intro, fields: labels, term } = texts.mail;
  const fields: Field[] = [
    { label: labels.invoice, value: invoice.number },
    { label: labels.date, value: formatDateShort(invoice.issued_on) },
    { label: labels.appointment, value: texts.appointment(formatDateLong(invoice.appointment_date), invoice.appointment_time) },
    { label: labels.service, value: layout.serviceName(invoice.service) },
    { label: labels.amount, value: formatInvoiceAmount(invoice.amount_rappen) },
    { label: labels.due, value: formatDateShort(invoiceDueDate(invoice.issued_on)) },
  ];
  return withKey({
    to,
    replyTo: settings.practiceEmail,
    subject: oneLine(subject),
    text: [greeting, intro, textFields(fields), term, layout.replyHint, layout.signatureLines.join('\n')].join('\n\n') + '\n',
    html: layout.htmlDocument(subject, [
      paragraph(greeting),
      paragraph(intro),
      `<div style="margin:0 0 12px">${htmlFields(fields)}</div>`,
      paragraph(term),
      paragraph(layout.replyHint),
      layout.htmlSignature(),
    ].join('\n')),
    attachments: [{ filename: texts.fileName(invoice.number), content: base64Utf8(pdf), encoding: 'base64', contentType: 'application/pdf' }],
    language,
  }, key);
}

/** How sending one claimed invoice mail ended. */
export type InvoiceSend = { status: 'sent'; lost: boolean } | { status: 'failed'; cause: string };

/**
 * Sends the claimed mail once: the PDF first (a PDF that cannot be made releases the claim
 * with INVOICE_PDF_FAILED, nothing sent), then the mail if it is over before the claim
 * lapses, then the claim ended (finish_mail). A failed send releases the claim for the next
 * press or the outbox.
 */
export async function sendClaimedInvoice(
  store: Pick<Store, 'finishMail'>,
  mailer: Mailer,
  claimed: ClaimedInvoiceMail,
  key: string,
  settings: MailSettings,
  render: typeof invoicePdf = invoicePdf,
  deadline: number = claimDeadline(claimed.claim),
): Promise<InvoiceSend> {
  const { token } = claimed.claim;
  let pdf: Uint8Array;
  try {
    pdf = await render(claimed.invoice);
  } catch {
    await store.finishMail(token, 'failed', INVOICE_PDF_FAILED).catch(() => {});
    return { status: 'failed', cause: INVOICE_PDF_FAILED };
  }
  try {
    if (!sendFits(mailer, deadline)) throw new MailError(NO_TIME_LEFT);
    await mailer.send(invoiceMail(claimed.invoice, claimed.email, pdf, settings, key));
  } catch (error) {
    const cause = failureCause(error);
    await store.finishMail(token, 'failed', cause).catch(() => {});
    return { status: 'failed', cause };
  }
  return { status: 'sent', lost: (await store.finishMail(token, 'sent')) === 'lost' };
}

/** What sending the invoice's latest mail by its key did. */
export type InvoiceMailOutcome = 'sent' | 'already_sent' | 'in_progress' | { failed: string };

/** Claims the invoice mail `key` and sends it once (the action page's press). */
export async function sendInvoiceMail(
  invoices: InvoiceStore,
  store: Pick<Store, 'finishMail'>,
  mailer: Mailer,
  key: string,
  settings: MailSettings,
  render: typeof invoicePdf = invoicePdf,
): Promise<InvoiceMailOutcome> {
  const claim = await invoices.claimMail(key);
  if (claim.status === 'in_progress') return 'in_progress';
  // Sent already, or not owed any more (the request was deleted meanwhile): nothing to send.
  if (claim.status !== 'claimed') return 'already_sent';
  const sent = await sendClaimedInvoice(store, mailer, claim.mail, key, settings, render);
  return sent.status === 'sent' ? 'sent' : { failed: sent.cause };
}
