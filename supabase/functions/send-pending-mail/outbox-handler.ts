/**
 * The outbox (send-pending-mail): whatever is stored and not yet mailed is sent here,
 * once, even when the visitor never comes back.
 *
 * - contact messages and appointment requests the visitor's own call could not mail
 *   (a mail outage, the daily cap): the practice's mail, marked as late, then the
 *   visitor's acknowledgement (within its limits); the practice mail counts against the
 *   daily cap like the forms' own;
 * - the mails of a decision, a cancellation or a wish to move an appointment (whatever
 *   the request's outcome_key owes) whose send failed on the action page;
 * - tomorrow's reminders, from 09:00 Zurich time the day before.
 *
 * Each is claimed in the database before it is sent, through the same claim column the
 * form functions and the action page use (public.claim_pending_mail), so it never doubles
 * with the visitor's own retry, a press on the action page or a concurrent run; rows
 * younger than two minutes are left to those. A failed send is released and tried again
 * after 1, 2, 4 … 60 minutes (public.record_mail_result); after three days the outbox
 * gives up, logs it and leaves it to the practice's digest, which carries the content.
 */
import { staffLinks, type LinkSettings } from '../_shared/lifecycle/action-links.ts';
import { isAppointment } from '../_shared/lifecycle/appointment-emails.ts';
import { zurichIsoDate, zurichWallClock } from '../_shared/domain/dates.ts';
import { appointmentAcknowledgementMail, appointmentPracticeMail, contactAcknowledgementMail, contactPracticeMail } from '../_shared/forms/request-emails.ts';
import { type MailSettings, markAsDelayed } from '../_shared/mail/layout.ts';
import { failureCause, type MailBudget, sendAcknowledgement, sendPracticeMail } from '../_shared/mail/budget.ts';
import type { OutgoingMail } from '../_shared/mail/types.ts';
import { outcomeMails, reminderMails } from '../_shared/lifecycle/outcome-mails.ts';
import { openFunctionRequest, type FunctionDeps } from '../_shared/http/request-gate.ts';
import type { MailKind, Store } from '../_shared/database/store.ts';

export const FUNCTION_NAME = 'send-pending-mail';
/** Mails of one kind per run; what is left waits for the next run (a minute locally, five hosted). */
export const OUTBOX_BATCH = 20;
/** The visitor's own call and the action page's press go first: rows younger than this are theirs. */
export const GRACE_SECONDS = 120;
/** How long the outbox keeps trying before it leaves a mail to the digest. */
export const GIVE_UP_AFTER_SECONDS = 3 * 86_400;
/** Tomorrow's reminders go out from this hour (Zurich) on the day before. */
export const REMINDERS_FROM_HOUR = 9;

export interface OutboxTally {
  sent: number;
  failed: number;
  /** Held back by the daily cap: sent by a later run. */
  deferred: number;
  gaveUp: number;
}

interface Run {
  store: Store;
  budget: MailBudget;
  salt: string;
  mail: MailSettings;
  links: LinkSettings;
  now: Date;
  tally: OutboxTally;
  causes: Set<string>;
  capReached: boolean;
}

/** Records the outcome of one claimed mail: the claim ended by `finish`, the delivery state, the tally. */
async function settle(run: Run, kind: MailKind, id: string, result: { ok: true } | { ok: false; cause: string; deferred?: boolean }, finish: (sent: boolean) => Promise<void>) {
  await finish(result.ok);
  if (result.ok) {
    run.tally.sent++;
    await run.store.recordMailResult(kind, id, true);
  } else if (result.deferred) {
    run.tally.deferred++;
  } else {
    run.tally.failed++;
    run.causes.add(result.cause);
    await run.store.recordMailResult(kind, id, false, result.cause);
  }
}

/** A practice mail of a form, late, within the daily cap; then the visitor's acknowledgement. */
async function sendFormMails(run: Run, practiceMail: OutgoingMail, acknowledgement: OutgoingMail) {
  if (run.capReached) return { ok: false as const, cause: 'daily_cap', deferred: true };
  const sent = await sendPracticeMail(run.budget, practiceMail, run.now);
  if (!sent.ok) {
    if (sent.capReached) run.capReached = true;
    return { ok: false as const, cause: sent.cause, deferred: Boolean(sent.capReached) };
  }
  const ack = await sendAcknowledgement(run.budget, run.salt, acknowledgement);
  if (ack.cause) run.causes.add(ack.cause);
  return { ok: true as const };
}

async function sendAll(run: Run, mails: OutgoingMail[]) {
  try {
    for (const mail of mails) await run.budget.mailer.send(mail);
    return { ok: true as const };
  } catch (error) {
    return { ok: false as const, cause: failureCause(error) };
  }
}

