/**
 * Offered times (docs/appointment-lifecycle.md, «Offered times»): when the practice declines
 * a request it may offer up to MAX_OFFERS other start times at which someone is free for the
 * request's service; the visitor takes one from the decline mail and is confirmed at once.
 * Which times the practice is shown: `offerChoices`, the bookable start times within
 * OFFER_SEARCH_DAYS of the wish where capacity.ts finds an advisor free, nearest to the wish
 * first. When an offer lapses: `offerLapsesAt` – OFFER_LIFETIME_DAYS after it was made, or
 * once its start comes within the cancellation notice (practice.ts), whichever is first; and
 * when another offer of the request is taken. An offer not lapsed whose time nobody is free for
 * any more (capacity.ts: someone else was booked there meanwhile) is 'busy': computed when the
 * offers are read, never stored, so it is open again once the time frees up. The database's
 * copy of the constants (private.max_offers(), private.offer_lifetime()) is generated from
 * this file (`npm run db:rules`). Pure.
 */
import { addDays, slotRefusalReason, dayAvailability } from './availability.ts';
import { type BookedSpan, clockMinutes, spanAvailability } from './capacity.ts';
import { zurichInstant } from './dates.ts';
import { cancellationNoticeHours } from './practice.ts';

/** At most this many times per decline. */
export const MAX_OFFERS = 3;
/** An offer lapses this many days after it was made. */
export const OFFER_LIFETIME_DAYS = 7;
/** The practice is shown free times this many days before and after the wished day. */
export const OFFER_SEARCH_DAYS = 14;
/** At most this many free times are listed to tick from (the nearest). */
export const OFFER_CHOICE_LIMIT = 12;

/**
 * An offer's state as read (…_offers.sql, private.offer_json): 'open' (takeable now),
 * 'busy' (not lapsed, but nobody is free for the request's service at its time any more),
 * 'taken' (this one confirmed the request), 'lapsed' (by time, or another one was taken).
 * Only an open offer is linked.
 */
export const OFFER_STATUSES = ['open', 'busy', 'taken', 'lapsed'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export interface OfferSlot {
  date: string;
  time: string;
}

/** When an offer made at `createdAt` for `slot` stops being takeable (an instant). */
export function offerLapsesAt(slot: OfferSlot, createdAt: Date): Date {
  const lifetime = createdAt.getTime() + OFFER_LIFETIME_DAYS * 86_400_000;
  const notice = zurichInstant(slot.date, slot.time).getTime() - cancellationNoticeHours * 3_600_000;
  return new Date(Math.min(lifetime, notice));
}

/**
 * The start times the practice may offer instead of the wish: bookable by the slot rules
 * (from `today`, the closures known), outside the notice already at the start (so an offer
 * lives a while), someone free for `minutes` (capacity.ts over `booked`, the confirmed
 * appointments of those days), sorted by distance from the wish (its time, or 12:00 without
 * one), the earlier first on a tie, at most OFFER_CHOICE_LIMIT.
 */
export function offerChoices(
  wish: { date: string; time: string | null },
  minutes: number,
  booked: readonly BookedSpan[],
  context: { today: string; closures?: ReadonlySet<string>; now: Date },
): OfferSlot[] {
  const wishAt = Date.parse(`${wish.date}T00:00:00Z`) / 60_000 + clockMinutes(wish.time ?? '12:00');
  const choices: { slot: OfferSlot; distance: number }[] = [];
  for (let offset = -OFFER_SEARCH_DAYS; offset <= OFFER_SEARCH_DAYS; offset++) {
    const date = addDays(wish.date, offset);
    const day = dayAvailability(date, context.closures);
    if (!day.open) continue;
    for (const time of day.times) {
      const slot = { date, time };
      if (wish.time !== null && date === wish.date && time === wish.time) continue;
      if (slotRefusalReason(slot, { today: context.today, ...(context.closures ? { closures: context.closures } : {}) }) !== null) continue;
      if (offerLapsesAt(slot, context.now) <= context.now) continue;
      if (spanAvailability({ date, time, minutes }, booked).free.length === 0) continue;
      const at = Date.parse(`${date}T00:00:00Z`) / 60_000 + clockMinutes(time);
      choices.push({ slot, distance: Math.abs(at - wishAt) });
    }
  }
  return choices
    .sort((a, b) => a.distance - b.distance || (a.slot.date + a.slot.time).localeCompare(b.slot.date + b.slot.time))
    .slice(0, OFFER_CHOICE_LIMIT)
    .map((choice) => choice.slot);
}
