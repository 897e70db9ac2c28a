/**
 * What the functions need from the database, as an interface: the handlers depend on it,
 * the tests fake it, supabase-store.ts implements it with supabase-js and the service role.
 */
import * as z from 'zod/mini';
import type { AppointmentRecord } from './emails.ts';
import type { AppointmentEmailBody, AppointmentStatus, BotSignals, ContactEmailBody } from './contract/wire-types.ts';

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

/** public.use_form_proof's answer: first use, the owning request again, or another request's proof. */
export type ProofUse = 'fresh' | 'same_request' | 'used';

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
  /** Binds a proof to the request presenting it first (public.use_form_proof). */
  useFormProof(signature: string, requestId: string, expiresAt: Date): Promise<ProofUse>;
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
  /** public.claim_outcome_mail: the visitor's mail about the current status, once. */
  claimOutcomeMail(id: string): Promise<OutcomeClaim>;
  finishOutcomeMail(id: string, status: AppointmentStatus, sent: boolean): Promise<void>;
  /** public.taken_appointment_slots for one date: the confirmed times. */
  takenTimes(date: string): Promise<string[]>;
  /** public.claim_due_reminders: the confirmed appointments on a date not yet reminded, claimed. */
  claimDueReminders(date: string, limit: number): Promise<AppointmentState[]>;
  finishReminder(id: string, sent: boolean): Promise<void>;
}

/** A stored request with the columns of its lifecycle. */
export interface AppointmentState extends AppointmentRecord {
  status: AppointmentStatus;
  confirmed_date: string | null;
  confirmed_time: string | null;
  staff_note: string | null;
  /** RFC 5545 SEQUENCE of the appointment's calendar entry. */
  calendar_sequence: number;
  /** The status whose visitor mail has gone out, if any. */
  outcome_mailed_for: string | null;
  /** When the visitor cancelled (ISO instant), if so. */
  cancelled_at: string | null;
}

export type Decision = { kind: 'confirm'; date: string; time: string } | { kind: 'decline'; note: string | null };

/** What a state change did: this call 'changed' it, found it 'unchanged' (already so), or could not. */
export type LifecycleResult =
  | { result: 'changed' | 'unchanged' | 'conflict' | 'too_late'; request: AppointmentState }
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
});

const lifecycleAnswerSchema = z.union([
  z.object({ result: z.enum(['changed', 'unchanged', 'conflict', 'too_late']), request: appointmentStateSchema }),
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
export const parseOutcomeClaim = (value: unknown): OutcomeClaim =>
  parseAnswer(outcomeClaimSchema, value, 'unexpected_outcome_claim');
export const parseAppointmentState = (value: unknown): AppointmentState | null =>
  value === null ? null : parseAnswer(appointmentStateSchema, value, 'unexpected_request_answer');
const takenSlotsSchema = z.array(z.object({ date: isoDate, time: isoTime }));
export const parseTakenTimes = (value: unknown, date: string): string[] =>
  parseAnswer(takenSlotsSchema, value, 'unexpected_taken_answer').filter((slot) => slot.date === date).map((slot) => slot.time);
export const parseDueReminders = (value: unknown): AppointmentState[] =>
  parseAnswer(z.array(appointmentStateSchema), value, 'unexpected_reminders_answer');

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
