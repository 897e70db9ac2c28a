/**
 * The invoice's words in each language (docs/decisions/011-two-languages.md): the mail
 * (./invoice-mail.ts) and the PDF's page (./invoice-pdf.ts) – German as they have always
 * read, English in the same shape, so a text missing in English does not compile. The
 * amounts stay Swiss francs as domain/invoice.ts writes them (CHF 190.00); the QR bill's
 * payment part and receipt are swissqrbill's, in the language's form of the Swiss Payment
 * Standards' labels (QR_BILL_LANGUAGES). An invoice is in the language of the request it was
 * issued for (StoredInvoice.language). Pure.
 */
import type { Language } from '../domain/languages.ts';
import { INVOICE_PAYMENT_DAYS, invoiceFileName, invoiceSubject } from '../domain/invoice.ts';
import { practiceName } from '../domain/practice.ts';

export interface InvoiceTexts {
  /** The mail's subject: «Rechnung 2026-0001 – Ruhepol Schlafberatung». */
  subject(number: string): string;
  /** The PDF attachment's (and the «Meine Daten» download's) file name. */
  fileName(number: string): string;
  mail: {
    intro: string;
    fields: { invoice: string; date: string; appointment: string; service: string; amount: string; due: string };
    term: string;
  };
  /** The appointment's day and time: 'Freitag, 11. Dezember 2026, 09:30 Uhr'. */
  appointment(day: string, time: string): string;
  pdf: {
    title(number: string): string;
    date: string;
    due: string;
    appointment: string;
    service: string;
    advisor: string;
    amount: string;
    total: string;
    minutes(minutes: number): string;
    term: string;
    /** The sender's line naming the practice's address (the registered office is the first). */
    practice(address: string): string;
    /** The QR bill's additional information (unstructured message): the number. */
    additionalInformation(number: string): string;
  };
}

/** swissqrbill's language of the payment part and the receipt: the standard's labels in German or English. */
export const QR_BILL_LANGUAGES: Record<Language, 'DE' | 'EN'> = { de: 'DE', en: 'EN' };

export const INVOICE_TEXTS: Record<Language, InvoiceTexts> = {
  de: {
    subject: invoiceSubject,
    fileName: invoiceFileName,
    mail: {
      intro: 'Vielen Dank für Ihren Besuch. Im Anhang finden Sie unsere Rechnung als PDF mit dem QR-Zahlteil, ' +
        'den Sie in Ihrer Banking-App scannen können.',
      fields: {
        invoice: 'Rechnung',
        date: 'Rechnungsdatum',
        appointment: 'Termin',
        service: 'Dienstleistung',
        amount: 'Betrag',
        due: 'Zahlbar bis',
      },
      term: `Bitte bezahlen Sie den Betrag innert ${INVOICE_PAYMENT_DAYS} Tagen.`,
    },
    appointment: (day, time) => `${day}, ${time} Uhr`,
    pdf: {
      title: (number) => `Rechnung ${number}`,
      date: 'Rechnungsdatum',
      due: 'Zahlbar bis',
      appointment: 'Termin',
      service: 'Dienstleistung',
      advisor: 'Beratung durch',
      amount: 'Betrag',
      total: 'Total',
      minutes: (minutes) => `${minutes} Minuten`,
      term: `Zahlbar innert ${INVOICE_PAYMENT_DAYS} Tagen mit dem Zahlteil unten (QR-Rechnung): in der Banking-App scannen ` +
        'oder am Postschalter einzahlen. Vielen Dank.',
      practice: (address) => `Praxis: ${address}`,
      additionalInformation: (number) => `Rechnung ${number}`,
    },
  },
  en: {
    subject: (number) => `Invoice ${number} – ${practiceName}`,
    fileName: (number) => `invoice-${number}.pdf`,
    mail: {
      intro: 'Thank you for your visit. Please find attached our invoice as a PDF with the QR payment part, ' +
        'which you can scan in your banking app.',
      fields: {
        invoice: 'Invoice',
        date: 'Invoice date',
        appointment: 'Appointment',
        service: 'Service',
        amount: 'Amount',
        due: 'Due date',
      },
      term: `Please pay the amount within ${INVOICE_PAYMENT_DAYS} days.`,
    },
    appointment: (day, time) => `${day}, ${time}`,
    pdf: {
      title: (number) => `Invoice ${number}`,
      date: 'Invoice date',
      due: 'Due date',
      appointment: 'Appointment',
      service: 'Service',
      advisor: 'Advisor',
      amount: 'Amount',
      total: 'Total',
      minutes: (minutes) => `${minutes} minutes`,
      term: `Payable within ${INVOICE_PAYMENT_DAYS} days using the payment part below (QR-bill): scan it in your banking app ` +
        'or pay it at a post office counter. Thank you.',
      practice: (address) => `Practice: ${address}`,
      additionalInformation: (number) => `Invoice ${number}`,
    },
  },
};
