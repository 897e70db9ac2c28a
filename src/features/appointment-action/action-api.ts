/**
 * The appointment action page's one backend call: the edge function appointment-action
 * (contract: AppointmentActionCommand / …Answer / …Error in @domain/wire-types). Every
 * answer – 200, a JSON error, a status without a body the page knows, a network failure –
 * becomes one `ActionResult`, so the page never handles the client's errors or raw JSON,
 * and its tests mock this module. The token is never logged.
 */
import { getSupabaseClient } from '@/lib/supabase-client';
import { SLOT_REFUSAL_REASONS, type SlotRefusalReason } from '@domain/availability';
import {
  APPOINTMENT_ACTION_KINDS,
  type AppointmentActionCommand,
  type AppointmentActionView,
  type AppointmentMove,
  type AppointmentOffer,
  type AppointmentSlot,
  type AppointmentStatus,
  type EarlierTimeView,
  type ErasedAppointmentView,
  type ScheduledAppointment,
  type ScheduleEntryView,
  type SlotWarning,
} from '@domain/wire-types';
import { parseIsoDate } from '@domain/dates';
import { isAdvisorId, type AdvisorId } from '@domain/practice';
import { OFFER_STATUSES } from '@domain/offers';

export const APPOINTMENT_ACTION_FUNCTION = 'appointment-action';

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
  try {
    const supabase = await getSupabaseClient();
    const { data, error } = await supabase.functions.invoke(APPOINTMENT_ACTION_FUNCTION, { body, timeout: TIMEOUT_MS });
    if (error) return await fromError(error);
    const result = fromAnswer(data, body.intent);
    if (result.kind === 'failed') console.error(`${APPOINTMENT_ACTION_FUNCTION}: an answer outside the contract`, data);
    return result;
  } catch (error) {
    // The Supabase client's chunk did not load (offline), or something unexpected.
    console.error(error);
    return FAILED;
  }
}

/**
 * The client (functions-js, as in supabase-js) reports a non-2xx answer as
 * FunctionsHttpError with the Response as its `context` (body unread). Recognised by
 * shape, not by class: importing the class would put functions-js into the page's own chunk.
 */
function responseOf(error: unknown): Response | undefined {
  const context = isObject(error) ? error.context : undefined;
  return isObject(context) && typeof context.json === 'function' && typeof context.status === 'number'
    ? (context as unknown as Response)
    : undefined;
}

async function fromError(error: unknown): Promise<ActionResult> {
  const response = responseOf(error);
  const body: unknown = response ? await response.json().catch(() => undefined) : undefined;
  const result = fromErrorBody(body);
  if (result.kind === 'failed') console.error(error, response?.status);
  return result;
}

const INVALID_LINK_REASONS: readonly string[] = ['malformed', 'tampered', 'expired'] satisfies InvalidLinkReason[];
const MOVE_REFUSALS: readonly string[] = [...SLOT_REFUSAL_REASONS, 'same_slot'] satisfies MoveRefusal[];

/** An error answer's body by its `error` code (the status only confirms what the code says). */
export function fromErrorBody(body: unknown): ActionResult {
  if (!isObject(body) || typeof body.error !== 'string') return FAILED;
  const view = readView(body.view);
  switch (body.error) {
    case 'invalid_link': {
      const reason = INVALID_LINK_REASONS.includes(body.reason as string) ? (body.reason as InvalidLinkReason) : 'malformed';
      return reason === 'expired' && body.renewable === true ? { kind: 'invalid_link', reason, renewable: true } : { kind: 'invalid_link', reason };
    }
    case 'not_found':
      return body.forPractice === true ? { kind: 'not_found', forPractice: true } : { kind: 'not_found' };
    case 'conflict':
    case 'too_late':
    case 'slot_past':
    case 'advisor_busy':
    case 'offer_taken':
    case 'offer_lapsed':
      return view ? { kind: body.error, view } : FAILED;
    case 'in_progress':
      return { kind: 'in_progress' };
    case 'invalid_body':
      // A token the function cannot even read (too long, empty) is a broken link.
      return body.field === 'token'
        ? { kind: 'invalid_link', reason: 'malformed' }
        : { kind: 'invalid_body', field: typeof body.field === 'string' ? body.field : '' };
    case 'mail_failed':
      return view ? { kind: 'mail_failed', view } : FAILED;
    case 'unavailable':
      return view && MOVE_REFUSALS.includes(body.reason as string) ? { kind: 'unavailable', reason: body.reason as MoveRefusal, view } : FAILED;
    default:
      // rate_limited, internal errors, anything new.
      return FAILED;
  }
}

