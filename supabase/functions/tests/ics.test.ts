import assert from 'node:assert/strict';
import { appointmentCalendarFile } from '../_shared/forms/request-emails.ts';
import { calendarUid } from '../_shared/mail/ics.ts';
import { buildCalendarFile, escapeIcsText, foldIcsLine, type CalendarRequest } from '../_shared/mail/ics.ts';
import { storedAppointmentRequest, REQUEST_ID } from './helpers.ts';
import { buildCalendarFeed, calendarEvent, type CalendarEvent } from '../_shared/mail/ics.ts';
import { advisorName } from '../_shared/domain/practice.ts';
import { serviceCatalog } from '../_shared/domain/catalog.ts';

const LUKAS_BRUNNER = advisorName('lukas-brunner');
/** The home visit's label, as the catalog names it. */
const HOME_VISIT = serviceCatalog.find((entry) => entry.value === 'beratung-zuhause')!.label;

const STAMP = new Date('2026-11-22T10:15:42.500Z');

function request(overrides: Partial<CalendarRequest> = {}): CalendarRequest {
  return {
    uid: 'abc@ruhepol-schlafberatung.ch',
    date: '2026-12-11',
    time: '09:30',
    durationMinutes: 60,
    summary: 'Terminanfrage: Schlafberatung – Beat Keller',
    description: 'Zeile 1\nZeile 2',
    createdAt: STAMP,
    ...overrides,
  };
}

/** Unfolds (RFC 5545 3.1) and returns the logical lines. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter((line) => line !== '');
}

/** The values of a property inside the VEVENT (the VTIMEZONE has DTSTARTs of its own). */
function property(ics: string, name: string): string[] {
  const lines = unfold(ics);
  const event = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT'));
  return event.filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
}

Deno.test('ics: every line ends with CRLF, no bare LF or CR, no line longer than 75 octets', () => {
  const ics = buildCalendarFile(request({ description: 'ä'.repeat(300), summary: 'x'.repeat(200) }));
  assert.ok(ics.endsWith('\r\n'));
  assert.equal(/\r(?!\n)|(?<!\r)\n/.test(ics), false);
  for (const line of ics.split('\r\n')) assert.ok(new TextEncoder().encode(line).length <= 75, line);
});

Deno.test('ics: a calendar with one tentative, published event and matched BEGIN/END blocks', () => {
  const lines = unfold(buildCalendarFile(request()));
  assert.equal(lines[0], 'BEGIN:VCALENDAR');
  assert.equal(lines.at(-1), 'END:VCALENDAR');
  assert.ok(lines.includes('VERSION:2.0'));
  assert.ok(lines.some((line) => line.startsWith('PRODID:')));
  assert.ok(lines.includes('METHOD:PUBLISH'));
  assert.ok(lines.includes('STATUS:TENTATIVE'));
  assert.equal(lines.filter((line) => line === 'BEGIN:VEVENT').length, 1);
  const stack: string[] = [];
  for (const line of lines) {
    if (line.startsWith('BEGIN:')) stack.push(line.slice(6));
    if (line.startsWith('END:')) assert.equal(stack.pop(), line.slice(4));
  }
  assert.equal(stack.length, 0);
});

Deno.test('ics: timed entry in Europe/Zurich with a VTIMEZONE, DTSTAMP in UTC', () => {
  const ics = buildCalendarFile(request());
  assert.deepEqual(property(ics, 'DTSTART'), ['DTSTART;TZID=Europe/Zurich:20261211T093000']);
  assert.deepEqual(property(ics, 'DTEND'), ['DTEND;TZID=Europe/Zurich:20261211T103000']);
  assert.deepEqual(property(ics, 'DTSTAMP'), ['DTSTAMP:20261122T101542Z']);
  const lines = unfold(ics);
  assert.ok(lines.includes('BEGIN:VTIMEZONE'));
  assert.ok(lines.includes('TZID:Europe/Zurich'));
  assert.ok(lines.includes('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU'));
  assert.ok(lines.includes('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU'));
  assert.ok(lines.indexOf('END:VTIMEZONE') < lines.indexOf('BEGIN:VEVENT'));
});

