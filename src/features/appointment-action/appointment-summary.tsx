import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import type { AppointmentActionView } from '@domain/wire-types';
import { advisorNameOf } from './action-state';
import { useActionWords } from './action-words';

type Row = [term: string, value: ReactNode];

/**
 * The request as the function shows it (no e-mail address, phone or message): always
 * there when there is a view. A confirmed appointment names its advisor. A moved
 * appointment names the slot it was moved from, and
 * a wish to move it that is open or declined.
 */
export function AppointmentSummary({ view }: { view: AppointmentActionView }) {
  const { copy, offerTexts, dates, serviceLabel } = useActionWords();
  const { formatDateTimeLong, formatSlotLong } = dates;
  const slotText = (slot: { date: string; time: string | null }) => formatSlotLong(slot.date, slot.time);
  const { summary } = copy;
  const candidates: Array<Row | false> = [
    [summary.name, view.name],
    [summary.service, serviceLabel(view.service)],
    [summary.preferred, slotText(view.preferred)],
    view.alternative !== null && [summary.alternative, slotText(view.alternative)],
    view.confirmed !== null && [summary.confirmed, formatDateTimeLong(view.confirmed.date, view.confirmed.time)],
    // Who sees the visitor; an appointment from before advisors were recorded may have nobody named.
    view.confirmed !== null && view.advisor !== null && [summary.advisor, advisorNameOf(view.advisor)],
    view.movedFrom !== null && [summary.movedFrom, formatDateTimeLong(view.movedFrom.date, view.movedFrom.time)],
    // A wish still open or declined, while the appointment stands; a confirmed one is the
    // confirmed slot, and a cancelled appointment has nothing left to move.
    view.move !== null && view.status === 'confirmed' &&
      view.move.status !== 'confirmed' && [summary.move, `${formatDateTimeLong(view.move.date, view.move.time)} (${copy.moveStatus[view.move.status]})`],
    // In words, not by colour: "Bestätigt", "Abgesagt", …
    [summary.status, copy.status[view.status]],
    view.staffNote !== null && [summary.staffNote, <span className="whitespace-pre-line">{view.staffNote}</span>],
    // The times offered with the decline, each with its state in words.
    view.offers !== undefined && view.offers.length > 0 && [
      offerTexts.listTitle,
      <ul>
        {view.offers.map((offer) => (
          <li key={offer.number}>{`${formatDateTimeLong(offer.date, offer.time)} (${offerTexts.status[offer.status]})`}</li>
        ))}
      </ul>,
    ],
  ];
  const rows = candidates.filter((row): row is Row => row !== false);
  return (
    <Card className="mt-8 sm:p-8">
      <h2 className="text-2xl">{summary.title}</h2>
      <dl className="mt-4 divide-y divide-sand-200">
        {rows.map(([term, value]) => (
          <div key={term} className="grid grid-cols-1 gap-x-6 gap-y-0.5 py-3 sm:grid-cols-[11rem_minmax(0,1fr)]">
            <dt className="font-semibold text-night-800">{term}</dt>
            <dd className="[overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