/** A 200 answer: `{ view }` (or a calendar entry's `{ entry }`) to show, `{ result, mail, view }` to act. */
export function fromAnswer(data: unknown, intent: AppointmentActionCommand['intent']): ActionResult {
  if (intent === 'show' && isObject(data) && isEntry(data.entry)) return { kind: 'entry', entry: data.entry };
  if (intent === 'show' && isObject(data) && isErased(data.erased)) return { kind: 'erased', erased: data.erased };
  const view = isObject(data) ? readView(data.view) : undefined;
  if (!isObject(data) || !view) return FAILED;
  if (intent === 'show') return { kind: 'view', view };
  const { result, mail } = data;
  if ((result !== 'changed' && result !== 'unchanged') || (mail !== 'sent' && mail !== 'already_sent' && mail !== 'none')) return FAILED;
  return { kind: 'done', result, mail, view };
}

// --- The view, checked: the page formats its dates and must not break on a malformed one.

const ACTIONS: readonly string[] = APPOINTMENT_ACTION_KINDS;
const STATUSES: readonly string[] = ['requested', 'confirmed', 'declined', 'cancelled'] satisfies AppointmentStatus[];
const MOVE_STATUSES: readonly string[] = ['requested', 'confirmed', 'declined'] satisfies AppointmentMove['status'][];
const WARNING_KINDS: readonly string[] = ['weekday', 'closure', 'time_not_offered'] satisfies Exclude<SlotWarning['kind'], 'holiday'>[];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isTime = (value: unknown): value is string => typeof value === 'string' && /^\d{2}:\d{2}$/.test(value);
const isDate = (value: unknown): value is string => typeof value === 'string' && parseIsoDate(value) !== null;

function isSlot(value: unknown): value is AppointmentSlot {
  return isObject(value) && isDate(value.date) && (value.time === null || isTime(value.time));
}

const isDateAndTime = (value: unknown): value is { date: string; time: string } =>
  isObject(value) && isDate(value.date) && isTime(value.time);

function isMove(value: unknown): value is AppointmentMove {
  if (!isObject(value)) return false;
  return isDate(value.date) && isTime(value.time) && MOVE_STATUSES.includes(value.status as string) && typeof value.thisLink === 'boolean';
}

function isOffer(value: unknown): value is AppointmentOffer {
  return isDateAndTime(value) && Number.isInteger((value as Record<string, unknown>).number) &&
    (OFFER_STATUSES as readonly string[]).includes((value as Record<string, unknown>).status as string) && nullable((value as Record<string, unknown>).link, (link) => typeof link === 'string');
}

function isSlotWarning(value: unknown): value is SlotWarning {
  return isObject(value) && (value.kind === 'holiday' ? typeof value.name === 'string' : WARNING_KINDS.includes(value.kind as string));
}

const isMinutes = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

function isScheduled(value: unknown): value is ScheduledAppointment {
  return (
    isObject(value) &&
    (value.advisor === null || isAdvisorId(value.advisor)) &&
    isTime(value.time) &&
    isMinutes(value.minutes) &&
    typeof value.service === 'string' &&
    typeof value.name === 'string'
  );
}

const EARLIER_OFFER_STATUSES: readonly string[] = ['open', 'taken', 'yours', 'expired'] satisfies NonNullable<EarlierTimeView['offer']>['status'][];

