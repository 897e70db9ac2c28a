/**
 * The digest's open invoices: those unpaid more than INVOICE_PAYMENT_DAYS after
 * their date (public.open_invoices), one line each, oldest first – the number, to whom,
 * the amount, the invoice's date and how long it has been open. Pure.
 */
import { formatDateShort } from '../_shared/domain/dates.ts';
import { formatInvoiceAmount, INVOICE_PAYMENT_DAYS } from '../_shared/domain/invoice.ts';
import type { OpenInvoice } from '../_shared/invoices/store.ts';

export const openInvoicesTitle = (count: number) => `Offene Rechnungen (${count})`;
export const OPEN_INVOICES_INTRO = `Diese Rechnungen sind mehr als ${INVOICE_PAYMENT_DAYS} Tage nach ihrem Datum nicht als bezahlt markiert. ` +
  'Der Link unter jeder öffnet die Seite des Termins: «Als bezahlt markieren» oder «Rechnung erneut senden».';

/** «2026-0001 · Anna Muster · CHF 190.00 · vom 11.12.2026, seit 35 Tagen offen» (days counted to `today`, Zurich). */
export function openInvoiceLine(invoice: OpenInvoice, today: string): string {
  const days = Math.round((Date.parse(today) - Date.parse(invoice.issued_on)) / 86_400_000);
  return `${invoice.number} · ${invoice.first_name} ${invoice.last_name} · ${formatInvoiceAmount(invoice.amount_rappen)} · ` +
    `vom ${formatDateShort(invoice.issued_on)}, seit ${days} Tagen offen`;
}
