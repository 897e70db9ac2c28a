/**
 * The registry of mail kinds: every mail the system owes is one row of the outbox
 * (public.outbox_mails) of one of these kinds, and this is the one place that lists them.
 * For each kind: who reads it, what its row refers to, its idempotency key, the budget its
 * sends draw on and what happens when that budget is spent, whether the outbox gives up on
 * it (and the digest reports it), and the function that renders it.
 *
 * The database's list of kinds and what each refers to are generated from this file
 * (`npm run db:rules`, 20261122000100_rules.sql: private.mail_kinds(),
 * private.mail_kind_refers_to(), private.mail_kind_recipient(), private.mail_kind_given_up());
 * tests/architecture/mail-kinds.test.ts checks that no migration lists kinds by hand, that
 * each renderer exists and that docs/backend.md's table of kinds is this one. The outbox's
 * run sends each kind through its sender (../outbox/kind-senders.ts, a Record<MailKind, …>);
 * adding a kind is one entry here, its SQL hooks in its entity's migration, its renderer, its
 * sender, its two labels and its tests (docs/backend.md, «Adding a kind»). Pure.
 *
 * What a kind's SQL does differently – what it says to its sender, when it is due, what the
 * outbox's run does first, its budget's check, when it is given up – lives in its entity's
 * migration as small private functions that each entry names (`sql`); the outbox's claim
 * (public.claim_mail), private.mail_json and private.give_up_stale_mail reach them through
 * dispatch functions generated from these names (private.mail_kind_payload, …), so the
 * outbox's own SQL names no kind.
 */

/** Who reads a mail. A state's practice copy rides with the visitor's row (outcome-mails.ts). */
export type MailRecipient = 'practice' | 'visitor' | 'subscriber';

/**
 * What a row refers to, and so what deletes it (on delete cascade) and what its sender reads:
 * - `contact-message`: a row of contact_submissions (contact_message_id);
 * - `appointment-request`: a row of appointment_requests (appointment_request_id);
 * - `form`: either of the two (an acknowledgement of one of the forms);
 * - `subscriber`: a newsletter address (subscriber_id);
 * - `subscriber-article`: a newsletter address and an article (subscriber_id, article_slug);
 * - `address`: the address the row holds itself (email, mailbox_key), nothing else;
 * - `erased-address`: an address erased on «Meine Daten», which the row holds itself (email,
 *   and the cancelled slots in about) until the practice has the mail;
 * - `invoice`: an invoice by its number (about), nothing else – it outlives its request (the
 *   retention, an erasure), and so do its mails: the invoice's state (sent when, its resends)
 *   is read from them for its ten years, and the retention deletes them with it;
 * - `day`: nothing but its day (about), a mail to the practice about the site's day.
 */
export type MailRefersTo =
  | 'contact-message'
  | 'appointment-request'
  | 'form'
  | 'subscriber'
  | 'subscriber-article'
  | 'address'
  | 'erased-address'
  | 'invoice'
  | 'day';

/**
 * The budget a kind's sends draw on (config.ts Limits, mail/budget.ts). Every kind has one,
 * chosen for its recipient; the outbox's run asks for the kind's as the functions configure
 * it (outbox/run.ts, budgetOf) and the database's hooks read which kinds share one
 * (private.mail_kind_budget, generated):
 * - `daily-mail-cap`: the day's cap on the forms' practice mails (DAILY_MAIL_CAP);
 * - `acknowledgement`: one per mailbox an hour, the client network's share, the day's cap;
 * - `newsletter-confirmation`: one per mailbox in the pending period, the day's cap;
 * - `data-link`: the «Meine Daten» links' own limits;
 * - `invoice-resend`: an invoice's resends, counted by public.resend_invoice under the
 *   invoice's lock: INVOICE_RESENDS_MAX in all, one per INVOICE_RESEND_INTERVAL_MINUTES
 *   (domain/invoice.ts; the first mail, «Rechnung senden», is not one);
 * - `sleep-reminder`: the sleep diary's morning reminders' own: one per diary a morning,
 *   SLEEP_REMINDER_DAILY_CAP a day in all (sleep-diary/reminder-budget.ts) – no other mail to
 *   the mailbox spends it, so nobody else's acknowledgement can silence a reminder;
 * - `appointment-mails`: the mails about one appointment to its visitor – its states', its
 *   reminders, its earlier-time offers – at most APPOINTMENT_MAILS_DAILY_MAX a Zurich day
 *   from the outbox, counting what the action page's presses sent (domain/outbox.ts);
 * - `announcements`: the newsletter's announcements, ANNOUNCEMENTS_DAILY_CAP a Zurich day in
 *   all (domain/newsletter.ts), so a long list does not spend the provider's day;
 * - `erased-data`: one mail per erasure that deleted something (public.erase_mailbox), so
 *   never more than the forms and the newsletter stored for the address under their limits;
 * - `one-a-day`: one per Zurich day, by its key (digest/<day>, cap-notice/<day>/practice:
 *   public.owe_day_mail owes a day's mail once);
 * - `practice-link`: the renewals of the practice's links, counted by
 *   public.owe_practice_link when one is asked for: one per appointment in
 *   PRACTICE_LINK_RENEWAL_MINUTES, PRACTICE_LINK_NETWORK_DAILY_MAX a day from one client
 *   network, PRACTICE_LINK_DAILY_CAP a day in all (domain/practice-links.ts) – whoever holds a
 *   lapsed link or a calendar feed cannot flood the practice's inbox, and one client cannot
 *   spend the day's cap on its own.
 */
