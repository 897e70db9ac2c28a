/**
 * What the functions need from the database, as an interface: the handlers depend on it,
 * the tests fake it, supabase-store.ts implements it with supabase-js and the service role.
 */
import * as z from 'zod/mini';
import { CLAIM_LAPSE_SECONDS } from '../domain/outbox.ts';
import { SLOT_REFUSAL_REASONS, type SlotRefusalReason } from '../domain/availability.ts';
import { type AdvisorId, advisorIds } from '../domain/practice.ts';
import { OFFER_STATUSES, type OfferStatus } from '../domain/offers.ts';
import { MAIL_KINDS, type MailKind, type mailKinds } from '../domain/mail-kinds.ts';
import { type Language, LANGUAGES } from '../domain/languages.ts';
import type { AppointmentFormSubmission, NewAppointmentRequest, AppointmentStatus, BotSignals, ContactFormSubmission } from '../domain/wire-types.ts';

/** A stored appointment request as public.claim_mail returns its practice mail (kind 'request'). */
export interface StoredAppointmentRequest extends NewAppointmentRequest {
  created_at: string;
  /** The visitor's language (../domain/languages.ts; 'de' when the insert named none): their mails are written in it. */
  language: Language;
  /** The marks of its practice mail (…_outbox.sql, ../forms/request-emails.ts pendingRequestMails). */
  reported_at?: PracticeMailHistory['reported_at'];
  send_failed_at?: PracticeMailHistory['send_failed_at'];
  acknowledgement_charged?: PracticeMailHistory['acknowledgement_charged'];
}

/**
 * What the outbox row of a stored request's practice mail says, for the mail's marks:
 * reported_at – when send-appointment-email was first shown a genuine proof for it (null:
 * stored over REST and never reported; outbox_mails.request_reported_at); send_failed_at –
 * when a claim on the mail first ended without it (null: never failed, so not late for a
 * failure; outbox_mails.failed_at). Absent in answers that do not carry them.
 */
export interface PracticeMailHistory {
  reported_at?: string | null;
  send_failed_at?: string | null;
  /**
   * Whether the acknowledgement was charged to its network and day when the request arrived
   * and its call could not send the practice mail (null: not then; false: their budget was
   * spent, so none is owed). On an acknowledgement's own row: sent without a second charge.
   */
  acknowledgement_charged?: boolean | null;
}


/** A database call that failed; `code` is a SQLSTATE, a PostgREST code or 'network', safe to log. */
export class StoreError extends Error {
  constructor(readonly code: string) {
    super(`database call failed: ${code}`);
    this.name = 'StoreError';
  }
}

/** A contact message to store and mail: what the visitor sent, under the id the browser made, in their language ('de' when the body named none). */
export type NewContactMessage = Omit<ContactFormSubmission, keyof BotSignals | 'requestId' | 'language'> & { id: string; language: Language };

/**
 * A claim on one outbox mail (migration …_outbox.sql): the token the
 * database gave it, which public.finish_mail must name, and when it was asked for
 * (performance.now(), before the call: the claim lapses CLAIM_LAPSE_MS after it was taken,
 * and it was taken after that).
 */
export interface MailClaim {
  token: string;
  takenAt: number;
}

/** How long a claim holds (domain/outbox.ts, the database's private.claim_lapse()). After it, the next sender may take the mail. */
export const CLAIM_LAPSE_MS = CLAIM_LAPSE_SECONDS * 1000;

/**
 * How a send under a claim ended (public.finish_mail): 'sent'; 'failed' – released for the
 * next sender; 'dropped' – not owed any more (the acknowledgement's limits held it back, the
 * digest had nothing to say).
 */
export type MailOutcome = 'sent' | 'failed' | 'dropped';

/**
 * What ending a claim did: 'finished', or 'lost' – the claim was no longer the caller's
 * (it lapsed and another sender holds the mail, or it was ended otherwise); nothing changed.
 */
export type FinishResult = 'finished' | 'lost';

/** A row claimed for its mail, with the claim. */
export interface Claimed<T> {
  row: T;
  claim: MailClaim;
}

/** public.store_contact_message's answer: its practice mail claimed, or why not. */
export type ContactClaimResult =
  | { status: 'claimed'; claim: MailClaim }
  | { status: 'already_sent' }
  | { status: 'in_progress' }
  | { status: 'conflict' };

