/**
 * The outbox's rules (docs/backend.md, «The outbox»): how long a claim on a mail holds, how
 * long a failed mail waits for its next attempt, when the outbox gives up on a mail, and how
 * long what is done is remembered. The functions read them here; the database's copy is
 * generated from this file (`npm run db:rules`, 20261122000100_rules.sql). Pure.
 */

/** A claim on a mail lapses after this; then the next sender may take the mail. */
export const CLAIM_LAPSE_SECONDS = 120;

/** After a failed send the next attempt waits this long, doubling with every failure … */
export const RETRY_FIRST_MINUTES = 1;
/** … up to this. */
export const RETRY_MAX_MINUTES = 60;

/** A mail still not sent after this many days is given up, and the next digest reports it. */
export const GIVE_UP_AFTER_DAYS = 3;

/** Tomorrow's reminders go out from this hour (Zurich) on the day before. */
export const REMINDERS_FROM_HOUR = 9;

/** Done newsletter mails and digests, and the scheduled jobs' record, are forgotten after this many days. */
export const FORGET_AFTER_DAYS = 30;