async function sendContacts(run: Run) {
  for (const row of await run.store.claimPendingContacts(OUTBOX_BATCH, GRACE_SECONDS)) {
    const receivedAt = new Date(row.created_at);
    const result = await sendFormMails(
      run,
      markAsDelayed(contactPracticeMail(row, run.mail, receivedAt), receivedAt),
      contactAcknowledgementMail(row, run.mail),
    );
    await settle(run, 'contact', row.id, result, (sent) => run.store.finishContactNotification(row.id, sent));
  }
}

async function sendRequests(run: Run) {
  for (const row of await run.store.claimPendingRequests(OUTBOX_BATCH, GRACE_SECONDS)) {
    const receivedAt = new Date(row.created_at);
    const practiceMail = appointmentPracticeMail(row, run.mail, run.now, await staffLinks(run.links, row, run.now));
    const result = await sendFormMails(run, markAsDelayed(practiceMail, receivedAt), appointmentAcknowledgementMail(row, run.mail));
    await settle(run, 'request', row.id, result, (sent) => run.store.finishAppointmentNotification(row.id, sent));
  }
}

async function sendOutcomes(run: Run) {
  for (const row of await run.store.claimPendingOutcomes(OUTBOX_BATCH, GRACE_SECONDS)) {
    // The key the mails are written for: recorded as sent, so a later state's mails are still due.
    const key = row.outcome_key;
    if (key === null) {
      // claim_pending_mail answers only rows whose key is due; one without a key is released.
      await run.store.finishOutcomeMail(row.id, '', false);
      continue;
    }
    let result: { ok: true } | { ok: false; cause: string };
    try {
      result = await sendAll(run, await outcomeMails(row, run.mail, run.links, run.now, run.store));
    } catch (error) {
      // Writing the mails failed (a read of the wish's warnings): tried again after the backoff like a failed send.
      result = { ok: false, cause: failureCause(error) };
    }
    await settle(run, 'outcome', row.id, result, (sent) => run.store.finishOutcomeMail(row.id, key, sent));
  }
}

async function sendReminders(run: Run) {
  if (zurichWallClock(run.now).hour < REMINDERS_FROM_HOUR) return;
  for (const row of await run.store.claimPendingReminders(zurichIsoDate(1, run.now), OUTBOX_BATCH)) {
    const result = isAppointment(row)
      ? await sendAll(run, await reminderMails(row, run.mail, run.links, run.now))
      : { ok: false as const, cause: 'no_slot' };
    await settle(run, 'reminder', row.id, result, (sent) => run.store.finishReminder(row.id, sent));
  }
}

export function createOutboxHandler(deps: FunctionDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());

  return async function handle(request: Request): Promise<Response> {
    const opened = openFunctionRequest(request, deps, { fn: FUNCTION_NAME, methods: ['POST'], caller: 'server' });
    if ('response' in opened) return opened.response;
    const { answer, store, mailer, practiceEmail } = opened;
    await request.body?.cancel().catch(() => {});

    const { config } = deps;
    const run: Run = {
      store,
      budget: { store, mailer, limits: config.limits, practiceEmail },
      salt: config.rateLimitSalt,
      mail: { practiceEmail },
      links: { secret: config.actionSecret, siteUrl: config.siteUrl },
      now: now(),
      tally: { sent: 0, failed: 0, deferred: 0, gaveUp: 0 },
      causes: new Set(),
      capReached: false,
    };
    try {
      const givenUp = await store.giveUpStaleMail(GIVE_UP_AFTER_SECONDS, zurichIsoDate(0, run.now));
      for (const item of givenUp) {
        // The id names the row for a developer; the digest tells the practice, with the content.
        console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'outbox_gave_up', kind: item.kind, id: item.id }));
      }
      run.tally.gaveUp = givenUp.length;
      await sendContacts(run);
      await sendRequests(run);
      await sendOutcomes(run);
      await sendReminders(run);
    } catch (error) {
      const cause = failureCause(error);
      await store.recordJobRun(FUNCTION_NAME, false, { ...run.tally, error: cause }).catch(() => {});
      return answer(500, { error: 'internal_error', ...run.tally }, { code: 'internal_error', cause });
    }
    const causes = [...run.causes].join(',');
    const ok = run.tally.failed === 0;
    let recordCause: string | undefined;
    await store.recordJobRun(FUNCTION_NAME, ok, { ...run.tally, ...(causes ? { causes } : {}) }).catch((error) => {
      recordCause = `record_${failureCause(error)}`;
    });
    const cause = [causes, recordCause].filter(Boolean).join(',');
    const body = { ...run.tally };
    return ok
      ? answer(200, body, { code: 'outbox', ...(cause ? { cause } : {}) })
      : answer(502, { error: 'mail_failed', ...body }, { code: 'outbox_failed', cause });
  };
}
