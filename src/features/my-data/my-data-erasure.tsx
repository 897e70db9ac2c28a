import type { RefObject } from 'react';
import { buttonClasses } from '@/components/ui/button-link';
import { useCopy } from '@/content/copy';
import { myDataCopy } from '@/content/my-data';
import type { MyData } from '@domain/wire-types';
import type { MyDataState } from './use-my-data';

type Shown = Extract<MyDataState, { data: MyData }>;

/**
 * «Alle meine Daten löschen» below the data: the button, its confirmation step, and what
 * became of a failed erasure (stored but its mail failed, or not done). `focusTarget` is the
 * page's: the heading takes the focus when the step or a problem changes.
 */
export function MyDataErasure({
  state,
  focusTarget,
  onAsk,
  onErase,
  onCancel,
}: {
  state: Shown;
  focusTarget: RefObject<HTMLHeadingElement | null>;
  onAsk: (data: MyData) => void;
  onErase: (data: MyData) => void;
  onCancel: (data: MyData) => void;
}) {
  const { myDataPage: copy } = useCopy(myDataCopy);
  return (
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
          <button type="button" onClick={() => onAsk(state.data)} className={buttonClasses('primary', 'md')}>
            {state.problem ? copy.failed.retry : copy.erase.button}
          </button>
        )}
        {(state.step === 'confirm' || state.step === 'erasing') && (
          <>
            <button
              type="button"
              onClick={() => state.step === 'confirm' && onErase(state.data)}
              aria-disabled={state.step === 'erasing' || undefined}
              className={buttonClasses('primary', 'md', 'aria-disabled:pointer-events-none aria-disabled:opacity-70')}
            >
              {state.step === 'erasing' ? copy.erase.pending : copy.erase.confirmButton}
            </button>
            {state.step === 'confirm' && (
              <button type="button" onClick={() => onCancel(state.data)} className={buttonClasses('secondary', 'md')}>
                {copy.erase.cancelButton}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