/**
 * public.claim_form_proof's answer: first use, the owning request again, or another
 * request's proof; and what the limits said about the owning request (null: not judged,
 * or a refusal whose window has passed).
 */
export interface ProofClaim {
  use: 'fresh' | 'same_request' | 'used';
  limits: 'passed' | 'refused' | null;
  retryAfterSeconds: number;
}

/** The values the visitor sent, which the stored row must match to be claimed for its e-mail. */
export type AppointmentClaim = Omit<AppointmentFormSubmission, keyof BotSignals | 'requestId' | 'language'> & {
  id: string;
  /** 'de' when the body named none. */
  language: Language;
  maxAgeSeconds: number;
};

export type ClaimResult =
  | { status: 'claimed'; request: StoredAppointmentRequest; claim: MailClaim }
  | { status: 'not_found' }
  | { status: 'already_sent' }
  | { status: 'in_progress' };

export interface Store {
  /** public.take_rate_limit: 0 when counted, else seconds until the next event is allowed. */
  takeRateLimit(bucket: string, key: string, maxEvents: number, windowSeconds: number): Promise<number>;
  /** public.refund_rate_limit: gives back the newest event of a bucket (a mail charged to the cap that did not go out). */
  refundRateLimit(bucket: string, key: string): Promise<void>;
  /** Binds a proof to the request presenting it first, with the limits' verdict so far (public.claim_form_proof). */
  claimFormProof(signature: string, requestId: string, expiresAt: Date): Promise<ProofClaim>;
  /** public.judge_form_proof: 0 → the request passed the limits, n → refused for n seconds. */
  judgeFormProof(signature: string, refusedForSeconds: number): Promise<void>;
  /**
   * Stores the message unless it is stored already (public.store_contact_message), then claims
   * its practice mail (public.claim_mail).
   */
  claimContactNotification(submission: NewContactMessage): Promise<ContactClaimResult>;
  /**
   * public.match_appointment_request: whether the stored request is the one the visitor's
   * values name; then its practice mail claimed (public.claim_mail).
   */
  claimAppointmentNotification(claim: AppointmentClaim): Promise<ClaimResult>;
  /**
   * public.claim_mail, by key: claims the outbox mail of `kind` with idempotency key `key` for
   * the caller (an acknowledgement after its practice mail went out, the cap's notice).
   */
  claimMail(kind: MailKind, key: string): Promise<MailClaimResult>;
  /**
   * public.owe_day_mail: writes the mail of `kind` about the site's day `day` (YYYY-MM-DD,
   * Zurich) unless it is written already; true when this call wrote it.
   */
  oweDayMail(kind: DayMailKind, day: string): Promise<boolean>;
  /**
   * public.finish_mail: ends the claim `claim` (its token) on any outbox mail. Sent: done for
   * good (a form's practice mail then owes the acknowledgement; what a digest `carried`
   * counts as delivered and reported). Failed: released for the next sender; with a `cause`
   * (the outbox's own sends) an attempt is counted and the next one waits 1, 2, 4 … 60
   * minutes. Dropped: not owed any more (`cause` says why). 'lost' when the claim was not the
   * caller's any more: nothing changed.
   */
  finishMail(claim: string, outcome: MailOutcome, cause?: string, carried?: CarriedMails): Promise<FinishResult>;
  /**
   * public.charge_acknowledgement: records, under the claim of a form's practice mail its call
   * could not send, whether the visitor's acknowledgement was charged to the calling network
   * and the day (true) or their budget was spent (false). 'decided' when an earlier call's
   * decision stands (the caller gives back what it counted).
   */
  chargeAcknowledgement(claim: string, charged: boolean): Promise<AcknowledgementCharge>;
  /**
   * public.discard_appointment_request: removes the unmailed request `id` for `email`, only
   * if the form proof `proofSignature` is the one that stored it.
   */
  discardAppointmentRequest(id: string, email: string, proofSignature: string): Promise<void>;

