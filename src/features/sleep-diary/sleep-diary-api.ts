/**
 * The sleep diary's backend calls: the edge function sleep-diary (contract: SleepDiary… in
 * @domain/sleep-diary). Every answer becomes one result the page knows, so the page never
 * handles the client's errors or raw JSON, and its tests mock this module. Neither the
 * token nor a night is logged.
 */
import { getSupabaseClient } from '@/lib/supabase-client';
import {
  SLEEP_DIARY_FUNCTION,
  type SleepDiaryCommand,
  type SleepDiaryView,
  type SleepNight,
  type SleepNightField,
  type SleepNightReason,
} from '@domain/sleep-diary';

export type DiaryResult =
  | { kind: 'diary'; diary: SleepDiaryView }
  | { kind: 'invalid_night'; field: SleepNightField; reason: SleepNightReason }
  | { kind: 'invalid_link' | 'not_found' | 'no_consent' | 'closed' | 'limited' | 'failed' };

async function call(body: SleepDiaryCommand): Promise<{ data: unknown; status: number | null }> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.functions.invoke(SLEEP_DIARY_FUNCTION, { body });
  if (!error) return { data, status: 200 };
  const context = (error as { context?: Response }).context;
  const status = context?.status;
  // A refusal's body names why (invalid_night's field and reason, no_consent, closed).
  let refusal: unknown = null;
  try {
    refusal = context && typeof context.json === 'function' ? await context.json() : null;
  } catch {
    refusal = null;
  }
  return { data: refusal, status: typeof status === 'number' ? status : null };
}

const isDiary = (value: unknown): value is SleepDiaryView =>
  typeof value === 'object' && value !== null && Array.isArray((value as SleepDiaryView).nights) &&
  typeof (value as SleepDiaryView).appointment === 'object';

async function diaryCall(body: SleepDiaryCommand): Promise<DiaryResult> {
  try {
    const { data, status } = await call(body);
    const answer = (data ?? {}) as { diary?: unknown; error?: string; field?: SleepNightField; reason?: SleepNightReason };
    if (status === 200) return isDiary(answer.diary) ? { kind: 'diary', diary: answer.diary } : { kind: 'failed' };
    if (status === 403) return { kind: 'invalid_link' };
    if (status === 404) return { kind: 'not_found' };
    if (status === 429) return { kind: 'limited' };
    if (status === 400 && answer.error === 'invalid_night' && answer.field && answer.reason) {
      return { kind: 'invalid_night', field: answer.field, reason: answer.reason };
    }
    if (status === 409 && (answer.error === 'no_consent' || answer.error === 'closed')) return { kind: answer.error };
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

export const showDiary = (token: string) => diaryCall({ action: 'show', token });
export const consentToDiary = (token: string) => diaryCall({ action: 'consent', token });
export const withdrawDiary = (token: string) => diaryCall({ action: 'withdraw', token });
export const setReminders = (token: string, on: boolean) => diaryCall({ action: 'reminders', token, on });
export const saveNight = (token: string, night: SleepNight) => diaryCall({ action: 'save', token, night });
