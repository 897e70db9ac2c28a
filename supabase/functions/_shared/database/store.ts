/**
 * What the functions need from the database, as an interface: the handlers depend on it,
 * the tests fake it, supabase-store.ts implements it with supabase-js and the service role.
 */
import * as z from 'zod/mini';
import { BOOKING_REFUSALS, type BookingRefusal } from '../domain/availability.ts';
import { type AdvisorId, advisorIds } from '../domain/practice.ts';
import type { AppointmentEmailBody, AppointmentRow, AppointmentStatus, BotSignals, ContactEmailBody } from '../domain/wire-types.ts';

/** A stored appointment request as claim_appointment_notification returns it. */
export interface AppointmentRecord extends AppointmentRow {
  created_at: string;
}


/** A database call that failed; `code` is a SQLSTATE, a PostgREST code or 'network', safe to log. */
export class StoreError extends Error {
  constructor(readonly code: string) {
    super(`database call failed: ${code}`);
    this.name = 'StoreError';
  }
}

/** A contact message to store and mail: what the visitor sent, under the id the browser made. */
export type ContactSubmission = Omit<ContactEmailBody, keyof BotSignals | 'requestId'> & { id: string };

/** public.claim_contact_notification's answer. */
export type ContactClaimResult = 'claimed' | 'already_notified' | 'in_progress' | 'conflict';

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
export type AppointmentClaim = Omit<AppointmentEmailBody, keyof BotSignals | 'requestId'> & {
  id: string;
  maxAgeSeconds: number;
};

export type ClaimResult =
  | { status: 'claimed'; request: AppointmentRecord }
  | { status: 'not_found' }
  | { status: 'already_notified' }
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
  /** Stores the message unless it is stored already, and claims it for its e-mail. */
  claimContactNotification(submission: ContactSubmission): Promise<ContactClaimResult>;
  finishContactNotification(id: string, sent: boolean): Promise<void>;
  claimAppointmentNotification(claim: AppointmentClaim): Promise<ClaimResult>;
  finishAppointmentNotification(id: string, sent: boolean): Promise<void>;
  discardAppointmentRequest(id: string, email: string): Promise<void>;

  // The appointment lifecycle (migrations …0300_appointment_lifecycle, …0400_appointment_actions).
  /** public.get_appointment_request: the row with its lifecycle columns, or null. */
  getAppointment(id: string): Promise<AppointmentState | null>;
  /** public.decide_appointment: confirm with a slot, or decline with an optional note. */
  decideAppointment(id: string, decision: Decision): Promise<LifecycleResult>;
  /** public.cancel_appointment with the notice period in hours. */
  cancelAppointment(id: string, minNoticeHours: number): Promise<LifecycleResult>;
  /** public.claim_outcome_mail: the mails of the request's current outcome_key, once. */
  claimOutcomeMail(id: string): Promise<OutcomeClaim>;
  /** public.finish_outcome_mail: sent records `key` (the outcome_key the mails were written for); not sent releases the claim. */
  finishOutcomeMail(id: string, key: string, sent: boolean): Promise<void>;
  /**
   * public.appointment_schedule: the confirmed and cancelled appointments whose day lies
   * in [from, to] (inclusive, 'YYYY-MM-DD'), by day and time, each with its advisor.
   */
  schedule(from: string, to: string): Promise<AppointmentState[]>;

  // Moving a confirmed appointment (migration …20261125000100_availability_and_moves).
  /** public.request_appointment_move: the visitor's wish to move to `slot`, unless the appointment starts within the notice. */
  requestMove(id: string, slot: { date: string; time: string }, minNoticeHours: number): Promise<MoveResult>;
  /** public.decide_appointment_move: the practice confirms or declines wish number `move`. */
  decideMove(id: string, move: number, decision: MoveDecision): Promise<LifecycleResult>;
  /** public.practice_closed_days: the days in [from, from + days) covered by a closure (at most 200 days), sorted. */
  closedDays(from: string, days: number): Promise<string[]>;
  finishReminder(id: string, sent: boolean): Promise<void>;

  // The outbox and the digest (migration …20261124000100_outbox_and_digest).
  /** public.claim_pending_mail: what is due of one kind, claimed through the rows' own claim columns. */
  claimPendingContacts(limit: number, graceSeconds: number): Promise<StoredContact[]>;
  claimPendingRequests(limit: number, graceSeconds: number): Promise<AppointmentRecord[]>;
  claimPendingOutcomes(limit: number, graceSeconds: number): Promise<AppointmentState[]>;
  /** The confirmed appointments on `date` whose reminder is due. */
  claimPendingReminders(date: string, limit: number): Promise<AppointmentState[]>;
  /** public.record_mail_result: sent clears the failure record, not sent schedules the next attempt. */
  recordMailResult(kind: MailKind, id: string, sent: boolean, cause?: string): Promise<void>;
  /** public.give_up_stale_mail: what the outbox gave up on just now. */
  giveUpStaleMail(afterSeconds: number, today: string): Promise<{ kind: MailKind; id: string }[]>;
  /** public.record_job_run: a scheduled function's answer, for the digest and developers. */
  recordJobRun(job: string, ok: boolean, summary: Record<string, unknown>): Promise<void>;
  claimDigest(day: string, scheduled: boolean): Promise<boolean>;
  finishDigest(day: string, outcome: 'sent' | 'nothing' | null): Promise<void>;
  digestData(now: Date): Promise<DigestData>;
  /** After the digest went out: what it carried counts as delivered and reported. */
  markDigestReported(contactIds: string[], deliveries: { kind: MailKind; id: string }[]): Promise<void>;
}

