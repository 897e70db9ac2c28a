/** The InvoiceStore over supabase-js with the secret key: the invoices' RPCs (…_invoices.sql) and claim_mail by key. */
import { dueMails, mailByKey, secretRpc } from '../database/supabase-store.ts';
import { type InvoiceStore, parseDueInvoiceMails, parseOpenInvoices, parseInvoice, parseInvoiceChange, parseInvoiceMailClaim, parseIssueAnswer } from './store.ts';

export function createSupabaseInvoiceStore(url: string, secretKey: string, baseFetch: typeof fetch = fetch): InvoiceStore {
  const rpc = secretRpc(url, secretKey, baseFetch);
  return {
    async issue(requestId, amountRappen, now) {
      return parseIssueAnswer(await rpc('issue_invoice', { p_request: requestId, p_amount_rappen: amountRappen, p_now: now.toISOString() }));
    },
    async resend(requestId, now) {
      return parseInvoiceChange(await rpc('resend_invoice', { p_request: requestId, p_now: now.toISOString() }));
    },
    async markPaid(requestId, now) {
      return parseInvoiceChange(await rpc('mark_invoice_paid', { p_request: requestId, p_now: now.toISOString() }));
    },
    async of(requestId) {
      return parseInvoice(await rpc('invoice_of', { p_request: requestId }));
    },
    async claimMail(key) {
      const takenAt = performance.now();
      return parseInvoiceMailClaim(await mailByKey(rpc, 'invoice', key), takenAt);
    },
    async open(now) {
      return parseOpenInvoices(await rpc('open_invoices', { p_now: now.toISOString() }));
    },
    async claimDueMails(limit, graceSeconds) {
      const takenAt = performance.now();
      return parseDueInvoiceMails(await dueMails(rpc, 'invoice', { limit, graceSeconds }), takenAt);
    },
  };
}
