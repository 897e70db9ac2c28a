/**
 * The outbox (send-pending-mail): whatever is stored and not yet mailed is sent here,
 * once, even when the visitor never comes back.
 *
 * - contact messages and appointment requests the visitor's own call could not mail
 *   (a mail outage, the daily cap): the practice's mail, marked as late, then the
 *   visitor's acknowledgement (within its limits); the practice mail counts against the
 *   daily cap like the forms' own;
 * - acknowledgements whose own send failed after their practice mail went out;
 * - the mails of a decision, a cancellation or a wish to move an appointment (whatever
 *   the request's outcome_key owes) whose send failed on the action page;
 * - tomorrow's reminders, from 09:00 Zurich time the day before;
 * - the offers of a freed time to the visitors waiting for an earlier one (_shared/lifecycle/earlier-time.ts);
 * - the invoices whose mail a press on the appointment's page could not send (_shared/invoices/);
 * - «Meine Daten»: the link mails the links' budget held back or the asking call could not
 *   send, and the practice's erasure mails the erasing call could not send;
 * - the newsletter's mails (_shared/newsletter/): a confirmation mail the subscribing call
 *   could not send (rows younger than two minutes are that call's), and each announcement
 *   of a new article to each confirmed subscriber, once; first the newsletter's
 *   housekeeping (expired pending addresses deleted, old newsletter mails forgotten).
 *
 * Each mail is one row of public.outbox_mails, claimed right before it is sent, one at a time
 * (public.claim_mail, due), with the same claim the form functions and the action page take,
 * so it never doubles with the visitor's own retry, a press on the action page or another
 * run, however the runs overlap; rows younger than two minutes are left to those. A send
 * starts only when it is over before the claim lapses and before the run's own end
 * (RUN_BUDGET_MS), and the claim is ended with its token: a claim found lost (it lapsed,
 * another sender holds the mail) changes nothing and is logged (claim_lost). Every mail
 * carries its idempotency key (mail-keys.ts). A failed send is released and tried again
 * after 1, 2, 4 … 60 minutes (public.finish_mail with the cause); after three days the outbox gives
 * up, logs it and leaves it to the practice's digest, which carries the content.
 */
import { staffLinks, type LinkSettings } from '../_shared/lifecycle/action-links.ts';
import { isAppointment } from '../_shared/lifecycle/appointment-emails.ts';
import { zurichIsoDate, zurichWallClock } from '../_shared/domain/dates.ts';
import { REMINDERS_FROM_HOUR } from '../_shared/domain/outbox.ts';
import {
  appointmentAcknowledgementMail,
  contactAcknowledgementMail,
  pendingContactMails,
  pendingRequestMails,
} from '../_shared/forms/request-emails.ts';
import type { MailSettings } from '../_shared/mail/layout.ts';
import {
  claimDeadline,
  failureCause,
  type MailBudget,
  NO_TIME_LEFT,
  sendClaimedAcknowledgement,
  sendFits,
  sendOwedAcknowledgement,
  sendCapNotice,
  sendPracticeMail,
} from '../_shared/mail/budget.ts';
import { formMailKey, keyOutcomeMails, reminderMailKey, withKey } from '../_shared/mail/mail-keys.ts';
import { MailError } from '../_shared/mail/transport.ts';
import type { OutgoingMail } from '../_shared/mail/types.ts';
import { outcomeMails, reminderMails } from '../_shared/lifecycle/outcome-mails.ts';
import { openFunctionRequest, type FunctionDeps } from '../_shared/http/request-gate.ts';
import type { Claimed, MailClaim, MailKind, Store } from '../_shared/database/store.ts';
import { deliverAnnouncement, deliverConfirmation, type Delivery, type NewsletterSending } from '../_shared/newsletter/deliver.ts';
import type { MyDataStore } from '../_shared/my-data/store.ts';
import { dataLinkMailFor } from '../_shared/my-data/mails.ts';
import { erasureMailFor } from '../_shared/my-data/erasure-mail.ts';
import type { EarlierStore } from '../_shared/lifecycle/earlier-time.ts';
import { earlierOfferMail, earlierOfferMailKey } from '../_shared/lifecycle/earlier-time-mails.ts';
import type { InvoiceStore } from '../_shared/invoices/store.ts';
import { sendClaimedInvoice } from '../_shared/invoices/invoice-mail.ts';
import { SLEEP_REMINDER_HOUR, SLEEP_REMINDER_KIND } from '../_shared/domain/sleep-diary.ts';
import { sleepDiaryUrl } from '../_shared/sleep-diary/links.ts';
import { sleepReminderKey, sleepReminderMail } from '../_shared/sleep-diary/reminder-mail.ts';
import { sendClaimedSleepReminder } from '../_shared/sleep-diary/reminder-budget.ts';
import type { SleepDiaryStore } from '../_shared/sleep-diary/store.ts';

