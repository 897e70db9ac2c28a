/**
 * How many appointments the practice can hold at once: the one rule for capacity, used by
 * the booking form (through public.appointment_start_times, which the database computes by
 * the same rule), the action page, the edge functions and the database's constraint.
 *
 * - Each confirmed appointment belongs to one advisor (practice.ts, practiceAdvisors) and
 *   occupies its service's length (catalog.ts, durationMinutes; the home visit's includes
 *   the drive) from its start time: the half-open span [start, start + length).
 * - An advisor is never in two appointments at once; with two advisors the practice holds
 *   at most two at once. Spans that only touch (09:00–10:00 and 10:00) do not collide.
 * - A start time is offered for a service when at least one advisor is free for the
 *   service's whole length. The opening rules (availability.ts) decide which start times a
 *   day has; an appointment may run past them (11:30 for 60 minutes runs into the lunch
 *   pause and is still a valid start).
 * - Appointments confirmed before advisors were recorded and that could not be given one
 *   (the practice had confirmed more than two at once) have no advisor: each such
 *   appointment takes one of the advisors free at its time, whom the rule cannot name.
 *
 * The database holds the same rule: the exclusion constraint advisor_one_at_a_time (one
 * advisor, no overlapping spans), the lengths in private.service_minutes (generated from
 * catalog.ts), private.someone_free and public.appointment_start_times;
 * tests/integration/capacity.test.ts compares them with this file. Pure: no network, no env.
 */
import { serviceCatalog } from './catalog.ts';
import { type AdvisorId, practiceAdvisors } from './practice.ts';

/** 'HH:MM' → minutes after midnight. */
export function clockMinutes(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`Not a clock time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes after midnight → 'HH:MM' (past midnight it keeps counting: 24:30). */
export function clockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** How long a service takes, by its value ('schlafberatung') or its stored label ('Schlafberatung'); null if unknown. */
export function serviceMinutes(service: string): number | null {
  return serviceCatalog.find((entry) => entry.value === service || entry.label === service)?.durationMinutes ?? null;
}

/** A span of time on one day: a start time and a length in minutes. */
export interface TimeSpan {
  date: string;
  time: string;
  minutes: number;
}

/** A confirmed appointment as capacity sees it. `advisor` null: confirmed before advisors were recorded, unassignable. */
export interface BookedSpan extends TimeSpan {
  advisor: AdvisorId | null;
}

/** When the span ends, 'HH:MM'. */
export function spanEnd(span: TimeSpan): string {
  return clockTime(clockMinutes(span.time) + span.minutes);
}

/** Whether two spans share a moment; touching spans (one ends as the other begins) do not. */
export function spansOverlap(a: TimeSpan, b: TimeSpan): boolean {
  if (a.date !== b.date) return false;
  const aStart = clockMinutes(a.time);
  const bStart = clockMinutes(b.time);
  return aStart < bStart + b.minutes && bStart < aStart + a.minutes;
}

export interface AdvisorAvailability {
  advisor: AdvisorId;
  /** Free for the whole span. */
  free: boolean;
  /** The advisor's own appointments that overlap the span. */
  collisions: BookedSpan[];
}

export interface SpanAvailability {
  /** Each advisor in the practice's order, free or not, with what collides. */
  advisors: AdvisorAvailability[];
  /** Overlapping appointments without an advisor (each takes one of the free advisors). */
  unassigned: BookedSpan[];
  /** Who can take the span: the free advisors, or none when the unassigned ones take them all. */
  free: AdvisorId[];
}

/** Who is free for `span`, given the confirmed appointments (the span's own appointment left out by the caller). */
export function spanAvailability(span: TimeSpan, booked: readonly BookedSpan[]): SpanAvailability {
  const overlapping = booked.filter((other) => spansOverlap(span, other));
  const advisors = practiceAdvisors.map(({ id }) => {
    const collisions = overlapping.filter((other) => other.advisor === id);
    return { advisor: id, free: collisions.length === 0, collisions };
  });
  const unassigned = overlapping.filter((other) => other.advisor === null);
  const freeIds = advisors.filter((entry) => entry.free).map((entry) => entry.advisor);
  return { advisors, unassigned, free: freeIds.length > unassigned.length ? freeIds : [] };
}

/** For each start time of a day, whether an advisor is free for `minutes` from it. */
export function startTimeAvailability(
  date: string,
  minutes: number,
  times: readonly string[],
  booked: readonly BookedSpan[],
): { time: string; free: boolean }[] {
  return times.map((time) => ({ time, free: spanAvailability({ date, time, minutes }, booked).free.length > 0 }));
}
