/**
 * de-CH dates for the site and the e-mails: 'Freitag, 11. Dezember 2026, 09:30 Uhr',
 * '11.12.2026'; and today's date in Zurich for the forms and the functions. Calendar dates
 * ('YYYY-MM-DD') are formatted as they are, without a time zone; instants (time of
 * receipt) are shown on the practice's wall clock in Europe/Zurich. Names are written
 * out rather than taken from Intl so the text cannot change with the runtime's ICU data.
 * Pure: no network, no environment.
 */

export const PRACTICE_TIME_ZONE = 'Europe/Zurich';

const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'] as const;
const MONTHS = [
  'Januar', 'Februar', 'März', 'April', 'Mai', 'Juni',
  'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember',
] as const;

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export interface WallClock extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

/** 'YYYY-MM-DD' that names a real day (no 2026-02-30), else null. */
export function parseIsoDate(iso: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

function requireIsoDate(iso: string): CalendarDate {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`Not an ISO calendar date: ${iso}`);
  return date;
}

function weekday({ year, month, day }: CalendarDate): string {
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

function formatCalendarDate(date: CalendarDate): string {
  return `${weekday(date)}, ${date.day}. ${MONTHS[date.month - 1]} ${date.year}`;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** '2026-12-11' → 'Freitag, 11. Dezember 2026' */
export function formatDateLong(iso: string): string {
  return formatCalendarDate(requireIsoDate(iso));
}

/** '2025-12-31' → '31.12.2025' (a blog post's date, the privacy notice's last change) */
export function formatDateShort(iso: string): string {
  const { year, month, day } = requireIsoDate(iso);
  return `${pad2(day)}.${pad2(month)}.${year}`;
}

/** '09:30' → '09:30 Uhr' */
export function formatTime(time: string): string {
  return `${time} Uhr`;
}

/** ('2026-12-11', '09:30') → 'Freitag, 11. Dezember 2026, 09:30 Uhr'; without a time only the date. */
export function formatDateTimeLong(iso: string, time: string | null): string {
  const date = formatDateLong(iso);
  return time === null ? date : `${date}, ${formatTime(time)}`;
}

/**
 * A requested slot, which may lack a time: 'Freitag, 11. Dezember 2026, 09:30 Uhr' or
 * 'Freitag, 11. Dezember 2026 (keine Uhrzeit gewählt)' – the e-mails and the action page.
 */
export function formatSlotLong(iso: string, time: string | null): string {
  return time === null ? `${formatDateLong(iso)} (keine Uhrzeit gewählt)` : formatDateTimeLong(iso, time);
}

const zurichParts = new Intl.DateTimeFormat('en-US', {
  timeZone: PRACTICE_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** The practice's wall-clock time at an instant (daylight saving time included). */
export function zurichWallClock(instant: Date): WallClock {
  const parts = Object.fromEntries(zurichParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The practice's calendar day, `daysFromToday` days from `now`, as 'YYYY-MM-DD' (the date input's format). */
export function zurichIsoDate(daysFromToday = 0, now = new Date()): string {
  const today = zurichWallClock(now);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + daysFromToday));
  return day.toISOString().slice(0, 10);
}

/** An instant as 'Sonntag, 22. November 2026, 11:15 Uhr' in Europe/Zurich. */
export function formatInstantLong(instant: Date): string {
  const clock = zurichWallClock(instant);
  return `${formatCalendarDate(clock)}, ${pad2(clock.hour)}:${pad2(clock.minute)} Uhr`;
}

/**
 * The instant of a wall-clock time on the practice's calendar ('2026-12-11', '09:30'),
 * daylight saving time included. Appointments lie between 09:00 and 22:00, never in the
 * hour the clocks skip or repeat.
 */
export function zurichInstant(iso: string, time: string): Date {
  const date = requireIsoDate(iso);
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`Not a time: ${time}`);
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, Number(match[1]), Number(match[2]));
  // The offset at the guessed instant is the offset at the answer, away from the switch.
  const clock = zurichWallClock(new Date(asUtc));
  const offset = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - asUtc;
  return new Date(asUtc - offset);
}
