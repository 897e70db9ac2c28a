/**
 * The sleep diary's backend calls: the edge function sleep-diary (contract: SleepDiary… in
 * @domain/sleep-diary). Every answer becomes one result the page knows, so the page never
 * handles the client's errors or raw JSON, and its tests mock this module. Neither the
 * token nor a night is logged.
 */
import { callFunction } from '@/lib/call-function';
import { sleepDiaryAnswerSchema, sleepDiaryRefusalSchema } from '@domain/sleep-diary-answers';
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

async function diaryCall(body: SleepDiaryCommand): Promise<DiaryResult> {
  const call = await callFunction(SLEEP_DIARY_FUNCTION, { body, answer: sleepDiaryAnswerSchema, refusal: sleepDiaryRefusalSchema });
  if (call.kind === 'answer') return { kind: 'diary', diary: call.data.diary };
  if (call.kind === 'failed') return { kind: 'failed' };
  // The page explains invalid_night, no_consent and closed by their code, the rest by the status.
  const { status, refusal } = call;
  if (status === 403) return { kind: 'invalid_link' };
  if (status === 404) return { kind: 'not_found' };
  if (status === 429) return { kind: 'limited' };
  if (status === 400 && refusal?.error === 'invalid_night') return { kind: 'invalid_night', field: refusal.field, reason: refusal.reason };
  if (status === 409 && (refusal?.error === 'no_consent' || refusal?.error === 'closed')) return { kind: refusal.error };
  return { kind: 'failed' };
}

export const showDiary = (token: string) => diaryCall({ action: 'show', token });
export const consentToDiary = (token: string) => diaryCall({ action: 'consent', token });
export const withdrawDiary = (token: string) => diaryCall({ action: 'withdraw', token });
export const setReminders = (token: string, on: boolean) => diaryCall({ action: 'reminders', token, on });
export const saveNight = (token: string, night: SleepNight) => diaryCall({ action: 'save', token, night });
