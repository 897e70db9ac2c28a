import assert from 'node:assert/strict';
import {
  averageFigures,
  chartSpans,
  formatDuration,
  formatPercent,
  morningWindow,
  nightFigures,
  nightName,
  nightProblem,
  SLEEP_DIARY_DAYS_BACK,
  SLEEP_NOTE_MAX,
  SLEEP_REMINDER_DAILY_CAP,
  type SleepNight,
} from '../_shared/domain/sleep-diary.ts';
import {
  SLEEP_REMINDER_BUCKET,
  SLEEP_REMINDER_DAILY_BUCKET,
  SLEEP_REMINDER_DAILY_KEY,
  SLEEP_REMINDER_LIMITED,
  sendClaimedSleepReminder,
  takeSleepReminder,
} from '../_shared/sleep-diary/reminder-budget.ts';
import { FakeMailer, FakeStore } from './helpers.ts';

/** The example: bed 23:00, attempt 23:15, 30 min to fall asleep, 2 awakenings, 20 min awake, final 06:15, up 06:45. */
const example: SleepNight = {
  morning: '2026-11-27',
  bedTime: '23:00',
  attemptTime: '23:15',
  latencyMinutes: 30,
  awakenings: 2,
  wakeMinutes: 20,
  finalWakeTime: '06:15',
  upTime: '06:45',
  quality: 3,
  note: null,
};
const days = { today: '2026-11-27', appointmentDate: '2026-12-03' };

Deno.test('the example night: 7 Std. 45 Min. in bed, 6 Std. 10 Min. sleep, 80 %', () => {
  assert.equal(nightProblem({ ...example }, days), null);
  const figures = nightFigures(example);
  assert.deepEqual(figures, { inBedMinutes: 465, sleepMinutes: 370, efficiencyPercent: 80, latencyMinutes: 30, wakeMinutes: 20 });
  assert.equal(formatDuration(figures.inBedMinutes), '7\u00a0Std. 45\u00a0Min.');
  assert.equal(formatDuration(figures.sleepMinutes), '6\u00a0Std. 10\u00a0Min.');
  assert.equal(formatPercent(figures.efficiencyPercent), '80\u00a0%');
  assert.equal(formatDuration(45), '45\u00a0Min.');
  assert.equal(formatDuration(480), '8\u00a0Std.');
});

Deno.test('a night is named by its morning', () => {
  assert.equal(nightName('2026-11-27'), 'Nacht auf Freitag, 27. November');
  assert.equal(nightName('2027-01-01'), 'Nacht auf Freitag, 1. Januar');
});

Deno.test('times cross midnight, or not: a night begun after midnight, and a day sleeper', () => {
  const late = { ...example, bedTime: '01:30', attemptTime: '01:45', latencyMinutes: 15, wakeMinutes: 0, finalWakeTime: '07:45', upTime: '08:00' };
  assert.equal(nightProblem(late, days), null);
  assert.deepEqual(nightFigures(late), { inBedMinutes: 390, sleepMinutes: 345, efficiencyPercent: 88, latencyMinutes: 15, wakeMinutes: 0 });
  // A night shift: to bed at 08:00, up at 15:30 the same day.
  const day = { ...example, bedTime: '08:00', attemptTime: '08:00', latencyMinutes: 10, wakeMinutes: 0, finalWakeTime: '15:00', upTime: '15:30' };
  assert.equal(nightProblem(day, days), null);
  assert.equal(nightFigures(day).inBedMinutes, 450);
  // All four at the same minute is a (very short) night, not 24 hours.
  const same = { ...example, bedTime: '23:00', attemptTime: '23:00', latencyMinutes: 0, wakeMinutes: 0, finalWakeTime: '23:00', upTime: '23:00' };
  assert.equal(nightFigures(same).inBedMinutes, 0);
  assert.equal(nightFigures(same).efficiencyPercent, 0);
});

