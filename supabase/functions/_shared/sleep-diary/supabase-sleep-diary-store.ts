/** The SleepDiaryStore over supabase-js with the secret key: the diary's RPCs (…_sleep_diary.sql), nothing else. */
import { parseClaimedRows, StoreError } from '../database/store.ts';
import { dueMails, secretRpc } from '../database/supabase-store.ts';
import { SLEEP_REMINDER_KIND } from '../domain/sleep-diary.ts';
import { parseNightCounts, parseSleepDiaries, parseSleepDiary, parseSleepDiaryWrite, type SleepDiaryStore } from './store.ts';

export function createSupabaseSleepDiaryStore(url: string, secretKey: string, baseFetch: typeof fetch = fetch): SleepDiaryStore {
  const rpc = secretRpc(url, secretKey, baseFetch);
  return {
    async read(requestId) {
      return parseSleepDiary(await rpc('sleep_diary', { p_id: requestId }));
    },
    async consent(requestId) {
      return parseSleepDiaryWrite(await rpc('consent_sleep_diary', { p_id: requestId }));
    },
    async save(requestId, night) {
      return parseSleepDiaryWrite(await rpc('save_sleep_night', { p_id: requestId, p_night: night }));
    },
    async withdraw(requestId) {
      return parseSleepDiaryWrite(await rpc('withdraw_sleep_diary', { p_id: requestId }));
    },
    async setReminders(requestId, on) {
      return parseSleepDiaryWrite(await rpc('set_sleep_reminders', { p_id: requestId, p_on: on }));
    },
    async oweReminders(today) {
      const owed = await rpc('owe_sleep_reminders', { p_today: today });
      if (typeof owed !== 'number') throw new StoreError('unexpected_sleep_reminders_answer');
      return owed;
    },
    async claimDueReminders(limit) {
      const takenAt = performance.now();
      // The same rows as the day-before reminders' (the request with its claim).
      return parseClaimedRows('reminder', await dueMails(rpc, SLEEP_REMINDER_KIND, { limit, graceSeconds: 0 }), takenAt);
    },
    async nightCounts(requestIds) {
      return requestIds.length === 0 ? {} : parseNightCounts(await rpc('sleep_night_counts', { p_ids: requestIds }));
    },
    async diariesOf(address) {
      return parseSleepDiaries(await rpc('sleep_diaries_of', { p_address_key: address }));
    },
  };
}
