import { Card } from '@/components/ui/card';
import type { ScheduleEntryView } from '@domain/wire-types';
import { advisorNameOf } from './action-state';
import { useActionWords } from './action-words';
import { RenewLink } from './renew-link';

/**
 * A calendar entry's page (the feeds' view link): what the entry itself holds – when, what,
 * which advisor, the state – and «Link an die Praxis senden», which mails a practice link to
 * the practice's own address. Nothing the visitor wrote, no diary, no invoice: a calendar
 * provider and everyone the calendar is shared with hold this link.
 */
export function ScheduleEntry({ entry, token }: { entry: ScheduleEntryView; token: () => string }) {
  const { copy, dates, serviceLabel } = useActionWords();
  const { viewOnly, summary } = copy;
  const advisor = advisorNameOf(entry.advisor);
  const rows: [string, string][] = [
    [summary.service, serviceLabel(entry.service)],
    ...(entry.confirmed ? ([[viewOnly.when, dates.formatDateTimeLong(entry.confirmed.date, entry.confirmed.time)]] as [string, string][]) : []),
    [viewOnly.duration, viewOnly.minutes(entry.minutes)],
    ...(advisor ? ([[summary.advisor, advisor]] as [string, string][]) : []),
    [summary.status, copy.status[entry.status]],
  ];
  return (
    <>
      <h1 id="aktion-titel" className="text-3xl sm:text-4xl">
        {viewOnly.headline}
      </h1>
      <div className="mt-4 space-y-3 text-lg">
        <p>{viewOnly.note}</p>
      </div>
      <Card className="mt-8 sm:p-8">
        <h2 className="text-2xl">{viewOnly.summaryTitle}</h2>
        <dl className="mt-4 divide-y divide-sand-200">
          {rows.map(([term, value]) => (
            <div key={term} className="grid gap-x-6 gap-y-0.5 py-3 sm:grid-cols-[11rem_minmax(0,1fr)]">
              <dt className="font-semibold text-night-800">{term}</dt>
              <dd className="[overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <p className="mt-8 text-lg">{viewOnly.practiceLink}</p>
      <RenewLink token={token} label={copy.renew.feedButton} />
    </>
  );
}
