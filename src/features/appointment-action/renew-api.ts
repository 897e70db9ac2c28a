/**
 * «Neuen Link an die Praxis senden»'s call: appointment-action with the intent `renew-link`
 * and the page's token (a lapsed practice link, or a calendar entry's view link). The
 * function mails a fresh link to the practice's own address; every answer becomes one
 * `RenewResult`. The token is never logged.
 */
import { getSupabaseClient } from '@/lib/supabase-client';
import { APPOINTMENT_ACTION_FUNCTION } from './action-api';

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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An answer's body (200 or an error's) as a RenewResult; `now`: when it came. */
export function fromRenewAnswer(status: number, body: unknown, now: Date = new Date()): RenewResult {
  if (!isObject(body)) return { kind: 'failed' };
  if (status === 200 && body.result === 'owed') return { kind: 'sent' };
  switch (body.error) {
    case 'mail_failed':
      return body.stored === true ? { kind: 'queued' } : { kind: 'failed' };
    case 'limited': {
      const seconds = body.retryAfterSeconds;
      if (!Number.isInteger(seconds) || (seconds as number) <= 0) return { kind: 'failed' };
      // Up to the minute the page names: a press in that minute is not held back again.
      const nextAt = Math.ceil((now.getTime() + (seconds as number) * 1000) / 60_000) * 60_000;
      return { kind: 'limited', nextAt: new Date(nextAt).toISOString() };
    }
    case 'not_found':
      return { kind: 'not_found' };
    default:
      return { kind: 'failed' };
  }
}

export async function renewPracticeLink(token: string): Promise<RenewResult> {
  try {
    const supabase = await getSupabaseClient();
    const { data, error } = await supabase.functions.invoke(APPOINTMENT_ACTION_FUNCTION, { body: { token, intent: 'renew-link' }, timeout: TIMEOUT_MS });
    if (!error) return fromRenewAnswer(200, data);
    const context = isObject(error) && isObject(error.context) ? (error.context as unknown as Response) : undefined;
    if (!context || typeof context.json !== 'function') return { kind: 'failed' };
    return fromRenewAnswer(context.status, await context.json().catch(() => undefined));
  } catch (error) {
    console.error(error);
    return { kind: 'failed' };
  }
}
