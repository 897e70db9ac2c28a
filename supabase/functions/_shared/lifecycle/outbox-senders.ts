/**
 * The outbox's senders of an appointment's mails to the visitor (kinds 'outcome', 'reminder',
 * 'earlier-offer'): a state's mails whose send failed on the action page, tomorrow's reminders
 * from REMINDERS_FROM_HOUR the day before, and the offers of a freed time to the visitors
 * waiting for an earlier one; and the practice's own renewal mails ('practice-link').
 */
import { zurichIsoDate, zurichWallClock } from '../domain/dates.ts';
import { REMINDERS_FROM_HOUR } from '../domain/outbox.ts';
import { failureCause } from '../mail/budget.ts';
import { keyOutcomeMails, reminderMailKey, withKey } from '../mail/mail-keys.ts';
import { deadlineFor, GRACE_SECONDS, kindSender, type MailResult, sendAll, settle } from '../outbox/run.ts';
import { isAppointment } from './appointment-emails.ts';
import { earlierOfferMail, earlierOfferMailKey } from './earlier-time-mails.ts';
import { outcomeMails, reminderMails } from './outcome-mails.ts';
import { practiceLinkMail } from './practice-link-mail.ts';

export const outcomeSender = kindSender({
  claimNext: (run) => run.store.claimPendingOutcomes(1, GRACE_SECONDS),
  async send(run, { row, claim }) {
    // The state the mails are written for: the claimed outbox mail's (a later state supersedes it).
    const key = row.outcome_key;
    if (key === null) {
      // An outcome mail is owed only while the request has a state; one without is released.
      await run.store.finishMail(claim.token, 'failed');
      return;
    }
    let result: MailResult;
    try {
      const mails = keyOutcomeMails(await outcomeMails(row, run.mail, run.links, run.now, run.store), row.id, key, run.mail.practiceEmail);
      result = await sendAll(run, mails, deadlineFor(run, claim));
    } catch (error) {
      // Writing the mails failed (a read of the wish's warnings): tried again after the backoff like a failed send.
      result = { ok: false, cause: failureCause(error) };
    }
    await settle(run, 'outcome', row.id, result, claim);
  },
});

export const reminderSender = kindSender({
  ready: (run) => zurichWallClock(run.now).hour >= REMINDERS_FROM_HOUR,
  claimNext: (run) => run.store.claimPendingReminders(zurichIsoDate(0, run.now), 1),
  async send(run, { row, claim }) {
    const result = isAppointment(row)
      ? await sendAll(
        run,
        (await reminderMails(row, run.mail, run.links, run.now)).map((mail) => withKey(mail, reminderMailKey(row.id, row.calendar_sequence))),
        deadlineFor(run, claim),
      )
      : { ok: false as const, cause: 'no_slot' };
    await settle(run, 'reminder', row.id, result, claim);
  },
});

/**
 * «An earlier time»: the offers of a freed time to the visitors waiting for one (no grace:
 * nothing else sends them), while the time is still open (the claim supersedes the rest).
 */
export const earlierOfferSender = kindSender({
  ready: (run) => run.stores.earlier !== null,
  claimNext: (run) => run.stores.earlier!.claimDueOffers(1, run.now),
  async send(run, { row, claim }) {
    const { request, offer } = row;
    const result = isAppointment(request)
      ? await sendAll(run, [withKey(await earlierOfferMail(request, offer, run.mail, run.links), earlierOfferMailKey(offer.number))], deadlineFor(run, claim))
      : { ok: false as const, cause: 'no_slot' };
    await settle(run, 'earlier-offer', request.id, result, claim);
  },
});

/**
 * The renewals of the practice's links a press could not send (practice-link-mail.ts): to
 * the practice's own address, with links made now. Their budget was counted when they were
 * owed (public.owe_practice_link); what is owed goes out.
 */
export const practiceLinkSender = kindSender({
  ready: (run) => run.stores.practiceLinks !== null,
  claimNext: (run) => run.stores.practiceLinks!.claimDue(1, GRACE_SECONDS),
  async send(run, { row, claim }) {
    let result: MailResult;
    try {
      result = await sendAll(run, [withKey(await practiceLinkMail(row, run.mail, run.links, run.now), row.key)], deadlineFor(run, claim));
    } catch (error) {
      result = { ok: false, cause: failureCause(error) };
    }
    await settle(run, 'practice-link', row.id, result, claim);
  },
});
