import { useEffect, useRef } from 'react';
import { Container } from '@/components/ui/section';
import { useCopy } from '@/content/copy';
import { sleepDiaryCopy } from '@/content/sleep-diary';
import { DiaryView } from './diary-view';
import { useSleepDiary } from './use-sleep-diary';

/**
 * The sleep diary's page (its state: ./use-sleep-diary.ts): the heading and the live region
 * that say what happened, and the diary itself (./diary-view.tsx). A link that does not
 * open a diary moves the focus to the heading that says why.
 */
export function SleepDiaryPageBody() {
  const { sleepDiaryPage: copy } = useCopy(sleepDiaryCopy);
  const { stopAsked, state, pending, act, save } = useSleepDiary();
  const heading = useRef<HTMLHeadingElement>(null);

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
            <DiaryView diary={state.diary} note={state.note} stopAsked={stopAsked} pending={pending} onAct={act} onSave={save} />
          )}
        </div>
      </Container>
    </section>
  );
}
