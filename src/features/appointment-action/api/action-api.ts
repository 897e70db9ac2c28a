/**
 * The appointment action page's backend calls: the edge function appointment-action with
 * `show` and `act` (contract: AppointmentActionCommand in @domain/wire-types, its answers in
 * @domain/answers). Every answer – 200, a refusal, a status without a body the page knows,
 * a network failure – becomes one `ActionResult`, so the page never handles the client's
 * errors or raw JSON, and its tests mock this module. The token is never logged.
 */
import * as z from 'zod/mini';
import { callFunction } from '@/lib/call-function';
import type { SlotRefusalReason } from '@domain/availability';
import { actAnswerSchema, actionRefusalSchema, showAnswerSchema } from '@domain/action-answers';
import {
  APPOINTMENT_ACTION_FUNCTION,
  type AppointmentActionCommand,
  type AppointmentActionView,
  type ErasedAppointmentView,
  type ScheduleEntryView,
} from '@domain/wire-types';
import type { AdvisorId } from '@domain/practice';

export { APPOINTMENT_ACTION_FUNCTION };

/**
 * A press that hangs (a stalled connection) ends as a failure the person can retry: the
 * function does nothing twice, so a retry after a press that did arrive is harmless.
 * Generous, because `act` sends an e-mail before it answers.
 */
const TIMEOUT_MS = 30_000;

export type InvalidLinkReason = 'malformed' | 'tampered' | 'expired';

/** Why the function refused a new slot for a move: the rules' reason, or the appointment's own slot. */
export type MoveRefusal = SlotRefusalReason | 'same_slot';

export type ActionResult =
  /** 200 to `show`. */
  | { kind: 'view'; view: AppointmentActionView }
  /** 200 to `show` on a calendar entry's view link: its schedule only. */
  | { kind: 'entry'; entry: ScheduleEntryView }
  /** 200 to `show` on a practice link whose request is deleted: the invoice kept (its `invoicing` checked by the panel). */
  | { kind: 'erased'; erased: ErasedAppointmentView }
  /** 200 to `act`. */
  | { kind: 'done'; result: 'changed' | 'unchanged'; mail: 'sent' | 'already_sent' | 'none'; view: AppointmentActionView }
  /** `renewable`: a lapsed link of the practice's, which may ask for a fresh one mailed to the practice. */
  | { kind: 'invalid_link'; reason: InvalidLinkReason; renewable?: boolean }
  /** `forPractice`: a practice link – the page speaks to the practice. */
  | { kind: 'not_found'; forPractice?: boolean }
  | { kind: 'conflict' | 'too_late' | 'slot_past'; view: AppointmentActionView }
  /** The advisor chosen (or everyone) has an overlapping appointment by now: nothing changed; `view` is the day as it is now. */
  | { kind: 'advisor_busy'; view: AppointmentActionView }
  | { kind: 'in_progress' }
  | { kind: 'invalid_body'; field: string }
  /** Stored, but the visitor's e-mail failed: acting again sends it. */
  | { kind: 'mail_failed'; view: AppointmentActionView }
  /** A move to a slot the rules refuse (or the appointment's own). */
  | { kind: 'unavailable'; reason: MoveRefusal; view: AppointmentActionView }
  /** take-offer: the time was booked by someone else meanwhile, or the offer lapsed; `view` lists the offers still open. */
  | { kind: 'offer_taken' | 'offer_lapsed'; view: AppointmentActionView }
  /** 429, 5xx, the network, or an answer outside the contract: nothing known, retry or call. */
  | { kind: 'failed' };

/**
 * What a press sends besides the token: a time for a slot without one, a note for a
 * decline, the new date and time of a move, the advisor a confirmation goes to.
 */
export interface ActInput {
  date?: string;
  time?: string;
  note?: string;
  advisor?: AdvisorId;
  /** Declining: the times offered instead. */
  offers?: { date: string; time: string }[];
}

/** Reads the request the token is for; changes nothing (the page calls it on opening). */
export function showAppointment(token: string): Promise<ActionResult> {
  return callAppointmentAction({ token, intent: 'show' });
}

/** Does the token's action: only ever on a button press. */
export function actOnAppointment(token: string, { date, time, note, advisor, offers }: ActInput = {}): Promise<ActionResult> {
  return callAppointmentAction({
    token,
    intent: 'act',
    ...(date !== undefined && { date }),
    ...(time !== undefined && { time }),
    ...(note !== undefined && { note }),
    ...(advisor !== undefined && { advisor }),
    ...(offers !== undefined && { offers }),
  });
}

const FAILED: ActionResult = { kind: 'failed' };

async function callAppointmentAction(body: AppointmentActionCommand): Promise<ActionResult> {
  const call = await callFunction(APPOINTMENT_ACTION_FUNCTION, {
    body,
    answer: body.intent === 'show' ? showAnswerSchema : actAnswerSchema,
    refusal: actionRefusalSchema,
    timeout: TIMEOUT_MS,
  });
  if (call.kind === 'answer') return resultOfAnswer(call.data);
  if (call.kind === 'refused' && call.refusal) return resultOfRefusal(call.refusal);
  return FAILED;
}

type Answer = z.infer<typeof showAnswerSchema> | z.infer<typeof actAnswerSchema>;
type Refusal = z.infer<typeof actionRefusalSchema>;

function resultOfAnswer(answer: Answer): ActionResult {
  if ('entry' in answer) return { kind: 'entry', entry: answer.entry };
  if ('erased' in answer) return { kind: 'erased', erased: answer.erased };
  if ('result' in answer) return { kind: 'done', result: answer.result, mail: answer.mail, view: answer.view };
  return { kind: 'view', view: answer.view };
}

const INVALID_LINK_REASONS: readonly string[] = ['malformed', 'tampered', 'expired'] satisfies InvalidLinkReason[];

function resultOfRefusal(refusal: Refusal): ActionResult {
  switch (refusal.error) {
    case 'invalid_link': {
      const reason = INVALID_LINK_REASONS.includes(refusal.reason ?? '') ? (refusal.reason as InvalidLinkReason) : 'malformed';
      return reason === 'expired' && refusal.renewable === true ? { kind: 'invalid_link', reason, renewable: true } : { kind: 'invalid_link', reason };
    }
    case 'not_found':
      return refusal.forPractice === true ? { kind: 'not_found', forPractice: true } : { kind: 'not_found' };
    case 'in_progress':
      return { kind: 'in_progress' };
    case 'invalid_body':
      // A token the function cannot even read (too long, empty) is a broken link.
      return refusal.field === 'token' ? { kind: 'invalid_link', reason: 'malformed' } : { kind: 'invalid_body', field: refusal.field ?? '' };
    case 'unavailable':
      return { kind: 'unavailable', reason: refusal.reason, view: refusal.view };
    default:
      return { kind: refusal.error, view: refusal.view };
  }
}

/** An error answer's body by its `error` code: what `act` and `show` make of a refusal (rate_limited, internal errors, anything new: failed). */
export function fromErrorBody(body: unknown): ActionResult {
  const refusal = actionRefusalSchema.safeParse(body);
  return refusal.success ? resultOfRefusal(refusal.data) : FAILED;
}

/** A 200 answer: `{ view }` (or a calendar entry's `{ entry }`, a deleted one's `{ erased }`) to show, `{ result, mail, view }` to act. */
export function fromAnswer(data: unknown, intent: AppointmentActionCommand['intent']): ActionResult {
  const answer = (intent === 'show' ? showAnswerSchema : actAnswerSchema).safeParse(data);
  return answer.success ? resultOfAnswer(answer.data) : FAILED;
}
