/**
 * When the practice can be booked: its opening days and times, the canton of Zurich's
 * public holidays, the minimum notice and the horizon. The one place to change them: the
 * site's booking form and action page, the edge functions and the database all follow this
 * file. The database gets it as generated SQL (`npm run db:rules` rewrites
 * supabase/migrations/20261122000100_rules.sql from this file and the other domain rules;
 * a test fails while it differs), so nothing here may need more than plain data and arithmetic.
 *
 * Closures that are not rules (a training, illness, the practice's own holidays) are rows
 * of public.practice_closures; the site learns only their dates. Pure: no network, no env.
 */
import { timeSlots, type TimeSlot } from './catalog.ts';
import { parseIsoDate } from './dates.ts';
import { replyWithinHours } from './practice.ts';

/** ISO 8601 weekday: 1 Monday … 7 Sunday (Postgres: extract(isodow …)). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The start times offered on each weekday; an empty list is a closed day. */
export const openingHours: Readonly<Record<IsoWeekday, readonly TimeSlot[]>> = {
  1: timeSlots,
  2: timeSlots,
  3: timeSlots,
  4: timeSlots,
  5: timeSlots,
  6: timeSlots,
  7: [],
};

/**
 * A public holiday on a fixed date, or a number of days after Easter Sunday. Its `name` is
 * German, as the database and the practice's mails write it; `id` keys its name in the
 * site's copy of each language (src/content/appointment.ts, `holidayNames`).
 */
export type HolidayRule =
  | { id: string; name: string; month: number; day: number }
  | { id: string; name: string; daysAfterEaster: number };

/** The canton of Zurich's public holidays (closed all day). */
export const publicHolidays = [
  { id: 'new-year', name: 'Neujahr', month: 1, day: 1 },
  { id: 'berchtold', name: 'Berchtoldstag', month: 1, day: 2 },
  { id: 'good-friday', name: 'Karfreitag', daysAfterEaster: -2 },
  { id: 'easter-monday', name: 'Ostermontag', daysAfterEaster: 1 },
  { id: 'labour-day', name: 'Tag der Arbeit', month: 5, day: 1 },
  { id: 'ascension', name: 'Auffahrt', daysAfterEaster: 39 },
  { id: 'whit-monday', name: 'Pfingstmontag', daysAfterEaster: 50 },
  { id: 'national-day', name: 'Bundesfeiertag', month: 8, day: 1 },
  { id: 'christmas', name: 'Weihnachten', month: 12, day: 25 },
  { id: 'st-stephen', name: 'Stephanstag', month: 12, day: 26 },
] as const satisfies readonly HolidayRule[];

export type HolidayId = (typeof publicHolidays)[number]['id'];

/** A holiday's id by its German name, as a closed day's reason or a slot warning carries it. */
export function holidayIdOf(name: string): HolidayId | undefined {
  return publicHolidays.find((holiday) => holiday.name === name)?.id;
}

export const slotRules = {
  /**
   * The earliest bookable day, in calendar days from today: the day after tomorrow. The
   * practice confirms by hand within replyWithinHours (24 h); a request made late today for
   * the day after tomorrow is answered before that day begins, while one for tomorrow made
   * in the evening would often be answered after its slot. Today is never bookable.
   */
  earliestDaysAhead: 1 + Math.ceil(replyWithinHours / 24),
  /** The latest bookable day: today plus this many calendar months. */
  horizonMonths: 6,
  /** Requests and messages are deleted this many months after they were made (public.delete_expired_form_submissions). */
  retentionMonths: 12,
} as const;

// ------------------------------------------------------------------------ calendar arithmetic

function toUtc(iso: string): Date {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`Not an ISO calendar date: ${iso}`);
  return new Date(Date.UTC(date.year, date.month - 1, date.day));
}

