import { useEffect, useRef, useState } from 'react';
import { keptToken, takeTokenFromAddress } from '@/lib/link-token';
import type { SleepDiaryView } from '@domain/sleep-diary';
import { showDiary, type DiaryResult } from './api/sleep-diary-api';

export type DiaryState =
  | { step: 'reading' | 'missing' | 'invalid' | 'gone' | 'failed' }
  | { step: 'shown'; diary: SleepDiaryView; note?: string };

/** The reminder mail's «Erinnerungen beenden» opens the page with this query: the stop button first. */
const STOP_QUERY = ['erinnerungen', 'beenden'] as const;

const STORAGE_KEY = 'sleep-diary-token';

/**
 * The sleep diary page's state: the token read from the fragment after load and cleared
 * from the address (src/lib/link-token.ts; kept for a reload), the diary it shows, and
 * whether the reminder's «Erinnerungen beenden» opened the page.
 */
export function useSleepDiary() {
  const [token, setToken] = useState('');
  const [stopAsked, setStopAsked] = useState(false);
  const [state, setState] = useState<DiaryState>({ step: 'reading' });
  const asked = useRef(false);

  useEffect(() => {
    // Once per page (React's development mode runs an effect twice).
    if (asked.current) return;
    asked.current = true;
    // The address is read only here, after hydration: the prerendered page has no token.
    const load = () => {
      const found = takeTokenFromAddress(STORAGE_KEY) || keptToken(STORAGE_KEY);
      if (found === '') {
        setState({ step: 'missing' });
        return;
      }
      setToken(found);
      setStopAsked(new URLSearchParams(window.location.search).get(STOP_QUERY[0]) === STOP_QUERY[1]);
      void showDiary(found).then((result) => setState(diaryStateOf(result)));
    };
    load();
  }, []);

  return { token, stopAsked, state, setState };
}

/** What a call's result makes of the page. */
export function diaryStateOf(result: DiaryResult): DiaryState {
  if (result.kind === 'diary') return { step: 'shown', diary: result.diary };
  if (result.kind === 'invalid_link') return { step: 'invalid' };
  if (result.kind === 'not_found') return { step: 'gone' };
  return { step: 'failed' };
}