  // The appointment lifecycle (migrations …0300_appointment_lifecycle, …0400_appointment_actions).
  /** public.get_appointment_request: the row with its lifecycle columns, or null. */
  getAppointment(id: string): Promise<AppointmentRequest | null>;
  /** public.decide_appointment: confirm with a slot, or decline with an optional note. */
  decideAppointment(id: string, decision: Decision): Promise<LifecycleResult>;
  /** public.cancel_appointment with the notice period in hours. */
  cancelAppointment(id: string, minNoticeHours: number): Promise<LifecycleResult>;
  /** public.claim_mail on the mails of the request's state `outcomeKey` (its outcome_key), once. */
  claimOutcomeMail(id: string, outcomeKey: string): Promise<OutcomeClaim>;
  /**
   * public.appointment_schedule: the confirmed and cancelled appointments whose day lies
   * in [from, to] (inclusive, 'YYYY-MM-DD'), by day and time, each with its advisor.
   */
  schedule(from: string, to: string): Promise<AppointmentRequest[]>;

  // Moving a confirmed appointment (migration …_appointment_requests.sql).
  /** public.request_appointment_move: the visitor's wish to move to `slot`, unless the appointment starts within the notice. */
  requestMove(id: string, slot: { date: string; time: string }, minNoticeHours: number): Promise<MoveResult>;
  /** public.decide_appointment_move: the practice confirms or declines wish number `move`. */
  decideMove(id: string, move: number, decision: MoveDecision): Promise<LifecycleResult>;
  // Offered times (migration …_offers.sql).
  /** public.decline_with_offers: decide_appointment's decline, and the offers with it when this call declined. */
  declineWithOffers(id: string, note: string | null, offers: readonly { date: string; time: string }[]): Promise<LifecycleResult>;
  /** public.appointment_offers_of: the request's offers, by number (none: []). */
  offersOf(id: string, minNoticeHours: number): Promise<StoredOffer[]>;
  /** public.take_offer: the visitor takes offer number `offer`. */
  takeOffer(id: string, offer: number, minNoticeHours: number): Promise<TakeOfferResult>;
  /** public.practice_closed_days: the days in [from, from + days) covered by a closure (at most 200 days), sorted. */
  closedDays(from: string, days: number): Promise<string[]>;

  // The outbox (…_outbox.sql) and the digest (…_digest.sql).
  /**
   * public.claim_mail, due: the outbox mails due of one kind, each with what it refers to and
   * its claim. The outbox asks for one at a time, right before it sends.
   */
  claimPendingContacts(limit: number, graceSeconds: number): Promise<Claimed<StoredContactMessage>[]>;
  claimPendingRequests(limit: number, graceSeconds: number): Promise<Claimed<StoredAppointmentRequest>[]>;
  claimPendingOutcomes(limit: number, graceSeconds: number): Promise<Claimed<AppointmentRequest>[]>;
  /** The confirmed appointments on the day after `today` (Zurich) whose reminder is due. */
  claimPendingReminders(today: string, limit: number): Promise<Claimed<AppointmentRequest>[]>;
  /** The acknowledgements due: their practice mail went out, their own send did not (yet). */
  claimPendingAcknowledgements(limit: number, graceSeconds: number): Promise<Claimed<AcknowledgedForm>[]>;
  /** The practice's mails about a day (the cap's notice) that their sender could not send. */
  claimPendingDayMails(kind: DayMailKind, limit: number, graceSeconds: number): Promise<Claimed<DayMail>[]>;
  /**
   * What the outbox gave up on just now (after GIVE_UP_AFTER_DAYS; a failed reminder once its
   * day has come, `today`): every due claim does it first; the run asks before it claims.
   */
  giveUpStaleMail(today: string): Promise<{ kind: MailKind; id: string }[]>;
  /** public.record_job_run: a scheduled function's answer, for the digest and developers. */
  recordJobRun(job: string, ok: boolean, summary: Record<string, unknown>): Promise<void>;
  /**
   * public.owe_practice_digest, then public.claim_mail: the day's digest claimed for the
   * caller (ended with finishMail, with what it carried), or null.
   */
  claimDigest(day: string, scheduled: boolean): Promise<DigestClaim | null>;
  digestData(now: Date): Promise<DigestData>;
}

/** What a digest that went out carried (finishMail): given-up mails by what they refer to, newsletter mails by their own id. */
export interface CarriedMails {
  contacts: string[];
  deliveries: { kind: MailKind; id: string }[];
  newsletterMails: string[];
  /** The invoice mails given up (by their own id: they refer to the invoice, not the request). */
  invoiceMails?: string[];
}

/** An invoice's mail the outbox gave up on, as the digest lists it (with its appointment's page). */
export interface GaveUpInvoiceMail {
  /** The outbox row's id (what the digest's finish marks reported). */
  id: string;
  number: string;
  first_name: string;
  last_name: string;
  appointment_id: string;
  appointment_date: string;
}