function isEarlier(value: unknown): value is EarlierTimeView {
  if (!isObject(value) || typeof value.wanted !== 'boolean') return false;
  const { offer } = value;
  return offer === null || (isDateAndTime(offer) && EARLIER_OFFER_STATUSES.includes((offer as Record<string, unknown>).status as string));
}

function isBooking(value: unknown): value is NonNullable<AppointmentActionView['booking']> {
  return isObject(value) && isDate(value.first) && isDate(value.last) && Array.isArray(value.closedDays) && value.closedDays.every(isDate);
}

/** A calendar entry's view: its schedule, checked. */
function isEntry(value: unknown): value is ScheduleEntryView {
  return (
    isObject(value) && value.action === 'view' && STATUSES.includes(value.status as string) && typeof value.service === 'string' &&
    (value.confirmed === null || isDateAndTime(value.confirmed)) && isMinutes(value.minutes) &&
    (value.advisor === null || isAdvisorId(value.advisor))
  );
}

/** A deleted appointment's kept invoice: the copy's fields checked here, its invoicing by the panel (invoice-api.ts readInvoicing). */
function isErased(value: unknown): value is ErasedAppointmentView {
  if (!isObject(value) || !ACTIONS.includes(value.action as string) || !isObject(value.invoicing)) return false;
  const { appointment } = value;
  return (
    isObject(appointment) && typeof appointment.name === 'string' && typeof appointment.service === 'string' &&
    isDate(appointment.date) && isTime(appointment.time) && isMinutes(appointment.minutes) &&
    (appointment.advisor === null || isAdvisorId(appointment.advisor))
  );
}

/** A field the view may lack (a function deployed before it): null. Present, it must have its shape. */
const nullable = (value: unknown, check: (value: unknown) => boolean) => value === undefined || value === null || check(value);

/** The view, checked; the fields of moving an appointment null where the answer has none. */
function readView(value: unknown): AppointmentActionView | undefined {
  if (!isView(value)) return undefined;
  const view = value as Partial<Pick<AppointmentActionView, 'move' | 'movedFrom' | 'slotWarning' | 'booking' | 'earlier'>> & typeof value;
  return {
    ...value,
    move: view.move ?? null,
    movedFrom: view.movedFrom ?? null,
    slotWarning: view.slotWarning ?? null,
    booking: view.booking ?? null,
    // Only the earlier-time links carry it (absent means none).
    ...(view.earlier === undefined ? {} : { earlier: view.earlier }),
  };
}

function isView(value: unknown): value is AppointmentActionView {
  if (!isObject(value)) return false;
  const { confirmed, cancelUntil } = value;
  return (
    ACTIONS.includes(value.action as string) &&
    STATUSES.includes(value.status as string) &&
    typeof value.name === 'string' &&
    typeof value.service === 'string' &&
    isSlot(value.preferred) &&
    (value.alternative === null || isSlot(value.alternative)) &&
    (value.slot === null || isSlot(value.slot)) &&
    (confirmed === null || (isObject(confirmed) && isDate(confirmed.date) && isTime(confirmed.time))) &&
    (value.staffNote === null || typeof value.staffNote === 'string') &&
    typeof value.mailPending === 'boolean' &&
    isMinutes(value.minutes) &&
    (value.advisor === null || isAdvisorId(value.advisor)) &&
    Array.isArray(value.schedule) &&
    value.schedule.every(isScheduled) &&
    (cancelUntil === null || (typeof cancelUntil === 'string' && !Number.isNaN(Date.parse(cancelUntil)))) &&
    nullable(value.move, isMove) &&
    nullable(value.movedFrom, isDateAndTime) &&
    nullable(value.slotWarning, isSlotWarning) &&
    nullable(value.booking, isBooking) &&
    nullable(value.earlier, isEarlier) &&
    nullable(value.offers, (offers) => Array.isArray(offers) && offers.every(isOffer)) &&
    nullable(value.offerChoices, (choices) => Array.isArray(choices) && choices.every(isDateAndTime)) &&
    nullable(value.offer, (offer) => Number.isInteger(offer))
  );
}
