/**
 * Offered times on the functions' side (docs/appointment-lifecycle.md, «Offered times»):
 * which free times the practice's decline page lists, the visitor's link for one offer, and
 * the offers as the action page shows them. The rule (how many, how long, the order) is
 * domain/offers.ts; the state is the database's (…_offers.sql).
 */
import { actionUrl, type LinkSettings } from './action-links.ts';
import { addDays } from '../domain/availability.ts';
import { zurichInstant, zurichIsoDate } from '../domain/dates.ts';
import type { Language } from '../domain/languages.ts';
import { OFFER_SEARCH_DAYS, offerChoices, type OfferSlot } from '../domain/offers.ts';
import type { AppointmentOffer } from '../domain/wire-types.ts';
import type { AppointmentRequest, Store, StoredOffer } from '../database/store.ts';

/** The request an offer's link is for: its id, and its language (the action page's). */
export interface OfferRequest {
  id: string;
  language: Language;
}

/**
 * The visitor's link to take one offer: the action page of the request's language with a
 * `take-offer` token naming the offer's number. It works until the offered time begins;
 * whether the offer is still open (lapsed, taken, another one taken, busy) is the database's
 * answer, which the page then shows.
 */
export function offerLink(settings: LinkSettings, request: OfferRequest, offer: Pick<StoredOffer, 'number' | 'date' | 'time'>): Promise<string> {
  return actionUrl(settings, request.id, 'take-offer', zurichInstant(offer.date, offer.time), offer.number, request.language);
}

/**
 * The offers still open, each with its link (the decline mail's, and the page's after a lapsed
 * or taken offer): not a busy one, whose time someone else was booked at meanwhile.
 */
export async function openOfferLinks(settings: LinkSettings, request: OfferRequest, offers: readonly StoredOffer[]): Promise<(StoredOffer & { link: string })[]> {
  return await Promise.all(offers.filter((offer) => offer.status === 'open').map(async (offer) => ({ ...offer, link: await offerLink(settings, request, offer) })));
}

/**
 * The times the practice's decline page lists to offer: domain/offers.ts offerChoices over
 * the confirmed appointments and the closures of the days around the wish.
 */
export async function offerChoicesFor(store: Pick<Store, 'schedule' | 'closedDays'>, request: AppointmentRequest, now: Date): Promise<OfferSlot[]> {
  const first = addDays(request.preferred_date, -OFFER_SEARCH_DAYS);
  const last = addDays(request.preferred_date, OFFER_SEARCH_DAYS);
  const [scheduled, closed] = await Promise.all([store.schedule(first, last), store.closedDays(first, 2 * OFFER_SEARCH_DAYS + 1)]);
  const booked = scheduled
    .filter((row) => row.status === 'confirmed' && row.id !== request.id && row.confirmed_date !== null && row.confirmed_time !== null)
    .map((row) => ({ date: row.confirmed_date!, time: row.confirmed_time!, minutes: row.appointment_minutes, advisor: row.advisor }));
  return offerChoices(
    { date: request.preferred_date, time: request.preferred_time },
    request.appointment_minutes,
    booked,
    { today: zurichIsoDate(0, now), closures: new Set(closed), now },
  );
}

/** The offers as the page shows them; `links`: the open ones get their link (the visitor's take-offer page only, in the request's language). */
export async function offerViews(offers: readonly StoredOffer[], request: OfferRequest, links: LinkSettings | null): Promise<AppointmentOffer[]> {
  return await Promise.all(offers.map(async (offer) => ({
    number: offer.number,
    date: offer.date,
    time: offer.time,
    status: offer.status,
    link: links !== null && offer.status === 'open' ? await offerLink(links, request, offer) : null,
  })));
}
