/**
 * What the action page says on a visitor's take-offer link (docs/appointment-lifecycle.md,
 * «Offered times»): the offered time and its button while it is open, or why it is not –
 * taken, lapsed, or busy (someone else was booked at that time meanwhile).
 */
import type { Language } from '@/lib/language';
import type { AppointmentActionView, AppointmentOffer } from '@domain/wire-types';
import { actionWords } from './action-words';

/** As action-state's ViewDescription (which takes it as it is); its own type, so the two modules do not import each other. */
export interface OfferDescription {
  headline: string;
  lines: string[];
  control: 'take-offer' | null;
  callUs: boolean;
  bookAgain: boolean;
}

/** The offer this link takes, if the view has it. */
export function thisOffer(view: AppointmentActionView): AppointmentOffer | undefined {
  return view.offers?.find((offer) => offer.number === view.offer);
}

/** The other offers still open, with their links: where the visitor can go on. */
export function otherOpenOffers(view: AppointmentActionView): AppointmentOffer[] {
  return (view.offers ?? []).filter((offer) => offer.status === 'open' && offer.number !== view.offer && offer.link !== null);
}

const describe = (headline: string, lines: string[], extra: Partial<OfferDescription> = {}): OfferDescription => ({
  headline,
  lines,
  control: null,
  callUs: false,
  bookAgain: false,
  ...extra,
});

/** What the take-offer link says, in the page's language. */
export function describeTakeOffer(view: AppointmentActionView, language: Language): OfferDescription {
  const { offerTexts, dates } = actionWords(language);
  const { take } = offerTexts;
  const when = (slot: { date: string; time: string }) => dates.formatDateTimeLong(slot.date, slot.time);
  const offer = thisOffer(view);
  if (offer?.status === 'taken') return describe(take.takenHeadline, [take.taken(when(offer))]);
  if (offer?.status === 'open' && view.status === 'declined') {
    return describe(take.headline, [take.offered(when(offer)), take.whatHappens], { control: 'take-offer' });
  }
  if (view.status === 'confirmed' && view.confirmed) {
    const taken = view.offers?.some((other) => other.status === 'taken');
    return describe(take.lapsedHeadline, [taken ? take.otherTaken(when(view.confirmed)) : take.confirmedByPractice]);
  }
  // Busy or lapsed: no button; the offers still open follow as links (offer-links.tsx), under their own line.
  const open = otherOpenOffers(view).length > 0;
  const [headline, line] = offer?.status === 'busy' ? [take.busyHeadline, take.busy(when(offer))] : [take.lapsedHeadline, take.lapsed];
  return describe(headline, open ? [line] : [line, take.noneOpen], { bookAgain: !open });
}

/** The press of this link led to the state the view shows: its confirmation mail is this link's. */
export function isTakenByLink(view: AppointmentActionView): boolean {
  return view.status === 'confirmed' && thisOffer(view)?.status === 'taken';
}
