/**
 * The outbox's sender of the invoice mails (kind 'invoice') that a press on the appointment's
 * page could not send (invoice-mail.ts: the PDF made first; one that cannot be made sends
 * nothing and is tried again later).
 */
import { deadlineFor, GRACE_SECONDS, kindSender } from '../outbox/run.ts';
import { sendClaimedInvoice } from './invoice-mail.ts';

export const invoiceSender = kindSender({
  ready: (run) => run.stores.invoices !== null,
  claimNext: async (run) => (await run.stores.invoices!.claimDueMails(1, GRACE_SECONDS)).map((mail) => ({ row: mail, claim: mail.claim })),
  async send(run, { row, claim }) {
    const key = row.invoice.mail_key!;
    const sent = await sendClaimedInvoice(run.store, run.budget.mailer, row, key, run.mail, undefined, deadlineFor(run, claim));
    if (sent.status === 'sent') {
      run.tally.sent++;
      if (sent.lost) run.causes.add('claim_lost');
    } else {
      run.tally.failed++;
      run.causes.add(sent.cause);
    }
  },
});
