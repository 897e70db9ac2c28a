import { useEffect, useRef } from 'react';
import { buttonClasses } from '@/components/ui/button-link';
import { Container } from '@/components/ui/section';
import { useCopy } from '@/content/copy';
import { myDataCopy } from '@/content/my-data';
import { QueryProvider } from '@/lib/query-provider';
import { DataLinkForm } from '@/features/my-data/data-link-form';
import { MyDataErasure } from '@/features/my-data/my-data-erasure';
import { MyDataView } from '@/features/my-data/my-data-view';
import { useMyData } from '@/features/my-data/use-my-data';
import { MyDataSleepDiaries } from '@/features/sleep-diary/my-data-diaries';
import { MyDataInvoices } from '@/features/invoice/my-data-invoices';

/**
 * /meine-daten#<token> (unlisted: noindex, in no sitemap or menu): «Meine Daten», linked
 * from every mail to a visitor (its state: features/my-data/use-my-data.ts). Nothing is read
 * until «Daten anzeigen» is pressed; then the data with the sleep diaries and the invoices,
 * the download of exactly that, and the erasure with a confirmation step. Without a token, or with an
 * expired one, the form that sends a new link. Each outcome's heading takes the focus, and
 * the text that says what happened sits in a live region. Its calls are React Query's: the
 * page's own client, around the invoices' too (the link form brings its own with the
 * form's notices).
 */
export default function MyDataPage() {
  return (
    <QueryProvider>
      <MyDataContent />
    </QueryProvider>
  );
}

function MyDataContent() {
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
              <MyDataView data={state.data} sleepDiaries={<MyDataSleepDiaries data={state.data} />} />
              {/* The invoices, kept ten years. */}
              <MyDataInvoices invoices={state.data.invoices ?? []} token={token} />

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
