import { useCopy } from '@/content/copy';
import { dateFormatsCopy } from '@/content/dates';
import { myDataCopy } from '@/content/my-data';
import { servicesCopy } from '@/content/services';
import { sleepDiaryCopy } from '@/content/sleep-diary';
import type { MyData } from '@domain/wire-types';
import { NightsTable } from './sleep-figures';

/**
 * «Meine Daten»'s section on the sleep diary: each diary kept (when consented, the reminders,
 * when it is deleted, its nights as the diary's table) and «Schlaftagebuch führen» for each
 * appointment whose diary can still be kept. The download carries the same (MyData).
 */
export function MyDataSleepDiaries({ data }: { data: MyData }) {
  const { sleepDiaryMyData: copy, sleepDiaryPage } = useCopy(sleepDiaryCopy);
  const { myDataPage } = useCopy(myDataCopy);
  const { formatDateLong, formatInstantLong, formatSlotLong } = useCopy(dateFormatsCopy);
  const { storedServiceLabel: serviceLabel } = useCopy(servicesCopy);
  const links = data.sleepDiaryLinks ?? [];
  const appointment = (requestId: string) => {
    const request = data.requests.find((entry) => entry.id === requestId);
    return request?.confirmed ? `${serviceLabel(request.service)}, ${formatSlotLong(request.confirmed.date, request.confirmed.time)}` : '';
  };
  const count = data.sleepDiaries.length;
  return (
    <section aria-labelledby="meine-daten-schlaftagebuch" className="mt-8">
      <h3 id="meine-daten-schlaftagebuch" className="text-2xl">
        {copy.title} <span className="text-base font-normal text-ink-muted">({count})</span>
      </h3>
      {count === 0 && <p className="mt-2">{copy.none}</p>}
      {links.length > 0 && (
        <ul className="mt-3 space-y-1">
          {links.map((link) => (
            <li key={link.requestId}>
              <a href={link.url} className="font-semibold underline">
                {sleepDiaryPage.linkLabel}
              </a>{' '}
              <span className="text-ink-muted">({appointment(link.requestId)})</span>
            </li>
          ))}
        </ul>
      )}
      {count > 0 && (
        <ul className="mt-3 space-y-3">
          {data.sleepDiaries.map((diary) => (
            <li key={diary.requestId} className="rounded-lg border border-sand-300 bg-white p-4">
              <h4 className="mb-2 text-lg font-semibold">{appointment(diary.requestId) || copy.title}</h4>
              <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
                <dt className="font-semibold text-night-800">{copy.consentedAt}</dt>
                <dd>{formatInstantLong(new Date(diary.consentedAt))}</dd>
                <dt className="font-semibold text-night-800">{copy.reminders}</dt>
                <dd>{diary.reminders ? copy.on : copy.off}</dd>
                <dt className="font-semibold text-night-800">{copy.nights}</dt>
                <dd>{diary.nights.length}</dd>
                <dt className="font-semibold text-night-800">{myDataPage.deleteAt}</dt>
                <dd>{formatDateLong(diary.deleteOn)}</dd>
              </dl>
              {diary.nights.length > 0 && <NightsTable nights={diary.nights} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