export const FUNCTION_NAME = 'send-pending-mail';
/** Mails of one kind per run; what is left waits for the next run (a minute locally, five hosted). */
export const OUTBOX_BATCH = 20;
/** The visitor's own call and the action page's press go first: rows younger than this are theirs. */
export const GRACE_SECONDS = 120;
/**
 * How long a run sends: every send is over by then. The platform stops a function after
 * 150 s (Supabase docs, "Limits", wall clock on the free plan), and a send cut off there is
 * one whose outcome nobody learns; the rest is for ending the last claim and recording the
 * run. The caller (pg_net, the stack's timer) may stop waiting earlier: the run goes on.
 */
export const RUN_BUDGET_MS = 120_000;
/** The most sends one claimed row takes: the practice's mail and the acknowledgement, or a state's two mails. */
const SENDS_PER_ROW = 2;

export interface OutboxTally {
  sent: number;
  failed: number;
  /** Held back by the daily cap: sent by a later run. */
  deferred: number;
  gaveUp: number;
}

/** Settings for tests; the defaults are the production values. */
export interface OutboxOptions {
  runBudgetMs?: number;
}

interface Run {
  store: Store;
  budget: MailBudget;
  salt: string;
  mail: MailSettings;
  links: LinkSettings;
  now: Date;
  /** When (performance.now()) every send of this run must be over. */
  deadline: number;
  tally: OutboxTally;
  causes: Set<string>;
  capReached: boolean;
  /** No time left for another row: the rest waits for the next run. */
  outOfTime: boolean;
  /** The newsletter's store and links; null when the function was built without it (FunctionDeps.newsletter). */
  newsletter: NewsletterSending | null;
}

type MailResult = { ok: true } | { ok: false; cause: string; deferred?: boolean };

/** When the sends under `claim` must be over: before the claim lapses, and within the run. */
function deadlineFor(run: Run, claim: MailClaim): number {
  return Math.min(claimDeadline(claim), run.deadline);
}

/**
 * Ends one claim (public.finish_mail with its token) and records the outcome in the tally: a
 * failed send counts an attempt (the backoff), one held back by the daily cap does not. A
 * claim found lost changes nothing and is logged. True when the claim was still this run's.
 */
async function settle(run: Run, kind: MailKind, id: string, result: MailResult, claim: MailClaim) {
  const cause = result.ok || result.deferred ? undefined : result.cause;
  const finished = await run.store.finishMail(claim.token, result.ok ? 'sent' : 'failed', cause);
  if (result.ok) run.tally.sent++;
  if (finished === 'lost') {
    // Its claim lapsed and another sender holds the mail (or it was ended otherwise): that one records it.
    console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'claim_lost', kind, id, sent: result.ok }));
    run.causes.add('claim_lost');
    return false;
  }
  if (result.ok) return true;
  if (result.deferred) {
    run.tally.deferred++;
  } else {
    run.tally.failed++;
    run.causes.add(result.cause);
  }
  return true;
}

/**
 * A form's practice mail, late, within the daily cap and the claim's time; the claim is
 * ended; then – if it was still this run's – the visitor's acknowledgement.
 */
async function sendFormMails(
  run: Run,
  kind: 'contact' | 'request',
  id: string,
  claim: MailClaim,
  practiceMail: OutgoingMail,
  acknowledgement: OutgoingMail | null,
  acknowledgementCharged: boolean,
) {
  let result: MailResult;
  if (run.capReached) {
    result = { ok: false, cause: 'daily_cap', deferred: true };
  } else {
    const sent = await sendPracticeMail(run.budget, withKey(practiceMail, formMailKey(kind, id, 'practice')), run.now, deadlineFor(run, claim));
    if (!sent.ok && sent.capReached) run.capReached = true;
    result = sent.ok ? sent : { ok: false, cause: sent.cause, deferred: Boolean(sent.capReached) };
  }
  if (!(await settle(run, kind, id, result, claim)) || !result.ok || !acknowledgement) return;
  const ack = await sendOwedAcknowledgement(run.budget, run.salt, withKey(acknowledgement, formMailKey(kind, id, 'visitor')), run.deadline, acknowledgementCharged);
  if (ack.cause) run.causes.add(ack.cause);
}