Deno.test('ics: the length comes from the service in the catalogue', () => {
  const end = (service: string, time = '09:30') =>
    property(appointmentCalendarFile(storedAppointmentRequest({ service, preferred_time: time }), STAMP), 'DTEND')[0];
  assert.equal(end('Schlafberatung'), 'DTEND;TZID=Europe/Zurich:20261211T103000');
  assert.equal(end('Follow-up Termin'), 'DTEND;TZID=Europe/Zurich:20261211T100000');
  assert.equal(end(HOME_VISIT), 'DTEND;TZID=Europe/Zurich:20261211T113000');
  assert.equal(end(HOME_VISIT, '20:00'), 'DTEND;TZID=Europe/Zurich:20261211T220000');
});

Deno.test('ics: without a preferred time, an all-day entry and no time zone', () => {
  const ics = buildCalendarFile(request({ time: null }));
  assert.deepEqual(property(ics, 'DTSTART'), ['DTSTART;VALUE=DATE:20261211']);
  assert.deepEqual(property(ics, 'DTEND'), ['DTEND;VALUE=DATE:20261212']);
  assert.equal(ics.includes('VTIMEZONE'), false);
  assert.equal(ics.includes('TZID'), false);
  // Crossing a month and a year
  assert.deepEqual(property(buildCalendarFile(request({ time: null, date: '2026-12-31' })), 'DTEND'), ['DTEND;VALUE=DATE:20270101']);
});

Deno.test('ics: UID from the request id, SUMMARY with service and name', () => {
  const ics = appointmentCalendarFile(storedAppointmentRequest(), STAMP);
  assert.deepEqual(property(ics, 'UID'), [`UID:${REQUEST_ID}@ruhepol-schlafberatung.ch`]);
  assert.equal(calendarUid(REQUEST_ID), `${REQUEST_ID}@ruhepol-schlafberatung.ch`);
  assert.deepEqual(property(ics, 'SUMMARY'), ['SUMMARY:Terminanfrage: Schlafberatung – Beat Keller']);
});

Deno.test('ics: text values escape backslash, semicolon, comma and line breaks', () => {
  assert.equal(escapeIcsText('a\\b;c,d\ne\r\nf\rg'), 'a\\\\b\\;c\\,d\\ne\\nf\\ng');
  const ics = appointmentCalendarFile(storedAppointmentRequest({ first_name: 'Anna, Maria', last_name: 'Muster; Meier\\' }), STAMP);
  assert.deepEqual(property(ics, 'SUMMARY'), ['SUMMARY:Terminanfrage: Schlafberatung – Anna\\, Maria Muster\\; Meier\\\\']);
  // A visitor's value cannot start a new property.
  const injected = buildCalendarFile(request({ summary: 'x\r\nATTENDEE:mailto:evil@example.com' }));
  assert.equal(unfold(injected).some((line) => line.startsWith('ATTENDEE')), false);
});

Deno.test('ics: the practice copy leaves out the free-text message (health details)', () => {
  const ics = appointmentCalendarFile(storedAppointmentRequest({ message: 'Bandscheibenvorfall L4/L5' }), STAMP);
  assert.equal(ics.includes('Bandscheibenvorfall'), false);
  const description = property(ics, 'DESCRIPTION')[0] ?? '';
  assert.match(description, /Telefon: \+41 44 123 45 67/);
  assert.match(description, /Alternativtermin: Montag\\, 14\. Dezember 2026\\, 17:00 Uhr/);
});

Deno.test('ics folding: 75 octets per line, continuation starts with a space, multi-byte characters stay whole', () => {
  assert.equal(foldIcsLine('SUMMARY:short'), 'SUMMARY:short');
  const ascii = `DESCRIPTION:${'a'.repeat(200)}`;
  const folded = foldIcsLine(ascii);
  const parts = folded.split('\r\n');
  assert.equal(parts[0]!.length, 75);
  for (const part of parts.slice(1)) {
    assert.ok(part.startsWith(' '));
    assert.ok(part.length <= 75);
  }
  assert.equal(folded.replace(/\r\n /g, ''), ascii);

  const umlauts = `SUMMARY:${'ü'.repeat(100)}`; // 2 octets each
  const foldedUmlauts = foldIcsLine(umlauts);
  for (const part of foldedUmlauts.split('\r\n')) {
    assert.ok(new TextEncoder().encode(part).length <= 75);
    assert.equal(part.includes('\ufffd'), false);
  }
  assert.equal(foldedUmlauts.replace(/\r\n /g, ''), umlauts);
  const emoji = `SUMMARY:${'😴'.repeat(40)}`; // 4 octets each
  assert.equal(foldIcsLine(emoji).replace(/\r\n /g, ''), emoji);
});

