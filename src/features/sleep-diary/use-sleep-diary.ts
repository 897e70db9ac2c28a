import { useEffect, useRef, useState } from 'react';
import { useCopy } from '@/content/copy';
import { sleepDiaryCopy } from '@/content/sleep-diary';
import type { Language } from '@/lib/language';
import { keptToken, takeTokenFromAddress } from '@/lib/link-token';
import type { SleepDiaryView, SleepNight } from '@domain/sleep-diary';
import type { DiaryResult } from './api/sleep-diary-api';
import { useDiary, useDiaryMutation, type DiaryCommand } from './api/sleep-diary-queries';

export type DiaryState =
  | { step: 'reading' | 'missing' | 'invalid' | 'gone' | 'failed' }
  | { step: 'shown'; diary: SleepDiaryView; note?: string };

/** The reminder mail's «Erinnerungen beenden» opens the page with this query: the stop button first. */
const STOP_QUERY = ['erinnerungen', 'beenden'] as const;

const STORAGE_KEY = 'sleep-diary-token';

/**
 * The sleep diary page's state: the token read from the fragment after load and cleared
 * from the address (src/lib/link-token.ts; kept for a reload), the diary it shows (the
 * diary's query), the note the last press left, and whether the reminder's «Erinnerungen
 * beenden» opened the page. `act` is a press on the diary's buttons, one at a time;
 * `save` sends a night for the night form, which explains its own answers.
 */
export function useSleepDiary() {
  const { sleepDiaryPage: copy } = useCopy(sleepDiaryCopy);
  const [token, setToken] = useState('');
  const [missing, setMissing] = useState(false);
  const [stopAsked, setStopAsked] = useState(false);
  const [note, setNote] = useState<string | undefined>(undefined);
  const asked = useRef(false);
  const diary = useDiary(token);
  // Two mutations: the night form may be saving while a button is pressed, and each
  // answer must reach its own caller.
  const press = useDiaryMutation(token);
  const night = useDiaryMutation(token);
  // A ref, not isPending: a second press can come before the next render.
  const pressing = useRef(false);

  useEffect(() => {
    // Once per page (React's development mode runs an effect twice).
    if (asked.current) return;
    asked.current = true;
    // The address is read only here, after hydration: the prerendered page has no token.
    const load = () => {
      const found = takeTokenFromAddress(STORAGE_KEY) || keptToken(STORAGE_KEY);
      if (found === '') {
        setMissing(true);
        return;
      }
      // The diary's query starts with the token.
      setToken(found);
      setStopAsked(new URLSearchParams(window.location.search).get(STOP_QUERY[0]) === STOP_QUERY[1]);
    };
    load();
  }, []);

  function act(command: Exclude<DiaryCommand, { action: 'save' }>, done: string) {
    if (pressing.current) return;
    pressing.current = true;
    press.mutate(command, {
      onSettled: () => {
        pressing.current = false;
      },
      onSuccess: (result) => setNote(noteAfterAct(result, done, copy)),
    });
  }

  async function save(entry: SleepNight): Promise<DiaryResult> {
    const result = await night.mutateAsync({ action: 'save', night: entry });
    // A saved night's figures are the news: the last press's note goes.
    if (result.kind === 'diary') setNote(undefined);
    return result;
  }

  const state = missing ? ({ step: 'missing' } as const) : diaryStateAfterShow(diary.data, diary.isError, note);
  return { stopAsked, state, pending: press.isPending, act, save };
}

/** What a call's result makes of the page. */
export function diaryStateOf(result: DiaryResult): DiaryState {
  if (result.kind === 'diary') return { step: 'shown', diary: result.diary };
  if (result.kind === 'invalid_link') return { step: 'invalid' };
  if (result.kind === 'not_found') return { step: 'gone' };
  return { step: 'failed' };
}

/**
 * The page from the diary's query: reading until it answers (or while the token is read),
 * `failed` once its retries are spent, else what its answer – the opening's, or the last
 * press's that replaced it – makes of the page, with the last press's note.
 */
export function diaryStateAfterShow(result: DiaryResult | undefined, failed: boolean, note?: string): DiaryState {
  if (failed) return { step: 'failed' };
  if (result === undefined) return { step: 'reading' };
  const state = diaryStateOf(result);
  return state.step === 'shown' && note !== undefined ? { ...state, note } : state;
}

/**
 * The note a press's answer leaves on the diary shown: `done` when it was done; why not
 * when it was refused or failed (the diary stays as shown). A link that no longer opens the
 * diary needs none: its answer is the query's data (useDiaryMutation) and replaces the diary.
 * `copy`: the page's, in its language.
 */
export function noteAfterAct(result: DiaryResult, done: string, copy: (typeof sleepDiaryCopy)[Language]['sleepDiaryPage']): string | undefined {
  if (result.kind === 'diary') return done;
  if (result.kind === 'closed') return copy.closed;
  if (result.kind === 'limited') return copy.limited;
  if (result.kind === 'failed' || result.kind === 'no_consent' || result.kind === 'invalid_night') return copy.failed;
  return undefined;
}