/** Mails of one claim, one after the other, each only while it is over by `deadline`. */
async function sendAll(run: Run, mails: OutgoingMail[], deadline: number): Promise<MailResult> {
  try {
    for (const mail of mails) {
      if (!sendFits(run.budget.mailer, deadline)) throw new MailError(NO_TIME_LEFT);
      await run.budget.mailer.send(mail);
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, cause: failureCause(error) };
  }
}

/**
 * Claims the rows `claimNext` answers one at a time, right before their mails, while the run
 * has time for a row's sends; at most OUTBOX_BATCH of a kind, and none once `done` says so.
 */
async function eachClaimed<T>(
  run: Run,
  claimNext: () => Promise<Claimed<T>[]>,
  send: (claimed: Claimed<T>) => Promise<void>,
  done: () => boolean = () => false,
) {
  for (let n = 0; n < OUTBOX_BATCH && !run.outOfTime && !done(); n++) {
    if (performance.now() + SENDS_PER_ROW * run.budget.mailer.timeoutMs > run.deadline) {
      run.outOfTime = true;
      run.causes.add('run_budget');
      return;
    }
    const [claimed] = await claimNext();
    if (!claimed) return;
    await send(claimed);
  }
}

function sendContacts(run: Run) {
  return eachClaimed(run, () => run.store.claimPendingContacts(1, GRACE_SECONDS), async ({ row, claim }) => {
    const { practiceMail, acknowledgement } = pendingContactMails(row, run.mail);
    await sendFormMails(
      run,
      'contact',
      row.id,
      claim,
      practiceMail,
      acknowledgement,
      row.acknowledgement_charged === true,
    );
  }, () => run.capReached);
}

function sendRequests(run: Run) {
  return eachClaimed(run, () => run.store.claimPendingRequests(1, GRACE_SECONDS), async ({ row, claim }) => {
    const { practiceMail, acknowledgement } = pendingRequestMails(row, run.mail, run.now, await staffLinks(run.links, row, run.now));
    await sendFormMails(
      run,
      'request',
      row.id,
      claim,
      practiceMail,
      acknowledgement,
      row.acknowledgement_charged === true,
    );
  }, () => run.capReached);
}

function sendOutcomes(run: Run) {
  return eachClaimed(run, () => run.store.claimPendingOutcomes(1, GRACE_SECONDS), async ({ row, claim }) => {
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
  });
}

async function sendReminders(run: Run) {
  if (zurichWallClock(run.now).hour < REMINDERS_FROM_HOUR) return;
  await eachClaimed(run, () => run.store.claimPendingReminders(zurichIsoDate(0, run.now), 1), async ({ row, claim }) => {
    const result = isAppointment(row)
      ? await sendAll(
        run,
        (await reminderMails(row, run.mail, run.links, run.now)).map((mail) => withKey(mail, reminderMailKey(row.id, row.calendar_sequence))),
        deadlineFor(run, claim),
      )
      : { ok: false as const, cause: 'no_slot' };
    await settle(run, 'reminder', row.id, result, claim);
  });
}

/**
 * The acknowledgements whose own send failed after their practice mail went out (the
 * form's call or an earlier run sent that one): sent within their limits, dropped when the
 * limits hold them back.
 */
function sendAcknowledgements(run: Run) {
  return eachClaimed(run, () => run.store.claimPendingAcknowledgements(1, GRACE_SECONDS), async ({ row, claim }) => {
    const mail = row.form === 'contact' ? contactAcknowledgementMail(row, run.mail) : appointmentAcknowledgementMail(row, run.mail);
    // Charged to the network and the day its request arrived, when its call could not send the practice mail.
    const result = await sendClaimedAcknowledgement(run.budget, run.salt, withKey(mail, formMailKey(row.form, row.id, 'visitor')), claim, run.deadline, row.acknowledgement_charged === true);
    if (result.finished === 'lost') {
      console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'claim_lost', kind: 'acknowledgement', id: row.id, sent: result.ack === 'sent' }));
      run.causes.add('claim_lost');
    }
    if (result.ack === 'sent') run.tally.sent++;
    if (result.ack === 'failed') run.tally.failed++;
    if (result.cause) run.causes.add(result.cause);
  });
}

