import { appointmentActionCopy } from '@/content/appointment-action';
import { useCopy } from '@/content/copy';
import { dateFormatsCopy } from '@/content/dates';
import type { AppointmentActionView } from '@domain/wire-types';
import { otherOpenOffers } from './offer-state';

/**
 * On a visitor's take-offer link: the other offers still open, each a link to its own page
 * (the same page with that offer's token in the fragment: opening it changes nothing).
 */
export function OfferLinks({ view }: { view: AppointmentActionView }) {
  const { offerTexts } = useCopy(appointmentActionCopy);
  const { formatDateTimeLong } = useCopy(dateFormatsCopy);
  const open = otherOpenOffers(view);
  if (open.length === 0 || view.status !== 'declined') return null;
  return (
    <nav aria-label={offerTexts.listTitle} className="mt-6">
      <p className="text-lg">{offerTexts.take.stillOpen}</p>
      <ul className="mt-2 space-y-2">
        {open.map((offer) => (
          <li key={offer.number}>
            <a href={offer.link!} className="text-lg font-semibold text-night-800 underline underline-offset-4">
              {formatDateTimeLong(offer.date, offer.time)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
