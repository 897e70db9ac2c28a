/**
 * What travels between the browser and the backend, as plain types (and the one column
 * list they are derived from): the site builds these objects (src/features/**), the
 * functions validate them (validation.ts checks its schemas against these types), so both
 * sides agree by construction. No zod, no Deno.
 */
import type { SlotRefusalReason } from './availability.ts';
import type { AdvisorId } from './practice.ts';
import type { ServiceValue } from './catalog.ts';
import type { OfferStatus } from './offers.ts';
import type { MyDataSleepDiary, MyDataSleepDiaryLink, SleepDiaryAdvisorView } from './sleep-diary.ts';
import type { MailKind } from './mail-kinds.ts';
import type { Language } from './languages.ts';

/** An ALTCHA v2 challenge as the functions issue it (GET on either function). */
export interface FormChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    /** Unix seconds. */
    expiresAt?: number;
    /** `fn`: the function the challenge is for. */
    data?: Record<string, string | number | boolean | null>;
  };
  signature: string;
}

/** A solved challenge: what the browser found. */
export interface FormProof {
  challenge: FormChallenge;
  solution: { counter: number; derivedKey: string; time?: number };
}

/** What a form reports about itself so the backend can tell bots apart. */
export interface BotSignals {
  /** The hidden honeypot field; people leave it empty. */
  website: string;
  /** Milliseconds between the form appearing and being sent (a hint only). */
  elapsedMs: number;
  /** A challenge of the function's own, solved in the browser; accepted for one request. */
  altcha: FormProof;
}

/** Body of send-contact-email (docs/product.md §7.1). */
export interface ContactFormSubmission extends BotSignals {
  /** Made by the browser, the same when the same message is sent again: it is stored and mailed once. */
  requestId: string;
  /** First and last name joined by one space. */
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  /**
   * The language of the page it was sent from (./languages.ts): the visitor's
   * acknowledgement is written in it, the practice's mail names it. Absent: 'de'.
   */
  language?: Language;
}

/**
 * The columns of appointment_requests the browser inserts (docs/product.md §3), with the
 * id it made, as Postgres declares them. tests/integration/contract.test.ts compares this
 * list with the live schema: the columns anon may insert, their types and nullability.
 */
export const APPOINTMENT_INSERT_COLUMNS = {
  id: { type: 'uuid', nullable: false },
  first_name: { type: 'text', nullable: false },
  last_name: { type: 'text', nullable: false },
  email: { type: 'text', nullable: false },
  phone: { type: 'text', nullable: false },
  /** The service's readable label, not the form's option value. */
  service: { type: 'text', nullable: false },
  preferred_date: { type: 'date', nullable: false },
  preferred_time: { type: 'text', nullable: true },
  alternative_date: { type: 'date', nullable: true },
  alternative_time: { type: 'text', nullable: true },
  message: { type: 'text', nullable: true },
  /**
   * The language of the page it was sent from (./languages.ts, the column's check
   * private.is_language); 'de' when an insert leaves it out (the spec's inserts).
   */
  language: { type: 'text', nullable: false },
} as const;

type Columns = typeof APPOINTMENT_INSERT_COLUMNS;

/**
 * One row as the browser inserts it: uuid, text and date all travel as strings; the
 * language is one of LANGUAGES – the site names its page's, an insert without it (the
 * spec's, the deploy check's) is stored German (the column's default). A stored row always
 * has one (StoredAppointmentRequest).
 */
export type NewAppointmentRequest = {
  -readonly [K in Exclude<keyof Columns, 'language'>]: Columns[K]['nullable'] extends true ? string | null : string;
} & { language?: Language };

/** One start time of a day, as public.appointment_start_times tells anyone: free or taken for the asked service, nothing else. */
export interface StartTime {
  /** 'HH:MM', one of the day's start times. */
  time: string;
  /** Some advisor is free for the service's whole length from this time (domain/capacity.ts). */
  free: boolean;
}

/**
 * The schema as supabase-js types it (the shape `supabase gen types` writes), for what the
 * browser does: insert into appointment_requests and ask for the taken slots. It reads no
 * table back (anon has no SELECT).
 */