/** The kinds of mail about the site's day that a sender owes (public.owe_day_mail): not the digest, which has its own. */
export type DayMailKind = Exclude<{ [K in MailKind]: (typeof mailKinds)[K]['refersTo'] extends 'day' ? K : never }[MailKind], 'digest'>;

/** A mail about a day, as public.claim_mail answers it. */
export interface DayMail {
  id: string;
  day: string;
  key: string;
}

/** The outbox's kinds of mail (public.outbox_mails.kind): the registry's (domain/mail-kinds.ts). */
export type { MailKind } from '../domain/mail-kinds.ts';

/** A newsletter mail the outbox gave up on: its own id (outbox_mails.id), to whom, and the article's title for an announcement. */
export interface GaveUpNewsletterMail {
  id: string;
  kind: 'newsletter-confirmation' | 'announcement';
  email: string;
  title: string | null;
}

/** A stored contact message, as public.claim_mail('contact', …) answers it. */
export interface StoredContactMessage {
  id: string;
  created_at: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  /** The visitor's language (../domain/languages.ts): their acknowledgement is written in it. */
  language: Language;
  /** When a claim on its practice mail first ended without the mail (PracticeMailHistory). */
  send_failed_at?: string | null;
  /** PracticeMailHistory. */
  acknowledgement_charged?: PracticeMailHistory['acknowledgement_charged'];
}

/** What an acknowledgement is of: the contact message or the appointment request (private.mail_json's `form`). */
export type AcknowledgedForm = ({ form: 'contact' } & StoredContactMessage) | ({ form: 'request' } & StoredAppointmentRequest);

/** What the morning digest reports (public.practice_digest_data). */
export interface DigestData {
  undecided: AppointmentRequest[];
  undecidedTotal: number;
  confirmed: AppointmentRequest[];
  gaveUpContacts: StoredContactMessage[];
  gaveUpAppointments: { kind: 'request' | 'outcome' | 'reminder'; request: AppointmentRequest }[];
  /** Absent from an older database's answer: none. */
  gaveUpInvoices?: GaveUpInvoiceMail[];
  gaveUpNewsletter: GaveUpNewsletterMail[];
  failedRuns: { job: string; ranAt: string; summary: Record<string, unknown> }[];
  outboxLastRunAt: string | null;
  /** The mails owed longer than WAITING_REPORTED_AFTER_HOURS and not given up: how many of a kind, since when. */
  waitingMails: { kind: MailKind; count: number; since: string }[];
  /** The confirmed appointments' sleep diaries: nights kept by request id, none for a request without a diary; absent when not read. */
  sleepNights?: Record<string, number>;
  /** The invoices open more than 30 days after their date (send-practice-digest reads them: invoices/store.ts). */
  openInvoices?: OpenInvoice[];
}

/** An invoice unpaid more than INVOICE_PAYMENT_DAYS after its date, as the digest lists it (public.open_invoices; invoices/store.ts parses it). */
export interface OpenInvoice {
  number: string;
  /** The appointment it was issued for, by id (kept after the request is deleted: the practice link names it). */
  appointment_id: string;
  first_name: string;
  last_name: string;
  service: string;
  appointment_date: string;
  amount_rappen: number;
  issued_on: string;
}

/** A stored request with the columns of its lifecycle. */
export interface AppointmentRequest extends StoredAppointmentRequest {
  status: AppointmentStatus;
  confirmed_date: string | null;
  confirmed_time: string | null;
  staff_note: string | null;
  /** RFC 5545 SEQUENCE of the appointment's calendar entry. */
  calendar_sequence: number;
  /** The outcome_key whose mails went out last, if any (private.appointment_json, from the outbox). */
  outcome_sent_for: string | null;
  /** When the visitor cancelled (ISO instant), if so. */
  cancelled_at: string | null;
  /** The latest wish to move the confirmed appointment: null (never asked), requested, confirmed or declined. */
  move_status: MoveStatus | null;
  /** The wished slot of the latest wish (set whenever move_status is). */
  move_date: string | null;
  move_time: string | null;
  /** How many wishes to move there have been; the move links carry the number of theirs. */
  move_count: number;
  /** When the latest wish was made (ISO instant). */
  move_requested_at: string | null;
  /** The slot before the last confirmed move. */
  moved_from_date: string | null;
  moved_from_time: string | null;
  /**
   * Who sees the visitor, once confirmed (domain/capacity.ts). Null while not confirmed,
   * and for an appointment confirmed before advisors were recorded that fitted neither.
   */
  advisor: AdvisorId | null;
  /** How long the appointment takes: its service's length when it was requested. */
  appointment_minutes: number;
  /**
   * Generated by the database: whose mails the current state owes – null (still a request),
   * 'confirmed', 'declined', 'cancelled', 'move-requested:<n>', 'moved:<n>', 'move-declined:<n>'.
   */
  outcome_key: string | null;
  /** Which offered time the visitor took to confirm it (…_offers.sql); null or absent when the practice confirmed it. */
  confirmed_offer?: number | null;
}