const practice = { name: 'Ruhepol Schlafberatung', email: 'praxis@ruhepol-schlafberatung.ch' };
const visitor = { name: 'Beat "Bobby" Keller', email: 'beat@example.ch' };

Deno.test('ics: the confirmed appointment is a REQUEST with the same UID, its SEQUENCE, organizer and attendee', () => {
  const ics = buildCalendarFile(request({ scheduling: { method: 'REQUEST', sequence: 1, organizer: practice, attendee: visitor } }));
  const lines = unfold(ics);
  assert.ok(lines.includes('METHOD:REQUEST'));
  assert.deepEqual(property(ics, 'UID'), ['UID:abc@ruhepol-schlafberatung.ch']);
  assert.deepEqual(property(ics, 'STATUS'), ['STATUS:CONFIRMED']);
  assert.deepEqual(property(ics, 'SEQUENCE'), ['SEQUENCE:1']);
  assert.deepEqual(property(ics, 'ORGANIZER'), ['ORGANIZER;CN="Ruhepol Schlafberatung":mailto:praxis@ruhepol-schlafberatung.ch']);
  // A quote cannot stand inside a quoted parameter value (RFC 5545 3.1).
  assert.deepEqual(property(ics, 'ATTENDEE'), [`ATTENDEE;CN="Beat 'Bobby' Keller";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:beat@example.ch`]);
  assert.deepEqual(property(ics, 'DTSTART'), ['DTSTART;TZID=Europe/Zurich:20261211T093000']);
});

Deno.test('ics: the cancellation is a CANCEL of the same UID with a higher SEQUENCE', () => {
  const ics = buildCalendarFile(request({ scheduling: { method: 'CANCEL', sequence: 2, organizer: practice, attendee: visitor } }));
  assert.ok(unfold(ics).includes('METHOD:CANCEL'));
  assert.deepEqual(property(ics, 'STATUS'), ['STATUS:CANCELLED']);
  assert.deepEqual(property(ics, 'SEQUENCE'), ['SEQUENCE:2']);
  assert.deepEqual(property(ics, 'UID'), ['UID:abc@ruhepol-schlafberatung.ch']);
});

Deno.test('ics: the tentative entry of a request has no SEQUENCE, ORGANIZER or ATTENDEE (it invites nobody)', () => {
  const ics = buildCalendarFile(request());
  for (const name of ['SEQUENCE', 'ORGANIZER', 'ATTENDEE']) assert.deepEqual(property(ics, name), [], name);
});

Deno.test('ics: refuses a SEQUENCE that is not a whole number ≥ 0, and a line break in a participant', () => {
  const scheduling = { method: 'REQUEST' as const, sequence: -1, organizer: practice, attendee: visitor };
  assert.throws(() => buildCalendarFile(request({ scheduling })), RangeError);
  assert.throws(() => buildCalendarFile(request({ scheduling: { ...scheduling, sequence: 1.5 } })), RangeError);
  assert.throws(() => buildCalendarFile(request({ scheduling: { ...scheduling, sequence: 1, attendee: { name: 'A\r\nB', email: 'a@b.ch' } } })), RangeError);
});

// ------------------------------------------------------------------------------ the feeds' calendars

function feedEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uid: 'abc@ruhepol-schlafberatung.ch',
    date: '2026-12-11',
    time: '09:30',
    durationMinutes: 90,
    summary: 'Schlafberatung: Beat Keller',
    description: 'Telefon: +41 44 123 45 67',
    stamp: STAMP,
    status: 'CONFIRMED',
    sequence: 1,
    ...overrides,
  };
}

