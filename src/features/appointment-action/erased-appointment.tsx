import { Card } from '@/components/ui/card';
import type { ErasedAppointmentView } from '@domain/wire-types';
import { advisorNameOf } from './action-state';
import { useActionWords } from './action-words';

/**
 * A practice link whose request is deleted – erased through «Meine Daten», or past the
 * retention – while its invoice is kept: what happened and why the invoice stays (in the
 * practice's words), and what the invoice's copy says of the appointment. The invoice with
 * «Als bezahlt markieren» and «Rechnung erneut senden» follows (invoice-panel.tsx).
 */
export function ErasedAppointment({ erased }: { erased: ErasedAppointmentView }) {
  const { copy, dates, serviceLabel } = useActionWords();
  const { appointment } = erased;
  const advisor = advisorNameOf(appointment.advisor);
  const rows: [string, string][] = [
    [copy.summary.name, appointment.name],
    [copy.summary.service, serviceLabel(appointment.service)],
    [copy.erased.when, dates.formatDateTimeLong(appointment.date, appointment.time)],
    ...(advisor ? ([[copy.summary.advisor, advisor]] as [string, string][]) : []),
  ];
  return (
    <>
      <h1 id="aktion-titel" className="text-3xl sm:text-4xl">
        {copy.erased.headline}
      </h1>
      <div className="mt-4 space-y-3 text-lg">
        {copy.erased.text.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <Card className="mt-8 sm:p-8">
        <h2 className="text-2xl">{copy.erased.summaryTitle}</h2>
        <dl className="mt-4 divide-y divide-sand-200">
          {rows.map(([term, value]) => (
            <div key={term} className="grid gap-x-6 gap-y-0.5 py-3 sm:grid-cols-[11rem_minmax(0,1fr)]">
              <dt className="font-semibold text-night-800">{term}</dt>
              <dd className="[overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </>
  );
}