/** A newsletter mail's outcome in the tally; a claim found lost is logged like the others'. */
function settleNewsletter(run: Run, kind: 'newsletter-confirmation' | 'newsletter', delivery: Delivery) {
  if (delivery.sent) run.tally.sent++;
  if (delivery.finished === 'lost') {
    console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'claim_lost', kind, sent: delivery.sent }));
    run.causes.add('claim_lost');
    return;
  }
  if (!delivery.sent) {
    run.tally.failed++;
    run.causes.add(delivery.cause ?? 'unknown');
  }
}

/**
 * The newsletter: housekeeping, then the confirmation mails the subscribing calls could
 * not send, then the announcements, each claimed right before it is sent.
 */
async function sendNewsletter(run: Run) {
  const sending = run.newsletter;
  if (!sending) return;
  await sending.store.housekeeping();
  // Those deferred by the day's budget are charged to it here, oldest first, while it has room.
  await eachClaimed(run, () => sending.store.claimConfirmations(1, GRACE_SECONDS, run.budget.limits.ackDailyCap), async (claimed) => {
    settleNewsletter(run, 'newsletter-confirmation', await deliverConfirmation(sending, claimed, run.deadline));
  });
  await eachClaimed(run, () => sending.store.claimAnnouncements(1), async (claimed) => {
    settleNewsletter(run, 'newsletter', await deliverAnnouncement(sending, claimed, run.deadline));
  });
}

/**
 * «An earlier time»: the offers of a freed time to the visitors waiting for one (no grace:
 * nothing else sends them), while the time is still open (the claim supersedes the rest).
 */
async function sendEarlierOffers(run: Run, earlier: EarlierStore | null | undefined) {
  if (!earlier) return;
  await eachClaimed(run, () => earlier.claimDueOffers(1, run.now), async ({ row, claim }) => {
    const { request, offer } = row;
    const result = isAppointment(request)
      ? await sendAll(run, [withKey(await earlierOfferMail(request, offer, run.mail, run.links), earlierOfferMailKey(offer.number))], deadlineFor(run, claim))
      : { ok: false as const, cause: 'no_slot' };
    await settle(run, 'earlier-offer', request.id, result, claim);
  });
}

/**
 * The invoice mails a press on the appointment's page could not send (invoices/invoice-mail.ts:
 * the PDF made first; one that cannot be made sends nothing and is tried again later).
 */
async function sendInvoices(run: Run, invoices: InvoiceStore | null | undefined) {
  if (!invoices) return;
  await eachClaimed(
    run,
    async () => (await invoices.claimDueMails(1, GRACE_SECONDS)).map((mail) => ({ row: mail, claim: mail.claim })),
    async ({ row, claim }) => {
      const key = row.invoice.mail_key!;
      const sent = await sendClaimedInvoice(run.store, run.budget.mailer, row, key, run.mail, undefined, deadlineFor(run, claim));
      if (sent.status === 'sent') {
        run.tally.sent++;
        if (sent.lost) run.causes.add('claim_lost');
      } else {
        run.tally.failed++;
        run.causes.add(sent.cause);
      }
    },
  );
}

/**
 * The sleep diary's morning reminders (kind 'sleep-reminder'): from SLEEP_REMINDER_HOUR the
 * morning's reminders are owed (owe_sleep_reminders: once a day per diary with «Jeden Morgen
 * erinnern» on, until the appointment), then each is claimed and sent within the reminders'
 * own budget (sleep-diary/reminder-budget.ts: one per diary a morning, the day's cap), which no
 * other mail to the mailbox spends; one the budget holds back is dropped (its morning passes).
 */
async function sendSleepReminders(run: Run, diaries: SleepDiaryStore | null | undefined) {
  if (!diaries || zurichWallClock(run.now).hour < SLEEP_REMINDER_HOUR) return;
  const today = zurichIsoDate(0, run.now);
  await diaries.oweReminders(today);
  await eachClaimed(run, () => diaries.claimDueReminders(1), async ({ row, claim }) => {
    if (!isAppointment(row)) {
      await settle(run, SLEEP_REMINDER_KIND, row.id, { ok: false, cause: 'no_slot' }, claim);
      return;
    }
    const mail = withKey(sleepReminderMail(row, run.mail, await sleepDiaryUrl(run.links, row)), sleepReminderKey(row.id, today));
    const result = await sendClaimedSleepReminder(run.store, run.budget.mailer, row.id, today, mail, claim, run.deadline);
    if (result.finished === 'lost') {
      console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'claim_lost', kind: SLEEP_REMINDER_KIND, id: row.id, sent: result.outcome === 'sent' }));
      run.causes.add('claim_lost');
    }
    if (result.outcome === 'sent') run.tally.sent++;
    if (result.outcome === 'failed') run.tally.failed++;
    if (result.cause) run.causes.add(result.cause);
  });
}

