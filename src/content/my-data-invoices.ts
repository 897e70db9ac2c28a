/**
 * Copy of the invoices on «Meine Daten» (/meine-daten): each invoice made out to
 * the address, its PDF again, and that invoices are kept ten years – also after «Alle meine
 * Daten löschen» – as Swiss law keeps business records (Art. 958f OR).
 */
import { localized } from './copy';
import * as myDataInvoicesEn from './en/my-data-invoices';
export const myDataInvoiceTexts = {
  title: 'Rechnungen',
  none: 'Keine Rechnungen.',
  kept:
    'Rechnungen bewahren wir zehn Jahre auf, wie es das Gesetz für Geschäftsbücher verlangt (Art. 958f OR). ' +
    '«Alle meine Daten löschen» löscht alles andere; die Rechnungen bleiben bis zum angegebenen Datum und werden dann gelöscht.',
  entryTitle: (number: string) => `Rechnung ${number}`,
  fields: {
    date: 'Rechnungsdatum',
    name: 'Ausgestellt auf',
    appointment: 'Termin',
    amount: 'Betrag',
    state: 'Status',
    deleteAt: 'Aufbewahrt bis',
  },
  paid: 'Bezahlt',
  open: 'Offen',
  pdf: 'PDF herunterladen',
  pdfPending: 'PDF wird erstellt …',
  pdfFailed: 'Das PDF konnte nicht geladen werden. Bitte versuchen Sie es noch einmal.',
} as const;

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(myDataInvoicesCopy)`. */
export const myDataInvoicesCopy = localized({ myDataInvoiceTexts }, myDataInvoicesEn);
