/**
 * The sleep diary's calls as TanStack Query hooks over the plain calls of ./sleep-diary-api.ts
 * (a module of their own, so the page's tests that replace those calls replace them here too).
 * Opening the page shows the diary (a query); each press – the consent, a night, the
 * reminders, the withdrawal – is a mutation whose answer becomes the query's data.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { linkQueryOptions } from '@/lib/query-client';
import type { SleepNight } from '@domain/sleep-diary';
import { consentToDiary, saveNight, setReminders, showDiary, withdrawDiary, type DiaryResult } from './sleep-diary-api';

/** One token's diary: another token (another appointment) is another diary. */
export const diaryQueryKey = (token: string) => ['sleep-diary', token] as const;

/** The diary the token opens: a refusal is shown at once (linkQueryOptions). */
export function useDiary(token: string) {
  return useQuery(linkQueryOptions(diaryQueryKey(token), token, showDiary));
}

/** What a press asks of the function. */
export type DiaryCommand = { action: 'consent' } | { action: 'withdraw' } | { action: 'reminders'; on: boolean } | { action: 'save'; night: SleepNight };

function sendCommand(token: string, command: DiaryCommand): Promise<DiaryResult> {
  if (command.action === 'consent') return consentToDiary(token);
  if (command.action === 'withdraw') return withdrawDiary(token);
  if (command.action === 'reminders') return setReminders(token, command.on);
  return saveNight(token, command.night);
}

/**
 * A press on the diary. Its answer, when it is the diary as it now is, replaces the query's
 * data, so the page shows it as if it had been opened so; so does a button's answer that
 * the link no longer opens the diary (invalid, not found: the page says so). A night's
 * such answer stays the night form's to explain, as any other answer stays the caller's.
 * Never retried (the client's defaults): a night is not saved twice behind the visitor's back.
 */
export function useDiaryMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: DiaryCommand) => sendCommand(token, command),
    onSuccess: (result, command) => {
      const linkEnded = result.kind === 'invalid_link' || result.kind === 'not_found';
      if (result.kind === 'diary' || (linkEnded && command.action !== 'save')) {
        queryClient.setQueryData(diaryQueryKey(token), result);
      }
    },
  });
}
