/**
 * The invoice as a PDF: one A4 page with the practice's name and address, the visitor's
 * name, the invoice's number and date, the appointment (day, time, service, length,
 * advisor), the amount and the payment term, and at the bottom the payment part with the
 * receipt (Zahlteil, Empfangsschein) of the Swiss QR bill (Swiss Payment Standards,
 * implementation guidelines QR-bill 2.3). The QR code and the payment part are
 * `swissqrbill`'s, the PDF is PDFKit's: nothing here encodes either. Made from the stored
 * invoice whenever it is mailed or fetched again, so it is never stored; the same invoice
 * gives the same page. What goes into the QR bill – the IBAN, the amount, the RF reference
 * derived from the number, the number as the additional information – is qrBillData's.
 */
import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import { formatDateLong, formatDateShort } from '../domain/dates.ts';
import { creditorReference, formatInvoiceAmount, INVOICE_PAYMENT_DAYS, invoiceDueDate, normalizeIban } from '../domain/invoice.ts';
import { addressLine, advisorName, type InvoiceCreditor, practiceBilling, practiceContact } from '../domain/practice.ts';
import type { StoredInvoice } from './store.ts';

/** What an invoice PDF is made from: the stored invoice's fields it prints. */
export type InvoiceContent = Pick<
  StoredInvoice,
  'number' | 'first_name' | 'last_name' | 'service' | 'appointment_date' | 'appointment_time' | 'minutes' | 'advisor' | 'amount_rappen' | 'issued_on'
>;

/** The texts the page prints (German; the payment part's own are the library's, language DE). */
export const invoiceTexts = {
  title: (number: string) => `Rechnung ${number}`,
  date: 'Rechnungsdatum',
  due: 'Zahlbar bis',
  appointment: 'Termin',
  service: 'Dienstleistung',
  advisor: 'Beratung durch',
  amount: 'Betrag',
  total: 'Total',
  minutes: (minutes: number) => `${minutes} Minuten`,
  term: `Zahlbar innert ${INVOICE_PAYMENT_DAYS} Tagen mit dem Zahlteil unten (QR-Rechnung): in der Banking-App scannen ` +
    'oder am Postschalter einzahlen. Vielen Dank.',
  /** The QR bill's additional information (unstructured message): the number. */
  additionalInformation: (number: string) => `Rechnung ${number}`,
} as const;

/** The QR bill's data (swissqrbill's Data) for `invoice`, paid to `creditor`. */
export function qrBillData(invoice: InvoiceContent, creditor: InvoiceCreditor = practiceBilling) {
  return {
    currency: 'CHF' as const,
    amount: invoice.amount_rappen / 100,
    reference: creditorReference(invoice.number),
    message: invoiceTexts.additionalInformation(invoice.number),
    creditor: {
      account: normalizeIban(creditor.iban),
      name: creditor.name,
      address: creditor.street,
      buildingNumber: creditor.buildingNumber,
      zip: creditor.postalCode,
      city: creditor.locality,
      country: creditor.country,
    },
  };
}

const MM = 72 / 25.4;
const LEFT = 25 * MM;
const WIDTH = 210 * MM - 2 * LEFT;

/** The invoice's PDF bytes. Throws when the data is not a valid QR bill (swissqrbill's ValidationError). */
export function invoicePdf(invoice: InvoiceContent, creditor: InvoiceCreditor = practiceBilling): Promise<Uint8Array> {
  // Validated first: a bill that cannot be made throws before any page is written.
  const bill = new SwissQRBill(qrBillData(invoice, creditor), { language: 'DE' });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: invoiceTexts.title(invoice.number), Author: practiceContact.name, Subject: invoiceTexts.title(invoice.number) },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      resolve(bytes);
    });
  });

  // The sender: the practice's name, its registered address, how to reach it.
  doc.font('Helvetica-Bold').fontSize(14).text(practiceContact.name, LEFT, 20 * MM);
  doc.font('Helvetica').fontSize(9).fillColor('#333333')
    .text(`${creditor.street} ${creditor.buildingNumber}, ${creditor.postalCode} ${creditor.locality}`)
    .text(`Praxis: ${addressLine(practiceContact.practiceAddress)}`)
    .text(`${practiceContact.phone.display} · ${practiceContact.email}`)
    .text(practiceContact.website.replace(/^https:\/\//, ''));

  // The recipient: the name (the site asks for no postal address).
  doc.fillColor('black').font('Helvetica').fontSize(11).text(`${invoice.first_name} ${invoice.last_name}`, 120 * MM, 50 * MM, { width: 65 * MM });

  doc.font('Helvetica-Bold').fontSize(18).text(invoiceTexts.title(invoice.number), LEFT, 75 * MM);
  const row = (label: string, value: string, y: number, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10.5);
    doc.text(label, LEFT, y, { width: 45 * MM });
    doc.text(value, LEFT + 45 * MM, y, { width: WIDTH - 45 * MM });
  };
  let y = 88 * MM;
  row(invoiceTexts.date, formatDateShort(invoice.issued_on), y);
  row(invoiceTexts.due, formatDateShort(invoiceDueDate(invoice.issued_on)), (y += 6 * MM));

  y += 14 * MM;
  doc.moveTo(LEFT, y - 3 * MM).lineTo(LEFT + WIDTH, y - 3 * MM).lineWidth(0.5).strokeColor('#999999').stroke();
  row(invoiceTexts.appointment, `${formatDateLong(invoice.appointment_date)}, ${invoice.appointment_time} Uhr`, y);
  row(invoiceTexts.service, `${invoice.service} (${invoiceTexts.minutes(invoice.minutes)})`, (y += 6 * MM));
  if (invoice.advisor !== null) row(invoiceTexts.advisor, advisorName(invoice.advisor), (y += 6 * MM));
  row(invoiceTexts.amount, formatInvoiceAmount(invoice.amount_rappen), (y += 6 * MM));
  y += 9 * MM;
  doc.moveTo(LEFT, y - 3 * MM).lineTo(LEFT + WIDTH, y - 3 * MM).stroke();
  row(invoiceTexts.total, formatInvoiceAmount(invoice.amount_rappen), y, true);

  doc.font('Helvetica').fontSize(10).text(invoiceTexts.term, LEFT, y + 14 * MM, { width: WIDTH });

  // The payment part with the receipt, at the bottom of this page (105 mm high, full width).
  bill.attachTo(doc);
  doc.end();
  return done;
}
