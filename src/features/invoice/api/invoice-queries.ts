import { useMutation } from '@tanstack/react-query';
import { pressInvoiceButton, type InvoicePress } from './invoice-api';
import { fetchInvoicePdf } from './invoice-pdf';

/**
 * An invoice button's press as a mutation: it issues, mails or marks the invoice, so it
 * runs only on the press and is never repeated behind the practice's back (a repeat could
 * mail the invoice once more); every answer, a refusal too, is its data (an InvoiceResult).
 */
export function useInvoiceButtonMutation() {
  return useMutation({ mutationFn: ({ token, intent, amount }: InvoicePress) => pressInvoiceButton(token, intent, amount) });
}

/**
 * «PDF herunterladen» as a mutation: the PDF is made only when the button is pressed, and
 * a failure waits for the next press (the page says so) instead of being asked again.
 */
export function useInvoicePdfMutation() {
  return useMutation({ mutationFn: ({ token, number }: { token: string; number: string }) => fetchInvoicePdf(token, number) });
}
