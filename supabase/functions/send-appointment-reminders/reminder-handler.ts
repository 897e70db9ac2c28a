/**
 * send-appointment-reminders: one reminder e-mail per confirmed appointment, the day
 * before (the practice's calendar day, Europe/Zurich). Each appointment is claimed in the
 * database before its mail goes out (public.claim_due_reminders) and marked sent after
 * (finish_reminder), so runs that overlap or repeat send nothing twice; only confirmed
 * appointments are claimed, so a cancelled one is never reminded. A failed send is
 * released and tried again by the next run. Callers: the scheduled job with the secret key.
 */
import { reminderMail, isAppointment } from '../_shared/appointment-emails.ts';
import { zurichIsoDate } from '../_shared/dates.ts';
import { failureCause } from '../_shared/handler.ts';
import { openFunctionRequest, type FunctionDeps } from '../_shared/request-gate.ts';

export const FUNCTION_NAME = 'send-appointment-reminders';
/** Appointments claimed per database call; a day holds at most 21 slots, so one batch is the rule. */
export const REMINDER_BATCH = 50;
/** Enough batches for any day; a bound so a store that keeps answering cannot loop forever. */
const MAX_BATCHES = 20;

export function createReminderHandler(deps: FunctionDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());

  return async function handle(request: Request): Promise<Response> {
    const opened = openFunctionRequest(request, deps, { fn: FUNCTION_NAME, methods: ['POST'], caller: 'server' });
    if ('response' in opened) return opened.response;
    const { answer, store, mailer, practiceEmail } = opened;
    await request.body?.cancel().catch(() => {});

    const date = zurichIsoDate(1, now());
    const mail = { practiceEmail };
    let sent = 0;
    const causes = new Set<string>();
    let failed = 0;
    try {
      for (let batch = 0; batch < MAX_BATCHES; batch++) {
        const due = await store.claimDueReminders(date, REMINDER_BATCH);
        for (const appointment of due) {
          let ok = false;
          try {
            if (!isAppointment(appointment)) throw new Error('confirmed without a slot');
            await mailer.send(reminderMail(appointment, mail));
            ok = true;
          } catch (error) {
            causes.add(failureCause(error));
          }
          await store.finishReminder(appointment.id, ok);
          if (ok) sent++;
          else failed++;
        }
        // A failed one is released and would be claimed again at once: the next run retries it.
        if (due.length < REMINDER_BATCH || failed > 0) break;
      }
    } catch (error) {
      return answer(500, { error: 'internal_error', date, sent }, { code: 'internal_error', cause: failureCause(error) });
    }
    const cause = causes.size ? { cause: [...causes].join(',') } : {};
    if (failed > 0) return answer(502, { error: 'mail_failed', date, sent, failed }, { code: 'reminders_failed', ...cause });
    return answer(200, { date, sent }, { code: 'reminders' });
  };
}