Deno.test('the nights the clocks change count real minutes', () => {
  // 29 March 2026: 02:00 becomes 03:00 – an hour less than the wall clock says.
  const spring = { ...example, morning: '2026-03-29', bedTime: '23:00', attemptTime: '23:00', latencyMinutes: 0, wakeMinutes: 0, finalWakeTime: '07:00', upTime: '07:00' };
  assert.equal(nightProblem(spring, { today: '2026-03-29', appointmentDate: '2026-04-01' }), null);
  assert.deepEqual(nightFigures(spring), { inBedMinutes: 420, sleepMinutes: 420, efficiencyPercent: 100, latencyMinutes: 0, wakeMinutes: 0 });
  // 25 October 2026: 03:00 becomes 02:00 again – an hour more.
  const autumn = { ...spring, morning: '2026-10-25' };
  assert.deepEqual(nightFigures(autumn), { inBedMinutes: 540, sleepMinutes: 540, efficiencyPercent: 100, latencyMinutes: 0, wakeMinutes: 0 });
  // The night before, nothing changes.
  assert.equal(nightFigures({ ...spring, morning: '2026-03-28' }).inBedMinutes, 480);
});

Deno.test('the times must follow each other within 24 hours: the field after the break is marked', () => {
  assert.deepEqual(nightProblem({ ...example, attemptTime: '22:30' }, days), { field: 'attemptTime', reason: 'out_of_order' });
  assert.deepEqual(nightProblem({ ...example, upTime: '06:00' }, days), { field: 'upTime', reason: 'out_of_order' });
  assert.deepEqual(nightProblem({ ...example, finalWakeTime: '23:10' }, days), { field: 'finalWakeTime', reason: 'out_of_order' });
});

Deno.test('minutes to fall asleep and awake fit between the attempt and the final awakening', () => {
  // Attempt 23:15 to 06:15 is 420 minutes.
  assert.equal(nightProblem({ ...example, latencyMinutes: 400, wakeMinutes: 20 }, days), null);
  assert.deepEqual(nightProblem({ ...example, latencyMinutes: 421, wakeMinutes: 0 }, days), { field: 'latencyMinutes', reason: 'latency_too_long' });
  assert.deepEqual(nightProblem({ ...example, latencyMinutes: 400, wakeMinutes: 21 }, days), { field: 'wakeMinutes', reason: 'wake_too_long' });
  // On the night the clocks go forward, 23:00–07:00 holds only 420 minutes.
  const spring = { ...example, morning: '2026-03-29', attemptTime: '23:00', finalWakeTime: '07:00', upTime: '07:00', latencyMinutes: 440, wakeMinutes: 0 };
  assert.deepEqual(nightProblem(spring, { today: '2026-03-29', appointmentDate: '2026-04-01' }), { field: 'latencyMinutes', reason: 'latency_too_long' });
});

Deno.test('the morning: not in the future, at most 14 days back, not after the appointment', () => {
  assert.deepEqual(nightProblem({ ...example, morning: '2026-11-28' }, days), { field: 'morning', reason: 'in_future' });
  assert.equal(nightProblem({ ...example, morning: '2026-11-13' }, days), null);
  assert.deepEqual(nightProblem({ ...example, morning: '2026-11-12' }, days), { field: 'morning', reason: 'too_old' });
  assert.deepEqual(nightProblem({ ...example, morning: '2026-11-27' }, { today: '2026-11-28', appointmentDate: '2026-11-26' }), {
    field: 'morning',
    reason: 'after_appointment',
  });
  assert.deepEqual(nightProblem({ ...example, morning: '2026-02-30' }, days), { field: 'morning', reason: 'not_a_date' });
  assert.deepEqual(morningWindow(days), { first: '2026-11-13', last: '2026-11-27' });
  assert.equal(SLEEP_DIARY_DAYS_BACK, 14);
});

