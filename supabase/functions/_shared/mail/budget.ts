/**
 * The budgets on what the forms make the practice send, shared by the form functions
 * (a visitor's request) and the outbox (send-pending-mail, what is still to send):
 * - the daily cap on practice mails (DAILY_MAIL_CAP), charged only for a mail that went
 *   out: the event is taken before sending (so concurrent senders cannot overshoot) and
 *   given back when the send failed;
 * - the visitor's acknowledgement, at most one per mailbox per ACK_PER_ADDRESS_SECONDS and
 *   ACK_DAILY_CAP per day.
 * Also the practice's notice the first time a day the cap holds a mail back (an outbox mail
 * of its own, 'cap-notice'), and failureCause, the short code every function logs for a
 * failure.
 * Never throws for mail failures; `cause` is a short code for the log.
 *
 * And the time a claim gives (claimDeadline, sendFits): a mail is sent only by the sender
 * that holds its claim, so a send starts only when it is over – the mailer's whole time
 * limit – before the claim lapses, with room left to end the claim. No send outlives its
 * claim, however slow the provider: the next sender can take the mail only once the first
 * has stopped.
 */
import type { Limits } from '../config.ts';
import { formatInstantLong, zurichIsoDate } from '../domain/dates.ts';
import { escapeHtml } from '../domain/html.ts';
import { whenHeldBack } from '../domain/mail-kinds.ts';
import { htmlDocument, type MailSettings, paragraph } from './layout.ts';
import { capNoticeKey, withKey } from './mail-keys.ts';
import { MailError, type Mailer, type OutgoingMail } from './transport.ts';
import { DAY_SECONDS, giveBackAcknowledgement, takeAcknowledgement } from '../database/rate-limit.ts';
import { CLAIM_LAPSE_MS, type FinishResult, type MailClaim, StoreError, type Store } from '../database/store.ts';

/** Why a practice mail did not go out: the provider failed, or the daily cap is reached. */
export type SendResult =
  | { ok: true }
  | { ok: false; cause: string; capReached?: { retryAfterSeconds: number } };

export type AckOutcome = 'sent' | 'skipped' | 'failed';

const CAP_BUCKET = 'mail';
const CAP_KEY = 'all';

/** The short, loggable reason of an internal failure; never the error's own message. */
export function failureCause(error: unknown): string {
  if (error instanceof StoreError) return `db_${error.code}`;
  if (error instanceof MailError) return error.reason;
  return error instanceof Error ? `exception_${error.name}`.slice(0, 48) : 'exception';
}

/**
 * Kept free before a claim lapses: the call that ends the claim (database calls have 10 s,
 * supabase-store.ts) and slack for a slow instance.
 */
export const CLAIM_MARGIN_MS = 20_000;

/** When (performance.now()) every send under `claim` must be over. */
export function claimDeadline(claim: MailClaim): number {
  return claim.takenAt + CLAIM_LAPSE_MS - CLAIM_MARGIN_MS;
}

/** Whether a send of `mailer`, started now, is over by `deadline` (performance.now(); undefined: no deadline). */
export function sendFits(mailer: Mailer, deadline: number | undefined, now = performance.now()): boolean {
  return deadline === undefined || now + mailer.timeoutMs <= deadline;
}

/** The cause of a send not started because it would not be over before its claim lapses. */
export const NO_TIME_LEFT = 'claim_expiring';

export interface MailBudget {
  store: Store;
  mailer: Mailer;
  limits: Limits;
  practiceEmail: string;
  /**
   * The form functions' client key: its network's share of the day's acknowledgements is
   * counted (takeAcknowledgement). The outbox knows no client.
   */
  client?: string;
  /** Hands one mail to the mail service (the form functions time it for their log line). */
  deliver?: (mail: OutgoingMail) => Promise<void>;
}

/**
 * The first time in a day the cap stops a practice mail, the practice hears of it: one
 * notice mail (outside the cap), an outbox mail of its own (kind 'cap-notice', written once a
 * day), sent here and by the outbox's run if this send fails; and an error line in the log.
 */
