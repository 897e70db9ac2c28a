/**
 * Copy of the invoice on the practice's appointment page (/termin/aktion, the staff links
 * and the calendar feeds' view link): «Rechnung senden» from the appointment's
 * day, the amount the practice types for a service without a catalogue price, the invoice's
 * number, date, amount and state, «Rechnung erneut senden», «Als bezahlt markieren», and
 * what a press led to. It speaks to the practice's staff, in the Sie-form. The invoice
 * itself and its mail are written in supabase/functions/_shared/invoices/.
 */
import { localized } from './copy';
import * as invoiceEn from './en/invoice';
import { formatInvoiceAmount, INVOICE_RESENDS_MAX } from '@domain/invoice';
import { formatDateLong, formatInstantLong } from '@domain/dates';

const CHF_MIN = '1.00';
const CHF_MAX = "9'999.95";

export const invoiceTexts = {
  title: 'Rechnung',
  intro: 'Die Rechnung mit QR-Zahlteil geht als PDF per E-Mail an die Person, die den Termin gebucht hat.',
  send: 'Rechnung senden',
  sendAgain: 'Rechnung erneut senden',
  markPaid: 'Als bezahlt markieren',
  sending: 'Wird ausgeführt …',
  /** Before the appointment's day: the button greyed, and why. */
  notYet: (from: string) => `Ab dem Tag des Termins möglich: ${formatDateLong(from)}.`,
  /** The catalogue's price, shown before the press. */
  catalogueAmount: (rappen: number) => `Betrag: ${formatInvoiceAmount(rappen)} (gemäss Preisliste)`,
  amount: {
    label: 'Betrag (CHF)',
    hint: `In Franken, z. B. 240 oder 240.50 – von CHF ${CHF_MIN} bis CHF ${CHF_MAX}, auf 5 Rappen genau.`,
    missing: 'Bitte geben Sie den Betrag in Franken an.',
    invalid: `Bitte geben Sie einen Betrag von ${CHF_MIN} bis ${CHF_MAX} Franken an, auf 5 Rappen genau (z. B. 240.50).`,
  },
  summary: {
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    amount: 'Betrag',
    state: 'Status',
  },
  state: {
    unsent: 'Noch nicht versendet',
    sent: (on: string) => `Versendet am ${formatDateLong(on)}, offen`,
    paid: (on: string) => `Bezahlt (markiert am ${formatDateLong(on)})`,
  },
  outcome: {
    sent: (number: string) => `Rechnung ${number} wurde per E-Mail gesendet.`,
    alreadySent: (number: string) => `Rechnung ${number} ist bereits gesendet worden.`,
    paid: (number: string) => `Rechnung ${number} ist als bezahlt markiert.`,
    tooSoon: (from: string) => `Die Rechnung kann erst ab dem Tag des Termins gesendet werden: ${formatDateLong(from)}.`,
    inProgress: 'Die Rechnung wird gerade gesendet. Bitte laden Sie die Seite in einer Minute neu.',
    /** «Rechnung erneut senden» within the hour of the last resend: nothing was sent; `nextAt` an ISO instant. */
    resentRecently: (number: string, nextAt: string) =>
      `Rechnung ${number} wurde vor Kurzem bereits erneut gesendet – diesmal wurde nichts versendet. ` +
      `Erneut senden ist wieder möglich ab ${formatInstantLong(new Date(nextAt))}.`,
    /** Its resends spent (INVOICE_RESENDS_MAX): nothing was sent, and the visitor has the PDF on «Meine Daten». */
    resentTooOften: (number: string) =>
      `Rechnung ${number} wurde bereits ${INVOICE_RESENDS_MAX}-mal erneut gesendet; öfter sendet die Website sie nicht – ` +
      'diesmal wurde nichts versendet. Die Person, die den Termin gebucht hat, kann sie unter «Meine Daten» als PDF herunterladen.',
    pdfFailed:
      'Die Rechnung ist gespeichert, aber das PDF konnte nicht erstellt werden – es wurde nichts versendet. ' +
      'Bitte versuchen Sie es später noch einmal; bleibt der Fehler, melden Sie ihn der Betreuung der Website.',
    mailFailed:
      'Die Rechnung ist gespeichert, aber die E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es noch einmal ' +
      '(sonst sendet die Website sie später selbst).',
    conflict: 'Für diesen Termin kann keine Rechnung gesendet werden: Er ist nicht bestätigt.',
    failed: 'Das hat nicht geklappt. Bitte versuchen Sie es noch einmal.',
  },
} as const;

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(invoiceCopy)`. */
export const invoiceCopy = localized({ invoiceTexts }, invoiceEn);
