/**
 * The outbox's sender of the cap's notice (kind 'cap-notice') that its sender – the call the
 * day's cap stopped – could not send: the practice still hears of the day's cap.
 */
import { GRACE_SECONDS, kindSender } from '../outbox/run.ts';
import { sendCapNotice } from './budget.ts';

export const capNoticeSender = kindSender({
  claimNext: (run) => run.store.claimPendingDayMails('cap-notice', 1, GRACE_SECONDS),
  async send(run, { row, claim }) {
    const cause = await sendCapNotice(run.budget, row.day, claim, run.now, run.deadline);
    if (cause === undefined) {
      run.tally.sent++;
    } else {
      run.tally.failed++;
      run.causes.add(cause);
    }
  },
});