/** A time the practice offered when declining (…_offers.sql, public.appointment_offers_of). */
export interface StoredOffer {
  /** 1 … MAX_OFFERS, in the order the practice's page listed them; the offer's link names it. */
  number: number;
  date: string;
  time: string;
  /** 'busy': nobody is free for the request's service at its time (private.someone_free); 'lapsed': by time (domain/offers.ts offerLapsesAt), or another offer was taken. */
  status: OfferStatus;
  /** When it lapses by time (ISO instant). */
  lapsesAt: string;
}

/**
 * What taking an offer did (public.take_offer): 'changed' (confirmed now), 'unchanged' (this
 * offer was taken already), 'taken' (someone else was booked at that time meanwhile; nothing
 * changed), 'lapsed', 'conflict' (the request was decided otherwise), 'not_found'.
 */
export type TakeOfferResult =
  | { result: 'changed' | 'unchanged' | 'taken' | 'lapsed' | 'conflict'; request: AppointmentRequest; offers: StoredOffer[] }
  | { result: 'not_found' };

export type MoveStatus = 'requested' | 'confirmed' | 'declined';

/** A confirmation names the advisor the practice chose; without one the database gives it to the first advisor free. */
export type Decision = { kind: 'confirm'; date: string; time: string; advisor?: AdvisorId } | { kind: 'decline'; note: string | null };

/** As Decision; without an advisor a confirmed move keeps its advisor if free, else the other. */
export type MoveDecision = { kind: 'confirm'; advisor?: AdvisorId } | { kind: 'decline'; note: string | null };

/**
 * What the visitor's wish to move did: 'changed' (this call asked), 'unchanged' (this very
 * move is asked already), or why not: 'conflict' (not confirmed), 'move_pending' (another
 * wish awaits the practice), 'too_late' (inside the notice), 'unavailable' (the rules
 * refuse the slot, or it is the appointment's own: 'same_slot').
 */
export type MoveResult =
  | { result: 'changed' | 'unchanged' | 'conflict' | 'move_pending' | 'too_late'; request: AppointmentRequest }
  | { result: 'unavailable'; reason: SlotRefusalReason | 'same_slot'; request: AppointmentRequest }
  | { result: 'not_found' };

/**
 * What a state change did: this call 'changed' it, found it 'unchanged' (already so), or
 * could not: 'advisor_busy' (a confirmation whose advisor – or, none named, every advisor –
 * has an overlapping appointment: the database's exclusion constraint refused it).
 */
export type LifecycleResult =
  | { result: 'changed' | 'unchanged' | 'conflict' | 'too_late' | 'advisor_busy'; request: AppointmentRequest }
  | { result: 'not_found' };

/** public.claim_mail's answer, without what the mail refers to. */
export type MailClaimResult =
  | { status: 'claimed'; claim: MailClaim }
  | { status: 'already_sent' | 'in_progress' | 'not_found' };

export type OutcomeClaim =
  | { status: 'claimed'; request: AppointmentRequest; claim: MailClaim }
  | { status: 'already_sent' | 'in_progress' | 'not_found' };

const nullableText = z.nullable(z.string());
const language = z.enum(LANGUAGES);
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** The row inside a 'claimed' answer; anything else is treated as a failed call. */
export const appointmentRecordSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.string(),
  preferred_date: isoDate,
  preferred_time: nullableText,
  alternative_date: z.nullable(isoDate),
  alternative_time: nullableText,
  message: nullableText,
  language,
  reported_at: z.optional(nullableText),
  send_failed_at: z.optional(nullableText),
  acknowledgement_charged: z.optional(z.nullable(z.boolean())),
});