const toIso = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  const date = toUtc(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** Calendar months later, clamped to the month's last day as Postgres does ('2026-08-31' + 6 → '2027-02-28'). */
export function addMonths(iso: string, months: number): string {
  const date = toUtc(iso);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return toIso(target);
}

export function isoWeekday(iso: string): IsoWeekday {
  const day = toUtc(iso).getUTCDay();
  return (day === 0 ? 7 : day) as IsoWeekday;
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toIso(new Date(Date.UTC(year, month - 1, day)));
}

/** The holidays of a year, in the order of publicHolidays. */
export function holidaysOf(year: number): { date: string; name: string }[] {
  const easter = easterSunday(year);
  return publicHolidays.map((rule) => ({
    name: rule.name,
    date: 'daysAfterEaster' in rule
      ? addDays(easter, rule.daysAfterEaster)
      : toIso(new Date(Date.UTC(year, rule.month - 1, rule.day))),
  }));
}

/** Each year's holidays by day, worked out once: the booking form and the functions ask for every day of a window. */
const holidayNamesByYear = new Map<number, ReadonlyMap<string, string>>();

/** The holiday's name on that day, or null. */
export function holidayName(iso: string): string | null {
  const year = toUtc(iso).getUTCFullYear();
  let names = holidayNamesByYear.get(year);
  if (names === undefined) {
    names = new Map(holidaysOf(year).map((holiday) => [holiday.date, holiday.name]));
    holidayNamesByYear.set(year, names);
  }
  return names.get(iso) ?? null;
}

// ------------------------------------------------------------------------ what a day offers

/** Why a day is closed: a public holiday (named), a closed weekday, or a closure of the practice (no reason given). */
export type ClosedReason = { kind: 'holiday'; name: string } | { kind: 'weekday' } | { kind: 'closure' };

export type DayAvailability = { open: true; times: readonly TimeSlot[] } | { open: false; reason: ClosedReason };

/** A day's opening: holidays first (they have a name), then the weekday, then the practice's closures. */
export function dayAvailability(iso: string, closures: ReadonlySet<string> = new Set()): DayAvailability {
  const holiday = holidayName(iso);
  if (holiday !== null) return { open: false, reason: { kind: 'holiday', name: holiday } };
  const times = openingHours[isoWeekday(iso)];
  if (times.length === 0) return { open: false, reason: { kind: 'weekday' } };
  if (closures.has(iso)) return { open: false, reason: { kind: 'closure' } };
  return { open: true, times };
}

/** The first and last bookable day ('YYYY-MM-DD'). `createdDay`: when the request was made (a move keeps it inside the retention). */
export function slotWindow(today: string, createdDay: string = today): { first: string; last: string } {
  const horizon = addMonths(today, slotRules.horizonMonths);
  const retained = addDays(addMonths(createdDay, slotRules.retentionMonths), -1);
  return { first: addDays(today, slotRules.earliestDaysAhead), last: horizon < retained ? horizon : retained };
}

/**
 * Why a slot cannot be booked, or null. The same reasons, in the same order, as the
 * database's private.slot_refusal_reason (generated from this file) and its SQLSTATE 23514
 * details '<column>:<reason>'.
 */
export const SLOT_REFUSAL_REASONS = ['too_soon', 'too_far', 'closed', 'time_not_offered'] as const;
export type SlotRefusalReason = (typeof SLOT_REFUSAL_REASONS)[number];

export function slotRefusalReason(
  slot: { date: string; time: string | null },
  context: { today: string; createdDay?: string; closures?: ReadonlySet<string> },
): SlotRefusalReason | null {
  const window = slotWindow(context.today, context.createdDay);
  if (slot.date < window.first) return 'too_soon';
  if (slot.date > window.last) return 'too_far';
  const day = dayAvailability(slot.date, context.closures);
  if (!day.open) return 'closed';
  if (slot.time !== null && !(day.times as readonly string[]).includes(slot.time)) return 'time_not_offered';
  return null;
}

/** The first `count` bookable days from today on, in order (for the form's hint, fixtures and tests). */
export function bookableDays(today: string, count: number, closures: ReadonlySet<string> = new Set()): string[] {
  const { first, last } = slotWindow(today);
  const days: string[] = [];
  for (let day = first; day <= last && days.length < count; day = addDays(day, 1)) {
    if (dayAvailability(day, closures).open) days.push(day);
  }
  return days;
}