export type MailBudget =
  | 'daily-mail-cap'
  | 'acknowledgement'
  | 'newsletter-confirmation'
  | 'data-link'
  | 'invoice-resend'
  | 'sleep-reminder'
  | 'appointment-mails'
  | 'announcements'
  | 'erased-data'
  | 'one-a-day'
  | 'practice-link';

export interface MailKindEntry {
  recipient: MailRecipient;
  refersTo: MailRefersTo;
  /**
   * The row's idempotency key, a template: each `<name>` is a value of the mail (mail/mail-keys.ts
   * mailKey fills it; the database writes the same).
   */
  key: string;
  budget: MailBudget;
  /**
   * What a spent budget does to the mail: `waits` – it stays owed and goes out when there is
   * room, oldest first; `superseded` – it is not owed any more, recorded with its cause and
   * shown in «Meine Daten» (an acknowledgement within the hour of the last one: the visitor
   * has one); `refused` – it is never owed past the budget: the press that would owe it is
   * answered that the budget holds it back, and when it may be pressed again (an invoice's
   * resend), or the call owes nothing (a day's second digest, an erasure that deleted
   * nothing). Never dropped in silence.
   */
  whenSpent: 'waits' | 'superseded' | 'refused';
  /**
   * Whether the outbox gives up on it after GIVE_UP_AFTER_DAYS and the digest reports it
   * with its content. Not for a mail whose point passes sooner (a link that expires, an
   * offer of a time that is gone) or for the practice's own notices.
   */
  givenUp: boolean;
  /** The function that renders it: `<module under _shared/ or a function folder>#<export>`. */
  renderer: string;
  /** What owes it, in a few words (docs/backend.md's table). */
  owedWhen: string;
  /** Its SQL hooks (MailKindSql). */
  sql: MailKindSql;
}

/**
 * The names of a kind's SQL hooks, each a function of the migrations (`private.<name>`), called
 * by a dispatch that `npm run db:rules` generates from these entries (…_rules.sql). `o`/`m` is
 * the kind's row of public.outbox_mails – typed `record` in a migration before the outbox's,
 * which cannot name the table yet. tests/architecture/mail-kinds.test.ts fails when one is
 * missing or has another signature.
 */
export interface MailKindSql {
  /**
   * What its sender reads (private.mail_json adds the claim's token):
   * `(m) returns jsonb`, null when what it refers to is gone.
   */
  payload: string;
  /**
   * Whether a claimable row is due in the outbox's run: `(o, p_today date, p_grace interval)
   * returns boolean`. Without one: older than the grace period (younger rows are the owing
   * call's own).
   */
  due?: string;
  /**
   * What the outbox's run does before it claims the kind: `(p_budget jsonb, p_now timestamptz)
   * returns void` (p_budget: the kind's budget as the functions configure it).
   */
  prepare?: string;
  /**
   * Whether the kind's budget has room for this due mail now: `(o, p_budget jsonb) returns
   * boolean`; the run then looks past its batch for mails it has room for.
   */
  room?: string;
  /**
   * When the outbox gives up on a mail of a kind it gives up on (givenUp): `(o, p_today date)
   * returns boolean`. Without one: not sent GIVE_UP_AFTER_DAYS after it was owed.
   */
  givenUpWhen?: string;
}