const isoTime = z.string().check(z.regex(/^\d{2}:\d{2}$/));

/** A row with its lifecycle columns; extra columns (the bookkeeping ones) are dropped. */
export const appointmentStateSchema = z.object({
  ...appointmentRecordSchema.shape,
  status: z.enum(['requested', 'confirmed', 'declined', 'cancelled']),
  confirmed_date: z.nullable(isoDate),
  confirmed_time: z.nullable(isoTime),
  staff_note: nullableText,
  calendar_sequence: z.int().check(z.nonnegative()),
  outcome_sent_for: nullableText,
  cancelled_at: nullableText,
  move_status: z.nullable(z.enum(['requested', 'confirmed', 'declined'])),
  move_date: z.nullable(isoDate),
  move_time: z.nullable(isoTime),
  move_count: z.int().check(z.nonnegative()),
  move_requested_at: nullableText,
  moved_from_date: z.nullable(isoDate),
  moved_from_time: z.nullable(isoTime),
  advisor: z.nullable(z.enum(advisorIds)),
  appointment_minutes: z.int().check(z.positive()),
  outcome_key: nullableText,
  confirmed_offer: z.optional(z.nullable(z.int())),
});

const storedOfferSchema = z.object({
  number: z.int().check(z.positive()),
  date: isoDate,
  time: isoTime,
  status: z.enum(OFFER_STATUSES),
  lapsesAt: z.string(),
});

const takeOfferAnswerSchema = z.union([
  z.object({
    result: z.enum(['changed', 'unchanged', 'taken', 'lapsed', 'conflict']),
    request: appointmentStateSchema,
    offers: z.array(storedOfferSchema),
  }),
  z.object({ result: z.literal('not_found') }),
]);

const lifecycleAnswerSchema = z.union([
  z.object({ result: z.enum(['changed', 'unchanged', 'conflict', 'too_late', 'advisor_busy']), request: appointmentStateSchema }),
  z.object({ result: z.literal('not_found') }),
]);

const moveAnswerSchema = z.union([
  z.object({
    result: z.enum(['changed', 'unchanged', 'conflict', 'move_pending', 'too_late']),
    request: appointmentStateSchema,
  }),
  z.object({
    result: z.literal('unavailable'),
    reason: z.enum(['same_slot', ...SLOT_REFUSAL_REASONS]),
    request: appointmentStateSchema,
  }),
  z.object({ result: z.literal('not_found') }),
]);

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));

/** The claim of a claimed mail: its token (private.mail_json's `claim`), or a failed call when it carries none. */
function claimOf(row: unknown, takenAt: number): MailClaim {
  const token = typeof row === 'object' && row !== null ? (row as Record<string, unknown>).claim : undefined;
  if (!uuid.safeParse(token).success) throw new StoreError('unexpected_claim_token');
  return { token: token as string, takenAt };
}

const outcomeClaimSchema = z.union([
  z.object({ status: z.literal('claimed'), mail: appointmentStateSchema }),
  z.object({ status: z.enum(['already_sent', 'in_progress', 'not_found']) }),
]);

/** An RPC's jsonb answer checked against its schema; anything else is a failed call. */
export function parseAnswer<T>(schema: z.ZodMiniType<T>, value: unknown, code: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoreError(code);
  return parsed.data;
}

export const parseLifecycleAnswer = (value: unknown): LifecycleResult =>
  parseAnswer(lifecycleAnswerSchema, value, 'unexpected_lifecycle_answer');
export const parseOffers = (value: unknown): StoredOffer[] => parseAnswer(z.array(storedOfferSchema), value, 'unexpected_offers_answer');
export const parseTakeOfferAnswer = (value: unknown): TakeOfferResult => parseAnswer(takeOfferAnswerSchema, value, 'unexpected_take_offer_answer');
export const parseMoveAnswer = (value: unknown): MoveResult => parseAnswer(moveAnswerSchema, value, 'unexpected_move_answer');
export const parseClosedDays = (value: unknown): string[] => parseAnswer(z.array(isoDate), value, 'unexpected_closed_days_answer');
/** claim_mail's answer on an outcome mail, with the claim's token from the claimed mail. */
export function parseOutcomeClaim(value: unknown, takenAt: number): OutcomeClaim {
  const answer = parseAnswer(outcomeClaimSchema, value, 'unexpected_outcome_claim');
  if (answer.status !== 'claimed') return answer;
  return { status: 'claimed', request: answer.mail, claim: claimOf((value as { mail: unknown }).mail, takenAt) };
}

