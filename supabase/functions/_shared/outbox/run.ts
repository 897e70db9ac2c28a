/**
 * One run of the outbox (send-pending-mail) as every kind's sender sees it, and the steps all
 * of them share: how long a send may take (before its claim lapses and before the run's end),
 * ending a claim with the outcome in the run's tally, sending a claim's mails one after the
 * other, claiming a kind's due mails one at a time. The senders of the kinds
 * (./kind-senders.ts) are written with these; the run's loop (send-pending-mail) walks them.
 */
import type { LinkSettings } from '../lifecycle/action-links.ts';
import type { MailSettings } from '../mail/layout.ts';
import { claimDeadline, failureCause, type MailBudget, NO_TIME_LEFT, sendFits } from '../mail/budget.ts';
import { MailError } from '../mail/transport.ts';
import type { OutgoingMail } from '../mail/types.ts';
import type { Claimed, MailClaim, MailKind, Store } from '../database/store.ts';
import { mailKinds, whenHeldBack } from '../domain/mail-kinds.ts';
import type { NewsletterSending } from '../newsletter/deliver.ts';
import type { MyDataStore } from '../my-data/store.ts';
import type { EarlierStore } from '../lifecycle/earlier-time.ts';
import type { InvoiceStore } from '../invoices/store.ts';
import type { SleepDiaryStore } from '../sleep-diary/store.ts';
import type { PracticeLinkStore } from '../lifecycle/practice-link-store.ts';

/** The function whose run this is: its log lines and its job record say so. */
export const OUTBOX_FUNCTION = 'send-pending-mail';
/** Mails of one kind per run; what is left waits for the next run (a minute locally, five hosted). */
export const OUTBOX_BATCH = 20;
/** The visitor's own call and the action page's press go first: rows younger than this are theirs. */
export const GRACE_SECONDS = 120;
/** The most sends one claimed row takes: the practice's mail and the acknowledgement, or a state's two mails. */
const SENDS_PER_ROW = 2;

export interface OutboxTally {
  sent: number;
  failed: number;
  /** Held back by the daily cap: sent by a later run. */
  deferred: number;
  gaveUp: number;
}

/** The stores of the parts that owe mail besides the forms and the appointments; null: the function was built without it. */
export interface OutboxStores {
  newsletter: NewsletterSending | null;
  myData: MyDataStore | null;
  earlier: EarlierStore | null;
  invoices: InvoiceStore | null;
  sleepDiary: SleepDiaryStore | null;
  practiceLinks: PracticeLinkStore | null;
}

export interface OutboxRun {
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
  /** The day's cap on practice mails held one back: the forms' practice mails wait for a later run. */
  capReached: boolean;
  /** No time left for another row: the rest waits for the next run. */
  outOfTime: boolean;
  stores: OutboxStores;
}

export type MailResult = { ok: true } | { ok: false; cause: string; deferred?: boolean; superseded?: boolean };

/**
 * A claimed mail of `kind` that its budget holds back now, as the registry says its spent
 * budget treats it (whenHeldBack): released to wait, no attempt counted, or superseded with
 * `cause`.
 */
export function heldBack(kind: MailKind, cause: string): MailResult {
  return whenHeldBack(kind) === 'deferred' ? { ok: false, cause, deferred: true } : { ok: false, cause, superseded: true };
}

/** The budgets the functions' settings configure, as each kind's claim asks public.claim_mail within them. */
export interface ConfiguredBudgets {
  'newsletter-confirmation': { dailyCap: number };
  'data-link': { perAddressSeconds: number; dailyCap: number };
}

/**
 * The budget of `kind` (mailKinds[kind].budget) as this run's settings configure it, for its
 * claim. The other budgets are the database's own rules (its hooks, its constants).
 */
export function budgetOf<K extends keyof ConfiguredBudgets>(run: OutboxRun, kind: K & MailKind): ConfiguredBudgets[K] {
  const limits = run.budget.limits;
  const configured: ConfiguredBudgets = {
    'newsletter-confirmation': { dailyCap: limits.ackDailyCap },
    'data-link': { perAddressSeconds: limits.dataLinkPerAddressSeconds, dailyCap: limits.dataLinkDailyCap },
  };
  const budget = mailKinds[kind].budget;
  if (!(budget in configured)) throw new Error(`the budget ${budget} of ${kind} is not configured by the functions`);
  return configured[budget as K];
}

