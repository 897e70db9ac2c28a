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

/**
 * Names in every script the name rule accepts (domain/field-rules.ts), as a visitor may type
 * them – first and last name: the invoice PDF must print each as typed (tests/invoice-pdf-text.test.ts
 * reads them back, supabase/functions/tests/invoice-pdf.test.ts lays them out).
 */
export const SCRIPT_NAMES = {
  greek: ['Ὀδυσσεύς', 'Λαέρτιος'],
  cyrillic: ['Дмитрий', 'Шостакович'],
  latin: ['Zoë', 'Ångström-Çelik'],
  'latin, more diacritics': ['Łukasz Şəhla', 'Đoković-Þórdís'],
  vietnamese: ['Nguyễn', 'Thị Minh Khai'],
  'accents typed as combining marks (NFD)': ['Zoe\u0308', 'A\u030Angstro\u0308m'],
  'a mark with no precomposed letter': ['Spın\u0308al', 'Tap'],
} as const satisfies Record<string, readonly [string, string]>;

/** A name at the forms' limit: first and last name of 100 letters each, no space in either. */
export const LONGEST_NAME = ['Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, 100), 'Ä'.repeat(100)] as const;
