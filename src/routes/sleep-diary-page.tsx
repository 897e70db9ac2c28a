import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PageLink } from '@/lib/page-links';
import { buttonClasses } from '@/components/ui/button-link';
import { Container } from '@/components/ui/section';
import { pagePath } from '@/lib/site-pages';
import { sleepDiaryPage as copy } from '@/content/sleep-diary';
import { NightForm } from '@/features/sleep-diary/night-form';
import { consentToDiary, saveNight, setReminders, showDiary, withdrawDiary, type DiaryResult } from '@/features/sleep-diary/api/sleep-diary-api';
import { SleepFigures } from '@/features/sleep-diary/sleep-figures';
import { keptToken, takeTokenFromAddress } from '@/lib/link-token';
import { formatDateLong, formatDateTimeLong } from '@domain/dates';
import { advisorName, isAdvisorId } from '@domain/practice';
import type { SleepDiaryView } from '@domain/sleep-diary';

type State =
  | { step: 'reading' | 'missing' | 'invalid' | 'gone' | 'failed' }
  | { step: 'shown'; diary: SleepDiaryView; note?: string };

/** The reminder mail's «Erinnerungen beenden» opens the page with this query: the stop button first. */
const STOP_QUERY = ['erinnerungen', 'beenden'] as const;

const STORAGE_KEY = 'sleep-diary-token';

/**
 * /schlaftagebuch#<token> (unlisted: noindex, in no sitemap or menu): the sleep diary of one
 * appointment, linked from its confirmation mail and «Meine Daten» (docs/product.md §10). The
 * token is read from the fragment after load and cleared from the address
 * (src/lib/link-token.ts). The page names the appointment and says why the diary helps; until
 * the visitor consents nothing is stored; then the nights' figures, chart and table, the form
 * for a night, and «Einwilligung widerrufen», which deletes the diary at once.
 */
export default function SleepDiaryPage() {
  const [token, setToken] = useState('');
  const [stopAsked, setStopAsked] = useState(false);
  const [state, setState] = useState<State>({ step: 'reading' });
  const heading = useRef<HTMLHeadingElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    // Once per page (React's development mode runs an effect twice).
    if (asked.current) return;
    asked.current = true;
    const load = () => {
      const found = takeTokenFromAddress(STORAGE_KEY) || keptToken(STORAGE_KEY);
      if (found === '') {
        setState({ step: 'missing' });
        return;
      }
      setToken(found);
      setStopAsked(new URLSearchParams(window.location.search).get(STOP_QUERY[0]) === STOP_QUERY[1]);
      void showDiary(found).then((result) => setState(stateOf(result)));
    };
    load();
  }, []);

  const failedStep = state.step === 'invalid' || state.step === 'gone' || state.step === 'missing';
  useEffect(() => {
    if (failedStep) heading.current?.focus();
  }, [failedStep]);

  const title = state.step === 'invalid' ? copy.invalid.title : state.step === 'gone' ? copy.gone.title : state.step === 'missing' ? copy.missing.title : copy.title;
  const text =
    state.step === 'invalid' ? copy.invalid.text
    : state.step === 'gone' ? copy.gone.text
    : state.step === 'missing' ? copy.missing.text
    : state.step === 'failed' ? copy.failed
    : state.step === 'reading' ? copy.loading
    : '';

  return (
    <section aria-labelledby="schlaftagebuch-titel" className="bg-cream py-12 sm:py-16">
      <Container>
        <div className="mx-auto max-w-3xl">
          <h1 id="schlaftagebuch-titel" ref={heading} tabIndex={-1} className="text-3xl focus:outline-none sm:text-4xl">
            {title}
          </h1>
          <div role="status" className="mt-4 text-lg">
            {text && <p>{text}</p>}
          </div>
          {state.step === 'shown' && (
            <DiaryView diary={state.diary} note={state.note} token={token} stopAsked={stopAsked} onChange={(next) => setState(next)} />
          )}
        </div>
      </Container>
    </section>
  );
}

function stateOf(result: DiaryResult): State {
  if (result.kind === 'diary') return { step: 'shown', diary: result.diary };
  if (result.kind === 'invalid_link') return { step: 'invalid' };
  if (result.kind === 'not_found') return { step: 'gone' };
  return { step: 'failed' };
}

function appointmentLine(diary: SleepDiaryView): string {
  const { appointment } = diary;
  const when = formatDateTimeLong(appointment.date, appointment.time || null);
  const advisor = appointment.advisor !== null && isAdvisorId(appointment.advisor) ? `, ${advisorName(appointment.advisor)}` : '';
  return `${when} – ${appointment.service}${advisor}`;
}

function DiaryView({
  diary,
  note,
  token,
  stopAsked,
  onChange,
}: {
  diary: SleepDiaryView;
  note?: string;
  token: string;
  stopAsked: boolean;
  onChange: (state: State) => void;
}) {
  const stopButton = useRef<HTMLButtonElement>(null);
  // Opened from the reminder's «Erinnerungen beenden»: its button takes the focus, one press ends them.
  const offerStop = stopAsked && diary.reminders;
  useEffect(() => {
    if (offerStop) stopButton.current?.focus();
  }, [offerStop]);
  const [pending, setPending] = useState(false);
  const [ticked, setTicked] = useState(false);
  const [consentMessage, setConsentMessage] = useState('');
  const checkbox = useRef<HTMLInputElement>(null);
  const open = diary.appointment.status === 'confirmed';

  async function act(call: () => Promise<DiaryResult>, done: string) {
    setPending(true);
    const result = await call();
    setPending(false);
    if (result.kind === 'diary') onChange({ step: 'shown', diary: result.diary, note: done });
    else if (result.kind === 'closed') onChange({ step: 'shown', diary, note: copy.closed });
    else if (result.kind === 'limited') onChange({ step: 'shown', diary, note: copy.limited });
    else if (result.kind === 'failed' || result.kind === 'no_consent' || result.kind === 'invalid_night') onChange({ step: 'shown', diary, note: copy.failed });
    else onChange(stateOf(result));
  }

  function consent(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!ticked) {
      setConsentMessage(copy.consent.required);
      checkbox.current?.focus();
      return;
    }
    void act(() => consentToDiary(token), '');
  }

  return (
    <>
      <p className="mt-2 text-lg">
        <strong>{copy.appointmentLabel}:</strong> {appointmentLine(diary)}
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
              onClick={() => !pending && void act(() => setReminders(token, false), copy.reminders.off)}
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
              (<PageLink to={pagePath('datenschutz')} className="underline">
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
              <NightForm
                diary={diary}
                save={(night) => saveNight(token, night)}
                onSaved={(next) => onChange({ step: 'shown', diary: next })}
              />
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
                    if (!pending) void act(() => setReminders(token, on), on ? copy.reminders.on : copy.reminders.off);
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
              onClick={() => !pending && void act(() => withdrawDiary(token), copy.consent.withdrawn)}
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
