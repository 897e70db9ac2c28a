/**
 * «Meine Daten»'s invoices (…_invoices.sql private.my_invoices, public.my_invoice):
 * the list as the page shows it, and one of the address's own read for «PDF herunterladen»,
 * whose PDF is made again from the stored invoice (invoices/invoice-pdf.ts). Pure apart
 * from the calls.
 */
import * as z from 'zod/mini';
import { parseAnswer } from '../database/store.ts';
import type { MyDataInvoice } from '../domain/wire-types.ts';
import { INVOICE_NUMBER } from '../domain/invoice.ts';

const listedSchema = z.object({
  number: z.string().check(z.regex(INVOICE_NUMBER)),
  issued_on: z.string(),
  amount_rappen: z.number(),
  service: z.string(),
  appointment_date: z.string(),
  appointment_time: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  paid_at: z.nullable(z.string()),
  delete_at: z.string(),
});

/** public.my_data's `invoices` as the page lists them. */
export function myDataInvoices(value: unknown): MyDataInvoice[] {
  return parseAnswer(z.array(listedSchema), value, 'unexpected_my_data_answer').map((row) => ({
    number: row.number,
    issuedOn: row.issued_on,
    amountRappen: row.amount_rappen,
    service: row.service,
    appointmentDate: row.appointment_date,
    appointmentTime: row.appointment_time,
    name: `${row.first_name} ${row.last_name}`,
    paidAt: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
    deleteAt: row.delete_at,
  }));
}
