/**
 * The outbox's rules (docs/backend.md, «The outbox»): how long a claim on a mail holds, how
 * long a failed mail waits for its next attempt, when the outbox gives up on a mail, and how
 * long what is done is remembered. The functions read them here; the database's copy is
 * generated from this file (`npm run db:rules`, 20261122000100_rules.sql). Pure.
 */
import { zurichInstant } from './dates.ts';

/**
 * How long hosted Supabase lets a request run before it answers (Supabase docs, Edge
 * Functions «Limits»: request idle timeout 150 s, after which the gateway answers 504; the
 * wall clock is 150 s on the free plan, 400 s on paid ones).
 */
export const FUNCTION_REQUEST_LIMIT_MS = 150_000;

/**
 * How long one run of the outbox (send-pending-mail) sends: every send is over by then; the
 * rest of FUNCTION_REQUEST_LIMIT_MS is for ending the last claim and recording the run.
 */
export const OUTBOX_RUN_BUDGET_MS = 120_000;

/**
 * How long a scheduled job's call waits for its function's answer (pg_net's
 * timeout_milliseconds, …_scheduled_jobs.sql): as long as the platform lets the function
 * answer, so that a whole run's answer is recorded (net._http_response) and never cut off
 * as a timeout while the function still works.
 */
export const JOB_CALL_TIMEOUT_MS = FUNCTION_REQUEST_LIMIT_MS;

/** A claim on a mail lapses after this; then the next sender may take the mail. */
export const CLAIM_LAPSE_SECONDS = 120;

/** After a failed send the next attempt waits this long, doubling with every failure … */
export const RETRY_FIRST_MINUTES = 1;
/** … up to this. */
export const RETRY_MAX_MINUTES = 60;

/**
 * A mail still owed this long after it was written – waiting for a budget, for the provider,
 * for its next attempt – is named in the morning digest (how many of each kind, since when),
 * long before the outbox gives up on it.
 */
export const WAITING_REPORTED_AFTER_HOURS = 24;

/** A mail still not sent after this many days is given up, and the next digest reports it. */
export const GIVE_UP_AFTER_DAYS = 3;

/**
 * The outbox sends at most this many mails about one appointment to its visitor in a Zurich
 * day (its states', its reminders, its earlier-time offers: mailKinds' budget
 * 'appointment-mails'), counting the ones the action page's presses sent; a mail past it
 * waits for the next day. Each state owes one mail and each reminder one per appointment as
 * it stands, so a genuine day – confirmed, moved, reminded, offered an earlier time – stays
 * well below it; it is the bound for a day that is not (a loop of presses, a flood of freed
 * times).
 */
export const APPOINTMENT_MAILS_DAILY_MAX = 8;

/** Tomorrow's reminders go out from this hour (Zurich) on the day before. */
export const REMINDERS_FROM_HOUR = 9;

/**
 * When the reminder of an appointment on `appointmentDate` ('YYYY-MM-DD') goes out at the
 * earliest: the day before, from REMINDERS_FROM_HOUR Zurich time – the outbox's rule
 * (send-pending-mail claims the reminders of tomorrow's appointments from that hour on).
 */
export function reminderDueAt(appointmentDate: string): Date {
  const [year, month, day] = appointmentDate.split('-').map(Number) as [number, number, number];
  const dayBefore = new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
  return zurichInstant(dayBefore, `${String(REMINDERS_FROM_HOUR).padStart(2, '0')}:00`);
}

/** Done newsletter mails and digests, and the scheduled jobs' record, are forgotten after this many days. */
export const FORGET_AFTER_DAYS = 30;
