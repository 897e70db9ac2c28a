import { useEffect, useRef } from 'react';
import { Container } from '@/components/ui/section';
import { useCopy } from '@/content/copy';
import { sleepDiaryCopy } from '@/content/sleep-diary';
import { QueryProvider } from '@/lib/query-provider';
import { DiaryView } from '@/features/sleep-diary/diary-view';
import { useSleepDiary } from '@/features/sleep-diary/use-sleep-diary';

/**
 * /schlaftagebuch#<token> (unlisted: noindex, in no sitemap or menu): the sleep diary of one
 * appointment, linked from its confirmation mail and «Meine Daten» (docs/product.md §10). The
 * token is read from the fragment after load and cleared from the address
 * (features/sleep-diary/use-sleep-diary.ts); the diary itself is features/sleep-diary/diary-view.tsx.
 * Its calls are React Query's (the page's own client).
 */
export default function SleepDiaryPage() {
  return (
    <QueryProvider>
      <SleepDiary />
    </QueryProvider>
  );
}

function SleepDiary() {
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
