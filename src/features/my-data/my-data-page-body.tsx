import { useEffect, useRef, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-link';
import { Container } from '@/components/ui/section';
import { useCopy } from '@/content/copy';
import { myDataCopy } from '@/content/my-data';
import type { MyData } from '@domain/wire-types';
import { DataLinkForm } from './data-link-form';
import { MyDataErasure } from './my-data-erasure';
import { MyDataView } from './my-data-view';
import { useMyData } from './use-my-data';

/** What other features show of the data (the route hands them in: features do not import each other). */
export interface MyDataPageParts {
  /** The sleep diaries of the requests shown. */
  sleepDiaries: (data: MyData) => ReactNode;
  /** The invoices, with the page's token for their downloads. */
  invoices: (data: MyData, token: () => string) => ReactNode;
}

/**
 * «Meine Daten» (its state: ./use-my-data.ts): the heading and the live region that say what
 * happened, «Daten anzeigen», the data with its download and the erasure, and without a
 * valid token the form that sends a new link.
 */
export function MyDataPageBody({ sleepDiaries, invoices }: MyDataPageParts) {
  const { myDataPage: copy } = useCopy(myDataCopy);
  const { state, token, show, ask, erase, cancel, download } = useMyData();
  const focusTarget = useRef<HTMLHeadingElement>(null);

  // An outcome moves the focus to its heading (the pressed button is gone).
  const outcome = state.step === 'shown' || state.step === 'erased' || state.step === 'invalid' || state.step === 'confirm' ? state.step : null;
  const problem = 'problem' in state ? state.problem : undefined;
  useEffect(() => {
    if (outcome !== null || problem) focusTarget.current?.focus();
  }, [outcome, problem]);

  const heading =
    state.step === 'invalid' ? copy.invalid.title : state.step === 'missing' ? copy.missing.title : state.step === 'erased' ? copy.erase.doneTitle : copy.title;
  const status =
    state.step === 'invalid'
      ? copy.invalid.text
      : state.step === 'missing'
        ? copy.missing.text
        : state.step === 'erased'
          ? copy.erase.doneText(state.erased)
          : state.step === 'ready' && state.failed
            ? `${copy.failed.title}: ${copy.failed.text}`
            : state.step === 'ready'
              ? copy.readyNote
              : '';

  return (
    <section aria-labelledby="meine-daten-titel" className="bg-cream py-12 sm:py-16">
      <Container>
        <div className="mx-auto max-w-3xl">
          <h1
            id="meine-daten-titel"
            ref={state.step === 'invalid' || state.step === 'erased' ? focusTarget : undefined}
            tabIndex={-1}
            className="text-3xl focus:outline-none sm:text-4xl"
          >
            {heading}
          </h1>
          {state.step !== 'erased' && <p className="mt-4 text-lg">{copy.intro}</p>}
          <div role="status" className="mt-4 space-y-3 text-lg">
            {status && <p>{status}</p>}
            {state.step === 'erased' && <p>{copy.erase.keptText(state.erased.invoicesKept)}</p>}
          </div>

          {(state.step === 'reading' || state.step === 'ready' || state.step === 'loading') && (
            <div className="mt-6">
              <button
                type="button"
                onClick={show}
                disabled={state.step === 'reading'}
                aria-disabled={state.step === 'loading' || undefined}
                className={buttonClasses('primary', 'lg', 'aria-disabled:pointer-events-none aria-disabled:opacity-70')}
              >
                {state.step === 'loading' ? copy.showingLabel : copy.showLabel}
              </button>
            </div>
          )}

          {(state.step === 'shown' || state.step === 'confirm' || state.step === 'erasing') && (
            <div className="mt-8">
              <h2
                id="meine-daten-daten"
                ref={state.step === 'shown' && !state.problem ? focusTarget : undefined}
                tabIndex={-1}
                className="text-3xl focus:outline-none"
              >
                {copy.dataTitle}
              </h2>
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <button type="button" onClick={() => download(state.data)} className={buttonClasses('secondary', 'md')}>
                  {copy.downloadLabel}
                </button>
                <span className="text-sm text-ink-muted">{copy.downloadHint}</span>
              </div>
              <MyDataView data={state.data} sleepDiaries={sleepDiaries(state.data)} />
              {/* The invoices, kept ten years. */}
              {invoices(state.data, token)}

              <MyDataErasure state={state} focusTarget={focusTarget} onAsk={ask} onErase={erase} onCancel={cancel} />
            </div>
          )}

          <p className="mt-10 border-l-4 border-sand-300 pl-4 text-base text-ink-muted">{copy.outOfReach}</p>

          {(state.step === 'missing' || state.step === 'invalid') && <DataLinkForm />}
        </div>
      </Container>
    </section>
  );
}
