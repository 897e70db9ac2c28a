import { useEffect, useRef, useState } from 'react';
import { myDataPage as copy } from '@/content/my-data';
import { keptToken, takeTokenFromAddress } from '@/lib/link-token';
import type { MyData, MyDataErased } from '@domain/wire-types';
import { eraseMyData, myDataBlob, showMyData } from './api/my-data-api';

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
 * (`ask`, `erase`, `cancel`); the download of exactly what is shown.
 */
export function useMyData() {
  const token = useRef('');
  const [state, setState] = useState<MyDataState>({ step: 'reading' });

  useEffect(() => {
    token.current = takeTokenFromAddress(STORAGE_KEY) || keptToken(STORAGE_KEY);
    setState({ step: token.current === '' ? 'missing' : 'ready' });
  }, []);

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

  return {
    state,
    /** The token for the calls the shown data makes (an invoice's PDF). */
    token: () => token.current,
    show,
    ask: (data: MyData) => setState({ step: 'confirm', data }),
    erase,
    cancel: (data: MyData) => setState({ step: 'shown', data }),
    download: downloadMyData,
  };
}

/** The download: exactly what was shown, as a JSON file. */
function downloadMyData(data: MyData) {
  const url = URL.createObjectURL(myDataBlob(data));
  const link = document.createElement('a');
  link.href = url;
  link.download = copy.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
