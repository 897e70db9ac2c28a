// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpError, invoke, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';
import { SLEEP_DIARY_FUNCTION, type SleepDiaryView, type SleepNight } from '@domain/sleep-diary';
import { consentToDiary, saveNight, setReminders, showDiary, withdrawDiary } from './sleep-diary-api';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));

const TOKEN = 'diary-token';
const night: SleepNight = {
  morning: '2026-11-30', bedTime: '22:45', attemptTime: '23:00', latencyMinutes: 20, awakenings: 1, wakeMinutes: 10,
  finalWakeTime: '06:30', upTime: '06:45', quality: 4, note: null,
};
const diary: SleepDiaryView = {
  appointment: { status: 'confirmed', date: '2026-12-10', time: '09:00', service: 'Schlafberatung', advisor: null, minutes: 60 },
  consent: true, reminders: false, today: '2026-12-01', firstMorning: '2026-11-26', lastMorning: '2026-12-01', deleteOn: '2027-01-09',
  nights: [night],
};

describe('the sleep diary calls', () => {
  beforeEach(() => {
    resetSupabaseMock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('each sends its action with the token and answers the diary', async () => {
    invoke.mockResolvedValue({ data: { diary }, error: null });
    for (const call of [showDiary(TOKEN), consentToDiary(TOKEN), withdrawDiary(TOKEN), setReminders(TOKEN, true), saveNight(TOKEN, night)]) {
      await expect(call).resolves.toEqual({ kind: 'diary', diary });
    }
    expect(invoke.mock.calls.map(([name, options]) => [name, options.body])).toEqual([
      [SLEEP_DIARY_FUNCTION, { action: 'show', token: TOKEN }],
      [SLEEP_DIARY_FUNCTION, { action: 'consent', token: TOKEN }],
      [SLEEP_DIARY_FUNCTION, { action: 'withdraw', token: TOKEN }],
      [SLEEP_DIARY_FUNCTION, { action: 'reminders', token: TOKEN, on: true }],
      [SLEEP_DIARY_FUNCTION, { action: 'save', token: TOKEN, night }],
    ]);
  });

  it.each([
    [403, { error: 'invalid_link', reason: 'expired' }, { kind: 'invalid_link' }],
    [404, { error: 'not_found' }, { kind: 'not_found' }],
    [429, { error: 'rate_limited', retryAfter: 60 }, { kind: 'limited' }],
    [400, { error: 'invalid_night', field: 'upTime', reason: 'out_of_order' }, { kind: 'invalid_night', field: 'upTime', reason: 'out_of_order' }],
    [400, { error: 'invalid_night', field: 'pillow', reason: 'missing' }, { kind: 'failed' }],
    [409, { error: 'no_consent' }, { kind: 'no_consent' }],
    [409, { error: 'closed' }, { kind: 'closed' }],
    [409, { error: 'something_new' }, { kind: 'failed' }],
    [500, { error: 'internal' }, { kind: 'failed' }],
  ])('a %i %j is %j', async (status, body, result) => {
    invoke.mockResolvedValue({ data: null, error: httpError(status, body) });
    await expect(saveNight(TOKEN, night)).resolves.toEqual(result);
  });

  it('a diary outside its shape, or no answer at all, is a failure to retry', async () => {
    invoke.mockResolvedValueOnce({ data: { diary: { ...diary, nights: [{ ...night, bedTime: '25 Uhr' }] } }, error: null });
    await expect(showDiary(TOKEN)).resolves.toEqual({ kind: 'failed' });
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsFetchError') });
    await expect(showDiary(TOKEN)).resolves.toEqual({ kind: 'failed' });
  });
});
