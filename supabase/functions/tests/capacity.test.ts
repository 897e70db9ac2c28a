/**
 * The capacity rule (domain/capacity.ts): spans, who is free, which start times a service
 * can take. The database's copy of the same rule is compared with it in
 * tests/integration/capacity.test.ts.
 */
import assert from 'node:assert/strict';
import {
  type BookedSpan,
  clockMinutes,
  serviceMinutes,
  spanAvailability,
  spanEnd,
  spansOverlap,
  startTimeAvailability,
} from '../_shared/domain/capacity.ts';
import { serviceCatalog, type ServiceValue, timeSlots } from '../_shared/domain/catalog.ts';

const DAY = '2026-12-11';
/** A service's label, as the catalog names it and a request stores it. */
const label = (value: ServiceValue) => serviceCatalog.find((entry) => entry.value === value)!.label;
const booked = (advisor: BookedSpan['advisor'], time: string, minutes = 60, date = DAY): BookedSpan => ({ advisor, date, time, minutes });
const takenTimes = (minutes: number, appointments: BookedSpan[]) =>
  startTimeAvailability(DAY, minutes, timeSlots, appointments).filter((slot) => !slot.free).map((slot) => slot.time);

Deno.test('each service has its length, by value or by the stored label; anything else has none', () => {
  assert.deepEqual(['schlafberatung', 'follow-up', 'beratung-zuhause'].map(serviceMinutes), [60, 30, 120]);
  assert.deepEqual((['schlafberatung', 'follow-up', 'beratung-zuhause'] as const).map(label).map(serviceMinutes), [60, 30, 120]);
  assert.equal(serviceMinutes('Massage'), null);
});

Deno.test('spans are half-open: 09:00 for 60 minutes and 10:00 do not collide, 09:30 does', () => {
  const nine = { date: DAY, time: '09:00', minutes: 60 };
  assert.equal(spansOverlap(nine, { date: DAY, time: '10:00', minutes: 60 }), false);
  assert.equal(spansOverlap({ date: DAY, time: '10:00', minutes: 30 }, nine), false);
  assert.equal(spansOverlap(nine, { date: DAY, time: '09:30', minutes: 30 }), true);
  assert.equal(spansOverlap(nine, { date: DAY, time: '08:30', minutes: 31 }), true);
  assert.equal(spansOverlap(nine, { date: '2026-12-12', time: '09:00', minutes: 60 }), false, 'another day');
  assert.equal(spanEnd({ date: DAY, time: '20:00', minutes: 120 }), '22:00');
  assert.throws(() => clockMinutes('9:00'), RangeError);
});

Deno.test('two Schlafberatungen at 09:00 with both advisors: 09:00 and 09:30 taken for a Schlafberatung, 10:00 free', () => {
  const both = [booked('sandra-huber', '09:00'), booked('lukas-brunner', '09:00')];
  assert.deepEqual(takenTimes(60, both), ['09:00', '09:30']);
  // A follow-up of 30 minutes fits from 10:00 as well; 08:30 is no start time anyway.
  assert.deepEqual(takenTimes(30, both), ['09:00', '09:30']);
  // A home visit of 120 minutes starting 08:00 is not offered; at 09:00 and 09:30 it collides.
  assert.deepEqual(takenTimes(120, both), ['09:00', '09:30']);
});

Deno.test('with one of them, 09:00 is still free: the other advisor takes it', () => {
  const one = [booked('sandra-huber', '09:00')];
  assert.deepEqual(takenTimes(60, one), []);
  assert.deepEqual(spanAvailability({ date: DAY, time: '09:00', minutes: 60 }, one).free, ['lukas-brunner']);
  assert.deepEqual(spanAvailability({ date: DAY, time: '10:00', minutes: 60 }, one).free, ['sandra-huber', 'lukas-brunner']);
});

Deno.test('a long service collides earlier: a home visit at 13:00 keeps its advisor busy until 15:00', () => {
  const visit = [booked('lukas-brunner', '13:00', 120)];
  const free = (time: string) => spanAvailability({ date: DAY, time, minutes: 60 }, visit).free;
  assert.deepEqual(['12:30', '13:30', '14:30', '15:00'].map(free), [
    ['sandra-huber'],
    ['sandra-huber'],
    ['sandra-huber'],
    ['sandra-huber', 'lukas-brunner'],
  ]);
  // A second home visit, Sandra's 12:00–14:00: nobody is free for an hour from 13:00 or 13:30;
  // 11:30 (Lukas) and 14:00 (Sandra, whose visit ends then) still are.
  const both = [...visit, booked('sandra-huber', '12:00', 120)];
  assert.deepEqual(takenTimes(60, both), ['13:00', '13:30']);
});

Deno.test('11:30 for 60 minutes runs into the lunch pause and is still a valid start', () => {
  assert.deepEqual(startTimeAvailability(DAY, 60, ['11:30'], []), [{ time: '11:30', free: true }]);
  const lunch = [booked('sandra-huber', '11:30'), booked('lukas-brunner', '11:30')];
  assert.deepEqual(takenTimes(60, lunch), ['11:00', '11:30']);
  assert.deepEqual(takenTimes(30, lunch), ['11:30']);
});

Deno.test('who collides: each advisor\'s own overlapping appointments', () => {
  const appointments = [booked('sandra-huber', '09:00'), booked('lukas-brunner', '10:00', 30), booked('lukas-brunner', '11:00')];
  const availability = spanAvailability({ date: DAY, time: '09:30', minutes: 60 }, appointments);
  assert.deepEqual(availability.free, []);
  assert.deepEqual(availability.advisors, [
    { advisor: 'sandra-huber', free: false, collisions: [appointments[0]] },
    { advisor: 'lukas-brunner', free: false, collisions: [appointments[1]] },
  ]);
});

Deno.test('an old appointment without an advisor takes one of the free advisors', () => {
  const unassigned = [booked(null, '09:00')];
  assert.deepEqual(spanAvailability({ date: DAY, time: '09:00', minutes: 60 }, unassigned).free, ['sandra-huber', 'lukas-brunner']);
  assert.deepEqual(spanAvailability({ date: DAY, time: '09:00', minutes: 60 }, [...unassigned, booked('sandra-huber', '09:00')]).free, []);
  assert.deepEqual(spanAvailability({ date: DAY, time: '09:00', minutes: 60 }, [booked(null, '09:00'), booked(null, '09:30')]).free, []);
});