async function noticeDailyCap(budget: MailBudget, now: Date): Promise<void> {
  const day = zurichIsoDate(0, now);
  if (!(await budget.store.oweDayMail('cap-notice', day))) return;
  console.error(JSON.stringify({ code: 'daily_cap_reached', cap: budget.limits.dailyMailCap }));
  const claimed = await budget.store.claimMail('cap-notice', capNoticeKey(day));
  if (claimed.status !== 'claimed') return;
  await sendCapNotice(budget, day, claimed.claim, now);
}

/**
 * The cap's notice of `day` under its claim, finished: sent, or released with its cause for
 * the outbox's next run. Answers the cause of a failure. Never throws for the send.
 */
export async function sendCapNotice(budget: MailBudget, day: string, claim: MailClaim, now: Date, deadline = Infinity): Promise<string | undefined> {
  let cause: string | undefined;
  try {
    if (!sendFits(budget.mailer, Math.min(claimDeadline(claim), deadline))) throw new MailError(NO_TIME_LEFT);
    const notice = dailyCapNoticeMail({ practiceEmail: budget.practiceEmail }, budget.limits.dailyMailCap, now);
    await budget.mailer.send(withKey(notice, capNoticeKey(day)));
  } catch (error) {
    cause = failureCause(error);
  }
  await budget.store.finishMail(claim.token, cause === undefined ? 'sent' : 'failed', cause);
  return cause;
}

/**
 * Sends one practice mail within the daily cap; a failed send is not charged. With a
 * `deadline` (claimDeadline), only if the send is over by then: otherwise nothing is sent
 * or charged, and the cause is NO_TIME_LEFT.
 */
export async function sendPracticeMail(budget: MailBudget, mail: OutgoingMail, now: Date, deadline?: number): Promise<SendResult> {
  const { store, limits } = budget;
  if (!sendFits(budget.mailer, deadline)) return { ok: false, cause: NO_TIME_LEFT };
  const wait = await store.takeRateLimit(CAP_BUCKET, CAP_KEY, limits.dailyMailCap, DAY_SECONDS);
  if (wait > 0) {
    await noticeDailyCap(budget, now).catch(() => {});
    return { ok: false, cause: 'daily_cap', capReached: { retryAfterSeconds: Math.ceil(wait) } };
  }
  // The cap's call may have taken a while: still in time?
  if (!sendFits(budget.mailer, deadline)) {
    await store.refundRateLimit(CAP_BUCKET, CAP_KEY).catch(() => {});
    return { ok: false, cause: NO_TIME_LEFT };
  }
  try {
    await (budget.deliver ?? ((m) => budget.mailer.send(m)))(mail);
    return { ok: true };
  } catch (error) {
    const cause = failureCause(error);
    try {
      await store.refundRateLimit(CAP_BUCKET, CAP_KEY);
    } catch (refundError) {
      return { ok: false, cause: `${cause},refund_${failureCause(refundError)}` };
    }
    return { ok: false, cause };
  }
}

/**
 * The visitor's acknowledgement, within its limits; never throws. With a `deadline` (an
 * outbox run's end), skipped when the send would not be over by then. `charged`: counted
 * already, to the network and the day its request arrived (PracticeMailHistory
 * acknowledgement_charged), so neither counted again nor given back.
 */
export async function sendAcknowledgement(
  budget: MailBudget,
  salt: string,
  mail: OutgoingMail,
  deadline?: number,
  charged = false,
): Promise<{ ack: AckOutcome; cause?: string }> {
  if (!sendFits(budget.mailer, deadline)) return { ack: 'skipped', cause: `ack_${NO_TIME_LEFT}` };
  try {
    if (!charged && !(await takeAcknowledgement(budget.store, budget.limits, salt, mail.to, budget.client))) return { ack: 'skipped' };
    try {
      await (budget.deliver ?? ((m) => budget.mailer.send(m)))(mail);
    } catch (error) {
      if (!charged) await giveBackAcknowledgement(budget.store, salt, mail.to, budget.client).catch(() => {});
      throw error;
    }
    return { ack: 'sent' };
  } catch (error) {
    return { ack: 'failed', cause: `ack_${failureCause(error)}` };
  }
}

