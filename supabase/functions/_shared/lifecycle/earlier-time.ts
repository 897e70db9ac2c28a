/**
 * «An earlier time» (docs/appointment-lifecycle.md): the database calls
 * (…_earlier_times.sql) as an interface the action page's function and the outbox depend
 * on, and what the action page's three links do – 'earlier' stores the wish, 'end-earlier'
 * ends it, 'take-earlier' takes the offered time its token names (a confirmed move: the
 * caller then sends the «moved» mails like any confirmed move's). Pure apart from the calls.
 */
import * as z from 'zod/mini';
import type { ActionClaim, AppointmentAction } from './action-tokens.ts';
import type { EarlierTimeView } from '../domain/wire-types.ts';
import { type AppointmentRequest, appointmentStateSchema, type Claimed, parseAnswer, StoreError } from '../database/store.ts';
import type { EarlierOffer } from './earlier-time-mails.ts';

export const EARLIER_ACTIONS = ['earlier', 'take-earlier', 'end-earlier'] as const satisfies readonly AppointmentAction[];
export type EarlierAction = (typeof EARLIER_ACTIONS)[number];
export const isEarlierAction = (action: AppointmentAction): action is EarlierAction => (EARLIER_ACTIONS as readonly string[]).includes(action);

/**
 * What a press did: 'changed', 'unchanged' (already so), or could not: 'taken' (someone else
 * was first to the offered time), 'too_late' (inside the notice), 'conflict' (not confirmed,
 * a move pending, the time no longer earlier).
 */
export type EarlierResult =
  | { result: 'changed' | 'unchanged' | 'taken' | 'too_late' | 'conflict'; request: AppointmentRequest; earlier: EarlierTimeView }
  | { result: 'not_found' };

/** An earlier-time offer whose mail the outbox claimed: the waiting visitor's appointment and the offered time. */
export interface EarlierTimeOffer {
  request: AppointmentRequest;
  offer: EarlierOffer;
}

export interface EarlierStore {
  /** public.earlier_time_state: the wish, and the offer `offer` (null: none, or not this request's). */
  state(id: string, offer: number | null, now: Date): Promise<EarlierTimeView | null>;
  /** public.want_earlier_time. */
  want(id: string, now: Date): Promise<EarlierResult>;
  /** public.end_earlier_time. */
  end(id: string, now: Date): Promise<EarlierResult>;
  /** public.take_earlier_time: the offered time, in one transaction. */
  take(id: string, offer: number, now: Date): Promise<EarlierResult>;
  /** public.claim_mail('earlier-offer'), due: the offer mails due (the outbox), each with its claim. */
  claimDueOffers(limit: number, now: Date): Promise<Claimed<EarlierTimeOffer>[]>;
}

/** What the press on an earlier-time link does. */
export function changeEarlier(store: EarlierStore, claim: ActionClaim & { action: EarlierAction }, now: Date): Promise<EarlierResult> {
  switch (claim.action) {
    case 'earlier':
      return store.want(claim.requestId, now);
    case 'end-earlier':
      return store.end(claim.requestId, now);
    case 'take-earlier':
      return store.take(claim.requestId, claim.offer!, now);
  }
}

// --- The answers, checked.

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const isoTime = z.string().check(z.regex(/^\d{2}:\d{2}$/));
const offerNumber = z.int().check(z.positive());

export const earlierStateSchema = z.object({
  wanted: z.boolean(),
  offer: z.nullable(z.object({
    number: offerNumber,
    date: isoDate,
    time: isoTime,
    status: z.enum(['open', 'taken', 'yours', 'expired']),
  })),
  next_offer_from: z.optional(z.nullable(z.string())),
});

const earlierAnswerSchema = z.union([
  z.object({
    result: z.enum(['changed', 'unchanged', 'taken', 'too_late', 'conflict']),
    request: appointmentStateSchema,
    earlier: earlierStateSchema,
  }),
  z.object({ result: z.literal('not_found') }),
]);

/** The view's part: the offer without its number (the token has it). */
function toView(state: z.infer<typeof earlierStateSchema>): EarlierTimeView {
  return {
    wanted: state.wanted,
    offer: state.offer && { date: state.offer.date, time: state.offer.time, status: state.offer.status },
    nextOfferFrom: state.next_offer_from ? new Date(state.next_offer_from).toISOString() : null,
  };
}

export function parseEarlierState(value: unknown): EarlierTimeView | null {
  return value === null ? null : toView(parseAnswer(earlierStateSchema, value, 'unexpected_earlier_state'));
}

export function parseEarlierAnswer(value: unknown): EarlierResult {
  const answer = parseAnswer(earlierAnswerSchema, value, 'unexpected_earlier_answer');
  return answer.result === 'not_found' ? answer : { ...answer, earlier: toView(answer.earlier) };
}

const claimedOfferSchema = z.array(z.object({
  ...appointmentStateSchema.shape,
  claim: z.string(),
  offer: z.object({ number: offerNumber, date: isoDate, time: isoTime }),
}));

export function parseClaimedOffers(value: unknown, takenAt: number): Claimed<EarlierTimeOffer>[] {
  return parseAnswer(claimedOfferSchema, value, 'unexpected_earlier_offer_claim').map(({ claim, offer, ...request }) => {
    if (!/^[0-9a-f-]{36}$/i.test(claim)) throw new StoreError('unexpected_claim_token');
    return { row: { request: request as AppointmentRequest, offer }, claim: { token: claim, takenAt } };
  });
}
