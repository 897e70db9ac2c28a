/**
 * What the functions need from the database, as an interface: the handlers depend on it,
 * the tests fake it, supabase-store.ts implements it with supabase-js and the service role.
 */
import * as z from 'zod/mini';
import type { AppointmentRecord } from './emails.ts';
import type { AppointmentEmailBody, BotSignals, ContactEmailBody } from './contract/wire-types.ts';

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
}

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
