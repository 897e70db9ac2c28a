/**
 * Calendar files (RFC 5545) for the appointment e-mails, and the practice's calendar feeds.
 * Without `scheduling`, the tentative entry attached to the practice's mail about a
 * request: METHOD:PUBLISH with STATUS:TENTATIVE, so a calendar shows the requested slot
 * without sending anyone an invitation. With it, the confirmed appointment
 * (METHOD:REQUEST, STATUS:CONFIRMED) or its cancellation (METHOD:CANCEL, STATUS:CANCELLED)
 * as RFC 5546 describes them: the same UID as before, a SEQUENCE that only grows, the
 * practice as ORGANIZER and the visitor as ATTENDEE. Timed entries are in Europe/Zurich
 * with a VTIMEZONE block; without a time the entry covers the whole day.
 * The feeds (practice-calendar) are one METHOD:PUBLISH calendar of many entries, each
 * written by the same calendarEvent as the mails' single one, so an appointment has the
 * same UID and SEQUENCE in the feed as in the visitor's file. Pure: no network, no env.
 */
import { mailtoHref } from './mailto.ts';
import { parseIsoDate, PRACTICE_TIME_ZONE, type CalendarDate } from '../domain/dates.ts';
import { practiceContact } from '../domain/practice.ts';

/** The UID of a request's calendar entries: the same for every file of its life, never another sender's. */
export function calendarUid(requestId: string): string {
  return `${requestId}@${practiceContact.calendarDomain}`;
}


export interface CalendarRequest {
  /** Becomes the UID, so a second file for the same request updates the entry instead of adding one. */
  uid: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' on the practice's wall clock, or null for an all-day entry. */
  time: string | null;
  durationMinutes: number;
  summary: string;
  description: string;
  location?: string;
  /** When the file is made (DTSTAMP, written in UTC). */
  createdAt: Date;
  /** A confirmed appointment or its cancellation; absent for the tentative entry of a request. */
  scheduling?: CalendarScheduling;
}

export interface CalendarParticipant {
  name: string;
  email: string;
}

export interface CalendarScheduling {
  method: 'REQUEST' | 'CANCEL';
  /** RFC 5545 SEQUENCE: larger with every change of the appointment (the database's calendar_sequence). */
  sequence: number;
  organizer: CalendarParticipant;
  attendee: CalendarParticipant;
}

/** RFC 5545 3.2.2 CN is a parameter value: quoted, and a quote cannot occur inside it. */
function participant(property: 'ORGANIZER' | 'ATTENDEE', { name, email }: CalendarParticipant, extra = ''): string {
  if (/[\r\n"]/.test(email) || /[\r\n]/.test(name)) throw new RangeError(`${property}: no quotes or line breaks`);
  return `${property};CN="${name.replace(/"/g, "'")}"${extra}:${mailtoHref(email)}`;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** RFC 5545 3.3.11 TEXT: backslash, semicolon and comma escaped; every line break becomes \n. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * RFC 5545 3.1: lines longer than 75 octets are split, each continuation starting with a
 * space. Splits between characters, never inside a multi-byte UTF-8 sequence.
 */
export function foldIcsLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let currentOctets = 0;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    // A continuation line's leading space counts towards its 75 octets.
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (currentOctets + octets > limit) {
      pieces.push(current);
      current = '';
      currentOctets = 0;
    }
    current += char;
    currentOctets += octets;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function basicDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}${pad(month)}${pad(day)}`;
}

function utcStamp(instant: Date): string {
  return (
    `${pad(instant.getUTCFullYear(), 4)}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  );
}

/** Adds minutes to a wall-clock time. Appointments lie between 09:00 and 22:00, far from the 02:00–03:00 DST switch. */
function addMinutes(date: CalendarDate, time: string, minutes: number): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`Not a time: ${time}`);
  const start = Date.UTC(date.year, date.month - 1, date.day, Number(match[1]), Number(match[2]));
  const end = new Date(start + minutes * 60_000);
  return (
    `${pad(end.getUTCFullYear(), 4)}${pad(end.getUTCMonth() + 1)}${pad(end.getUTCDate())}` +
    `T${pad(end.getUTCHours())}${pad(end.getUTCMinutes())}00`
  );
}

