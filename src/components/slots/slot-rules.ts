/**
 * The practice's rules (@domain/availability) as a date and time field applies them:
 * what is wrong with a chosen day, the times it offers, and the database's refusal of an
 * insert read back to the field it concerns. Pure: the booking form and the action page's
 * move form (./slot-fields.tsx) share it. Its findings carry no words: the field puts them
 * into the page's language (`SlotWords`) when it shows them.
 */
import type { slotFieldTexts } from '@/content/appointment';
import type { Copy } from '@/content/copy';
import { addDays, SLOT_REFUSAL_REASONS, dayAvailability, openingHours, type SlotRefusalReason, type ClosedReason } from '@domain/availability';
import { timeSlots, type TimeSlot } from '@domain/catalog';
import { parseIsoDate } from '@domain/dates';

/** What a date field checks a day against. */
export interface SlotRules {
  /** The first and last bookable day ('YYYY-MM-DD'). */
  first: string;
  last: string;
  /** The practice's closures (dates only). */
  closedDays: ReadonlySet<string>;
}

/** Why a day cannot be chosen, in the order of the domain's slotRefusalReason. */
export type DateProblem =
  /** `first`: the earliest day the visitor can actually book (firstOpenDay), which the message names. */
  | { kind: 'too_soon'; first: string }
  | { kind: 'too_far'; last: string }
  | { kind: 'closed'; reason: ClosedReason };

export const isIsoDate = (value: unknown): value is string => typeof value === 'string' && parseIsoDate(value) !== null;

/**
 * The first day of the window the practice is open (weekday, public holidays and the
 * closures the page knows): the day «frühestens für …» names. The window's own first day
 * is only a count of days from today (the notice the practice needs) and may fall on a
 * Sunday or a holiday – on a Friday it is the Sunday. The window's first day when none in
 * it is open (not with the practice's rules, but the message must name some day).
 */
export function firstOpenDay(rules: SlotRules): string {
  for (let day = rules.first; day <= rules.last; day = addDays(day, 1)) {
    if (dayAvailability(day, rules.closedDays).open) return day;
  }
  return rules.first;
}

export function dateProblem(date: string, rules: SlotRules): DateProblem | null {
  if (date < rules.first) return { kind: 'too_soon', first: firstOpenDay(rules) };
  if (date > rules.last) return { kind: 'too_far', last: rules.last };
  const day = dayAvailability(date, rules.closedDays);
  return day.open ? null : { kind: 'closed', reason: day.reason };
}

/**
 * What the messages are written with, in the page's language: the texts
 * (`useCopy(appointmentCopy).slotFieldTexts`) and the long date
 * (`useCopy(dateFormatsCopy).formatDateLong`, 'Freitag, 25. Dezember 2026').
 */
export interface SlotWords {
  texts: Copy<typeof slotFieldTexts>;
  formatDateLong: (iso: string) => string;
}

/** The field's message for a day it refuses. */
export function dateProblemText(date: string, problem: DateProblem, { texts, formatDateLong }: SlotWords): string {
  switch (problem.kind) {
    case 'too_soon':
      return texts.tooSoon(formatDateLong(problem.first));
    case 'too_far':
      return texts.tooFar(formatDateLong(problem.last));
    case 'closed':
      switch (problem.reason.kind) {
        case 'holiday':
          return texts.closedHoliday(formatDateLong(date), problem.reason.name);
        case 'weekday':
          return texts.closedWeekday(formatDateLong(date));
        case 'closure':
          return texts.closedClosure(formatDateLong(date));
      }
  }
}

/** Every time some weekday offers: the list before a day is chosen. */
export const anyDayTimes: readonly TimeSlot[] = timeSlots.filter((slot) =>
  Object.values(openingHours).some((times) => (times as readonly string[]).includes(slot)),
);

/**
 * A slot the backend refused, read back to the field it concerns: the field says why
 * (slotRefusalText) while it still holds the slot. Either the rules' own `problem`, which
 * the field words in the page's language, or – for what only its page knows (the move
 * form's «same slot») – a `message` already worded.
 */
export type SlotRefusal = {
  field: 'date' | 'time';
  reason: SlotRefusalReason | 'same_slot';
  date: string;
  time: string | null;
} & ({ problem: DateProblem | 'time_not_offered'; message?: undefined } | { message: string; problem?: undefined });

/** The field's message for a refusal. */
export function slotRefusalText(refusal: SlotRefusal, words: SlotWords): string {
  if (refusal.message !== undefined) return refusal.message;
  return refusal.problem === 'time_not_offered' ? words.texts.timeNotOffered : dateProblemText(refusal.date, refusal.problem, words);
}

/**
 * The field message for a refusal the backend gave (the database's DETAIL, the action
 * function's `unavailable`): the day's own problem when the rules here know it, else the
 * reason as the backend named it (a closure entered since the page read the closures, a
 * clock that differs from the visitor's).
 */
export function refusalOf(reason: SlotRefusalReason, slot: { date: string; time: string | null }, rules: SlotRules): SlotRefusal {
  if (reason === 'time_not_offered') return { field: 'time', reason, ...slot, problem: 'time_not_offered' };
  const known = dateProblem(slot.date, rules);
  const problem: DateProblem =
    known?.kind === reason
      ? known
      : reason === 'too_soon'
        ? { kind: 'too_soon', first: firstOpenDay(rules) }
        : reason === 'too_far'
          ? { kind: 'too_far', last: rules.last }
          : { kind: 'closed', reason: closedReasonOf(slot.date) };
  return { field: 'date', reason, ...slot, problem };
}

/** Why a day is closed by the rules here, or – when they find it open – a closure of the practice. */
function closedReasonOf(date: string): ClosedReason {
  const day = dayAvailability(date);
  return day.open ? { kind: 'closure' } : day.reason;
}

const REFUSALS: readonly string[] = SLOT_REFUSAL_REASONS;

/** The columns the insert trigger names in its DETAIL '<column>:<reason>'. */
export type SlotColumn = 'preferred_date' | 'preferred_time' | 'alternative_date' | 'alternative_time';
const COLUMNS: readonly string[] = ['preferred_date', 'preferred_time', 'alternative_date', 'alternative_time'] satisfies SlotColumn[];

/** Postgres's check_violation: the insert trigger refused a slot the rules do not allow. */
const CHECK_VIOLATION = '23514';

/**
 * The database's refusal of the insert (docs/appointment-lifecycle.md, "When the practice
 * can be booked"): PostgrestError with code 23514 and DETAIL 'preferred_date:closed',
 * 'alternative_date:too_far', 'preferred_time:time_not_offered' … Anything else: null.
 */
export function insertRefusalOf(error: unknown): { column: SlotColumn; reason: SlotRefusalReason } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, details } = error as { code?: unknown; details?: unknown };
  if (code !== CHECK_VIOLATION || typeof details !== 'string') return null;
  const [column, reason, ...rest] = details.trim().split(':');
  if (rest.length > 0 || !COLUMNS.includes(column!) || !REFUSALS.includes(reason!)) return null;
  return { column: column as SlotColumn, reason: reason as SlotRefusalReason };
}
