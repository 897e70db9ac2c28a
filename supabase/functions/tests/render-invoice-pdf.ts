/**
 * Writes an invoice's PDF to stdout, for tests/invoice-qr-bill.test.ts (Node), which reads
 * its QR code with a decoder no one here wrote. The invoice is the JSON in the first
 * argument (InvoiceContent), or a sample. Run with the functions' configuration:
 * `deno run --config supabase/functions/tests/deno.json --allow-read --allow-env <this> '<json>'`.
 *
 * Given a JSON array of invoices and a directory (and --allow-write), writes each one's PDF
 * there as <index>.pdf instead: tests/invoice-pdf-text.test.ts renders its names in one
 * process, not one Deno start each.
 */
import { type InvoiceContent, invoicePdf } from '../_shared/invoices/invoice-pdf.ts';
import { SAMPLE_INVOICE } from './sample-invoice.ts';

if (import.meta.main) {
  const given = Deno.args[0] ? (JSON.parse(Deno.args[0]) as InvoiceContent | InvoiceContent[]) : SAMPLE_INVOICE;
  if (Array.isArray(given)) {
    const dir = Deno.args[1];
    if (!dir) throw new Error('An array of invoices needs a directory to write their PDFs to.');
    for (const [index, invoice] of given.entries()) await Deno.writeFile(`${dir}/${index}.pdf`, await invoicePdf(invoice));
  } else {
    const pdf = await invoicePdf(given);
    let written = 0;
    while (written < pdf.length) written += await Deno.stdout.write(pdf.subarray(written));
  }
}