export const mailKinds = {
  contact: {
    recipient: 'practice',
    refersTo: 'contact-message',
    key: 'contact/<id>/practice',
    budget: 'daily-mail-cap',
    whenSpent: 'waits',
    givenUp: true,
    renderer: 'forms/request-emails.ts#pendingContactMails',
    owedWhen: 'a contact message is stored (trigger on contact_submissions)',
    sql: { payload: 'private.contact_mail_json' },
  },
  request: {
    recipient: 'practice',
    refersTo: 'appointment-request',
    key: 'request/<id>/practice',
    budget: 'daily-mail-cap',
    whenSpent: 'waits',
    givenUp: true,
    renderer: 'forms/request-emails.ts#pendingRequestMails',
    owedWhen: 'an appointment request is stored (trigger on appointment_requests)',
    sql: { payload: 'private.appointment_mail_json' },
  },
  acknowledgement: {
    recipient: 'visitor',
    refersTo: 'form',
    key: '<form>/<id>/visitor',
    budget: 'acknowledgement',
    whenSpent: 'superseded',
    givenUp: true,
    renderer: 'forms/request-emails.ts#contactAcknowledgementMail',
    owedWhen: "its form's practice mail is finished as sent (finish_mail; a request the site never reported owes none)",
    sql: { payload: 'private.acknowledgement_mail_json' },
  },
  outcome: {
    recipient: 'visitor',
    refersTo: 'appointment-request',
    key: 'outcome/<id>/<outcome_key>',
    budget: 'appointment-mails',
    whenSpent: 'waits',
    givenUp: true,
    renderer: 'lifecycle/outcome-mails.ts#outcomeMails',
    owedWhen: "the request's outcome_key changes (trigger on appointment_requests; the earlier state's unsent row is superseded)",
    sql: { payload: 'private.appointment_mail_json', room: 'private.appointment_mail_has_room' },
  },
  reminder: {
    recipient: 'visitor',
    refersTo: 'appointment-request',
    key: 'reminder/<id>/<sequence>/visitor',
    budget: 'appointment-mails',
    whenSpent: 'waits',
    givenUp: true,
    renderer: 'lifecycle/outcome-mails.ts#reminderMails',
    owedWhen: 'an appointment is confirmed or moved to a day after tomorrow (trigger on appointment_requests)',
    sql: { payload: 'private.appointment_mail_json', due: 'private.reminder_mail_due', givenUpWhen: 'private.reminder_mail_given_up', room: 'private.appointment_mail_has_room' },
  },
  'earlier-offer': {
    recipient: 'visitor',
    refersTo: 'appointment-request',
    key: 'earlier-offer/<offer>/visitor',
    budget: 'appointment-mails',
    whenSpent: 'waits',
    givenUp: false,
    renderer: 'lifecycle/earlier-time-mails.ts#earlierOfferMail',
    owedWhen: 'a time frees up that a visitor waiting for an earlier one can take (trigger on appointment_requests)',
    sql: { payload: 'private.earlier_offer_mail_json', prepare: 'private.prepare_earlier_offer_mails', room: 'private.appointment_mail_has_room' },
  },
  // The invoice: its row names the invoice's number in `about` and refers to nothing else, so
  // it stays with the invoice when the request is deleted; it goes to the address on the
  // invoice; the PDF is made from the stored invoice when the mail is sent. The first mail
  // is the practice's one press; the resends are budgeted, since a press sends a PDF from
  // the practice's address each time (the page says when the next may go).
  invoice: {
    recipient: 'visitor',
    refersTo: 'invoice',
    key: 'invoice/<number>/<send>',
    budget: 'invoice-resend',
    whenSpent: 'refused',
    givenUp: true,
    renderer: 'invoices/invoice-mail.ts#invoiceMail',
    owedWhen: "«Rechnung senden» or «Rechnung erneut senden» on the appointment's page (issue_invoice, resend_invoice)",
    sql: { payload: 'private.invoice_mail_json' },
  },
  'sleep-reminder': {
    recipient: 'visitor',
    refersTo: 'appointment-request',
    key: 'sleep-reminder/<id>/<day>',
    // Its own budget, never the acknowledgements': a contact message sent by anyone with the
    // keeper's address must not hold the morning's reminder back. One held back by it is
    // superseded – that morning's point has passed – and «Meine Daten» shows it.
    budget: 'sleep-reminder',
    whenSpent: 'superseded',
    givenUp: false,
    renderer: 'sleep-diary/reminder-mail.ts#sleepReminderMail',
    owedWhen: "each morning from 07:00 while a sleep diary's «Jeden Morgen erinnern» is on, until the appointment (owe_sleep_reminders, the outbox's run)",
    sql: { payload: 'private.appointment_mail_json' },
  },
  'newsletter-confirmation': {
    recipient: 'subscriber',
    refersTo: 'subscriber',
    key: 'newsletter-confirm/<subscriber>/<asked_ms>',
    budget: 'newsletter-confirmation',
    whenSpent: 'waits',
    givenUp: true,
    renderer: 'newsletter/mails.ts#confirmationMail',
    owedWhen: 'an address asks to subscribe and a confirmation is owed (newsletter_subscribe)',
    sql: {
      payload: 'private.newsletter_confirmation_mail_json',
      due: 'private.newsletter_confirmation_mail_due',
      prepare: 'private.prepare_newsletter_confirmation_mails',
    },
  },
  announcement: {
    recipient: 'subscriber',
    refersTo: 'subscriber-article',
    key: 'newsletter/<slug>/<subscriber>',
    budget: 'announcements',
    whenSpent: 'waits',
    givenUp: true,
    renderer: 'newsletter/mails.ts#announcementMail',
    owedWhen: 'an article is published, once per confirmed subscriber (publish_articles)',
    sql: { payload: 'private.announcement_mail_json', due: 'private.announcement_mail_due', room: 'private.announcement_mail_has_room' },
  },
  'data-link': {
    recipient: 'visitor',
    refersTo: 'address',
    key: 'data-link/<row>',
    budget: 'data-link',
    whenSpent: 'waits',
    givenUp: false,
    renderer: 'my-data/mails.ts#dataLinkMailFor',
    owedWhen: '«Link senden» on «Meine Daten» (owe_data_link)',
    sql: {
      payload: 'private.data_link_mail_json',
      due: 'private.data_link_mail_due',
      prepare: 'private.prepare_data_link_mails',
      room: 'private.data_link_mail_has_room',
    },
  },
  erasure: {
    recipient: 'practice',
    refersTo: 'erased-address',
    key: 'erasure/<row>',
    budget: 'erased-data',
    whenSpent: 'refused',
    givenUp: false,
    renderer: 'my-data/erasure-mail.ts#erasureMail',
    owedWhen: '«Alle meine Daten löschen» erased something (erase_mailbox; it asks the practice to delete its copies)',
    sql: { payload: 'private.erasure_mail_json' },
  },
  // A fresh practice link to an appointment, mailed to the practice's own address and never
  // anyone else's: asked for on the page of a lapsed practice link («Neuen Link an die Praxis
  // senden») or of a calendar feed's entry («Link an die Praxis senden»). Its row refers to the
  // appointment; its links are made when it is sent.
  'practice-link': {
    recipient: 'practice',
    refersTo: 'appointment-request',
    key: 'practice-link/<row>',
    budget: 'practice-link',
    whenSpent: 'refused',
    givenUp: false,
    renderer: 'lifecycle/practice-link-mail.ts#practiceLinkMail',
    owedWhen: "«Neuen Link an die Praxis senden» on a lapsed practice link's page, «Link an die Praxis senden» on a calendar entry's (owe_practice_link)",
    sql: { payload: 'private.practice_link_mail_json' },
  },
  digest: {
    recipient: 'practice',
    refersTo: 'day',
    key: 'digest/<day>',
    budget: 'one-a-day',
    whenSpent: 'refused',
    givenUp: false,
    renderer: 'send-practice-digest/digest-email.ts#digestMail',
    owedWhen: "the day's first scheduled run from 07:00, or a POST by hand (owe_practice_digest)",
    sql: { payload: 'private.day_mail_json' },
  },
  'cap-notice': {
    recipient: 'practice',
    refersTo: 'day',
    key: 'cap-notice/<day>/practice',
    budget: 'one-a-day',
    whenSpent: 'refused',
    givenUp: false,
    renderer: 'mail/budget.ts#dailyCapNoticeMail',
    owedWhen: "the day's cap first holds a practice mail back (owe_day_mail)",
    sql: { payload: 'private.day_mail_json' },
  },
} as const satisfies Record<string, MailKindEntry>;