Deno.test('every field: missing, malformed, out of range', () => {
  assert.deepEqual(nightProblem({ ...example, bedTime: '' }, days), { field: 'bedTime', reason: 'missing' });
  assert.deepEqual(nightProblem({ ...example, upTime: '24:00' }, days), { field: 'upTime', reason: 'not_a_time' });
  assert.deepEqual(nightProblem({ ...example, attemptTime: '7:00' }, days), { field: 'attemptTime', reason: 'not_a_time' });
  assert.deepEqual(nightProblem({ ...example, latencyMinutes: null }, days), { field: 'latencyMinutes', reason: 'missing' });
  assert.deepEqual(nightProblem({ ...example, awakenings: 1.5 }, days), { field: 'awakenings', reason: 'not_a_number' });
  assert.deepEqual(nightProblem({ ...example, awakenings: 100 }, days), { field: 'awakenings', reason: 'too_many' });
  assert.deepEqual(nightProblem({ ...example, wakeMinutes: '20' }, days), { field: 'wakeMinutes', reason: 'not_a_number' });
  assert.deepEqual(nightProblem({ ...example, quality: 6 }, days), { field: 'quality', reason: 'not_a_choice' });
  assert.deepEqual(nightProblem({ ...example, quality: undefined }, days), { field: 'quality', reason: 'missing' });
  assert.equal(nightProblem({ ...example, note: 'x'.repeat(SLEEP_NOTE_MAX) }, days), null);
  assert.deepEqual(nightProblem({ ...example, note: 'x'.repeat(SLEEP_NOTE_MAX + 1) }, days), { field: 'note', reason: 'too_long' });
  assert.deepEqual(nightProblem({ ...example, note: 'a\u202Eb' }, days), { field: 'note', reason: 'control_character' });
  assert.equal(nightProblem({ ...example, note: 'Zwei Zeilen\nmit Umbruch' }, days), null);
});

Deno.test('averages over the nights kept', () => {
  assert.equal(averageFigures([]), null);
  const second: SleepNight = { ...example, morning: '2026-11-26', bedTime: '22:30', attemptTime: '22:30', latencyMinutes: 10, wakeMinutes: 0, finalWakeTime: '06:30', upTime: '06:30' };
  // 480 in bed, 470 sleep (98 %); the example: 465, 370 (79.6 %).
  assert.deepEqual(averageFigures([example, second]), {
    inBedMinutes: 473,
    sleepMinutes: 420,
    efficiencyPercent: 89,
    latencyMinutes: 20,
    wakeMinutes: 10,
  });
});

Deno.test('the chart: minutes after 18:00 the evening before', () => {
  assert.deepEqual(chartSpans(example), { bed: 300, up: 765, asleepFrom: 345, asleepTo: 735 });
});

