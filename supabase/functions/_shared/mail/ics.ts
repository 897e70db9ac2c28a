/**
 * Calendar files (RFC 5545) for the appointment e-mails. Without `scheduling`, the
 * tentative entry attached to the practice's mail about a request: METHOD:PUBLISH with
 * STATUS:TENTATIVE, so a calendar shows the requested slot without sending anyone an
 * invitation. With it, the confirmed appointment (METHOD:REQUEST, STATUS:CONFIRMED) or
 * its cancellation (METHOD:CANCEL, STATUS:CANCELLED) as RFC 5546 describes them: the same
 * UID as before, a SEQUENCE that only grows, the practice as ORGANIZER and the visitor as
 * ATTENDEE. Timed entries are in Europe/Zurich with a VTIMEZONE block; without a time the
 * entry covers the whole day. Pure: no network, no env.
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

/** The whole .ics file: CRLF line ends, folded lines, escaped text. */
export function buildCalendarFile(request: CalendarRequest): string {
  const date = parseIsoDate(request.date);
  if (!date) throw new RangeError(`Not an ISO calendar date: ${request.date}`);
  const timed = request.time !== null;

  const when = request.time !== null
    ? [
      `DTSTART;TZID=${PRACTICE_TIME_ZONE}:${basicDate(date)}T${request.time.replace(':', '')}00`,
      `DTEND;TZID=${PRACTICE_TIME_ZONE}:${addMinutes(date, request.time, request.durationMinutes)}`,
    ]
    : [`DTSTART;VALUE=DATE:${basicDate(date)}`, `DTEND;VALUE=DATE:${basicDate(nextDay(date))}`];

  const { scheduling } = request;
  if (scheduling && (!Number.isSafeInteger(scheduling.sequence) || scheduling.sequence < 0)) {
    throw new RangeError(`SEQUENCE must be a whole number ≥ 0: ${scheduling.sequence}`);
  }
  const status = scheduling ? (scheduling.method === 'REQUEST' ? 'CONFIRMED' : 'CANCELLED') : 'TENTATIVE';
  const schedulingLines = scheduling
    ? [
      `SEQUENCE:${scheduling.sequence}`,
      participant('ORGANIZER', scheduling.organizer),
      participant('ATTENDEE', scheduling.attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED'),
    ]
    : [];

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ruhepol Schlafberatung//Terminanfrage//DE',
    'CALSCALE:GREGORIAN',
    `METHOD:${scheduling?.method ?? 'PUBLISH'}`,
    ...(timed ? ZURICH_VTIMEZONE : []),
    'BEGIN:VEVENT',
    `UID:${request.uid}`,
    `DTSTAMP:${utcStamp(request.createdAt)}`,
    ...when,
    `SUMMARY:${escapeIcsText(request.summary)}`,
    `DESCRIPTION:${escapeIcsText(request.description)}`,
    ...(request.location ? [`LOCATION:${escapeIcsText(request.location)}`] : []),
    ...schedulingLines,
    `STATUS:${status}`,
    // An all-day placeholder should not block the day in the practice's free/busy view.
    `TRANSP:${timed ? 'OPAQUE' : 'TRANSPARENT'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
