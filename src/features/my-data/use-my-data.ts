import { useEffect, useRef, useState } from 'react';
import { useCopy } from '@/content/copy';
import { myDataCopy } from '@/content/my-data';
import { keptToken, takeTokenFromAddress } from '@/lib/link-token';
import type { MyData, MyDataErased } from '@domain/wire-types';
import { myDataBlob, type EraseResult, type ShowResult } from './api/my-data-api';
import { useEraseMyDataMutation, useShowMyDataMutation } from './api/my-data-queries';

export type MyDataState =
  | { step: 'reading' | 'missing' | 'invalid' }
  | { step: 'ready' | 'loading'; failed?: boolean }
  | { step: 'shown' | 'confirm' | 'erasing'; data: MyData; problem?: 'mail_failed' | 'failed' }
  | { step: 'erased'; erased: MyDataErased };

const STORAGE_KEY = 'my-data-token';

/**
 * «Meine Daten»'s state: the token read from the fragment after load and cleared from the
 * address (src/lib/link-token.ts); nothing is read until «Daten anzeigen» is pressed (`show`),
 * so a mail scanner that opens the link sees nothing; the erasure with its confirmation step
 * (`ask`, `erase`, `cancel`); the download of exactly what is shown. Both calls are
 * mutations (./api/my-data-queries.ts); their answers make the page's next state
 * (stateAfterShow, stateAfterErase).
 */
export function useMyData() {
  const { myDataPage: copy } = useCopy(myDataCopy);
  const token = useRef('');
  const [state, setState] = useState<MyDataState>({ step: 'reading' });
  const showing = useShowMyDataMutation();
  const erasing = useEraseMyDataMutation();

  useEffect(() => {
    token.current = takeTokenFromAddress(STORAGE_KEY) || keptToken(STORAGE_KEY);
    setState({ step: token.current === '' ? 'missing' : 'ready' });
  }, []);

  function show() {
    if (state.step === 'loading') return;
    setState({ step: 'loading' });
    showing.mutate(token.current, { onSuccess: (result) => setState(stateAfterShow(result)) });
  }

  function erase(data: MyData) {
    setState({ step: 'erasing', data });
    erasing.mutate(token.current, {
      onSuccess: (result) => {
        if (result.kind === 'erased') {
          try {
            window.sessionStorage.removeItem(STORAGE_KEY);
          } catch {
            // Storage refused: nothing kept.
          }
        }
        setState(stateAfterErase(data, result));
      },
    });
  }

  return {
    state,
    /** The token for the calls the shown data makes (an invoice's PDF). */
    token: () => token.current,
    show,
    ask: (data: MyData) => setState({ step: 'confirm', data }),
    erase,
    cancel: (data: MyData) => setState({ step: 'shown', data }),
    download: (data: MyData) => downloadMyData(data, copy.fileName),
  };
}

/** What «Daten anzeigen»'s answer makes of the page: the data, the expired link, or the press again with the failure. */
export function stateAfterShow(result: ShowResult): MyDataState {
  if (result.kind === 'data') return { step: 'shown', data: result.data };
  if (result.kind === 'invalid_link') return { step: 'invalid' };
  return { step: 'ready', failed: true };
}

/** What the erasure's answer makes of the page shown with `data`: what was erased, the expired link, or the data again with the problem. */
export function stateAfterErase(data: MyData, result: EraseResult): MyDataState {
  if (result.kind === 'erased') return { step: 'erased', erased: result.erased };
  if (result.kind === 'invalid_link') return { step: 'invalid' };
  return { step: 'shown', data, problem: result.kind === 'mail_failed' ? 'mail_failed' : 'failed' };
}

/** The download: exactly what was shown, as a JSON file named in the page's language. */
function downloadMyData(data: MyData, fileName: string) {
  const url = URL.createObjectURL(myDataBlob(data));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
