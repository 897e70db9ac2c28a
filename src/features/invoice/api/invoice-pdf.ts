/**
 * «PDF herunterladen» in «Meine Daten»: the edge function my-data with the command
 * `invoice` makes the stored invoice's PDF again (contract: MyDataCommand in
 * @domain/wire-types, the answer in @domain/answers). The token is never logged.
 */
import { callFunction } from '@/lib/call-function';
import { myDataInvoiceAnswerSchema } from '@domain/my-data-answers';
import { MY_DATA_FUNCTION } from '@domain/my-data';
import type { MyDataCommand, MyDataInvoicePdf } from '@domain/wire-types';

/** The invoice's PDF, or null when it could not be made or fetched (the page says so and offers the button again). */
export async function fetchInvoicePdf(token: string, number: string): Promise<MyDataInvoicePdf | null> {
  const body: MyDataCommand = { action: 'invoice', token, number };
  const call = await callFunction(MY_DATA_FUNCTION, { body, answer: myDataInvoiceAnswerSchema });
  return call.kind === 'answer' ? call.data.invoice : null;
}
