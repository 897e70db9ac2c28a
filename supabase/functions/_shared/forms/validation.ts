/**
 * Checking a request body against its schema (../domain/schemas.ts) and the bot-timing
 * hint. Pure: no network, no environment.
 */
import type * as z from 'zod/mini';
import type { BotSignals } from '../domain/wire-types.ts';

export { appointmentSubmissionSchema, contactSubmissionSchema, serviceLabels } from '../domain/schemas.ts';
export type { AppointmentFormSubmission, ContactFormSubmission } from '../domain/wire-types.ts';
export type { BotSignals };

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
export function validateBody<T>(schema: z.ZodMiniType<T>, body: unknown): ValidationResult<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    return { ok: false, field: String(issue.keys[0] ?? '').slice(0, MAX_ECHOED_KEY), knownField: false };
  }
  return { ok: false, field: String(issue?.path[0] ?? ''), knownField: true };
}
