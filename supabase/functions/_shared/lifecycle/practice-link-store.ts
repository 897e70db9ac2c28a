/**
 * The renewal mail's database calls (…_practice_links.sql): owing one within its budget
 * (public.owe_practice_link) and the outbox's claim of those a press could not send. Pure
 * apart from the calls; the claim by key is the Store's (public.claim_mail).
 */
import * as z from 'zod/mini';
import { type AppointmentRequest, type Claimed, parseAnswer } from '../database/store.ts';

/**
 * public.owe_practice_link's answer: `owed` (the mail's key, for the caller to claim),
 * `limited` (the budget holds it back for `retry_after_seconds`: nothing owed), `not_found`
 * (no such request: deleted).
 */
export type PracticeLinkOwed =
  | { result: 'owed'; key: string }
  | { result: 'limited'; retry_after_seconds: number }
  | { result: 'not_found' };

const owedSchema = z.union([
  z.object({ result: z.literal('owed'), key: z.string().check(z.startsWith('practice-link/')) }),
  z.object({ result: z.literal('limited'), retry_after_seconds: z.number().check(z.int(), z.positive()) }),
  z.object({ result: z.literal('not_found') }),
]);

export const parsePracticeLinkOwed = (value: unknown): PracticeLinkOwed => parseAnswer(owedSchema, value, 'unexpected_practice_link_answer');

/** A renewal mail claimed for its send: the appointment as it is now, and the mail's key. */
export type PracticeLinkMailRow = AppointmentRequest & { key: string };

export interface PracticeLinkStore {
  /** public.owe_practice_link: a renewal for `requestId`, asked from the network hashed as `network`, at `now`. */
  owe(requestId: string, network: string, now: Date): Promise<PracticeLinkOwed>;
  /** public.claim_mail, due: the renewals a press could not send (the outbox's run). */
  claimDue(limit: number, graceSeconds: number): Promise<Claimed<PracticeLinkMailRow>[]>;
}
