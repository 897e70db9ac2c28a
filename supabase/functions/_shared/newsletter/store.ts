/**
 * What the newsletter needs from the database, as an interface beside the forms' Store
 * (../database/store.ts): the newsletter function and the outbox depend on it, the tests
 * fake it, supabase-newsletter-store.ts implements it with the RPCs of
 * …_newsletter.sql and the outbox's (…_outbox.sql). The answers' shapes are checked here.
 */
import * as z from 'zod/mini';
import { type Language, LANGUAGES } from '../domain/languages.ts';
import { type Claimed, type FinishResult, type MailClaim, type MailOutcome, parseAnswer, StoreError } from '../database/store.ts';

/** A confirmation mail owed to a pending address (newsletter_subscribe, claim_mail('newsletter-confirmation', …)). */
export interface NewsletterConfirmationMail {
  id: string;
  email: string;
  /** When the pending address is deleted and its confirmation link expires (ISO instant). */
  expires_at: string;
  /** When this confirmation mail was asked for (ISO instant): its idempotency key. */
  confirm_requested_at: string;
  /** The subscriber's language (../domain/languages.ts): the mail and its link's page are in it. */
  language: Language;
}

/** An announcement owed to a confirmed subscriber (claim_mail('announcement', …)). */
export interface AnnouncementMail {
  subscriber_id: string;
  email: string;
  slug: string;
  title: string;
  excerpt: string;
  /** 'YYYY-MM-DD' */
  published_on: string;
  author: string;
  /** The subscriber's language: the mail, its links and the article it names are in it. */
  language: Language;
}

/** What newsletter_subscribe is given: the address, its mailbox key, and what the limits count. */
export interface Subscription {
  email: string;
  /** mailboxKey(email) (../database/rate-limit.ts): one row per mailbox. */
  mailboxKey: string;
  /** Salted hash of the mailbox key: one confirmation mail per mailbox in 30 days (unless it confirms). */
  mailboxHash: string;
  /** Salted hash of the client's network (networkKey): its share of the day's confirmation mails. */
  networkHash: string;
  networkShare: number;
  dailyCap: number;
  /** The signature of the request's form proof (claimed for it): a proof subscribes once. */
  proofSignature: string;
  /** The language of the page it was sent from: the subscriber's mails are written in it. */
  language: Language;
}

/**
 * Whether a confirmation mail is owed now; if so, claimed for the caller's own send.
 * `deferred`: owed, but the day's budget is spent (or earlier mails wait for it): the outbox
 * sends it once the budget allows.
 */
export type SubscribeResult = { queued: false; deferred?: true } | { queued: true; confirmation: Claimed<NewsletterConfirmationMail> };

export interface HousekeepingResult {
  /** Pending addresses past their expiry, deleted. */
  pendingSubscribers: number;
}

export interface NewsletterStore {
  /** public.newsletter_subscribe. */
  subscribe(subscription: Subscription): Promise<SubscribeResult>;
  /** public.newsletter_confirm: 'confirmed' (now or already), 'not_found' (gone or expired). */
  confirm(subscriberId: string): Promise<'confirmed' | 'not_found'>;
  /** public.newsletter_unsubscribe: true when an address was deleted. */
  unsubscribe(subscriberId: string): Promise<boolean>;
  /**
   * public.claim_mail('newsletter-confirmation'), due, with the day's budget (dailyCap): the
   * mails the budget deferred charged to it while it has room (oldest first), then the due
   * ones claimed.
   */
  claimConfirmations(limit: number, graceSeconds: number, dailyCap: number): Promise<Claimed<NewsletterConfirmationMail>[]>;
  /** public.claim_mail('announcement'), due, without a grace period. */
  claimAnnouncements(limit: number): Promise<Claimed<AnnouncementMail>[]>;
  /**
   * public.finish_mail, as the forms' Store has it: sent marks the mail sent, not sent
   * releases it for the next attempt (`cause`, a short code); only while `claim` (its token)
   * is the mail's.
   */
  finishMail(claim: string, outcome: MailOutcome, cause?: string): Promise<FinishResult>;
  /** public.newsletter_housekeeping: expired pending addresses deleted, old newsletter mails forgotten. */
  housekeeping(): Promise<HousekeepingResult>;
}

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const instant = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), { message: 'not_an_instant' }));

const confirmationSchema = z.object({
  id: uuid,
  email: z.string(),
  expires_at: instant,
  confirm_requested_at: instant,
  language: z.enum(LANGUAGES),
  claim: uuid,
});

const announcementSchema = z.object({
  subscriber_id: uuid,
  email: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  published_on: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  author: z.string(),
  language: z.enum(LANGUAGES),
  claim: uuid,
});

/** A claimed row and its claim (the token the database gave it; asked for at `takenAt`, performance.now()). */
function claimed<T extends { claim: string }>(row: T, takenAt: number): Claimed<Omit<T, 'claim'>> {
  const { claim, ...rest } = row;
  const mailClaim: MailClaim = { token: claim, takenAt };
  return { row: rest, claim: mailClaim };
}

/**
 * public.newsletter_subscribe's answer: nothing owed now, owed but deferred by the day's
 * budget, or owed now – its key, which the caller claims (public.claim_mail).
 */
export function parseSubscribeAnswer(value: unknown): { queued: false; deferred?: true } | { key: string } {
  const answer = parseAnswer(
    z.union([
      z.object({ queued: z.literal(false), deferred: z.optional(z.literal(true)) }),
      z.object({ queued: z.literal(true), key: z.string() }),
    ]),
    value,
    'unexpected_subscribe_answer',
  );
  if (answer.queued) return { key: answer.key };
  return answer.deferred ? { queued: false, deferred: true } : { queued: false };
}

/** A confirmation mail claimed by key (public.claim_mail's mail), with its claim. */
export const parseClaimedConfirmation = (value: unknown, takenAt: number): Claimed<NewsletterConfirmationMail> =>
  claimed(parseAnswer(confirmationSchema, value, 'unexpected_subscribe_answer'), takenAt);

export const parseConfirmAnswer = (value: unknown): 'confirmed' | 'not_found' =>
  parseAnswer(z.enum(['confirmed', 'not_found']), value, 'unexpected_confirm_answer');

export function parseUnsubscribeAnswer(value: unknown): boolean {
  if (typeof value !== 'boolean') throw new StoreError('unexpected_unsubscribe_answer');
  return value;
}

export function parseClaimedConfirmations(value: unknown, takenAt: number): Claimed<NewsletterConfirmationMail>[] {
  return parseAnswer(z.array(confirmationSchema), value, 'unexpected_confirmation_claim').map((row) => claimed(row, takenAt));
}

export function parseClaimedAnnouncements(value: unknown, takenAt: number): Claimed<AnnouncementMail>[] {
  return parseAnswer(z.array(announcementSchema), value, 'unexpected_announcement_claim').map((row) => claimed(row, takenAt));
}

export function parseHousekeeping(value: unknown): HousekeepingResult {
  const answer = parseAnswer(
    z.object({ pending_subscribers: z.int().check(z.nonnegative()), old_mails: z.int().check(z.nonnegative()) }),
    value,
    'unexpected_housekeeping_answer',
  );
  return { pendingSubscribers: answer.pending_subscribers };
}