/** public.claim_mail's answer, checked; the mail itself is not read. */
export function parseMailClaim(value: unknown, takenAt: number): MailClaimResult {
  const answer = parseAnswer(
    z.union([
      z.object({ status: z.literal('claimed'), mail: z.object({ claim: z.string() }) }),
      z.object({ status: z.enum(['already_sent', 'in_progress', 'not_found']) }),
    ]),
    value,
    'unexpected_mail_claim',
  );
  if (answer.status !== 'claimed') return answer;
  return { status: 'claimed', claim: claimOf(answer.mail, takenAt) };
}

/** The day's digest claimed: its claim, and its outbox mail's idempotency key (the mail is sent under it). */
export interface DigestClaim {
  claim: MailClaim;
  key: string;
}

/** The digest's mail as public.claim_mail answers it (by the key public.owe_practice_digest owed): the claim and the key, or null. */
export function parseDigestClaim(value: unknown, takenAt: number): DigestClaim | null {
  if (value === null) return null;
  const answer = parseAnswer(z.object({ claim: z.string(), key: z.string() }), value, 'unexpected_digest_claim');
  return { claim: claimOf(answer, takenAt), key: answer.key };
}

/** public.finish_mail's answer. */
export const parseFinish = (value: unknown): FinishResult => parseAnswer(z.enum(['finished', 'lost']), value, 'unexpected_finish_answer');

/** What recording an acknowledgement's charge did (Store.chargeAcknowledgement). */
export type AcknowledgementCharge = 'recorded' | 'decided' | 'lost';
export const parseAcknowledgementCharge = (value: unknown): AcknowledgementCharge =>
  parseAnswer(z.enum(['recorded', 'decided', 'lost']), value, 'unexpected_charge_answer');

/** public.store_contact_message's answer: stored (now or before), or the id is another message's. */
export const parseStoredContact = (value: unknown): 'stored' | 'conflict' =>
  parseAnswer(z.object({ status: z.enum(['stored', 'conflict']) }), value, 'unexpected_claim_answer').status;

/** public.match_appointment_request's answer. */
export const parseMatchAnswer = (value: unknown): 'match' | 'not_found' | 'already_sent' | 'in_progress' =>
  parseAnswer(z.object({ status: z.enum(['match', 'not_found', 'already_sent', 'in_progress']) }), value, 'unexpected_claim_answer').status;

/** A key an owing function answers (public.owe_practice_digest), or null when nothing is owed. */
export const parseOwedKey = (value: unknown): string | null => parseAnswer(z.nullable(z.string()), value, 'unexpected_owed_answer');

/** public.claim_mail's answer: the status, the mails claimed (not read here), what was given up. */
export interface ClaimedMails {
  status: 'claimed' | 'already_sent' | 'in_progress' | 'not_found';
  mails: unknown[];
  givenUp: { kind: MailKind; id: string }[];
}

export function parseClaimedMails(value: unknown): ClaimedMails {
  const answer = parseAnswer(
    z.object({
      status: z.enum(['claimed', 'already_sent', 'in_progress', 'not_found']),
      mails: z.array(z.unknown()),
      given_up: z.optional(z.array(z.object({ kind: mailKindSchema, id: z.string() }))),
    }),
    value,
    'unexpected_mail_claim',
  );
  return { status: answer.status, mails: answer.mails, givenUp: answer.given_up ?? [] };
}

/** The mails about a day, each with its claim. */
export function parseClaimedDays(value: unknown, takenAt: number): Claimed<DayMail>[] {
  const rows = parseAnswer(z.array(z.object({ id: z.string(), day: isoDate, key: z.string() })), value, 'unexpected_day_mail_claim');
  return rows.map((row, n) => ({ row, claim: claimOf((value as unknown[])[n], takenAt) }));
}
export const parseAppointmentState = (value: unknown): AppointmentRequest | null =>
  value === null ? null : parseAnswer(appointmentStateSchema, value, 'unexpected_request_answer');
export const parseAppointmentStates = (value: unknown): AppointmentRequest[] =>
  parseAnswer(z.array(appointmentStateSchema), value, 'unexpected_appointments_answer');

const storedContactSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  name: z.string(),
  email: z.string(),
  phone: nullableText,
  subject: nullableText,
  message: z.string(),
  language,
  send_failed_at: z.optional(nullableText),
  acknowledgement_charged: z.optional(z.nullable(z.boolean())),
});

const claimedRowSchemas = {
  contact: storedContactSchema,
  request: appointmentRecordSchema,
  outcome: appointmentStateSchema,
  reminder: appointmentStateSchema,
  'practice-link': z.object({ ...appointmentStateSchema.shape, key: z.string() }),
  acknowledgement: z.union([
    z.object({ form: z.literal('contact'), ...storedContactSchema.shape }),
    z.object({ form: z.literal('request'), ...appointmentRecordSchema.shape }),
  ]),
} as const;

/** public.claim_mail's due mails of one kind, each with its claim. */
export function parseClaimedRows(kind: 'contact', value: unknown, takenAt: number): Claimed<StoredContactMessage>[];
export function parseClaimedRows(kind: 'request', value: unknown, takenAt: number): Claimed<StoredAppointmentRequest>[];
export function parseClaimedRows(kind: 'outcome' | 'reminder', value: unknown, takenAt: number): Claimed<AppointmentRequest>[];
export function parseClaimedRows(kind: 'practice-link', value: unknown, takenAt: number): Claimed<AppointmentRequest & { key: string }>[];
export function parseClaimedRows(kind: 'acknowledgement', value: unknown, takenAt: number): Claimed<AcknowledgedForm>[];
export function parseClaimedRows(kind: keyof typeof claimedRowSchemas, value: unknown, takenAt: number): Claimed<unknown>[] {
  const code = `unexpected_${kind}_claim`;
  const rows = parseAnswer(z.array(claimedRowSchemas[kind] as z.ZodMiniType<unknown>), value, code);
  return rows.map((row, n) => ({ row, claim: claimOf((value as unknown[])[n], takenAt) }));
}

const mailKindSchema = z.enum(MAIL_KINDS as [MailKind, ...MailKind[]]);

export const parseProofClaim = (value: unknown): ProofClaim =>
  parseAnswer(
    z.object({
      use: z.enum(['fresh', 'same_request', 'used']),
      limits: z.nullable(z.enum(['passed', 'refused'])),
      retryAfterSeconds: z.int().check(z.nonnegative()),
    }),
    value,
    'unexpected_proof_answer',
  );

const digestSchema = z.object({
  undecided: z.array(appointmentStateSchema),
  undecidedTotal: z.int().check(z.nonnegative()),
  confirmed: z.array(appointmentStateSchema),
  gaveUpContacts: z.array(storedContactSchema),
  gaveUpAppointments: z.array(z.object({ kind: z.enum(['request', 'outcome', 'reminder']), request: appointmentStateSchema })),
  gaveUpInvoices: z.optional(z.array(z.object({
    id: uuid,
    number: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    appointment_id: uuid,
    appointment_date: isoDate,
  }))),
  gaveUpNewsletter: z.array(z.object({
    id: uuid,
    kind: z.enum(['newsletter-confirmation', 'announcement']),
    email: z.string(),
    title: nullableText,
  })),
  failedRuns: z.array(z.object({ job: z.string(), ranAt: z.string(), summary: z.record(z.string(), z.unknown()) })),
  outboxLastRunAt: nullableText,
  waitingMails: z.array(z.object({ kind: mailKindSchema, count: z.int().check(z.positive()), since: z.string() })),
});
export const parseDigestData = (value: unknown): DigestData => parseAnswer(digestSchema, value, 'unexpected_digest_answer');

const claimAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('claimed'), request: appointmentRecordSchema }),
  z.object({ status: z.literal('not_found') }),
  z.object({ status: z.literal('already_sent') }),
  z.object({ status: z.literal('in_progress') }),
]);

/** A request's practice mail as public.claim_mail answers it (after public.match_appointment_request), checked, with the claim's token from the claimed mail. */
export function parseClaimAnswer(value: unknown, takenAt: number): ClaimResult {
  const parsed = claimAnswerSchema.safeParse(value);
  if (!parsed.success) throw new StoreError('unexpected_claim_answer');
  const answer = parsed.data;
  if (answer.status !== 'claimed') return { status: answer.status };
  // The schema keeps exactly the columns the e-mail uses (to_jsonb also returns the bookkeeping columns).
  return { status: 'claimed', request: answer.request, claim: claimOf((value as { request: unknown }).request, takenAt) };
}
