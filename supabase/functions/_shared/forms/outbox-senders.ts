/**
 * The outbox's senders of the forms' mails (kinds 'contact', 'request', 'acknowledgement'):
 * what the visitor's own call could not send – a mail outage, the day's cap. The practice's
 * mail goes out late, marked so, within the day's cap and its claim's time; then the visitor's
 * acknowledgement within its limits (charged already, to its network and the day it arrived,
 * when the call could not send: PracticeMailHistory acknowledgement_charged).
 */
import { staffLinks } from '../lifecycle/action-links.ts';
import { sendClaimedAcknowledgement, sendOwedAcknowledgement, sendPracticeMail } from '../mail/budget.ts';
import { formMailKey, withKey } from '../mail/mail-keys.ts';
import type { OutgoingMail } from '../mail/types.ts';
import type { MailClaim } from '../database/store.ts';
import { claimLost, deadlineFor, GRACE_SECONDS, heldBack, kindSender, type MailResult, type OutboxRun, settle, tallyOutcome } from '../outbox/run.ts';
import { appointmentAcknowledgementMail, contactAcknowledgementMail, pendingContactMails, pendingRequestMails } from './request-emails.ts';

/**
 * A form's practice mail, late, within the daily cap and the claim's time; the claim is
 * ended; then – if it was still this run's – the visitor's acknowledgement.
 */
async function sendFormMails(
  run: OutboxRun,
  kind: 'contact' | 'request',
  id: string,
  claim: MailClaim,
  mails: { practiceMail: OutgoingMail; acknowledgement: OutgoingMail | null },
  acknowledgementCharged: boolean,
) {
  let result: MailResult;
  if (run.capReached) {
    result = heldBack(kind, 'daily_cap');
  } else {
    const sent = await sendPracticeMail(run.budget, withKey(mails.practiceMail, formMailKey(kind, id, 'practice')), run.now, deadlineFor(run, claim));
    if (!sent.ok && sent.capReached) run.capReached = true;
    result = sent.ok ? sent : sent.capReached ? heldBack(kind, sent.cause) : { ok: false, cause: sent.cause };
  }
  if (!(await settle(run, kind, id, result, claim)) || !result.ok || !mails.acknowledgement) return;
  const ack = await sendOwedAcknowledgement(
    run.budget,
    run.salt,
    withKey(mails.acknowledgement, formMailKey(kind, id, 'visitor')),
    run.deadline,
    acknowledgementCharged,
  );
  if (ack.cause) run.causes.add(ack.cause);
}

export const contactSender = kindSender({
  claimNext: (run) => run.store.claimPendingContacts(1, GRACE_SECONDS),
  send: (run, { row, claim }) =>
    sendFormMails(run, 'contact', row.id, claim, pendingContactMails(row, run.mail), row.acknowledgement_charged === true),
  done: (run) => run.capReached,
});

export const requestSender = kindSender({
  claimNext: (run) => run.store.claimPendingRequests(1, GRACE_SECONDS),
  send: async (run, { row, claim }) =>
    sendFormMails(
      run,
      'request',
      row.id,
      claim,
      pendingRequestMails(row, run.mail, run.now, await staffLinks(run.links, row, run.now)),
      row.acknowledgement_charged === true,
    ),
  done: (run) => run.capReached,
});

/**
 * The acknowledgements whose own send failed after their practice mail went out (the
 * form's call or an earlier run sent that one): sent within their limits, dropped when the
 * limits hold them back.
 */
export const acknowledgementSender = kindSender({
  claimNext: (run) => run.store.claimPendingAcknowledgements(1, GRACE_SECONDS),
  async send(run, { row, claim }) {
    const mail = row.form === 'contact' ? contactAcknowledgementMail(row, run.mail) : appointmentAcknowledgementMail(row, run.mail);
    // Charged to the network and the day its request arrived, when its call could not send the practice mail.
    const result = await sendClaimedAcknowledgement(
      run.budget,
      run.salt,
      withKey(mail, formMailKey(row.form, row.id, 'visitor')),
      claim,
      run.deadline,
      row.acknowledgement_charged === true,
    );
    if (result.finished === 'lost') claimLost(run, 'acknowledgement', row.id, result.ack === 'sent');
    tallyOutcome(run, result.ack, result.cause);
  },
});
