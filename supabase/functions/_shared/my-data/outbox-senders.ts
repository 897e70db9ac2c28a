/**
 * The outbox's senders of «Meine Daten»'s mails (kinds 'data-link', 'erasure'): the link mails
 * the links' budget held back (oldest first, as it has room) and those the asking call could
 * not send, however long they waited – each link is made now, so it works its whole lifetime
 * from when it arrives; and the practice's erasure mails the erasing call could not send
 * (tried until they are out).
 */
import { failureCause, NO_TIME_LEFT, sendFits } from '../mail/budget.ts';
import { MailError } from '../mail/transport.ts';
import { budgetOf, deadlineFor, GRACE_SECONDS, kindSender, type MailResult, sendAll, settle } from '../outbox/run.ts';
import { erasureMailFor } from './erasure-mail.ts';
import { dataLinkMailFor } from './mails.ts';

export const dataLinkSender = kindSender({
  ready: (run) => run.stores.myData !== null,
  claimNext: (run) =>
    run.stores.myData!.claimDueLinks(1, GRACE_SECONDS, budgetOf(run, 'data-link')),
  async send(run, { row, claim }) {
    let result: MailResult = { ok: true };
    try {
      if (!sendFits(run.budget.mailer, deadlineFor(run, claim))) throw new MailError(NO_TIME_LEFT);
      await run.budget.mailer.send(await dataLinkMailFor(row, run.links, run.mail, run.now));
    } catch (error) {
      result = { ok: false, cause: failureCause(error) };
    }
    await settle(run, 'data-link', row.id, result, claim);
  },
});

export const erasureSender = kindSender({
  ready: (run) => run.stores.myData !== null,
  claimNext: (run) => run.stores.myData!.claimDueErasures(1, GRACE_SECONDS),
  async send(run, { row, claim }) {
    const result = await sendAll(run, [erasureMailFor(row, run.mail, run.now)], deadlineFor(run, claim));
    await settle(run, 'erasure', row.id, result, claim);
  },
});