export interface Database {
  public: {
    Tables: {
      appointment_requests: {
        Row: NewAppointmentRequest;
        Insert: NewAppointmentRequest;
        Update: Partial<NewAppointmentRequest>;
        Relationships: [];
      };
    };
    Views: Record<never, never>;
    Functions: {
      /** The start times of a day for a service (its value), from today on; [] before today and on a closed day. */
      appointment_start_times: {
        Args: { p_day: string; p_service: ServiceValue };
        Returns: StartTime[];
      };
      /** The days the practice's closures cover, as 'YYYY-MM-DD' (never a closure's note). */
      practice_closed_days: {
        Args: { p_from: string; p_days?: number };
        Returns: string[];
      };
    };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
}

/** Body of send-appointment-email (docs/product.md §7.3): the stored row's id and its values. */
export interface AppointmentFormSubmission extends BotSignals {
  requestId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service: string;
  preferredDate: string;
  preferredTime: string | null;
  alternativeDate: string | null;
  alternativeTime: string | null;
  message: string | null;
  /** The stored row's language (it must match it, as every value does). Absent: 'de'. */
  language?: Language;
}

/**
 * send-appointment-email's body for a stored row: the row's id and values as the body
 * names them, and the form's signals. The site builds it beside the row it inserts; the
 * function claims the row only when every value matches.
 */
export function appointmentFormSubmission<S>(row: NewAppointmentRequest, signals: S): Omit<AppointmentFormSubmission, keyof BotSignals> & S {
  return {
    requestId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    preferredDate: row.preferred_date,
    preferredTime: row.preferred_time,
    alternativeDate: row.alternative_date,
    alternativeTime: row.alternative_time,
    message: row.message,
    language: row.language,
    ...signals,
  };
}

// ------------------------------------------------------------ appointment actions

/** What a link in an appointment e-mail does (its token says which; ../action-tokens.ts). */
export const APPOINTMENT_ACTION_KINDS = [
  'confirm-preferred',
  'confirm-alternative',
  'decline',
  'cancel',
  /** The visitor asks to move a confirmed appointment (until cancelUntil). */
  'request-move',
  /** The practice confirms or declines the visitor's wish to move (the token names the wish). */
  'confirm-move',
  'decline-move',
  /**
   * The calendar feeds' link: shows the entry's schedule (ScheduleEntryView: time, service,
   * advisor) and nothing the visitor wrote, decides nothing and mails no visitor. A calendar
   * provider keeps the feed, and everyone the calendar is shared with has it; its one press
   * is `renew-link` («Link an die Praxis senden»).
   */
  'view',
  /**
   * The practice's page of an appointment (the «Termin bestätigt» copy, the digest, a renewal
   * mail): the appointment, the sleep diary and the invoice's buttons (INVOICE_INTENTS);
   * it decides nothing about the appointment. After an erasure: the kept invoice.
   */
  'practice',
  /**
   * «An earlier time» (docs/appointment-lifecycle.md): the visitor asks to hear of an earlier
   * time (the confirmation's link), takes an offered one (the offer mail's link; the token
   * names the offer), or ends the wish (every offer mail's link).
   */
  'earlier',
  'take-earlier',
  'end-earlier',
  /** The visitor takes a time the practice offered when declining (the token names the offer). */
  'take-offer',
] as const;
export type AppointmentActionKind = (typeof APPOINTMENT_ACTION_KINDS)[number];
export type AppointmentStatus = 'requested' | 'confirmed' | 'declined' | 'cancelled';

/** A requested or confirmed slot; a request may come without a time. */
export interface AppointmentSlot {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM', one of the 21 slots, or null: no time chosen. */
  time: string | null;
}

/**
 * Body of appointment-action (docs/appointment-lifecycle.md): `show` reads the request the
 * token is for and changes nothing; `act` does the token's action.
 */
/** The edge function behind the action page and every action link. */
export const APPOINTMENT_ACTION_FUNCTION = 'appointment-action';

export interface AppointmentActionCommand {
  /** The token from the link's fragment. */
  token: string;
  /**
   * `invoice`, `invoice-again`, `invoice-paid`: the practice's invoice buttons (INVOICE_INTENTS);
   * `renew-link`: a fresh practice link mailed to the practice's own address – from a lapsed
   * practice link («Neuen Link an die Praxis senden») or a calendar feed's view link («Link an
   * die Praxis senden»).
   */
  intent: 'show' | 'act' | 'renew-link' | InvoiceIntent;
  /** Confirming a slot the visitor gave without a time: the time the practice picks. */
  time?: string;
  /** Declining: the practice's note to the visitor (optional, ≤ 1000 characters). */
  note?: string;
  /** Moving (request-move): the new date; `time` is then required too. */
  date?: string;
  /**
   * Confirming (a request or a move): the advisor the practice gives the appointment to.
   * Needed when both are free; with one free it may be left out (that one is assigned).
   */
  advisor?: AdvisorId;
  /** Declining: the other start times offered instead (at most MAX_OFFERS, domain/offers.ts). */
  offers?: { date: string; time: string }[];
  /** «Rechnung senden» for a service without a catalogue price: the amount as typed in «Betrag (CHF)» (domain/invoice.ts). */
  amount?: string;
}

/**
 * The practice's invoice buttons on its links' page: «Rechnung senden» (issue it and mail
 * it), «Rechnung erneut senden» (the same invoice again), «Als bezahlt markieren».
 */
export const INVOICE_INTENTS = ['invoice', 'invoice-again', 'invoice-paid'] as const;
export type InvoiceIntent = (typeof INVOICE_INTENTS)[number];

/**
 * The appointment's invoice as the practice's page shows it: on the practice and staff links
 * of a confirmed appointment (or one with an invoice); absent on the visitor's links and the
 * calendar feeds' view link.
 */
export interface InvoiceView {
  /** The first day (Zurich) «Rechnung senden» may be pressed: the appointment's day. */
  from: string;
  /** The service's catalogue price in Rappen; null: the practice types the amount. */
  priceRappen: number | null;
  invoice: {
    number: string;
    /** The invoice's date (ISO). */
    issuedOn: string;
    amountRappen: number;
    /** 'paid' once marked; 'sent' once a mail of it went out; 'unsent' before (a failed send: pressing again sends it). */
    state: 'unsent' | 'sent' | 'paid';
    sentAt: string | null;
    paidAt: string | null;
  } | null;
}

/**
 * The practice's page of an appointment whose request is deleted – erased through «Meine
 * Daten», or past the 12 months' retention – while its invoice is kept (ten years, CO Art.
 * 958f): what the invoice's copy says of the appointment, and the invoice with «Als bezahlt
 * markieren» and «Rechnung erneut senden» (to the address on the invoice). appointment-action's
 * `show` answers `{ erased }` on the practice's links.
 */
export interface ErasedAppointmentView {
  action: AppointmentActionKind;
  appointment: { name: string; service: string; date: string; time: string; minutes: number; advisor: AdvisorId | null };
  invoicing: InvoiceView;
}

/** A time the practice offered when declining, as the page shows it. */
export interface AppointmentOffer {
  /** Its number (the take-offer link names it). */
  number: number;
  date: string;
  time: string;
  /** 'busy': someone else was booked at its time meanwhile; 'lapsed': too old, its start within the notice, or another offer was taken (domain/offers.ts). */
  status: OfferStatus;
  /** take-offer links: the action page's link to take this open offer; null otherwise. */
  link: string | null;
}

/** Another appointment on the day of a slot the practice decides (confirm links only: the practice's own schedule). */
export interface ScheduledAppointment {
  /** Null: confirmed before advisors were recorded, and fitting neither. */
  advisor: AdvisorId | null;
  /** 'HH:MM' start. */
  time: string;
  minutes: number;
  /** The service's label. */
  service: string;
  /** The visitor's first and last name. */
  name: string;
}

/** Why a slot lies outside the opening hours (./availability.ts); the practice may still confirm it. */
export type SlotWarning = { kind: 'holiday'; name: string } | { kind: 'weekday' } | { kind: 'closure' } | { kind: 'time_not_offered' };

/** The visitor's latest wish to move a confirmed appointment. */
export interface AppointmentMove {
  date: string;
  time: string;
  status: 'requested' | 'confirmed' | 'declined';
  /** Move links: whether the link names this (the latest) wish; false when a later wish replaced it. Otherwise true. */
  thisLink: boolean;
}

/** The request as the action page shows it: no e-mail address, phone or message. */
export interface AppointmentActionView {
  action: AppointmentActionKind;
  status: AppointmentStatus;
  /** First and last name. */
  name: string;
  /** The service's label. */
  service: string;
  preferred: AppointmentSlot;
  alternative: AppointmentSlot | null;
  /** The slot this link confirms (confirm-…); null for decline and cancel. */
  slot: AppointmentSlot | null;
  /** The confirmed slot, once confirmed (also after a cancellation). */
  confirmed: { date: string; time: string } | null;
  /** The practice's note to the visitor, once declined. */
  staffNote: string | null;
  /** The visitor's e-mail about the current status has not gone out (a send failed): acting again sends it. */
  mailPending: boolean;
  /** Confirmed appointments: the last moment to cancel online (ISO instant); null otherwise. */
  cancelUntil: string | null;
  /** How long the appointment takes, in minutes (its service's length). */
  minutes: number;
  /** Who sees the visitor, once confirmed (null before, and for an old appointment that has none). */
  advisor: AdvisorId | null;
  /**
   * Confirm links and confirm-move: the other confirmed appointments on the slot's date,
   * from which the page tells who is free (domain/capacity.ts spanAvailability) and what
   * collides; empty for every other link (the visitor never sees them).
   */
  schedule: ScheduledAppointment[];
  /** The latest wish to move the appointment, if any. */
  move: AppointmentMove | null;
  /** The slot before the last confirmed move. */
  movedFrom: { date: string; time: string } | null;
  /** Confirm links and confirm-move: why the slot to confirm lies outside the opening hours. */
  slotWarning: SlotWarning | null;
  /** Request-move links: the bookable window and the practice's closures in it (dates only). */
  booking: { first: string; last: string; closedDays: string[] } | null;
  /** Decline links of an open request: the start times someone is free for, nearest to the wish first (domain/offers.ts). */
  offerChoices?: { date: string; time: string }[];
  /** The times offered with the decline, if any (decline and take-offer links). */
  offers?: AppointmentOffer[];
  /** take-offer links: the number of the offer this link takes. */
  offer?: number;
  /** The earlier-time links ('earlier', 'take-earlier', 'end-earlier'): the wish and the link's offer; absent or null otherwise. */
  earlier?: EarlierTimeView | null;
  /** The practice's links of a confirmed appointment: its invoice (InvoiceView); absent otherwise. */
  invoicing?: InvoiceView;
  /** The practice's links (practice and staff, never a feed's view link): the visitor's sleep diary, null when none is kept (domain/sleep-diary.ts). */
  sleepDiary?: SleepDiaryAdvisorView | null;
}

/**
 * What a calendar feed's view link shows (appointment-action's `show` answers `{ entry }`):
 * the schedule its entry holds – when, what, with whom of the practice, the state – and
 * nothing the visitor wrote (no name, message, contact, diary), nothing to decide or send
 * but «Link an die Praxis senden» (`renew-link`).
 */
export interface ScheduleEntryView {
  action: 'view';
  status: AppointmentStatus;
  /** The service's label. */
  service: string;
  /** The confirmed slot; null for a request never confirmed. */
  confirmed: { date: string; time: string } | null;
  minutes: number;
  advisor: AdvisorId | null;
}

/**
 * What an earlier-time link shows: whether the visitor waits for an earlier time, and the
 * offer a take-earlier link names: 'open' (still free), 'taken' (someone else was first),
 * 'yours' (this visitor took it), 'expired' (inside the notice, no longer earlier, or the
 * appointment is not confirmed any more).
 */
export interface EarlierTimeView {
  wanted: boolean;
  offer: { date: string; time: string; status: 'open' | 'taken' | 'yours' | 'expired' } | null;
  /**
   * When the next offer mail can come at the earliest (an instant): at most one a day
   * (EARLIER_OFFER_INTERVAL_HOURS after the last offer, domain/earlier-time.ts). Absent or
   * null: as soon as a time frees.
   */
  nextOfferFrom?: string | null;
}

/** Answers of appointment-action. Errors are JSON `{ error, … }` with a 4xx/5xx status. */
export type AppointmentActionAnswer =
  /** 200 to `show`. */
  | { view: AppointmentActionView }
  /**
   * 200 to `act`: `changed` by this press, or `unchanged` (already so: a second press; nothing is
   * sent twice). `mail: 'none'`: the press owes no mail (the wish for an earlier time, on or off).
   */
  | { result: 'changed' | 'unchanged'; mail: 'sent' | 'already_sent' | 'none'; view: AppointmentActionView };

/**
 * The error answers the page tells apart:
 * - 403 `invalid_link` (`reason`: malformed | tampered | expired): nothing is read or changed;
 * - 404 `not_found`: the request is no longer stored (12-month retention);
 * - 409 `conflict` (decided otherwise or cancelled), `too_late` (cancel inside the notice),
 *   `slot_past` (confirming a slot that has begun), `in_progress` (the mail is being sent
 *   by another press), each with the current `view` except in_progress;
 * - 400 `invalid_body` (`field`: time | note | …; `intent` for `act` with a view link);
 * - 502 `mail_failed` (`stored`: true, `view`): the change is stored, the e-mail not sent:
 *   pressing again sends it without a second change;
 * - 409 `unavailable` (`reason`, `view`): a move to a slot the rules refuse;
 * - 409 `advisor_busy` (`view`): the advisor chosen – or every advisor – has an overlapping
 *   appointment by now (the view's `schedule` says which); nothing changed.
 * For confirm-move / decline-move `slot` is the wished slot and `schedule` is that date's;
 * `cancelUntil` is also the last moment to ask for a move.
 */
export type AppointmentActionError =
  | { error: 'invalid_link'; reason: 'malformed' | 'tampered' | 'expired' }
  | { error: 'not_found' }
  | { error: 'conflict' | 'too_late' | 'slot_past' | 'advisor_busy'; view: AppointmentActionView }
  | { error: 'in_progress' }
  | { error: 'invalid_body'; field: string }
  | { error: 'mail_failed'; stored: true; view: AppointmentActionView }
  /** 409: the wished slot cannot be booked (./availability.ts SlotRefusalReason), or is the appointment's own. */
  | { error: 'unavailable'; reason: SlotRefusalReason | 'same_slot'; view: AppointmentActionView }
  /** 409 to take-offer: someone else was booked at that time meanwhile, or the offer lapsed (the view lists the offers still open). */
  | { error: 'offer_taken' | 'offer_lapsed'; view: AppointmentActionView };

// ---------------------------------------------------------------------------------------
// «Meine Daten» (the page /meine-daten and the function my-data; contract:
// supabase/functions/README.md, «my-data»). Dates are ISO instants or 'YYYY-MM-DD'.

/** An appointment request as stored, with its state and when it is deleted. */
export interface MyDataAppointmentRequest {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service: string;
  preferred: AppointmentSlot;
  alternative: AppointmentSlot | null;
  message: string | null;
  status: AppointmentStatus;
  /** The confirmed (or cancelled) slot. */
  confirmed: { date: string; time: string } | null;
  minutes: number;
  /** The advisor's name (not the id). */
  advisor: string | null;
  staffNote: string | null;
  /** The latest wish to move it, if any. */
  move: { date: string; time: string; status: 'requested' | 'confirmed' | 'declined' } | null;
  cancelledAt: string | null;
  deleteAt: string;
  /** The times the practice offered when it declined the request, in its order. */
  offers: MyDataOfferedTime[];
  /** The wish for an earlier time, while it is stored (an ended wish is deleted). */
  earlierWish: { since: string; active: boolean } | null;
  /** The freed earlier times offered for the wish: only the time, never whose it was. */
  earlierOffers: MyDataOfferedTime[];
  /** The language it was sent in (./languages.ts). */
  language: Language;
}

/** A time offered to the visitor, when it was offered and what became of it for them. */
export interface MyDataOfferedTime {
  date: string;
  time: string;
  offeredAt: string;
  /** 'taken': they took it; 'lapsed': it cannot be taken any more; 'open': it still can. */
  status: 'open' | 'taken' | 'lapsed';
}

/** A contact message as stored, with when it is deleted. */
export interface MyDataMessage {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  /** The language it was sent in (./languages.ts). */
  language: Language;
  deleteAt: string;
}

/** The newsletter subscription: pending until confirmed; deleted at its expiry (pending) or when unsubscribed (deleteAt null). */
export interface MyDataNewsletter {
  email: string;
  status: 'pending' | 'confirmed';
  createdAt: string;
  confirmedAt: string | null;
  /** The language its mails are written in (./languages.ts). */
  language: Language;
  deleteAt: string | null;
}

/** A mail sent or owed to the mailbox (or the practice's mail about its request or message): no text, only what and when. */
export interface MyDataMail {
  /** The registry's kind: «Meine Daten» labels every kind (content/my-data.ts). */
  kind: MailKind;
  recipient: 'practice' | 'visitor' | 'subscriber';
  createdAt: string;
  sentAt: string | null;
  /** Not owed any more (a later state made it pointless) or given up. */
  droppedAt: string | null;
  /**
   * When a mail not yet sent goes out at the earliest: a reminder the day before its
   * appointment from REMINDERS_FROM_HOUR (domain/outbox.ts, reminderDueAt); any other mail
   * as soon as it is written (createdAt).
   */
  dueAt: string;
  deleteAt: string | null;
}

/**
 * An invoice as «Meine Daten» lists it: kept ten years after the end of its year
 * (CO Art. 958f), also after an erasure; its PDF again with the command `invoice`.
 */
export interface MyDataInvoice {
  number: string;
  issuedOn: string;
  amountRappen: number;
  service: string;
  appointmentDate: string;
  appointmentTime: string;
  /** The name the invoice is made out to. */
  name: string;
  paidAt: string | null;
  /** The day the retention deletes it (ISO date). */
  deleteAt: string;
}

/** Everything stored about one mailbox. */
export interface MyData {
  /** The address key the link serves (addressKey: the address as typed, the domain in lower case). */
  mailbox: string;
  /** When this was read. */
  readAt: string;
  requests: MyDataAppointmentRequest[];
  messages: MyDataMessage[];
  newsletter: MyDataNewsletter | null;
  mails: MyDataMail[];
  /** The invoices (absent from a function deployed before them). */
  invoices?: MyDataInvoice[];
  /** The sleep diaries kept for the requests (domain/sleep-diary.ts), with their nights. */
  sleepDiaries: MyDataSleepDiary[];
  /** «Schlaftagebuch führen» for each confirmed appointment whose diary can still be kept (the function adds them to `show`). */
  sleepDiaryLinks?: MyDataSleepDiaryLink[];
}

export type MyDataCommand =
  | { action: 'show'; token: string }
  | { action: 'erase'; token: string }
  /** One of the address's invoices as its PDF again (answer: MyDataInvoicePdf). */
  | { action: 'invoice'; token: string; number: string }
  | ({ action: 'link'; email: string } & BotSignals);

/** What an erasure deleted, by kind. */
export interface MyDataErased {
  requests: number;
  messages: number;
  newsletter: number;
  mails: number;
  /** Confirmed appointments cancelled first (the practice was told). */
  cancelled: number;
  /** Sleep diaries deleted with their requests. */
  sleepDiaries: number;
  /** Invoices kept ten years (CO Art. 958f), still on «Meine Daten» as PDF. */
  invoicesKept: number;
}

/** The answer to `invoice`: the PDF, made again from the stored invoice, in base64, and its file name. */
export interface MyDataInvoicePdf {
  filename: string;
  pdf: string;
}

export type MyDataAnswer =
  | { data: MyData }
  | { invoice: MyDataInvoicePdf }
  | { erased: MyDataErased }
  | { ok: true };

export type MyDataError =
  | { error: 'invalid_link'; reason: 'malformed' | 'tampered' | 'expired' }
  | { error: 'mail_failed' }
  | { error: 'proof_refused'; reason: string }
  | { error: 'rate_limited'; retryAfterSeconds: number }
  | { error: 'invalid_body'; field: string }
  | { error: string };