/** When the sends under `claim` must be over: before the claim lapses, and within the run. */
export function deadlineFor(run: OutboxRun, claim: MailClaim): number {
  return Math.min(claimDeadline(claim), run.deadline);
}

/** A claim found lost: another sender holds the mail now (its claim lapsed), and that one records it. */
export function claimLost(run: OutboxRun, kind: MailKind, id: string | undefined, sent: boolean) {
  console.error(JSON.stringify({ fn: OUTBOX_FUNCTION, code: 'claim_lost', kind, ...(id === undefined ? {} : { id }), sent }));
  run.causes.add('claim_lost');
}

/**
 * Ends one claim (public.finish_mail with its token) and records the outcome in the tally: a
 * failed send counts an attempt (the backoff), one held back by the daily cap does not. A
 * claim found lost changes nothing and is logged. True when the claim was still this run's.
 */
export async function settle(run: OutboxRun, kind: MailKind, id: string, result: MailResult, claim: MailClaim) {
  const cause = result.ok || result.deferred ? undefined : result.cause;
  const finished = await run.store.finishMail(claim.token, result.ok ? 'sent' : result.superseded ? 'dropped' : 'failed', cause);
  if (result.ok) run.tally.sent++;
  if (finished === 'lost') {
    claimLost(run, kind, id, result.ok);
    return false;
  }
  if (result.ok) return true;
  if (result.deferred) {
    run.tally.deferred++;
  } else if (result.superseded) {
    run.causes.add(result.cause);
  } else {
    run.tally.failed++;
    run.causes.add(result.cause);
  }
  return true;
}

/** What a sender that ends its own claim reports: sent, not sent (and why), or neither (held back, dropped). */
export function tallyOutcome(run: OutboxRun, outcome: 'sent' | 'failed' | 'skipped' | 'dropped', cause?: string) {
  if (outcome === 'sent') run.tally.sent++;
  if (outcome === 'failed') run.tally.failed++;
  if (cause) run.causes.add(cause);
}

/** Mails of one claim, one after the other, each only while it is over by `deadline`. */
export async function sendAll(run: OutboxRun, mails: OutgoingMail[], deadline: number): Promise<MailResult> {
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
 * Claims the mails `claimNext` answers one at a time, right before their sends, while the run
 * has time for a row's sends; at most OUTBOX_BATCH, and none once `done` says so.
 */
export async function eachClaimed<T>(
  run: OutboxRun,
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

/**
 * How the outbox sends one kind of mail (./kind-senders.ts has one for every kind of the
 * registry): claim → render → send within the kind's budget → finish, one mail at a time.
 */
export interface KindSender<T> {
  /** Whether the kind has work in this run at all (its store was given, its hour has come); default yes. */
  ready?(run: OutboxRun): boolean;
  /** What comes before its first claim: the mails the hour owes, housekeeping. */
  prepare?(run: OutboxRun): Promise<void>;
  /** Its next due mail, claimed (public.claim_mail, due), or none. */
  claimNext(run: OutboxRun): Promise<Claimed<T>[]>;
  /** The claimed mail rendered, sent within its budget and its claim finished; the outcome in the tally. */
  send(run: OutboxRun, claimed: Claimed<T>): Promise<void>;
  /** No more of the kind in this run (the day's cap held one back). */
  done?(run: OutboxRun): boolean;
}

/** A kind's sender in the record of all kinds' (their rows differ; each sender reads its own). */
export type AnyKindSender = KindSender<never>;

export function kindSender<T>(sender: KindSender<T>): AnyKindSender {
  return sender as unknown as AnyKindSender;
}

/** Runs one kind's sender: ready, prepared, then its due mails while the run has time. */
export async function runKindSender(run: OutboxRun, sender: AnyKindSender) {
  if (sender.ready && !sender.ready(run)) return;
  await sender.prepare?.(run);
  await eachClaimed(run, () => sender.claimNext(run), (claimed) => sender.send(run, claimed), () => sender.done?.(run) ?? false);
}
