/**
 * The outbox's sender of the sleep diary's morning reminders (kind 'sleep-reminder'): from
 * SLEEP_REMINDER_HOUR the morning's reminders are owed (owe_sleep_reminders: once a day per
 * diary with «Jeden Morgen erinnern» on, until the appointment), then each is claimed and sent
 * within the reminders' own budget (reminder-budget.ts: one per diary a morning, the day's
 * cap), which no other mail to the mailbox spends; one the budget holds back is dropped (its
 * morning passes).
 */
import { zurichIsoDate, zurichWallClock } from '../domain/dates.ts';
import { SLEEP_REMINDER_HOUR, SLEEP_REMINDER_KIND } from '../domain/sleep-diary.ts';
import { isAppointment } from '../lifecycle/appointment-emails.ts';
import { withKey } from '../mail/mail-keys.ts';
import { claimLost, kindSender, settle, tallyOutcome } from '../outbox/run.ts';
import { sleepDiaryUrl } from './links.ts';
import { sendClaimedSleepReminder } from './reminder-budget.ts';
import { sleepReminderKey, sleepReminderMail } from './reminder-mail.ts';

export const sleepReminderSender = kindSender({
  ready: (run) => run.stores.sleepDiary !== null && zurichWallClock(run.now).hour >= SLEEP_REMINDER_HOUR,
  async prepare(run) {
    await run.stores.sleepDiary!.oweReminders(zurichIsoDate(0, run.now));
  },
  claimNext: (run) => run.stores.sleepDiary!.claimDueReminders(1),
  async send(run, { row, claim }) {
    if (!isAppointment(row)) {
      await settle(run, SLEEP_REMINDER_KIND, row.id, { ok: false, cause: 'no_slot' }, claim);
      return;
    }
    const today = zurichIsoDate(0, run.now);
    const mail = withKey(sleepReminderMail(row, run.mail, await sleepDiaryUrl(run.links, row)), sleepReminderKey(row.id, today));
    const result = await sendClaimedSleepReminder(run.store, run.budget.mailer, row.id, today, mail, claim, run.deadline);
    if (result.finished === 'lost') claimLost(run, SLEEP_REMINDER_KIND, row.id, result.outcome === 'sent');
    tallyOutcome(run, result.outcome, result.cause);
  },
});
