/**
 * Sending one claimed newsletter mail and ending its claim: the confirmation mail (sent by
 * the subscribing call right after its answer, or by the outbox) and an article's
 * announcement (the outbox). As every mail of the project: started only when it is over
 * before the claim lapses (and before the caller's own deadline), keyed (mail-keys.ts), and
 * the claim ended with its token – a failed send released for the next attempt, a claim
 * found lost changing nothing. Never throws for a mail failure; a database failure throws.
 */
import type { Claimed, FinishResult } from '../database/store.ts';
import { claimDeadline, failureCause, NO_TIME_LEFT, sendFits } from '../mail/budget.ts';
import type { MailSettings } from '../mail/layout.ts';
import { newsletterConfirmKey, newsletterMailKey, withKey } from '../mail/mail-keys.ts';
import { MailError, type Mailer } from '../mail/transport.ts';
import type { OutgoingMail } from '../mail/types.ts';
import { articleUrl, confirmUrl, type NewsletterLinkSettings, unsubscribeLinks } from './links.ts';
import { announcementMail, confirmationMail } from './mails.ts';
import type { AnnouncementMail, NewsletterConfirmationMail, NewsletterStore } from './store.ts';

export interface NewsletterSending {
  store: NewsletterStore;
  mailer: Mailer;
  mail: MailSettings;
  links: NewsletterLinkSettings;
}

/** Whether the mail went out (`cause`: why not, a short code) and whether the claim was still the sender's. */
export type Delivery = { sent: boolean; cause?: string; finished: FinishResult };

/** The confirmation mail a pending address is owed, written for its row (in its language, to the confirm page of it). */
export async function confirmationFor(sending: NewsletterSending, row: NewsletterConfirmationMail): Promise<OutgoingMail> {
  const expiresAt = new Date(row.expires_at);
  const requestedAt = new Date(row.confirm_requested_at);
  const mail = confirmationMail(
    row.email,
    await confirmUrl(sending.links, row.id, expiresAt, row.language),
    expiresAt,
    requestedAt,
    sending.mail,
    row.language,
  );
  return withKey(mail, newsletterConfirmKey(row.id, Date.parse(row.confirm_requested_at)));
}

/** An article's announcement to one subscriber, in their language (the article is one of it: publish_articles owes it so). */
export async function announcementFor(sending: NewsletterSending, row: AnnouncementMail): Promise<OutgoingMail> {
  const mail = announcementMail(
    row.email,
    row,
    articleUrl(sending.links, row.slug, row.language),
    await unsubscribeLinks(sending.links, row.subscriber_id, row.language),
    sending.mail,
    row.language,
  );
  return withKey(mail, newsletterMailKey(row.slug, row.subscriber_id));
}

async function sendWithin(sending: NewsletterSending, write: () => Promise<OutgoingMail>, deadline: number): Promise<string | undefined> {
  try {
    if (!sendFits(sending.mailer, deadline)) throw new MailError(NO_TIME_LEFT);
    await sending.mailer.send(await write());
    return undefined;
  } catch (error) {
    return failureCause(error);
  }
}

/** The confirmation mail of a claimed row; `deadline` (performance.now()) besides the claim's own. */
export async function deliverConfirmation(
  sending: NewsletterSending,
  { row, claim }: Claimed<NewsletterConfirmationMail>,
  deadline = Infinity,
): Promise<Delivery> {
  const cause = await sendWithin(sending, () => confirmationFor(sending, row), Math.min(claimDeadline(claim), deadline));
  const finished = await sending.store.finishMail(claim.token, cause === undefined ? 'sent' : 'failed', cause);
  return { sent: cause === undefined, ...(cause ? { cause } : {}), finished };
}

/** An announcement of a claimed row. */
export async function deliverAnnouncement(
  sending: NewsletterSending,
  { row, claim }: Claimed<AnnouncementMail>,
  deadline = Infinity,
): Promise<Delivery> {
  const cause = await sendWithin(sending, () => announcementFor(sending, row), Math.min(claimDeadline(claim), deadline));
  const finished = await sending.store.finishMail(claim.token, cause === undefined ? 'sent' : 'failed', cause);
  return { sent: cause === undefined, ...(cause ? { cause } : {}), finished };
}
