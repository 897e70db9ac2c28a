import { useCopy } from '@/content/copy';
import { sleepDiaryCopy } from '@/content/sleep-diary';
import type { SleepDiaryAdvisorView } from '@domain/sleep-diary';
import { SleepFigures } from './sleep-figures';

/**
 * The visitor's sleep diary on the appointment's page, for the practice's links (the view
 * link in the calendar feeds, the staff links): the averages, the chart and the nights.
 * Null: the visitor keeps none (or withdrew the consent).
 */
export function AdvisorSleepDiary({ diary }: { diary: SleepDiaryAdvisorView | null }) {
  const { sleepDiaryAdvisorView: copy } = useCopy(sleepDiaryCopy);
  return (
    <section aria-labelledby="schlaftagebuch-beratung" className="mt-8 rounded-xl border border-sand-300 bg-white p-5 sm:p-6">
      <h2 id="schlaftagebuch-beratung" className="text-2xl">
        {copy.title}
      </h2>
      {diary === null ? (
        <p className="mt-2">{copy.none}</p>
      ) : diary.nights.length === 0 ? (
        <p className="mt-2">{copy.noNights}</p>
      ) : (
        <SleepFigures nights={diary.nights} headingLevel={3} />
      )}
    </section>
  );
}
