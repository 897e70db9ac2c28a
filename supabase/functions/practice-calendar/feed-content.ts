/**
 * What a calendar feed holds: the schedule of who sees whom when.
 * - Confirmed appointments from LOOKBACK_DAYS ago on, each at its confirmed slot for its
 *   appointment_minutes, STATUS:CONFIRMED.
 * - A cancelled appointment stays as STATUS:CANCELLED («Abgesagt – …», blocking no time)
 *   until its day has passed, so a calendar that had it sees the cancellation; then it is gone.
 * - Undecided requests are not in any feed: the feed is the schedule, and a request is not
 *   part of it yet. They live in the practice's mail and the morning digest, with the links
 *   that decide them, which a calendar entry cannot carry; an entry at the wished time
 *   would look like a booking; and an advisor's feed could not hold them at all, as a
 *   request has no advisor until it is confirmed.
 * Each entry has the UID and SEQUENCE of the visitor's and the practice's .ics files
 * (calendarUid, calendar_sequence), so a calendar holding both sees one appointment. Pure.
 */
import { addDays } from '../_shared/domain/availability.ts';
import { formatDateTimeLong, formatInstantLong } from '../_shared/domain/dates.ts';
import { advisorName, practiceContact } from '../_shared/domain/practice.ts';
import type { AppointmentState } from '../_shared/database/store.ts';
import { type CalendarEvent, calendarUid } from '../_shared/mail/ics.ts';
import { findService, NOT_GIVEN, serviceWithPrice } from '../_shared/mail/layout.ts';
import { type FeedId, PRACTICE_FEED } from './feed-urls.ts';

/** How far back confirmed appointments stay in the feeds, in days. */
export const LOOKBACK_DAYS = 90;

/** What the practice-wide feed says for an appointment without an advisor (confirmed before advisors were recorded). */
export const NO_ADVISOR = 'ohne Zuteilung';

const HOME_VISIT = 'beratung-zuhause';

/** The name a calendar app lists the feed under: «Ruhepol – Praxis», «Ruhepol – Sandra Huber». */
export function feedName(feed: FeedId): string {
  return `Ruhepol – ${feed === PRACTICE_FEED ? 'Praxis' : advisorName(feed)}`;
}

/**
 * The days of the schedule a feed reads (inclusive): LOOKBACK_DAYS back from today, and
 * as far ahead as public.appointment_schedule answers (800 days from `from`), far beyond
 * the booking horizon.
 */
export function feedWindow(today: string): { from: string; to: string } {
  const from = addDays(today, -LOOKBACK_DAYS);
  return { from, to: addDays(from, 800) };
}

type Scheduled = AppointmentState & { confirmed_date: string; confirmed_time: string };

const hasSlot = (row: AppointmentState): row is Scheduled => row.confirmed_date !== null && row.confirmed_time !== null;

/** The appointments of `feed` among the schedule's rows, in their order: see the module's comment. */
export function feedAppointments(feed: FeedId, rows: readonly AppointmentState[], today: string): Scheduled[] {
  const since = addDays(today, -LOOKBACK_DAYS);
  return rows
    .filter(hasSlot)
    .filter((row) =>
      row.status === 'confirmed' ? row.confirmed_date >= since : row.status === 'cancelled' && row.confirmed_date >= today
    )
    .filter((row) => feed === PRACTICE_FEED || row.advisor === feed);
}

function description(row: Scheduled): string {
  return [
    `Beratung durch: ${row.advisor ? advisorName(row.advisor) : NO_ADVISOR}`,
    `Dienstleistung: ${serviceWithPrice(row.service)}`,
    `Telefon: ${row.phone}`,
    `E-Mail: ${row.email}`,
    ...(row.status === 'confirmed' && row.move_status === 'requested' && row.move_date
      ? [`Verschiebung gewünscht auf: ${formatDateTimeLong(row.move_date, row.move_time)} (Entscheid über den Link in der E-Mail)`]
      : []),
    ...(row.status === 'cancelled' ? [`Abgesagt${row.cancelled_at ? ` am ${formatInstantLong(new Date(row.cancelled_at))}` : ''}`] : []),
    `Anfrage-Nr.: ${row.id}`,
    `Nachricht: ${row.message ?? NOT_GIVEN}`,
  ].join('\n');
}

/** One appointment as an entry of `feed`, stamped `now`. */
export function feedEvent(feed: FeedId, row: Scheduled, now: Date): CalendarEvent {
  const cancelled = row.status === 'cancelled';
  const who = `${row.service}: ${row.first_name} ${row.last_name}`;
  const withAdvisor = feed === PRACTICE_FEED ? `${who} (${row.advisor ? advisorName(row.advisor) : NO_ADVISOR})` : who;
  return {
    uid: calendarUid(row.id),
    date: row.confirmed_date,
    time: row.confirmed_time,
    durationMinutes: row.appointment_minutes,
    summary: cancelled ? `Abgesagt – ${withAdvisor}` : withAdvisor,
    description: description(row),
    ...(findService(row.service)?.value === HOME_VISIT ? {} : { location: practiceContact.address }),
    stamp: now,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    sequence: row.calendar_sequence,
    // A cancelled appointment blocks no time.
    transparent: cancelled,
  };
}