function nextDay({ year, month, day }: CalendarDate): CalendarDate {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** Central European Time with the EU's daylight saving rule (last Sunday of March and October). */
const ZURICH_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${PRACTICE_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19810329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19961027T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The status of an entry: a request's tentative slot, a confirmed appointment, a cancelled one. */
export type CalendarStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

/** One entry (VEVENT) of a calendar file or feed. */
export interface CalendarEvent {
  uid: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' on the practice's wall clock, or null for an all-day entry. */
  time: string | null;
  durationMinutes: number;
  summary: string;
  description: string;
  location?: string;
  /** DTSTAMP (written in UTC): when the file or the feed is made. */
  stamp: Date;
  status: CalendarStatus;
  /** RFC 5545 SEQUENCE (the database's calendar_sequence); absent for a request's tentative entry. */
  sequence?: number;
  organizer?: CalendarParticipant;
  attendee?: CalendarParticipant;
  /** TRANSP:TRANSPARENT, so the entry blocks no time in a free/busy view; by default only all-day entries are. */
  transparent?: boolean;
}

/** The entry's logical lines, BEGIN:VEVENT to END:VEVENT: escaped, not yet folded. */
export function calendarEvent(event: CalendarEvent): string[] {
  const date = parseIsoDate(event.date);
  if (!date) throw new RangeError(`Not an ISO calendar date: ${event.date}`);
  if (event.sequence !== undefined && (!Number.isSafeInteger(event.sequence) || event.sequence < 0)) {
    throw new RangeError(`SEQUENCE must be a whole number ≥ 0: ${event.sequence}`);
  }
  const when = event.time !== null
    ? [
      `DTSTART;TZID=${PRACTICE_TIME_ZONE}:${basicDate(date)}T${event.time.replace(':', '')}00`,
      `DTEND;TZID=${PRACTICE_TIME_ZONE}:${addMinutes(date, event.time, event.durationMinutes)}`,
    ]
    : [`DTSTART;VALUE=DATE:${basicDate(date)}`, `DTEND;VALUE=DATE:${basicDate(nextDay(date))}`];
  // An all-day placeholder should not block the day in the practice's free/busy view.
  const transparent = event.transparent ?? event.time === null;
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    ...when,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    // An entry with nothing to say (a cancellation in the practice's feeds) has no DESCRIPTION.
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    ...(event.sequence !== undefined ? [`SEQUENCE:${event.sequence}`] : []),
    ...(event.organizer ? [participant('ORGANIZER', event.organizer)] : []),
    ...(event.attendee ? [participant('ATTENDEE', event.attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED')] : []),
    `STATUS:${event.status}`,
    `TRANSP:${transparent ? 'TRANSPARENT' : 'OPAQUE'}`,
    'END:VEVENT',
  ];
}

/** Logical lines → the file: folded, CRLF line ends. */
const calendarText = (lines: readonly string[]) => lines.map(foldIcsLine).join(CRLF) + CRLF;

/** The whole .ics file of one mail: CRLF line ends, folded lines, escaped text. */
export function buildCalendarFile(request: CalendarRequest): string {
  const { scheduling } = request;
  const event = calendarEvent({
    uid: request.uid,
    date: request.date,
    time: request.time,
    durationMinutes: request.durationMinutes,
    summary: request.summary,
    description: request.description,
    ...(request.location ? { location: request.location } : {}),
    stamp: request.createdAt,
    status: scheduling ? (scheduling.method === 'REQUEST' ? 'CONFIRMED' : 'CANCELLED') : 'TENTATIVE',
    ...(scheduling ? { sequence: scheduling.sequence, organizer: scheduling.organizer, attendee: scheduling.attendee } : {}),
  });
  return calendarText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ruhepol Schlafberatung//Terminanfrage//DE',
    'CALSCALE:GREGORIAN',
    `METHOD:${scheduling?.method ?? 'PUBLISH'}`,
    ...(request.time !== null ? ZURICH_VTIMEZONE : []),
    ...event,
    'END:VCALENDAR',
  ]);
}

/**
 * How often a subscribing calendar should fetch the feed again (RFC 7986 REFRESH-INTERVAL,
 * and Outlook's X-PUBLISHED-TTL). A hint only: each calendar app keeps its own interval.
 */
export const FEED_REFRESH = 'PT1H';

/**
 * A calendar feed for subscribing (webcal): METHOD:PUBLISH, its name for the calendar list
 * (X-WR-CALNAME), the Europe/Zurich VTIMEZONE and every entry, in the given order.
 */
export function buildCalendarFeed(name: string, events: readonly CalendarEvent[]): string {
  return calendarText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ruhepol Schlafberatung//Praxiskalender//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(name)}`,
    `X-WR-TIMEZONE:${PRACTICE_TIME_ZONE}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}`,
    `X-PUBLISHED-TTL:${FEED_REFRESH}`,
    ...ZURICH_VTIMEZONE,
    ...events.flatMap(calendarEvent),
    'END:VCALENDAR',
  ]);
}
