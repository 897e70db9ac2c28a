import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-link';
import { Container } from '@/components/ui/section';
import { myDataPage as copy } from '@/content/my-data';
import { DataLinkForm } from '@/features/my-data/data-link-form';
import { eraseMyData, myDataBlob, showMyData } from '@/features/my-data/api/my-data-api';
import { MyDataView } from '@/features/my-data/my-data-view';
import { MyDataSleepDiaries } from '@/features/sleep-diary/my-data-diaries';
import { MyDataInvoices } from '@/features/invoice/my-data-invoices';
import { keptToken, takeTokenFromAddress } from '@/lib/link-token';
import type { MyData, MyDataErased } from '@domain/wire-types';

type State =
  | { step: 'reading' | 'missing' | 'invalid' }
  | { step: 'ready' | 'loading'; failed?: boolean }
  | { step: 'shown' | 'confirm' | 'erasing'; data: MyData; problem?: 'mail_failed' | 'failed' }
  | { step: 'erased'; erased: MyDataErased };

const STORAGE_KEY = 'my-data-token';

/**
 * /meine-daten#<token> (unlisted: noindex, in no sitemap or menu): «Meine Daten», linked
 * from every mail to a visitor. The token is read from the fragment after load and cleared
 * from the address (src/lib/link-token.ts); nothing is read until «Daten anzeigen» is
 * pressed, so a mail scanner that opens the link sees nothing. Then the data, the download
 * of exactly that, and the erasure with a confirmation step. Without a token, or with an
 * expired one, the form that sends a new link. Each outcome's heading takes the focus, and
 * the text that says what happened sits in a live region.
 */
export default function MyDataPage() {
  const token = useRef('');
  const focusTarget = useRef<HTMLHeadingElement>(null);
  const [state, setState] = useState<State>({ step: 'reading' });

  useEffect(() => {
    token.current = takeTokenFromAddress(STORAGE_KEY) || keptToken(STORAGE_KEY);
    setState({ step: token.current === '' ? 'missing' : 'ready' });
  }, []);

  // An outcome moves the focus to its heading (the pressed button is gone).
  const outcome = state.step === 'shown' || state.step === 'erased' || state.step === 'invalid' || state.step === 'confirm' ? state.step : null;
  const problem = 'problem' in state ? state.problem : undefined;
  useEffect(() => {
    if (outcome !== null || problem) focusTarget.current?.focus();
  }, [outcome, problem]);

  function show() {
    if (state.step === 'loading') return;
    setState({ step: 'loading' });
    void showMyData(token.current).then((result) => {
      if (result.kind === 'data') setState({ step: 'shown', data: result.data });
      else if (result.kind === 'invalid_link') setState({ step: 'invalid' });
      else setState({ step: 'ready', failed: true });
    });
  }

  function erase(data: MyData) {
    setState({ step: 'erasing', data });
    void eraseMyData(token.current).then((result) => {
      if (result.kind === 'erased') {
        try {
          window.sessionStorage.removeItem(STORAGE_KEY);
        } catch {
          // Storage refused: nothing kept.
        }
        setState({ step: 'erased', erased: result.erased });
      } else if (result.kind === 'invalid_link') setState({ step: 'invalid' });
      else setState({ step: 'shown', data, problem: result.kind === 'mail_failed' ? 'mail_failed' : 'failed' });
    });
  }

  function download(data: MyData) {
    const url = URL.createObjectURL(myDataBlob(data));
    const link = document.createElement('a');
    link.href = url;
    link.download = copy.fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

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
              <MyDataInvoices invoices={state.data.invoices ?? []} token={() => token.current} />

              <section aria-labelledby="meine-daten-loeschen" className="mt-12 rounded-xl border-2 border-red-700/40 bg-white p-6">
                <h2
                  id="meine-daten-loeschen"
                  ref={state.step === 'confirm' || state.problem ? focusTarget : undefined}
                  tabIndex={-1}
                  className="text-2xl focus:outline-none"
                >
                  {state.step === 'confirm' ? copy.erase.confirmTitle : state.problem === 'mail_failed' ? copy.erase.mailFailedTitle : copy.erase.title}
                </h2>
                <div role="status">
                  {state.problem && (
                    <p className="mt-2 font-semibold">{state.problem === 'mail_failed' ? copy.erase.mailFailedText : copy.failed.text}</p>
                  )}
                </div>
                <p className="mt-2">{state.step === 'confirm' ? copy.erase.confirmText : copy.erase.text}</p>
                <div className="mt-4 flex flex-wrap gap-3">
                  {state.step === 'shown' && (
                    <button type="button" onClick={() => setState({ step: 'confirm', data: state.data })} className={buttonClasses('primary', 'md')}>
                      {state.problem ? copy.failed.retry : copy.erase.button}
                    </button>
                  )}
                  {(state.step === 'confirm' || state.step === 'erasing') && (
                    <>
                      <button
                        type="button"
                        onClick={() => state.step === 'confirm' && erase(state.data)}
                        aria-disabled={state.step === 'erasing' || undefined}
                        className={buttonClasses('primary', 'md', 'aria-disabled:pointer-events-none aria-disabled:opacity-70')}
                      >
                        {state.step === 'erasing' ? copy.erase.pending : copy.erase.confirmButton}
                      </button>
                      {state.step === 'confirm' && (
                        <button type="button" onClick={() => setState({ step: 'shown', data: state.data })} className={buttonClasses('secondary', 'md')}>
                          {copy.erase.cancelButton}
                        </button>
                      )}
                    </>
                  )}
                </div>
              </section>
            </div>
          )}

          <p className="mt-10 border-l-4 border-sand-300 pl-4 text-base text-ink-muted">{copy.outOfReach}</p>

          {(state.step === 'missing' || state.step === 'invalid') && <DataLinkForm />}
        </div>
      </Container>
    </section>
  );
}
