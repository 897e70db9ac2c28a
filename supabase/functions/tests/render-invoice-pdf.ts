/**
 * Writes an invoice's PDF to stdout, for tests/invoice-qr-bill.test.ts (Node), which reads
 * its QR code with a decoder no one here wrote. The invoice is the JSON in the first
 * argument (InvoiceContent), or a sample. Run with the functions' configuration:
 * `deno run --config supabase/functions/tests/deno.json --allow-read --allow-env <this> '<json>'`.
 */
import { type InvoiceContent, invoicePdf } from '../_shared/invoices/invoice-pdf.ts';
import { SAMPLE_INVOICE } from './sample-invoice.ts';

if (import.meta.main) {
  const invoice = Deno.args[0] ? (JSON.parse(Deno.args[0]) as InvoiceContent) : SAMPLE_INVOICE;
  const pdf = await invoicePdf(invoice);
  let written = 0;
  while (written < pdf.length) written += await Deno.stdout.write(pdf.subarray(written));
}
