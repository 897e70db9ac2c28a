/**
 * What a calendar feed holds: the schedule of which advisor is busy when, with what – and no
 * more. A feed is a schedule, not a key: a practice that subscribes in Google Calendar,
 * Outlook or iCloud hands every entry to that provider, which keeps it on its own servers,
 * and everyone the calendar is shared with reads it. A named person booked for sleep
 * counselling for back pain is health data, and so is what the visitor wrote. So:
 * - A confirmed appointment (from LOOKBACK_DAYS ago on, at its confirmed slot for its
 *   appointment_minutes, STATUS:CONFIRMED) shows its time, the service and the advisor, and
 *   links to the entry's page (a `view` link: the action page, token in the fragment, showing
 *   the same schedule, deciding nothing, mailing no visitor; its one press mails the practice's
 *   own address a practice link). No name, message, phone, e-mail address, sleep diary or
 *   request number: the practice reads those in its mails and on the practice link's page,
 *   which the feed's provider never sees.
 * - A cancelled appointment stays as STATUS:CANCELLED until its day has passed, so a
 *   calendar that had it sees the cancellation – «Abgesagt» and the time, blocking no time,
 *   nothing about the person (no name, service, place or link); then it is gone.
 * - Undecided requests are not in any feed: the feed is the schedule, and a request is not
 *   part of it yet. They live in the practice's mail and the morning digest, with the links
 *   that decide them, which a calendar entry cannot carry; an entry at the wished time
 *   would look like a booking; and an advisor's feed could not hold them at all, as a
 *   request has no advisor until it is confirmed.
 * Each entry has the UID and SEQUENCE of the visitor's and the practice's .ics files
 * (calendarUid, calendar_sequence), so a calendar holding both sees one appointment. Pure.
 */
import { addDays } from '../_shared/domain/availability.ts';
import { CANCELLED_SUMMARY, LOOKBACK_DAYS } from '../_shared/domain/calendar-feed.ts';
import { zurichInstant } from '../_shared/domain/dates.ts';
import { advisorName, practiceContact } from '../_shared/domain/practice.ts';
import type { AppointmentRequest } from '../_shared/database/store.ts';
import { type CalendarEvent, calendarUid } from '../_shared/mail/ics.ts';
import { findService, serviceWithPrice } from '../_shared/mail/layout.ts';
import type { CalendarCancellation } from '../_shared/my-data/store.ts';
import { type FeedId, PRACTICE_FEED } from './feed-urls.ts';


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


type Scheduled = AppointmentRequest & { confirmed_date: string; confirmed_time: string };

const hasSlot = (row: AppointmentRequest): row is Scheduled => row.confirmed_date !== null && row.confirmed_time !== null;

/** The appointments of `feed` among the schedule's rows, in their order: see the module's comment. */
export function feedAppointments(feed: FeedId, rows: readonly AppointmentRequest[], today: string): Scheduled[] {
  const since = addDays(today, -LOOKBACK_DAYS);
  return rows
    .filter(hasSlot)
    .filter((row) =>
      row.status === 'confirmed' ? row.confirmed_date >= since : row.status === 'cancelled' && row.confirmed_date >= today
    )
    .filter((row) => feed === PRACTICE_FEED || row.advisor === feed);
}

/** The labels of a confirmed entry's DESCRIPTION, one line each. */
export const ENTRY_LABELS = {
  advisor: 'Beratung durch',
  service: 'Dienstleistung',
  /** The entry's page (a view link): the same schedule, and «Link an die Praxis senden». */
  request: 'Termin ansehen',
} as const;

/**
 * Until when an entry's view link works: as long as the entry stays in the feed (until
 * LOOKBACK_DAYS after its day). Fixed by the slot, not by the fetch, so the entry reads the
 * same at every fetch and a calendar has no change to take over; a moved appointment gets a
 * new link with its new slot.
 */
export function viewLinkExpiry(row: Pick<Scheduled, 'confirmed_date'>): Date {
  return zurichInstant(addDays(row.confirmed_date, LOOKBACK_DAYS + 1), '00:00');
}

function description(row: Scheduled, requestPage: string): string {
  return [
    `${ENTRY_LABELS.advisor}: ${row.advisor ? advisorName(row.advisor) : NO_ADVISOR}`,
    `${ENTRY_LABELS.service}: ${serviceWithPrice(row.service)}`,
    `${ENTRY_LABELS.request}: ${requestPage}`,
  ].join('\n');
}

/**
 * One appointment as an entry of `feed`, stamped `now`; `requestPage` is its view link
 * (action-links.ts viewLink, valid until viewLinkExpiry), shown only while it is confirmed.
 */
export function feedEvent(feed: FeedId, row: Scheduled, now: Date, requestPage: string): CalendarEvent {
  const slot = {
    uid: calendarUid(row.id),
    date: row.confirmed_date,
    time: row.confirmed_time,
    durationMinutes: row.appointment_minutes,
    stamp: now,
    sequence: row.calendar_sequence,
  };
  if (row.status === 'cancelled') {
    // A cancelled appointment blocks no time.
    return { ...slot, summary: CANCELLED_SUMMARY, description: '', status: 'CANCELLED', transparent: true };
  }
  // The service, never who: the practice's mails name the visitor.
  const what = row.service;
  return {
    ...slot,
    summary: feed === PRACTICE_FEED ? `${what} (${row.advisor ? advisorName(row.advisor) : NO_ADVISOR})` : what,
    description: description(row, requestPage),
    ...(findService(row.service)?.value === HOME_VISIT ? {} : { location: practiceContact.address }),
    status: 'CONFIRMED',
    transparent: false,
  };
}

/**
 * An erased appointment's tombstone (public.calendar_cancellations, left by «Meine Daten»'s
 * erasure) in `feed` while its day has not passed: exactly what a cancelled entry says
 * («Abgesagt» and the time, blocking no time) – the tombstone holds nothing more.
 */
export function feedTombstones(feed: FeedId, rows: readonly CalendarCancellation[], today: string): CalendarCancellation[] {
  return rows.filter((row) => row.confirmed_date >= today).filter((row) => feed === PRACTICE_FEED || row.advisor === feed);
}

export function tombstoneEvent(row: CalendarCancellation, now: Date): CalendarEvent {
  return {
    uid: calendarUid(row.id),
    date: row.confirmed_date,
    time: row.confirmed_time,
    durationMinutes: row.appointment_minutes,
    stamp: now,
    sequence: row.calendar_sequence,
    summary: CANCELLED_SUMMARY,
    description: '',
    status: 'CANCELLED',
    transparent: true,
  };
}
