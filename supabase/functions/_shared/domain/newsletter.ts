/**
 * The newsletter's contract between the site and the function `newsletter` (README of
 * supabase/functions, «newsletter»): the bodies, the answers, the site's pages the mails
 * link to, and how long an unconfirmed address is kept. Plain types and constants: the site
 * imports them as `@domain/newsletter`, the function validates against them.
 */
import type { BotSignals } from './wire-types.ts';
import type { Language } from './languages.ts';
import { LINKED_PAGE_PATHS } from './link-paths.ts';

/** The function's name (`/functions/v1/newsletter`). */
export const NEWSLETTER_FUNCTION = 'newsletter';

/**
 * Days an unconfirmed address is kept, counted from its last confirmation mail: then it
 * is deleted and the mail's link answers 410 (the database's private.newsletter_pending_period,
 * generated from this constant by `npm run db:rules`).
 */
export const NEWSLETTER_PENDING_DAYS = 3;

/**
 * Days within which one mailbox is sent at most one confirmation mail, however often and by
 * whomever it is subscribed, unless it confirms (confirming lifts it). The confirmation mail
 * promises it (mails.ts); the database counts it per salted mailbox key
 * (private.newsletter_confirm_interval, generated from this constant by `npm run db:rules`).
 */
export const NEWSLETTER_CONFIRM_INTERVAL_DAYS = 30;

/**
 * The outbox sends at most this many announcements of new articles a Zurich day (mailKinds'
 * budget 'announcements'); the rest wait for the next day, oldest first. The provider's
 * daily quota is shared with every visitor's acknowledgement and the practice's own mail, so
 * a publication to a long list must not spend it in one morning.
 */
export const ANNOUNCEMENTS_DAILY_CAP = 100;

/** The site's page the confirmation mail links to, with the token in the fragment. */
export const NEWSLETTER_CONFIRM_PATH = LINKED_PAGE_PATHS.newsletterConfirm.de;
/** The site's page every newsletter's visible «Newsletter abbestellen» link opens, token in the fragment. */
export const NEWSLETTER_UNSUBSCRIBE_PATH = LINKED_PAGE_PATHS.newsletterUnsubscribe.de;

/**
 * The one-click address of RFC 8058 (List-Unsubscribe): the function itself with the token
 * as the query parameter `unsubscribe`, POSTed by the mail provider with the body
 * `List-Unsubscribe=One-Click`, without a key.
 */
export const ONE_CLICK_PARAMETER = 'unsubscribe';

/** The subscribe box: the address and the form's bot signals (honeypot, time open, proof). */
export interface SubscribeFormSubmission extends BotSignals {
  action: 'subscribe';
  email: string;
  /** The language of the page it was sent from: the subscriber's mails are written in it. Absent: 'de'. */
  language?: Language;
}

/** The page behind a link: the token from the URL's fragment. */
export interface NewsletterLinkCommand {
  action: 'confirm' | 'unsubscribe';
  token: string;
}

/**
 * The answers: 202 `{ ok: true }` to every accepted subscription (new, waiting or already
 * confirmed alike); 200 `{ status }` to a link; 410 `{ error: 'link_invalid' }` to a link
 * that is malformed, forged, expired or whose address is gone (confirm only: unsubscribing
 * an address that is gone is done already).
 */
export type NewsletterAnswer = { ok: true } | { status: 'confirmed' } | { status: 'unsubscribed' };
export type NewsletterLinkError = { error: 'link_invalid' };