/** The outbox's kinds of mail (public.outbox_mails.kind). */
export type MailKind = keyof typeof mailKinds;

/** Every kind, in the registry's order. */
export const MAIL_KINDS = Object.keys(mailKinds) as MailKind[];

/** Whether `value` names a kind of the registry (a row read back from the database). */
export function isMailKind(value: string): value is MailKind {
  return (MAIL_KINDS as readonly string[]).includes(value);
}

/**
 * What a sender does with a claimed mail of `kind` that its budget holds back at its send
 * (mailKinds[kind].whenSpent): `dropped` – finished as superseded, with the budget's cause
 * («Meine Daten» shows it); `deferred` – released without an attempt counted, to go out when
 * the budget has room. A kind whose budget refuses the press that would owe it is never
 * claimed past its budget: asking is a mistake in the sender.
 */
export function whenHeldBack(kind: MailKind): 'dropped' | 'deferred' {
  const spent: MailKindEntry['whenSpent'] = mailKinds[kind].whenSpent;
  if (spent === 'refused') throw new Error(`a mail of kind ${kind} is refused when owed, never held back at its send`);
  return spent === 'superseded' ? 'dropped' : 'deferred';
}

/** The kinds whose row refers to `refersTo`. */
export function kindsReferringTo(refersTo: MailRefersTo): MailKind[] {
  return MAIL_KINDS.filter((kind) => mailKinds[kind].refersTo === refersTo);
}
