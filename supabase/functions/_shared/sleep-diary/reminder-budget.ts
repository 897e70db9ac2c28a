/**
 * The morning reminders' own budget (mail kind 'sleep-reminder', budget 'sleep-reminder' in
 * domain/mail-kinds.ts): buckets of rate_limit_events that only the reminders take from, so no
 * other mail to the same mailbox – an acknowledgement of a stranger's contact message with the
 * keeper's address, say – can hold one back, and the reminders spend nothing of anyone else's.
 * - one per diary a morning: the bucket's key is the appointment request's id (a random UUID
 *   that names nobody) and the morning's day, besides the row's key, which owes one a day;
 * - SLEEP_REMINDER_DAILY_CAP in all a day (domain/sleep-diary.ts says why that number).
 * A reminder the budget holds back is not owed any more (the registry's `whenSpent`): its
 * morning passes; its row is dropped with SLEEP_REMINDER_LIMITED, which «Meine Daten» shows as
 * not sent. A send that failed gives back what it took, so the outbox's retry is not held back
 * by its own first attempt.
 */
import { SLEEP_REMINDER_DAILY_CAP, SLEEP_REMINDER_KIND } from '../domain/sleep-diary.ts';
import { whenHeldBack } from '../domain/mail-kinds.ts';
import { DAY_SECONDS } from '../database/rate-limit.ts';
import type { FinishResult, MailClaim, Store } from '../database/store.ts';
import { claimDeadline, failureCause, NO_TIME_LEFT, sendFits } from '../mail/budget.ts';
import { MailError, type Mailer, type OutgoingMail } from '../mail/transport.ts';

/** One reminder per diary and morning: `<request id>/<day>`. */
export const SLEEP_REMINDER_BUCKET = 'sleep-reminder';
/** All reminders of a day together, under one key. */
export const SLEEP_REMINDER_DAILY_BUCKET = 'sleep-reminder-daily';
export const SLEEP_REMINDER_DAILY_KEY = 'all';
/** Why a reminder was dropped: its own budget held it back. */
export const SLEEP_REMINDER_LIMITED = 'sleep_reminder_limited';

/** True when the reminder of `requestId`'s diary for `day` may go out now (counts it in both buckets). */
export async function takeSleepReminder(store: Store, requestId: string, day: string): Promise<boolean> {
  if ((await store.takeRateLimit(SLEEP_REMINDER_BUCKET, `${requestId}/${day}`, 1, DAY_SECONDS)) > 0) return false;
  if ((await store.takeRateLimit(SLEEP_REMINDER_DAILY_BUCKET, SLEEP_REMINDER_DAILY_KEY, SLEEP_REMINDER_DAILY_CAP, DAY_SECONDS)) === 0) return true;
  // The day's cap refused it: the diary's morning was not spent on a reminder that did not go out.
  await store.refundRateLimit(SLEEP_REMINDER_BUCKET, `${requestId}/${day}`);
  return false;
}

/** Gives back what takeSleepReminder counted, for a reminder whose send failed. */
export async function giveBackSleepReminder(store: Store, requestId: string, day: string): Promise<void> {
  await store.refundRateLimit(SLEEP_REMINDER_BUCKET, `${requestId}/${day}`);
  await store.refundRateLimit(SLEEP_REMINDER_DAILY_BUCKET, SLEEP_REMINDER_DAILY_KEY);
}

export interface SleepReminderSent {
  /** sent; dropped – its budget held it back; failed – tried again after the backoff. */
  outcome: 'sent' | 'dropped' | 'failed';
  cause?: string;
  /** The claim's end; undefined when ending it failed (the cause says so). */
  finished?: FinishResult;
}

/**
 * The reminder of `requestId` for `day` under its claim: sent within its budget and the claim's
 * time (and `deadline`, the run's end) and finished – sent; dropped with SLEEP_REMINDER_LIMITED
 * when the budget holds it back; failed with the cause otherwise (a send not started for lack of
 * time is released without an attempt, as the other kinds'). Never throws.
 */
export async function sendClaimedSleepReminder(
  store: Store,
  mailer: Mailer,
  requestId: string,
  day: string,
  mail: OutgoingMail,
  claim: MailClaim,
  deadline = Infinity,
): Promise<SleepReminderSent> {
  let outcome: SleepReminderSent['outcome'] = 'sent';
  let cause: string | undefined;
  let attempt = true;
  try {
    if (!sendFits(mailer, Math.min(claimDeadline(claim), deadline))) {
      attempt = false;
      throw new MailError(NO_TIME_LEFT);
    }
    if (!(await takeSleepReminder(store, requestId, day))) {
      // Held back: what the registry says its spent budget does (superseded: its morning passes).
      outcome = whenHeldBack(SLEEP_REMINDER_KIND) === 'dropped' ? 'dropped' : 'failed';
      attempt = outcome === 'dropped';
      cause = SLEEP_REMINDER_LIMITED;
    } else {
      try {
        await mailer.send(mail);
      } catch (error) {
        await giveBackSleepReminder(store, requestId, day).catch(() => {});
        throw error;
      }
    }
  } catch (error) {
    outcome = 'failed';
    cause = failureCause(error);
  }
  try {
    const finished = await store.finishMail(claim.token, outcome, attempt ? cause : undefined);
    return { outcome, ...(cause ? { cause } : {}), finished };
  } catch (error) {
    return { outcome, cause: [cause, `finish_${failureCause(error)}`].filter(Boolean).join(',') };
  }
}
