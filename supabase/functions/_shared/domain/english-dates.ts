/**
 * English (en-GB) dates for the English pages and mails: 'Friday, 11 December 2026, 09:30',
 * '11/12/2026'. The counterparts, by the same names, of the German helpers in
 * '@domain/dates' that the copy and its components call, so a module can swap one import
 * for the other. Calendar dates ('YYYY-MM-DD') are formatted as they are, without a time
 * zone (read at noon UTC, which is the same day in Zurich); instants are shown on the
 * practice's wall clock in Europe/Zurich. The words come from Intl 'en-GB'; the pieces are
 * put together here, so the punctuation does not change with the runtime's ICU data.
 * Pure: no network, no environment.
 */
import { parseIsoDate, PRACTICE_TIME_ZONE } from './dates.ts';

const LOCALE = 'en-GB';

const longDate = new Intl.DateTimeFormat(LOCALE, {
  timeZone: PRACTICE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const longDateTime = new Intl.DateTimeFormat(LOCALE, {
  timeZone: PRACTICE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

function partsOf(format: Intl.DateTimeFormat, instant: Date): Parts {
  return Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** A calendar day as an instant that falls on that day in Zurich (noon UTC). */
function calendarInstant(iso: string): Date {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`Not an ISO calendar date: ${iso}`);
  return new Date(Date.UTC(date.year, date.month - 1, date.day, 12));
}

const dateWords = ({ weekday, day, month, year }: Parts) => `${weekday}, ${day} ${month} ${year}`;

/** '2026-12-11' → 'Friday, 11 December 2026' */
export function formatDateLong(iso: string): string {
  return dateWords(partsOf(longDate, calendarInstant(iso)));
}

/** '2025-12-31' → '31/12/2025' (a blog post's date, the privacy notice's last change) */
export function formatDateShort(iso: string): string {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`Not an ISO calendar date: ${iso}`);
  const pad2 = (value: number) => String(value).padStart(2, '0');
  return `${pad2(date.day)}/${pad2(date.month)}/${date.year}`;
}

/** '09:30' → '09:30' (English needs no 'Uhr') */
export function formatTime(time: string): string {
  return time;
}

/** ('2026-12-11', '09:30') → 'Friday, 11 December 2026, 09:30'; without a time only the date. */
export function formatDateTimeLong(iso: string, time: string | null): string {
  const date = formatDateLong(iso);
  return time === null ? date : `${date}, ${formatTime(time)}`;
}

/**
 * A requested slot, which may lack a time: 'Friday, 11 December 2026, 09:30' or
 * 'Friday, 11 December 2026 (no time chosen)'.
 */
export function formatSlotLong(iso: string, time: string | null): string {
  return time === null ? `${formatDateLong(iso)} (no time chosen)` : formatDateTimeLong(iso, time);
}

/** An instant as 'Sunday, 22 November 2026, 11:15' in Europe/Zurich. */
export function formatInstantLong(instant: Date): string {
  const parts = partsOf(longDateTime, instant);
  return `${dateWords(parts)}, ${parts.hour}:${parts.minute}`;
}

/**
 * A sleep-diary night's name by its morning (the counterpart of @domain/sleep-diary's
 * nightName): '2026-11-27' → 'Night before Friday, 27 November'.
 */
export function nightName(morning: string): string {
  const { weekday, day, month } = partsOf(longDate, calendarInstant(morning));
  return `Night before ${weekday}, ${day} ${month}`;
}

/**
 * A length of time in the sleep diary (the counterpart of @domain/sleep-diary's
 * formatDuration): 45 → '45 min', 450 → '7 h 30 min', with no-break spaces.
 */
export function formatDuration(minutes: number): string {
  const sign = minutes < 0 ? '−' : '';
  const whole = Math.abs(Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${sign}${rest}\u00a0min`;
  return rest === 0 ? `${sign}${hours}\u00a0h` : `${sign}${hours}\u00a0h ${rest}\u00a0min`;
}

/** A percentage as English writes it (the counterpart of @domain/sleep-diary's formatPercent): '80%'. */
export function formatPercent(percent: number): string {
  return `${percent}%`;
}
