/**
 * domain/availability.ts, the one source of the slot rules (the site, the functions and
 * the generated SQL follow it): Easter and Zurich's public holidays for any year, calendar
 * arithmetic as Postgres does it, the slot window with the retention cap, and the
 * order of a day's and a slot's refusals. Expected dates come from published tables
 * (Easter: the Gregorian computus as tabulated e.g. by dateutil.easter), not from the code.
 */
import assert from 'node:assert/strict';
import {
  addDays,
  addMonths,
  bookableDays,
  slotRefusalReason,
  slotRules,
  slotWindow,
  dayAvailability,
  easterSunday,
  holidayName,
  holidaysOf,
  isoWeekday,
  openingHours,
} from '../_shared/domain/availability.ts';
import { timeSlots } from '../_shared/domain/catalog.ts';

Deno.test('Easter Sunday for known years, the earliest and latest possible dates included', () => {
  const known: [number, string][] = [
    [1818, '1818-03-22'],
    [1943, '1943-04-25'],
    [2000, '2000-04-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2100, '2100-03-28'],
    [2285, '2285-03-22'],
  ];
  for (const [year, date] of known) assert.equal(easterSunday(year), date, String(year));
  for (let year = 1900; year <= 2200; year++) {
    const easter = easterSunday(year);
    assert.equal(isoWeekday(easter), 7, `${year}: a Sunday`);
    assert.ok(easter >= `${year}-03-22` && easter <= `${year}-04-25`, `${year}: ${easter}`);
  }
});

Deno.test('the ten public holidays of the canton of Zurich in 2026 and 2027', () => {
  assert.deepEqual(holidaysOf(2026), [
    { name: 'Neujahr', date: '2026-01-01' },
    { name: 'Berchtoldstag', date: '2026-01-02' },
    { name: 'Karfreitag', date: '2026-04-03' },
    { name: 'Ostermontag', date: '2026-04-06' },
    { name: 'Tag der Arbeit', date: '2026-05-01' },
    { name: 'Auffahrt', date: '2026-05-14' },
    { name: 'Pfingstmontag', date: '2026-05-25' },
    { name: 'Bundesfeiertag', date: '2026-08-01' },
    { name: 'Weihnachten', date: '2026-12-25' },
    { name: 'Stephanstag', date: '2026-12-26' },
  ]);
  assert.deepEqual(holidaysOf(2027), [
    { name: 'Neujahr', date: '2027-01-01' },
    { name: 'Berchtoldstag', date: '2027-01-02' },
    { name: 'Karfreitag', date: '2027-03-26' },
    { name: 'Ostermontag', date: '2027-03-29' },
    { name: 'Tag der Arbeit', date: '2027-05-01' },
    { name: 'Auffahrt', date: '2027-05-06' },
    { name: 'Pfingstmontag', date: '2027-05-17' },
    { name: 'Bundesfeiertag', date: '2027-08-01' },
    { name: 'Weihnachten', date: '2027-12-25' },
    { name: 'Stephanstag', date: '2027-12-26' },
  ]);
  assert.equal(holidayName('2027-05-06'), 'Auffahrt');
  assert.equal(holidayName('2026-12-24'), null);
  assert.equal(holidayName('2026-05-14'), 'Auffahrt');
});

Deno.test('addDays across months, years and leap days; isoWeekday Monday 1 … Sunday 7', () => {
  assert.equal(addDays('2026-12-31', 1), '2027-01-01');
  assert.equal(addDays('2028-02-28', 1), '2028-02-29');
  assert.equal(addDays('2026-03-01', -1), '2026-02-28');
  assert.equal(addDays('2026-11-27', 0), '2026-11-27');
  assert.deepEqual(['2026-11-30', '2026-12-05', '2026-12-06'].map(isoWeekday), [1, 6, 7]);
  assert.throws(() => addDays('2026-02-30', 1), RangeError);
});

Deno.test('addMonths clamps to the month\'s last day as Postgres\' date + interval does', () => {
  const cases: [string, number, string][] = [
    ['2026-08-31', 6, '2027-02-28'],
    ['2027-08-31', 6, '2028-02-29'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-05-31', 1, '2026-06-30'],
    ['2026-11-27', 6, '2027-05-27'],
    ['2026-07-15', 6, '2027-01-15'],
    ['2026-11-27', 0, '2026-11-27'],
  ];
  for (const [date, months, expected] of cases) assert.equal(addMonths(date, months), expected, `${date} + ${months}`);
});

Deno.test('slotWindow: from the day after tomorrow to six months ahead, never past the request\'s 12-month retention', () => {
  assert.deepEqual(slotRules, { earliestDaysAhead: 2, horizonMonths: 6, retentionMonths: 12 });
  assert.deepEqual(slotWindow('2026-11-27'), { first: '2026-11-29', last: '2027-05-27' });
  assert.deepEqual(slotWindow('2026-08-31'), { first: '2026-09-02', last: '2027-02-28' });
  assert.deepEqual(slotWindow('2026-12-30'), { first: '2027-01-01', last: '2027-06-30' });
  // A move of an older request: the row is deleted 12 months after it was made.
  assert.deepEqual(slotWindow('2026-11-27', '2026-03-10'), { first: '2026-11-29', last: '2027-03-09' });
  assert.deepEqual(slotWindow('2026-11-27', '2026-05-28'), { first: '2026-11-29', last: '2027-05-27' });
  assert.deepEqual(slotWindow('2026-11-27', '2026-05-27'), { first: '2026-11-29', last: '2027-05-26' });
  // Made almost a year ago: nothing is left (first after last).
  const window = slotWindow('2026-11-27', '2025-11-29');
  assert.deepEqual(window, { first: '2026-11-29', last: '2026-11-28' });
});

Deno.test('dayAvailability: a holiday is named first, then a closed weekday, then the practice\'s closure; an open day offers its times', () => {
  const closures = new Set(['2027-08-01', '2026-12-06', '2026-12-25', '2026-12-08']);
  // Bundesfeiertag 2027 is a Sunday and a closure: the holiday wins.
  assert.deepEqual(dayAvailability('2027-08-01', closures), { open: false, reason: { kind: 'holiday', name: 'Bundesfeiertag' } });
  assert.deepEqual(dayAvailability('2026-12-25', closures), { open: false, reason: { kind: 'holiday', name: 'Weihnachten' } });
  // A Sunday that is also a closure: the weekday.
  assert.deepEqual(dayAvailability('2026-12-06', closures), { open: false, reason: { kind: 'weekday' } });
  assert.deepEqual(dayAvailability('2026-12-08', closures), { open: false, reason: { kind: 'closure' } });
  assert.deepEqual(dayAvailability('2026-12-08'), { open: true, times: timeSlots });
  assert.deepEqual(dayAvailability('2026-12-05'), { open: true, times: openingHours[6] });
  assert.equal(openingHours[7].length, 0);
});

Deno.test('slotRefusalReason: too soon, too far, closed, time not offered – in this order; null when bookable', () => {
  const today = '2026-11-27';
  const closures = new Set(['2026-12-08']);
  const refusal = (date: string, time: string | null, createdDay?: string) =>
    slotRefusalReason({ date, time }, { today, closures, ...(createdDay ? { createdDay } : {}) });
  assert.equal(refusal('2026-11-27', '10:00'), 'too_soon', 'today');
  assert.equal(refusal('2026-11-28', '12:00'), 'too_soon', 'tomorrow, before any other reason');
  assert.equal(refusal('2026-11-29', '10:00'), 'closed', 'the first day of the window is a Sunday');
  assert.equal(refusal('2026-11-30', '10:00'), null);
  assert.equal(refusal('2026-11-30', null), null, 'without a time only the day counts');
  assert.equal(refusal('2026-11-30', '12:00'), 'time_not_offered');
  assert.equal(refusal('2026-12-25', '12:00'), 'closed', 'closed before the time');
  assert.equal(refusal('2026-12-08', '10:00'), 'closed');
  assert.equal(refusal('2027-05-27', '10:00'), null, 'the last day of the window');
  assert.equal(refusal('2027-05-28', '10:00'), 'too_far');
  assert.equal(refusal('2027-12-25', '12:00'), 'too_far', 'too far before closed');
  assert.equal(refusal('2027-03-10', '10:00', '2026-03-10'), 'too_far', 'past the retention of the request');
  assert.equal(refusal('2027-03-09', '10:00', '2026-03-10'), null);
});

Deno.test('bookableDays: the first open days of the window in order, skipping Sundays, holidays and closures', () => {
  assert.deepEqual(bookableDays('2026-11-27', 5), ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
  assert.deepEqual(bookableDays('2026-11-27', 3, new Set(['2026-12-01'])), ['2026-11-30', '2026-12-02', '2026-12-03']);
  assert.deepEqual(bookableDays('2026-12-22', 3), ['2026-12-24', '2026-12-28', '2026-12-29']);
  assert.deepEqual(bookableDays('2026-11-27', 0), []);
  // Every open day of the window (counted independently: Mondays to Saturdays without the nine holidays in it).
  const all = bookableDays('2026-11-27', 1000);
  assert.equal(all.length, 145);
  assert.equal(all[0], '2026-11-30');
  assert.equal(all.at(-1), '2027-05-27');
  assert.ok(all.every((day) => dayAvailability(day).open));
});