/** The cap's notice that its sender could not send: the practice still hears of the day's cap. */
function sendDayMails(run: Run) {
  return eachClaimed(run, () => run.store.claimPendingDayMails('cap-notice', 1, GRACE_SECONDS), async ({ row, claim }) => {
    const cause = await sendCapNotice(run.budget, row.day, claim, run.now, run.deadline);
    if (cause === undefined) {
      run.tally.sent++;
    } else {
      run.tally.failed++;
      run.causes.add(cause);
    }
  });
}

/**
 * «Meine Daten»: the link mails the links' budget held back (oldest first, as it has room)
 * and those the asking call could not send, however long they waited: each link is made
 * now, so it works its whole lifetime from when it arrives.
 */
async function sendDataLinks(run: Run, myData: MyDataStore | null | undefined) {
  if (!myData) return;
  const budget = { perAddressSeconds: run.budget.limits.dataLinkPerAddressSeconds, dailyCap: run.budget.limits.dataLinkDailyCap };
  await eachClaimed(run, () => myData.claimDueLinks(1, GRACE_SECONDS, budget), async ({ row, claim }) => {
    let result: MailResult = { ok: true };
    try {
      if (!sendFits(run.budget.mailer, deadlineFor(run, claim))) throw new MailError(NO_TIME_LEFT);
      await run.budget.mailer.send(await dataLinkMailFor(row, run.links, run.mail, run.now));
    } catch (error) {
      result = { ok: false, cause: failureCause(error) };
    }
    await settle(run, 'data-link', row.id, result, claim);
  });
}

/** «Meine Daten»: the practice's erasure mails the erasing call could not send (tried until they are out). */
async function sendErasures(run: Run, myData: MyDataStore | null | undefined) {
  if (!myData) return;
  await eachClaimed(run, () => myData.claimDueErasures(1, GRACE_SECONDS), async ({ row, claim }) => {
    const result = await sendAll(run, [erasureMailFor(row, run.mail, run.now)], deadlineFor(run, claim));
    await settle(run, 'erasure', row.id, result, claim);
  });
}

export function createOutboxHandler(deps: FunctionDeps, options: OutboxOptions = {}): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const runBudgetMs = options.runBudgetMs ?? RUN_BUDGET_MS;

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
      deadline: performance.now() + runBudgetMs,
      tally: { sent: 0, failed: 0, deferred: 0, gaveUp: 0 },
      causes: new Set(),
      capReached: false,
      outOfTime: false,
      newsletter: deps.newsletter && config.supabase
        ? {
          store: deps.newsletter,
          mailer,
          mail: { practiceEmail },
          links: { secret: config.actionSecret, siteUrl: config.siteUrl, apiUrl: config.supabase.url },
        }
        : null,
    };
    try {
      const givenUp = await store.giveUpStaleMail(zurichIsoDate(0, run.now));
      for (const item of givenUp) {
        // The id names the row for a developer; the digest tells the practice, with the content.
        console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'outbox_gave_up', kind: item.kind, id: item.id }));
      }
      run.tally.gaveUp = givenUp.length;
      await sendContacts(run);
      await sendRequests(run);
      await sendAcknowledgements(run);
      await sendOutcomes(run);
      await sendReminders(run);
      await sendNewsletter(run);
      await sendDataLinks(run, deps.myData);
      await sendErasures(run, deps.myData);
      await sendEarlierOffers(run, deps.earlier);
      await sendInvoices(run, deps.invoices);
      await sendSleepReminders(run, deps.sleepDiary);
      await sendDayMails(run);
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
    // A run that found nothing to do says so in its code, so that the local stack's
    // terminal can leave it out (scripts/stack/functions.ts, QUIET_CODES).
    const idle = Object.values(run.tally).every((count) => count === 0) && !cause;
    return ok
      ? answer(200, body, { code: idle ? 'outbox_idle' : 'outbox', ...(cause ? { cause } : {}) })
      : answer(502, { error: 'mail_failed', ...body }, { code: 'outbox_failed', cause });
  };
}