Deno.test('ics: a mail\'s file is its one calendarEvent in a VCALENDAR – the mails and the feeds write entries alike', () => {
  const scheduling = { method: 'REQUEST' as const, sequence: 3, organizer: practice, attendee: visitor };
  const file = unfold(buildCalendarFile(request({ location: 'Uitikon', scheduling })));
  const event = calendarEvent({
    uid: 'abc@ruhepol-schlafberatung.ch',
    date: '2026-12-11',
    time: '09:30',
    durationMinutes: 60,
    summary: 'Terminanfrage: Schlafberatung – Beat Keller',
    description: 'Zeile 1\nZeile 2',
    location: 'Uitikon',
    stamp: STAMP,
    status: 'CONFIRMED',
    sequence: 3,
    organizer: practice,
    attendee: visitor,
  });
  assert.deepEqual(file.slice(file.indexOf('BEGIN:VEVENT'), file.indexOf('END:VEVENT') + 1), event);
});

Deno.test('ics: a feed is one published calendar with its name, the Zurich time zone once and every entry', () => {
  const feed = buildCalendarFeed('Ruhepol – Praxis, Team; A\\B', [
    feedEvent(),
    feedEvent({ uid: 'def@ruhepol-schlafberatung.ch', status: 'CANCELLED', sequence: 2, transparent: true, summary: 'x'.repeat(200) }),
  ]);
  assert.ok(feed.endsWith('\r\n'));
  assert.equal(/\r(?!\n)|(?<!\r)\n/.test(feed), false);
  for (const line of feed.split('\r\n')) assert.ok(new TextEncoder().encode(line).length <= 75, line);
  const lines = unfold(feed);
  assert.equal(lines[0], 'BEGIN:VCALENDAR');
  assert.equal(lines.at(-1), 'END:VCALENDAR');
  for (const expected of ['VERSION:2.0', 'METHOD:PUBLISH', 'X-WR-CALNAME:Ruhepol – Praxis\\, Team\\; A\\\\B', 'X-WR-TIMEZONE:Europe/Zurich']) {
    assert.ok(lines.includes(expected), expected);
  }
  assert.equal(lines.filter((line) => line === 'BEGIN:VTIMEZONE').length, 1);
  assert.ok(lines.indexOf('END:VTIMEZONE') < lines.indexOf('BEGIN:VEVENT'));
  assert.deepEqual(lines.filter((line) => /^(UID|STATUS|SEQUENCE|TRANSP|DTEND)[:;]/.test(line)), [
    'UID:abc@ruhepol-schlafberatung.ch',
    'DTEND;TZID=Europe/Zurich:20261211T110000',
    'SEQUENCE:1',
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'UID:def@ruhepol-schlafberatung.ch',
    'DTEND;TZID=Europe/Zurich:20261211T110000',
    'SEQUENCE:2',
    'STATUS:CANCELLED',
    'TRANSP:TRANSPARENT',
  ]);
  const stack: string[] = [];
  for (const line of lines) {
    if (line.startsWith('BEGIN:')) stack.push(line.slice(6));
    if (line.startsWith('END:')) assert.equal(stack.pop(), line.slice(4));
  }
  assert.equal(stack.length, 0);
  // Without entries it is still a calendar (with the time zone).
  const empty = unfold(buildCalendarFeed(`Ruhepol – ${LUKAS_BRUNNER}`, []));
  assert.equal(empty.includes('BEGIN:VEVENT'), false);
  assert.ok(empty.includes('BEGIN:VTIMEZONE'));
});

Deno.test('ics: an entry refuses a SEQUENCE that is not a whole number ≥ 0 and a date that is none', () => {
  assert.throws(() => calendarEvent(feedEvent({ sequence: -1 })), RangeError);
  assert.throws(() => calendarEvent(feedEvent({ sequence: 0.5 })), RangeError);
  assert.throws(() => calendarEvent(feedEvent({ date: '2026-02-30' })), RangeError);
  assert.doesNotThrow(() => calendarEvent(feedEvent({ sequence: undefined, status: 'TENTATIVE' })));
});
