/**
 * The invoice the PDF tests render: plain data, so that tests/invoice-qr-bill.test.ts (Node)
 * can compare the decoded QR bill with it and render-invoice-pdf.ts (Deno) can draw it. Typed
 * by the store's shape: invoice-pdf.ts imports npm: packages, which Node's type check cannot.
 */
import type { StoredInvoice } from '../_shared/invoices/store.ts';

export const SAMPLE_INVOICE = {
  number: '2026-0042',
  first_name: 'Anna',
  last_name: 'Müller',
  service: 'Schlafberatung',
  appointment_date: '2026-12-11',
  appointment_time: '09:30',
  minutes: 60,
  advisor: 'sandra-huber',
  amount_rappen: 19000,
  issued_on: '2026-12-11',
} satisfies Partial<StoredInvoice>;
