/**
 * The functions' answers as zod schemas, the counterpart of ./schemas.ts (their requests).
 * Each is tied to the wire type the function answers with (`satisfies`), so a field added
 * to one and not the other stops the type check; the site parses every answer with these
 * (src/lib/call-function.ts) before a page reads it, so a malformed date or a missing list
 * becomes "failed", not a broken page. Objects are not strict: a field a newer function
 * adds is dropped, not refused. Fields a function deployed before them may lack are
 * optional (and read as null or empty where the page needs a value).
 *
 * One file per function's answers (./sleep-diary-answers.ts, ./my-data-answers.ts,
 * ./action-answers.ts), this one the parts they share and the forms' answers: a schema is
 * built when its module loads, so a page downloads only the answers of the functions it calls.
 */
import * as z from 'zod/mini';
import { parseIsoDate } from './dates.ts';
import { advisorIds, type AdvisorId } from './practice.ts';
import type { FormChallenge } from './wire-types.ts';

export const isoDate = z.string().check(z.refine((value) => parseIsoDate(value) !== null, { message: 'not_a_date' }));
export const clockTime = z.string().check(z.regex(/^\d{2}:\d{2}$/));
export const instant = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), { message: 'not_an_instant' }));
export const minutes = z.int().check(z.positive());
export const advisor = z.nullable(z.enum(advisorIds)) satisfies z.ZodMiniType<AdvisorId | null>;
export const status = z.enum(['requested', 'confirmed', 'declined', 'cancelled']);
export const dateAndTime = z.object({ date: isoDate, time: clockTime });
export const slot = z.object({ date: isoDate, time: z.nullable(clockTime) });

// --- The forms' functions (send-contact-email, send-appointment-email, newsletter, my-data's link).

/** A form's challenge (GET): the proof's parameters the browser solves (../forms/form-proof.ts). */
export const challengeAnswerSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.optional(z.string()),
      expiresAt: z.optional(z.number()),
      data: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
    }),
    signature: z.string(),
  }) satisfies z.ZodMiniType<FormChallenge>,
});

/**
 * A form's 2xx: `{ ok: true }` (the practice's mail sent), or 202 `{ queued: true }` when the
 * day's mail cap holds it back (it is sent later by the outbox).
 */
export const submissionAnswerSchema = z.object({ queued: z.optional(z.boolean()) });

/** Every error answer names its code; some say more (a refused field, a view). */
export const errorAnswerSchema = z.looseObject({ error: z.string() });