/**
 * An acknowledgement claimed for the caller (its outbox mail, `claim`): sent within its
 * limits and finished – sent; dropped when the limits hold it back (one per mailbox an hour,
 * the day's cap: it is not owed then); failed otherwise, with the cause, so that the outbox
 * tries it again after the backoff (a send not started for lack of time is released without
 * an attempt). `deadline` besides the claim's own; `charged` as sendAcknowledgement. Never throws.
 */
export async function sendClaimedAcknowledgement(
  budget: MailBudget,
  salt: string,
  mail: OutgoingMail,
  claim: MailClaim,
  deadline = Infinity,
  charged = false,
): Promise<{ ack: AckOutcome; cause?: string; finished?: FinishResult }> {
  const result = await sendAcknowledgement(budget, salt, mail, Math.min(claimDeadline(claim), deadline), charged);
  const [outcome, finishCause] = result.ack === 'sent'
    ? ['sent' as const, undefined]
    : result.ack === 'skipped' && result.cause === undefined
    ? (whenHeldBack('acknowledgement') === 'dropped' ? ['dropped' as const, ACK_LIMITED] : ['failed' as const, undefined])
    : ['failed' as const, result.ack === 'failed' ? result.cause : undefined];
  try {
    const finished = await budget.store.finishMail(claim.token, outcome, finishCause);
    return { ...result, finished };
  } catch (error) {
    return { ack: result.ack, cause: [result.cause, `ack_finish_${failureCause(error)}`].filter(Boolean).join(',') };
  }
}

/** Why an acknowledgement was dropped: its limits held it back. */
export const ACK_LIMITED = 'ack_limited';

/**
 * The visitor's acknowledgement after its form's practice mail went out: its outbox mail
 * (`mail.idempotencyKey`, written when the practice mail was finished as sent) is claimed and
 * sent as sendClaimedAcknowledgement does. Not owed (a request the site never reported) or
 * another sender's: skipped. Never throws.
 */
export async function sendOwedAcknowledgement(
  budget: MailBudget,
  salt: string,
  mail: OutgoingMail,
  deadline?: number,
  charged = false,
): Promise<{ ack: AckOutcome; cause?: string }> {
  try {
    const claimed = await budget.store.claimMail('acknowledgement', mail.idempotencyKey ?? '');
    if (claimed.status !== 'claimed') return { ack: 'skipped' };
    const { ack, cause } = await sendClaimedAcknowledgement(budget, salt, mail, claimed.claim, deadline, charged);
    return { ack, ...(cause ? { cause } : {}) };
  } catch (error) {
    return { ack: 'failed', cause: `ack_${failureCause(error)}` };
  }
}

/** The daily cap notice's heading and subject. */
export const DAILY_CAP_NOTICE_TITLE = 'Tageslimit der Website-Formulare erreicht';

/** Sent once a day at most, when the daily cap on practice mails stops the forms. */
export function dailyCapNoticeMail(settings: MailSettings, cap: number, now: Date): OutgoingMail {
  const title = DAILY_CAP_NOTICE_TITLE;
  const lines = [
    `Die Website hat heute ${cap} E-Mails aus den Formularen an die Praxis geschickt; das ist das eingestellte Tageslimit (DAILY_MAIL_CAP).`,
    'Weitere Nachrichten und Terminanfragen gehen nicht verloren: Die Website speichert sie und schickt sie Ihnen automatisch, ' +
    'sobald das Tageslimit es wieder zulässt, spätestens innerhalb von 24 Stunden. ' +
    'Ausserdem erscheinen sie in der Tagesübersicht, die Sie am nächsten Morgen per E-Mail erhalten.',
    'Die Besucherinnen und Besucher erfahren, dass ihre Anfrage gespeichert ist und verzögert bei Ihnen eintrifft.',
    'Ungewöhnlich viele Anfragen deuten auf Missbrauch hin. Die gespeicherten Anfragen finden Sie auch in der Datenbank ' +
    '(Tabellen appointment_requests und contact_submissions).',
    `Stand: ${formatInstantLong(now)}`,
  ];
  return {
    to: settings.practiceEmail,
    subject: title,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: htmlDocument(title, `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>\n${lines.map(paragraph).join('\n')}`),
  };
}

