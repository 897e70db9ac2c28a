import { useId, useState } from 'react';
import { appointmentActionCopy } from '@/content/appointment-action';
import { useCopy } from '@/content/copy';
import { dateFormatsCopy } from '@/content/dates';
import { MAX_OFFERS } from '@domain/offers';
import type { AppointmentActionView } from '@domain/wire-types';

const FIELD = 'angebot';

/** The ticked times of the decline form, as the function takes them. */
export function readOfferChoices(form: HTMLFormElement): { date: string; time: string }[] {
  return new FormData(form)
    .getAll(FIELD)
    .map((value) => String(value).split(' '))
    .filter((parts): parts is [string, string] => parts.length === 2)
    .map(([date, time]) => ({ date, time }));
}

/**
 * The decline page's list of free times (docs/appointment-lifecycle.md, «Offered times»):
 * checkboxes, nearest to the wish first, at most MAX_OFFERS ticked – once that many are
 * ticked the others are disabled (and say why), so no press can send more.
 */
export function OfferChoices({ view }: { view: AppointmentActionView & { offerChoices: { date: string; time: string }[] } }) {
  const { offerTexts } = useCopy(appointmentActionCopy);
  const { formatDateTimeLong } = useCopy(dateFormatsCopy);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const hintId = useId();
  const full = ticked.size >= MAX_OFFERS;
  const { choose } = offerTexts;
  if (view.offerChoices.length === 0) return <p className="max-w-prose">{choose.none}</p>;
  return (
    <fieldset aria-describedby={hintId} className="space-y-3">
      <legend className="mb-1 font-semibold text-night-800">{choose.legend(MAX_OFFERS)}</legend>
      <p id={hintId} className="max-w-prose text-night-700">
        {choose.hint(view.name)} {full && choose.tooMany(MAX_OFFERS)}
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {view.offerChoices.map((slot) => {
          const value = `${slot.date} ${slot.time}`;
          const checked = ticked.has(value);
          return (
            <li key={value}>
              <label className="flex min-h-11 items-center gap-3 rounded-lg border border-sand-200 bg-white px-3 py-2">
                <input
                  type="checkbox"
                  name={FIELD}
                  value={value}
                  checked={checked}
                  disabled={full && !checked}
                  className="size-5 accent-night-700"
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setTicked((previous) => {
                      const next = new Set(previous);
                      if (on) next.add(value);
                      else next.delete(value);
                      return next;
                    });
                  }}
                />
                <span>{formatDateTimeLong(slot.date, slot.time)}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
