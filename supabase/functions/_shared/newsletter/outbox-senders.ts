/**
 * The outbox's senders of the newsletter's mails (kinds 'newsletter-confirmation',
 * 'announcement'): first the newsletter's housekeeping (expired pending addresses deleted, old
 * newsletter mails forgotten), then the confirmation mails the subscribing calls could not send
 * (those the day's budget deferred are charged to it oldest first, while it has room), then
 * each announcement of a new article to each confirmed subscriber, once.
 */
import type { MailKind } from '../database/store.ts';
import { budgetOf, claimLost, GRACE_SECONDS, kindSender, type OutboxRun } from '../outbox/run.ts';
import { deliverAnnouncement, deliverConfirmation, type Delivery } from './deliver.ts';

/** A newsletter mail's outcome in the tally; a claim found lost is logged like the others'. */
function settleNewsletter(run: OutboxRun, kind: MailKind, delivery: Delivery) {
  if (delivery.sent) run.tally.sent++;
  if (delivery.finished === 'lost') {
    claimLost(run, kind, undefined, delivery.sent);
    return;
  }
  if (!delivery.sent) {
    run.tally.failed++;
    run.causes.add(delivery.cause ?? 'unknown');
  }
}

export const confirmationSender = kindSender({
  ready: (run) => run.stores.newsletter !== null,
  async prepare(run) {
    await run.stores.newsletter!.store.housekeeping();
  },
  claimNext: (run) => run.stores.newsletter!.store.claimConfirmations(1, GRACE_SECONDS, budgetOf(run, 'newsletter-confirmation').dailyCap),
  async send(run, claimed) {
    settleNewsletter(run, 'newsletter-confirmation', await deliverConfirmation(run.stores.newsletter!, claimed, run.deadline));
  },
});

export const announcementSender = kindSender({
  ready: (run) => run.stores.newsletter !== null,
  claimNext: (run) => run.stores.newsletter!.store.claimAnnouncements(1),
  async send(run, claimed) {
    settleNewsletter(run, 'announcement', await deliverAnnouncement(run.stores.newsletter!, claimed, run.deadline));
  },
});
