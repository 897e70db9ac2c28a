/**
 * Every kind of the registry (domain/mail-kinds.ts) with the sender that the outbox's run
 * (send-pending-mail) takes it through, in the order the run takes them: the forms' practice
 * mails first (the day's cap decides them), their acknowledgements, the appointments' mails,
 * the newsletter's, «Meine Daten»'s, the invoices, the diary's reminders, the cap's notice.
 * A kind the outbox does not send is null, with who does. `satisfies Record<MailKind, …>`: a
 * kind added to the registry without its sender does not compile.
 */
import type { MailKind } from '../domain/mail-kinds.ts';
import { acknowledgementSender, contactSender, requestSender } from '../forms/outbox-senders.ts';
import { earlierOfferSender, outcomeSender, practiceLinkSender, reminderSender } from '../lifecycle/outbox-senders.ts';
import { announcementSender, confirmationSender } from '../newsletter/outbox-senders.ts';
import { dataLinkSender, erasureSender } from '../my-data/outbox-senders.ts';
import { invoiceSender } from '../invoices/outbox-sender.ts';
import { sleepReminderSender } from '../sleep-diary/outbox-sender.ts';
import { capNoticeSender } from '../mail/cap-notice-sender.ts';
import type { AnyKindSender } from './run.ts';

export const kindSenders = {
  contact: contactSender,
  request: requestSender,
  acknowledgement: acknowledgementSender,
  outcome: outcomeSender,
  reminder: reminderSender,
  'newsletter-confirmation': confirmationSender,
  announcement: announcementSender,
  'data-link': dataLinkSender,
  erasure: erasureSender,
  'earlier-offer': earlierOfferSender,
  invoice: invoiceSender,
  'sleep-reminder': sleepReminderSender,
  'cap-notice': capNoticeSender,
  'practice-link': practiceLinkSender,
  // Sent by send-practice-digest, every morning and by hand: it carries the outbox's own report.
  digest: null,
} as const satisfies Record<MailKind, AnyKindSender | null>;