Deno.test('the diary link: its own token, valid until the end of the day after the appointment', async () => {
  const { readSleepDiaryToken, signSleepDiaryToken } = await import('../_shared/sleep-diary/tokens.ts');
  const { sleepDiaryExpiry, sleepDiaryUrl } = await import('../_shared/sleep-diary/links.ts');
  const { signActionToken } = await import('../_shared/lifecycle/action-tokens.ts');
  const secret = 'x'.repeat(40);
  const id = '0b6c6c1e-3c2a-4a57-9d3f-2f1f5f6a7b8c';
  // Appointment on Thursday 3 December: the link works through Friday 4 December (Zurich).
  assert.equal(sleepDiaryExpiry('2026-12-03').toISOString(), '2026-12-04T23:00:00.000Z');
  const url = await sleepDiaryUrl({ secret, siteUrl: 'https://example.ch' }, { id, confirmed_date: '2026-12-03' });
  assert.match(url, /^https:\/\/example\.ch\/schlaftagebuch#[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  const token = url.slice(url.indexOf('#') + 1);
  const read = await readSleepDiaryToken(secret, token, new Date('2026-12-04T22:59:00Z'));
  assert.deepEqual(read, { ok: true, claim: { requestId: id, expiresAt: Date.parse('2026-12-04T23:00:00Z') / 1000 } });
  assert.deepEqual(await readSleepDiaryToken(secret, token, new Date('2026-12-04T23:00:01Z')), { ok: false, reason: 'expired' });
  assert.deepEqual(await readSleepDiaryToken('y'.repeat(40), token), { ok: false, reason: 'tampered' });
  // An action link's token (same secret) is no diary token.
  const view = await signActionToken(secret, { requestId: id, action: 'view', expiresAt: 4_000_000_000 });
  assert.equal((await readSleepDiaryToken(secret, view)).ok, false);
  assert.equal((await signSleepDiaryToken(secret, { requestId: id, expiresAt: 4_000_000_000 })).includes('|'), false);
});

Deno.test('the morning reminder\'s own budget: one per diary a morning, the day\'s cap, never an acknowledgement\'s bucket', async () => {
  const store = new FakeStore();
  assert.equal(await takeSleepReminder(store, 'a', '2026-11-27'), true);
  assert.equal(await takeSleepReminder(store, 'a', '2026-11-27'), false);
  assert.equal(await takeSleepReminder(store, 'a', '2026-11-28'), true);
  assert.equal(await takeSleepReminder(store, 'b', '2026-11-27'), true);
  assert.deepEqual(new Set(store.rateCalls.map((call) => call.bucket)), new Set([SLEEP_REMINDER_BUCKET, SLEEP_REMINDER_DAILY_BUCKET]));
  // The day's cap spent: refused, and the diary's morning not spent on it.
  store.counts.set(`${SLEEP_REMINDER_DAILY_BUCKET}|${SLEEP_REMINDER_DAILY_KEY}`, SLEEP_REMINDER_DAILY_CAP);
  assert.equal(await takeSleepReminder(store, 'c', '2026-11-27'), false);
  assert.equal(store.counts.get(`${SLEEP_REMINDER_BUCKET}|c/2026-11-27`), 0);
});

Deno.test('a claimed reminder: sent; dropped with its cause when its budget holds it back; a failed send gives its budget back', async () => {
  const store = new FakeStore();
  const mailer = new FakeMailer();
  const mail = { to: 'anna@example.ch', subject: 's', text: 't', html: 'h' };
  const sent = await sendClaimedSleepReminder(store, mailer, 'a', '2026-11-27', mail, store.takeOverClaim('sleep-reminder', 'a'));
  assert.deepEqual(sent, { outcome: 'sent', finished: 'finished' });
  const again = await sendClaimedSleepReminder(store, mailer, 'a', '2026-11-27', mail, store.takeOverClaim('sleep-reminder', 'a'));
  assert.deepEqual(again, { outcome: 'dropped', cause: SLEEP_REMINDER_LIMITED, finished: 'finished' });
  assert.equal(store.calls.filter((call) => call === 'finishMail:sleep-reminder:dropped').length, 1);
  assert.equal(mailer.sent.length, 1);

  mailer.fail = 'all';
  const failed = await sendClaimedSleepReminder(store, mailer, 'b', '2026-11-27', mail, store.takeOverClaim('sleep-reminder', 'b'));
  assert.deepEqual(failed, { outcome: 'failed', cause: 'smtp_ECONNREFUSED', finished: 'finished' });
  assert.equal(store.counts.get(`${SLEEP_REMINDER_BUCKET}|b/2026-11-27`), 0);
  assert.equal(store.counts.get(`${SLEEP_REMINDER_DAILY_BUCKET}|${SLEEP_REMINDER_DAILY_KEY}`), 1);
});

Deno.test('the note: what the database cannot store is refused at the note, before its length', () => {
  assert.deepEqual(nightProblem({ ...example, note: 'a\ud800b' }, days), { field: 'note', reason: 'not_well_formed' });
  assert.deepEqual(nightProblem({ ...example, note: `${'x'.repeat(SLEEP_NOTE_MAX + 1)}\udc00` }, days), { field: 'note', reason: 'not_well_formed' });
  assert.deepEqual(nightProblem({ ...example, note: 'a\u0000b' }, days), { field: 'note', reason: 'control_character' });
  assert.equal(nightProblem({ ...example, note: 'Traum 😴' }, days), null);
});
