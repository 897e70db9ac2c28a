/**
 * The request bodies of both functions: each text field checked by the rules the form
 * itself applies (field-rules.ts), services and time slots from the catalogue, dates that
 * exist, the bot signals and the form proof's shape. Pure: no network, no environment.
 */
import { z } from 'npm:zod@4.6.7';
import { serviceCatalog, timeSlots } from './catalog.ts';
import { FIELD_LIMITS } from './field-limits.ts';
import { CONTACT_NAME_MAX, fieldProblem, type FieldKind } from './field-rules.ts';
import { parseIsoDate } from './dates.ts';
import type { AppointmentEmailBody, BotSignals, ContactEmailBody } from './wire-types.ts';

export type { BotSignals };

function text(kind: Exclude<FieldKind, 'email'>, maxLength: number) {
  return z.string().superRefine((value, context) => {
    const problem = fieldProblem(kind, value, maxLength);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

const singleLine = (maxLength: number) => text('line', maxLength);
const multiLine = (maxLength: number) => text('text', maxLength);

const email = z.string().superRefine((value, context) => {
  const problem = fieldProblem('email', value, FIELD_LIMITS.email);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

const isoDate = z.string().refine((value) => parseIsoDate(value) !== null, { message: 'not_a_date' });

export const serviceLabels = serviceCatalog.map((service) => service.label) as [string, ...string[]];
const service = z.enum(serviceLabels);
const timeSlot = z.enum(timeSlots);

const hex = (maxLength: number) => z.string().max(maxLength).regex(/^[0-9a-f]+$/);
const positiveInteger = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * An ALTCHA payload (form-proof.ts) in the shape the functions issue it; whether it is
 * genuine, solved and unexpired is checkProof's part. Bounded, so a forged one costs
 * nothing to refuse.
 */
const formProof = z.strictObject({
  challenge: z.strictObject({
    parameters: z.strictObject({
      algorithm: z.string().max(32),
      nonce: hex(64),
      salt: hex(64),
      cost: positiveInteger,
      keyLength: positiveInteger.max(64),
      keyPrefix: hex(128),
      keySignature: hex(128).optional(),
      expiresAt: positiveInteger.optional(),
      data: z.record(z.string().max(32), z.union([z.string().max(64), z.number(), z.boolean(), z.null()]))
        .refine((data) => Object.keys(data).length <= 4, { message: 'too_long' })
        .optional(),
    }),
    signature: hex(128),
  }),
  solution: z.strictObject({
    counter: z.number().int().nonnegative().max(0xffffffff),
    derivedKey: hex(128),
    time: z.number().nonnegative().optional(),
  }),
});

/** What the form reports about itself so bots can be told apart (src/components/forms/bot-signals.tsx). */
const botSignals = {
  /** The hidden honeypot field; people leave it empty. */
  website: z.string().max(1000),
  /** Milliseconds the form was open before it was sent. */
  elapsedMs: z.number().nonnegative(),
  altcha: formProof,
};

/** send-contact-email. The name is first and last name joined by a space. */
export const contactRequestSchema = z.strictObject({
  requestId: z.guid(),
  name: singleLine(CONTACT_NAME_MAX),
  email,
  phone: singleLine(FIELD_LIMITS.phone).nullable(),
  subject: singleLine(FIELD_LIMITS.subject).nullable(),
  message: multiLine(FIELD_LIMITS.message),
  ...botSignals,
}) satisfies z.ZodType<ContactEmailBody>;
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** send-appointment-email: the stored row's id and its values, which must match the row. */
export const appointmentRequestSchema = z.strictObject({
  requestId: z.guid(),
  firstName: singleLine(FIELD_LIMITS.name),
  lastName: singleLine(FIELD_LIMITS.name),
  email,
  phone: singleLine(FIELD_LIMITS.phone),
  service,
  preferredDate: isoDate,
  preferredTime: timeSlot.nullable(),
  alternativeDate: isoDate.nullable(),
  alternativeTime: timeSlot.nullable(),
  message: multiLine(FIELD_LIMITS.message).nullable(),
  ...botSignals,
}) satisfies z.ZodType<AppointmentEmailBody>;
export type AppointmentRequest = z.infer<typeof appointmentRequestSchema>;

/**
 * Sent faster than a person fills the form. Only a hint: the browser reports the time
 * itself, and autofill or a returning visitor can be fast, so such a request is
 * delivered marked for checking, never dropped.
 */
export function sentTooFast(signals: Pick<BotSignals, 'elapsedMs'>, minFormMs: number): boolean {
  return signals.elapsedMs < minFormMs;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; field: string; knownField: boolean };

/** Longest unknown key echoed back: enough to recognise it, not a channel for the caller's text. */
const MAX_ECHOED_KEY = 64;

/**
 * Parses a JSON object with a schema. A failure names one field: the first that failed,
 * in the schema's order, or an unknown key.
 */
export function validateBody<T>(schema: z.ZodType<T>, body: unknown): ValidationResult<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    return { ok: false, field: String(issue.keys[0] ?? '').slice(0, MAX_ECHOED_KEY), knownField: false };
  }
  return { ok: false, field: String(issue?.path[0] ?? ''), knownField: true };
}
