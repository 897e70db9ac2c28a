/**
 * «PDF herunterladen» on «Meine Daten»: one of the address's invoices, its PDF
 * made again from the stored invoice (the same content as the mailed one), answered in
 * base64 with its file name. Only the token's address's own invoices: another number
 * answers 404 as one that does not exist. In the invoice's language, as the mailed one
 * (its file name too: ../_shared/invoices/invoice-texts.ts).
 */
import type { Answer } from '../_shared/http/request-gate.ts';
import { invoicePdf } from '../_shared/invoices/invoice-pdf.ts';
import { INVOICE_TEXTS } from '../_shared/invoices/invoice-texts.ts';
import { base64Utf8 } from '../_shared/mail/transport.ts';
import type { MyDataStore } from '../_shared/my-data/store.ts';
import { readMyDataToken } from '../_shared/my-data/tokens.ts';

export async function invoicePdfAnswer(
  answer: Answer,
  myData: MyDataStore,
  secret: string,
  token: string,
  number: string,
  now: Date,
  render: typeof invoicePdf = invoicePdf,
): Promise<Response> {
  const link = await readMyDataToken(secret, token, now);
  if (!link.ok) return answer(403, { error: 'invalid_link', reason: link.reason }, { code: `link_${link.reason}` });
  const invoice = await myData.invoice(link.claim.address, number);
  if (invoice === null) return answer(404, { error: 'not_found' }, { code: 'invoice_not_found' });
  let pdf: Uint8Array;
  try {
    pdf = await render(invoice);
  } catch {
    return answer(500, { error: 'invoice_failed' }, { code: 'invoice_pdf_failed' });
  }
  return answer(200, { invoice: { filename: INVOICE_TEXTS[invoice.language].fileName(invoice.number), pdf: base64Utf8(pdf) } }, { code: 'invoice_pdf' });
}
