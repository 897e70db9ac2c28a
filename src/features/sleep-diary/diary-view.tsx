import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PageLink, useLanguage } from '@/lib/page-links';
import { buttonClasses } from '@/components/ui/button-link';
import { pagePath } from '@/lib/site-pages';
import { useCopy } from '@/content/copy';
import { dateFormatsCopy } from '@/content/dates';
import { servicesCopy } from '@/content/services';
import { sleepDiaryCopy } from '@/content/sleep-diary';
import { serviceCatalog } from '@domain/catalog';
import { advisorName, isAdvisorId } from '@domain/practice';
import type { SleepDiaryView, SleepNight } from '@domain/sleep-diary';
import type { DiaryResult } from './api/sleep-diary-api';
import type { DiaryCommand } from './api/sleep-diary-queries';
import { NightForm } from './night-form';
import { SleepFigures } from './sleep-figures';

/** The diary's appointment: when, what (the stored service, in the page's language) and with whom. */
function useAppointmentLine(diary: SleepDiaryView): string {
  const { formatDateTimeLong } = useCopy(dateFormatsCopy);
  const { findBookableService } = useCopy(servicesCopy);
  const { appointment } = diary;
  const when = formatDateTimeLong(appointment.date, appointment.time || null);
  const entry = serviceCatalog.find((service) => service.label === appointment.service);
  const service = entry ? findBookableService(entry.value).label : appointment.service;
  const advisor = appointment.advisor !== null && isAdvisorId(appointment.advisor) ? `, ${advisorName(appointment.advisor)}` : '';
  return `${when} – ${service}${advisor}`;
}

/**
 * One appointment's diary: the appointment and why the diary helps; until the visitor consents
 * nothing is stored; then the nights' figures, chart and table, the form for a night, the
 * reminders, and «Einwilligung widerrufen», which deletes the diary at once. The presses
 * and the night go to the page's hook (use-sleep-diary.ts): `onAct` with the note its
 * success leaves, one press at a time (`pending` while one is on its way); `onSave` for the
 * night form, whose saved diary arrives as a new `diary`.
 */
