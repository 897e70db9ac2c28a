/**
 * «Neuen Link an die Praxis senden»'s call: appointment-action with the intent `renew-link`
 * and the page's token (a lapsed practice link, or a calendar entry's view link). The
 * function mails a fresh link to the practice's own address; every answer becomes one
 * `RenewResult`. The token is never logged.
 */
import * as z from 'zod/mini';
import { callFunction } from '@/lib/call-function';
import { renewAnswerSchema, renewRefusalSchema } from '@domain/action-answers';
import { APPOINTMENT_ACTION_FUNCTION } from '@domain/wire-types';

const TIMEOUT_MS = 30_000;

export type RenewResult =
  /** The mail went out (or was on its way already). */
  | { kind: 'sent' }
  /** Owed, but its send failed: the outbox sends it within minutes. */
  | { kind: 'queued' }
  /** The renewals' budget holds it back until `nextAt` (ISO, up to the minute); nothing was owed. */
  | { kind: 'limited'; nextAt: string }
  | { kind: 'not_found' }
  | { kind: 'failed' };

function resultOfRefusal(refusal: z.infer<typeof renewRefusalSchema>, now: Date): RenewResult {
  switch (refusal.error) {
    case 'mail_failed':
      return refusal.stored === true ? { kind: 'queued' } : { kind: 'failed' };
    case 'limited': {
      // Up to the minute the page names: a press in that minute is not held back again.
      const nextAt = Math.ceil((now.getTime() + refusal.retryAfterSeconds * 1000) / 60_000) * 60_000;
      return { kind: 'limited', nextAt: new Date(nextAt).toISOString() };
    }
    case 'not_found':
      return { kind: 'not_found' };
  }
}

/** An answer's body (200 or an error's) as a RenewResult; `now`: when it came. */
export function fromRenewAnswer(status: number, body: unknown, now: Date = new Date()): RenewResult {
  if (status === 200) return renewAnswerSchema.safeParse(body).success ? { kind: 'sent' } : { kind: 'failed' };
  const refusal = renewRefusalSchema.safeParse(body);
  return refusal.success ? resultOfRefusal(refusal.data, now) : { kind: 'failed' };
}

export async function renewPracticeLink(token: string): Promise<RenewResult> {
  const call = await callFunction(APPOINTMENT_ACTION_FUNCTION, {
    body: { token, intent: 'renew-link' },
    answer: renewAnswerSchema,
    refusal: renewRefusalSchema,
    timeout: TIMEOUT_MS,
  });
  if (call.kind === 'answer') return { kind: 'sent' };
  if (call.kind === 'refused' && call.refusal) return resultOfRefusal(call.refusal, new Date());
  return { kind: 'failed' };
}
