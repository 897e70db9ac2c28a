import assert from 'node:assert/strict';
import { formatDateLong, formatDateShort, formatDateTimeLong, formatInstantLong, parseIsoDate, zurichInstant, zurichWallClock } from '../_shared/domain/dates.ts';

Deno.test('calendar dates in de-CH long form with the weekday', () => {
  assert.equal(formatDateLong('2026-12-11'), 'Freitag, 11. Dezember 2026');
  assert.equal(formatDateLong('2026-12-12'), 'Samstag, 12. Dezember 2026');
  assert.equal(formatDateLong('2027-03-01'), 'Montag, 1. März 2027');
  assert.equal(formatDateLong('2028-02-29'), 'Dienstag, 29. Februar 2028');
});

Deno.test('calendar dates in de-CH short form, as Intl writes them, without a time zone', () => {
  assert.equal(formatDateShort('2025-12-31'), '31.12.2025');
  assert.equal(formatDateShort('2026-03-01'), '01.03.2026');
  const intl = new Intl.DateTimeFormat('de-CH', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  assert.equal(formatDateShort('2026-07-04'), intl.format(new Date(Date.UTC(2026, 6, 4))));
  assert.throws(() => formatDateShort('2026-02-30'), RangeError);
});

Deno.test('date and time: "Freitag, 11. Dezember 2026, 09:30 Uhr"; without a time only the date', () => {
  assert.equal(formatDateTimeLong('2026-12-11', '09:30'), 'Freitag, 11. Dezember 2026, 09:30 Uhr');
  assert.equal(formatDateTimeLong('2026-12-11', null), 'Freitag, 11. Dezember 2026');
});

Deno.test('ISO dates: only real days', () => {
  assert.deepEqual(parseIsoDate('2026-12-11'), { year: 2026, month: 12, day: 11 });
  assert.equal(parseIsoDate('2026-02-29'), null);
  assert.equal(parseIsoDate('2026-1-1'), null);
  assert.throws(() => formatDateLong('11.12.2026'), RangeError);
});

Deno.test('instants are shown on the Zurich wall clock, summer and winter time', () => {
  // Winter: UTC+1
  assert.equal(formatInstantLong(new Date('2026-11-22T10:15:42Z')), 'Sonntag, 22. November 2026, 11:15 Uhr');
  // Summer: UTC+2
  assert.equal(formatInstantLong(new Date('2026-07-01T08:05:00Z')), 'Mittwoch, 1. Juli 2026, 10:05 Uhr');
  // Past midnight in Zurich while still the previous day in UTC
  assert.equal(formatInstantLong(new Date('2026-12-31T23:30:00Z')), 'Freitag, 1. Januar 2027, 00:30 Uhr');
  // The DST switch on 29 March 2026 at 01:00 UTC
  assert.deepEqual(zurichWallClock(new Date('2026-03-29T00:59:00Z')).hour, 1);
  assert.deepEqual(zurichWallClock(new Date('2026-03-29T01:00:00Z')).hour, 3);
});

Deno.test('a wall-clock slot in Zurich as an instant: CET in winter, CEST in summer', () => {
  assert.equal(zurichInstant('2026-12-11', '09:30').toISOString(), '2026-12-11T08:30:00.000Z');
  assert.equal(zurichInstant('2027-07-01', '20:00').toISOString(), '2027-07-01T18:00:00.000Z');
  // The Sunday the clocks go forward: 09:00 is already summer time.
  assert.equal(zurichInstant('2027-03-28', '09:00').toISOString(), '2027-03-28T07:00:00.000Z');
  assert.throws(() => zurichInstant('2026-12-11', '9:30'), RangeError);
});