export function DiaryView({
  diary,
  note,
  stopAsked,
  pending,
  onAct,
  onSave,
}: {
  diary: SleepDiaryView;
  note?: string;
  stopAsked: boolean;
  pending: boolean;
  onAct: (command: Exclude<DiaryCommand, { action: 'save' }>, done: string) => void;
  onSave: (night: SleepNight) => Promise<DiaryResult>;
}) {
  const { sleepDiaryPage: copy } = useCopy(sleepDiaryCopy);
  const { formatDateLong } = useCopy(dateFormatsCopy);
  const language = useLanguage();
  const appointmentLine = useAppointmentLine(diary);
  const stopButton = useRef<HTMLButtonElement>(null);
  // Opened from the reminder's «Erinnerungen beenden»: its button takes the focus, one press ends them.
  const offerStop = stopAsked && diary.reminders;
  useEffect(() => {
    if (offerStop) stopButton.current?.focus();
  }, [offerStop]);
  const [ticked, setTicked] = useState(false);
  const [consentMessage, setConsentMessage] = useState('');
  const checkbox = useRef<HTMLInputElement>(null);
  const open = diary.appointment.status === 'confirmed';

  function consent(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!ticked) {
      setConsentMessage(copy.consent.required);
      checkbox.current?.focus();
      return;
    }
    onAct({ action: 'consent' }, '');
  }

  return (
    <>
      <p className="mt-2 text-lg">
        <strong>{copy.appointmentLabel}:</strong> {appointmentLine}
      </p>
      <p className="mt-4">{copy.why}</p>
      <div role="status" className="mt-4 font-medium">
        {note && <p>{note}</p>}
        {!open && <p>{copy.closed}</p>}
      </div>

      {stopAsked && diary.consent && (
        <section aria-labelledby="erinnerungen-beenden" className="mt-6 rounded-xl border-2 border-night-700 bg-white p-5">
          <h2 id="erinnerungen-beenden" className="text-xl">
            {copy.reminders.stop}
          </h2>
          {diary.reminders ? (
            <button
              ref={stopButton}
              type="button"
              onClick={() => !pending && onAct({ action: 'reminders', on: false }, copy.reminders.off)}
              aria-disabled={pending || undefined}
              className={buttonClasses('primary', 'md', 'mt-3 aria-disabled:pointer-events-none aria-disabled:opacity-70')}
            >
              {copy.reminders.stop}
            </button>
          ) : (
            <p className="mt-2">{copy.reminders.alreadyOff}</p>
          )}
        </section>
      )}

      {!diary.consent && open && (
        <form onSubmit={consent} noValidate aria-labelledby="einwilligung" className="mt-8 rounded-xl border border-sand-300 bg-white p-6">
          <h2 id="einwilligung" className="text-2xl">
            {copy.consent.title}
          </h2>
          <p className="mt-2">{copy.consent.text}</p>
          <div className="mt-4 flex items-start gap-3">
            <input
              ref={checkbox}
              id="einwilligung-haekchen"
              type="checkbox"
              checked={ticked}
              onChange={(event) => {
                setTicked(event.currentTarget.checked);
                setConsentMessage('');
              }}
              aria-invalid={consentMessage ? true : undefined}
              aria-describedby={consentMessage ? 'einwilligung-meldung' : undefined}
              className="mt-1 size-5 shrink-0 accent-night-700"
            />
            <label htmlFor="einwilligung-haekchen">
              {copy.consent.checkbox}{' '}
              (<PageLink to={pagePath('datenschutz', language)} className="underline">
                {copy.consent.privacyLink}
              </PageLink>)
            </label>
          </div>
          <p id="einwilligung-meldung" aria-live="polite" className="mt-1.5 text-sm font-medium text-red-800">
            {consentMessage}
          </p>
          <button
            type="submit"
            aria-disabled={pending || undefined}
            className={buttonClasses('primary', 'lg', 'mt-4 aria-disabled:pointer-events-none aria-disabled:opacity-70')}
          >
            {pending ? copy.consent.starting : copy.consent.start}
          </button>
        </form>
      )}

      {diary.consent && (
        <>
          <section aria-labelledby="ihre-naechte" className="mt-10">
            <h2 id="ihre-naechte" className="text-2xl">
              {copy.figures.title}
            </h2>
            <SleepFigures nights={diary.nights} headingLevel={3} />
          </section>

          {open && (
            <section aria-labelledby="nacht-eintragen" className="mt-10 rounded-xl border border-sand-300 bg-white p-5 sm:p-6">
              <h2 id="nacht-eintragen" className="text-2xl">
                {copy.form.title}
              </h2>
              <NightForm diary={diary} save={onSave} />
            </section>
          )}

          {open && (
            <section aria-labelledby="erinnerung" className="mt-10">
              <h2 id="erinnerung" className="text-xl">
                {copy.reminders.title}
              </h2>
              <div className="mt-3 flex items-start gap-3">
                <input
                  id="erinnerung-haekchen"
                  type="checkbox"
                  checked={diary.reminders}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    if (!pending) onAct({ action: 'reminders', on }, on ? copy.reminders.on : copy.reminders.off);
                  }}
                  aria-describedby="erinnerung-hinweis"
                  className="mt-1 size-5 shrink-0 accent-night-700"
                />
                <label htmlFor="erinnerung-haekchen">{copy.reminders.label}</label>
              </div>
              <p id="erinnerung-hinweis" className="mt-1 text-sm text-ink-muted">
                {copy.reminders.hint}
              </p>
            </section>
          )}

          <section aria-labelledby="einwilligung-widerrufen" className="mt-10 border-t border-sand-300 pt-6">
            <h2 id="einwilligung-widerrufen" className="text-xl">
              {copy.consent.title}
            </h2>
            <p className="mt-2">
              {copy.consent.given} {formatDateLong(diary.deleteOn)}.
            </p>
            <button
              type="button"
              onClick={() => !pending && onAct({ action: 'withdraw' }, copy.consent.withdrawn)}
              aria-disabled={pending || undefined}
              aria-describedby="widerrufen-hinweis"
              className={buttonClasses('secondary', 'md', 'mt-3 aria-disabled:pointer-events-none aria-disabled:opacity-70')}
            >
              {copy.consent.withdraw}
            </button>
            <p id="widerrufen-hinweis" className="mt-1 text-sm text-ink-muted">
              {copy.consent.withdrawHint}
            </p>
          </section>
        </>
      )}
    </>
  );
}