/** The outbox's kinds of mail (public.mail_deliveries.kind). */
export type MailKind = 'contact' | 'request' | 'outcome' | 'reminder';

/** A stored contact message, as claim_pending_mail('contact') answers it. */
export interface StoredContact {
  id: string;
  created_at: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
}

/** What the morning digest reports (public.practice_digest_data). */
export interface DigestData {
  undecided: AppointmentState[];
  undecidedTotal: number;
  confirmed: AppointmentState[];
  gaveUpContacts: StoredContact[];
  gaveUpAppointments: { kind: 'request' | 'outcome' | 'reminder'; request: AppointmentState }[];
  failedRuns: { job: string; ranAt: string; summary: Record<string, unknown> }[];
  outboxLastRunAt: string | null;
}

/** A stored request with the columns of its lifecycle. */
export interface AppointmentState extends AppointmentRecord {
  status: AppointmentStatus;
  confirmed_date: string | null;
  confirmed_time: string | null;
  staff_note: string | null;
  /** RFC 5545 SEQUENCE of the appointment's calendar entry. */
  calendar_sequence: number;
  /** The outcome_key whose mails have gone out, if any (older rows: 'confirmed' / 'declined' / 'cancelled'). */
  outcome_mailed_for: string | null;
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
}

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
  | { result: 'changed' | 'unchanged' | 'conflict' | 'move_pending' | 'too_late'; request: AppointmentState }
  | { result: 'unavailable'; reason: BookingRefusal | 'same_slot'; request: AppointmentState }
  | { result: 'not_found' };

/**
 * What a state change did: this call 'changed' it, found it 'unchanged' (already so), or
 * could not: 'advisor_busy' (a confirmation whose advisor – or, none named, every advisor –
 * has an overlapping appointment: the database's exclusion constraint refused it).
 */
export type LifecycleResult =
  | { result: 'changed' | 'unchanged' | 'conflict' | 'too_late' | 'advisor_busy'; request: AppointmentState }
  | { result: 'not_found' };

export type OutcomeClaim =
  | { status: 'claimed'; request: AppointmentState }
  | { status: 'already_notified' | 'in_progress' | 'nothing_to_send' | 'not_found' };

const nullableText = z.nullable(z.string());
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
  outcome_mailed_for: nullableText,
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
});

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
    reason: z.enum(['same_slot', ...BOOKING_REFUSALS]),
    request: appointmentStateSchema,
  }),
  z.object({ result: z.literal('not_found') }),
]);

const outcomeClaimSchema = z.union([
  z.object({ status: z.literal('claimed'), request: appointmentStateSchema }),
  z.object({ status: z.enum(['already_notified', 'in_progress', 'nothing_to_send', 'not_found']) }),
]);

/** An RPC's jsonb answer checked against its schema; anything else is a failed call. */
export function parseAnswer<T>(schema: z.ZodMiniType<T>, value: unknown, code: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoreError(code);
  return parsed.data;
}

export const parseLifecycleAnswer = (value: unknown): LifecycleResult =>
  parseAnswer(lifecycleAnswerSchema, value, 'unexpected_lifecycle_answer');
export const parseMoveAnswer = (value: unknown): MoveResult => parseAnswer(moveAnswerSchema, value, 'unexpected_move_answer');
export const parseClosedDays = (value: unknown): string[] => parseAnswer(z.array(isoDate), value, 'unexpected_closed_days_answer');
export const parseOutcomeClaim = (value: unknown): OutcomeClaim =>
  parseAnswer(outcomeClaimSchema, value, 'unexpected_outcome_claim');
export const parseAppointmentState = (value: unknown): AppointmentState | null =>
  value === null ? null : parseAnswer(appointmentStateSchema, value, 'unexpected_request_answer');
export const parseAppointmentStates = (value: unknown): AppointmentState[] =>
  parseAnswer(z.array(appointmentStateSchema), value, 'unexpected_appointments_answer');
export const parseAppointmentRecords = (value: unknown): AppointmentRecord[] =>
  parseAnswer(z.array(appointmentRecordSchema), value, 'unexpected_requests_answer');

const storedContactSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  name: z.string(),
  email: z.string(),
  phone: nullableText,
  subject: nullableText,
  message: z.string(),
});
export const parseStoredContacts = (value: unknown): StoredContact[] =>
  parseAnswer(z.array(storedContactSchema), value, 'unexpected_contacts_answer');

const mailKindSchema = z.enum(['contact', 'request', 'outcome', 'reminder']);
export const parseGivenUp = (value: unknown): { kind: MailKind; id: string }[] =>
  parseAnswer(z.array(z.object({ kind: mailKindSchema, id: z.string() })), value, 'unexpected_give_up_answer');

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
  failedRuns: z.array(z.object({ job: z.string(), ranAt: z.string(), summary: z.record(z.string(), z.unknown()) })),
  outboxLastRunAt: nullableText,
});
export const parseDigestData = (value: unknown): DigestData => parseAnswer(digestSchema, value, 'unexpected_digest_answer');

const claimAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('claimed'), request: appointmentRecordSchema }),
  z.object({ status: z.literal('not_found') }),
  z.object({ status: z.literal('already_notified') }),
  z.object({ status: z.literal('in_progress') }),
]);

/** claim_appointment_notification's jsonb answer, checked. */
export function parseClaimAnswer(value: unknown): ClaimResult {
  const parsed = claimAnswerSchema.safeParse(value);
  if (!parsed.success) throw new StoreError('unexpected_claim_answer');
  const answer = parsed.data;
  if (answer.status !== 'claimed') return { status: answer.status };
  // The schema keeps exactly the columns the e-mail uses (to_jsonb also returns the bookkeeping columns).
  return { status: 'claimed', request: answer.request };
}
