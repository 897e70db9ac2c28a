// @vitest-environment node
/**
 * The sleep diary against the real stack: the function sleep-diary, its tables
 * and RPCs (…_sleep_diary.sql), «Meine Daten» and the retention.
 * - the token: the diary's own link opens it; a forged, expired or action link's token does not;
 * - consent first: before «Ich willige ein …» nothing is stored, a night is refused;
 * - nights: saved, listed by morning; the same morning saved again replaces the night;
 * - refusals: a night breaking a rule (times out of order, the morning in the future, a
 *   note too long, an unknown field) is refused at its field and nothing is half-saved;
 *   a cancelled appointment's diary takes no more nights;
 * - «Einwilligung widerrufen» deletes the diary at once; «Meine Daten» lists it and its
 *   erasure deletes it;
 * - the write limit per appointment a day, counted in the database;
 * - REST closed: neither table nor RPC answers the site's key;
 * - the retention: a diary is deleted 90 days after its appointment.
 * The rules and figures themselves: supabase/functions/tests/sleep-diary.test.ts; the page:
 * e2e/sleep-diary.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFunctionsSettings } from '../../scripts/stack/start-stack.ts';
import { addressKey } from '../../supabase/functions/_shared/domain/my-data.ts';
import { addDays, nightFigures, nightProblem, SLEEP_DIARY_DAILY_WRITES, SLEEP_DIARY_FUNCTION, SLEEP_NOTE_MAX, type SleepNight } from '../../supabase/functions/_shared/domain/sleep-diary.ts';
import { actionUrl } from '../../supabase/functions/_shared/lifecycle/action-links.ts';
import { requestedMyDataUrl } from '../../supabase/functions/_shared/my-data/links.ts';
import { SLEEP_DIARY_LINK_TEXT } from '../../supabase/functions/_shared/lifecycle/appointment-emails.ts';
import { sleepDiaryUrl } from '../../supabase/functions/_shared/sleep-diary/links.ts';
import { signSleepDiaryToken } from '../../supabase/functions/_shared/sleep-diary/tokens.ts';
import { SLEEP_REMINDER_STOP_QUERY, SLEEP_REMINDER_SUBJECT } from '../../supabase/functions/_shared/sleep-diary/reminder-mail.ts';
import { SLEEP_REMINDER_DAILY_CAP, SLEEP_REMINDER_HOUR, SLEEP_REMINDER_KIND } from '../../supabase/functions/_shared/domain/sleep-diary.ts';
import {
  SLEEP_REMINDER_DAILY_BUCKET,
  SLEEP_REMINDER_DAILY_KEY,
  SLEEP_REMINDER_LIMITED,
} from '../../supabase/functions/_shared/sleep-diary/reminder-budget.ts';
import { zurichInstant } from '../../supabase/functions/_shared/domain/dates.ts';
import { CONTACT_FUNCTION } from '../../src/features/contact/api/contact-message.ts';
import { TEST_CLOCK_HEADER } from '../../supabase/functions/_shared/http/test-clock.ts';
import { isTo, mailApi } from '../support/mail-api.ts';
import {
  ageOutboxMails,
  backendTarget,
  browserClient,
  callFunction,
  finishedAcknowledgement,
  newAppointmentRequest,
  newVisitor,
  slotSequence,
  ownStandIn,
  type TestBackend,
  zurichDate,
} from './stack-harness.ts';

let backend: TestBackend;
const FN = SLEEP_DIARY_FUNCTION;
const nextSlot = slotSequence(64);
const settings = () => ({ secret: readFunctionsSettings().ACTION_TOKEN_SECRET ?? '', siteUrl: 'http://localhost:5173' });
const fragment = (url: string) => url.slice(url.indexOf('#') + 1);

beforeAll(async () => {
  backend = await backendTarget();
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

/** A confirmed appointment of `email` on a slot of its own; its id and day. */
async function confirmedAppointment(email: string, { keepMails = false } = {}): Promise<{ id: string; date: string }> {
  const { date, time } = nextSlot();
  const row = newAppointmentRequest(email, { preferred_date: date, preferred_time: time });
  await backend.query(
    `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.id, row.first_name, row.last_name, row.email, row.phone, row.service, row.preferred_date, row.preferred_time],
  );
  const { rows } = await backend.query<{ answer: { result: string } }>(
    `select (select set_config('role', 'service_role', true)), public.decide_appointment($1, 'confirm', $2::date, $3) as answer`,
    [row.id, date, time],
  );
  expect(rows[0]!.answer.result).toBe('changed');
  // The request's and the confirmation's mails are out, unless the test sends them.
  if (!keepMails) await backend.query(`update public.outbox_mails set sent_at = now() where appointment_request_id = $1`, [row.id]);
  return { id: row.id, date };
}

/** A confirmed appointment and its diary link's token (as the confirmation mail carries it). */
async function diaryOf(email = newVisitor().email) {
  const appointment = await confirmedAppointment(email);
  const token = fragment(await sleepDiaryUrl(settings(), { id: appointment.id, confirmed_date: appointment.date }));
  return { ...appointment, email, token };
}

const call = (body: Record<string, unknown>) => callFunction(backend, FN, body, { ip: newVisitor().ip, proof: false });

/** The example night, on a morning `daysBack` before today. */
const night = (daysBack = 0, overrides: Partial<SleepNight> = {}): SleepNight => ({
  morning: zurichDate(-daysBack),
  bedTime: '23:00',
  attemptTime: '23:15',
  latencyMinutes: 30,
  awakenings: 2,
  wakeMinutes: 20,
  finalWakeTime: '06:15',
  upTime: '06:45',
  quality: 3,
  note: 'Nachbarn laut',
  ...overrides,
});

const storedNights = async (id: string) =>
  (await backend.query<{ morning: string; quality: number; note: string | null }>(
    `select to_char(morning, 'YYYY-MM-DD') as morning, quality, note from public.sleep_diary_nights where appointment_request_id = $1 order by morning`,
    [id],
  )).rows;
const hasDiary = async (id: string) =>
  (await backend.query(`select 1 from public.sleep_diaries where appointment_request_id = $1`, [id])).rows.length === 1;

describe('sleep-diary: the link', () => {
  it('comes with the confirmation mail as «Schlaftagebuch führen» and opens that appointment\'s diary', async () => {
    const email = newVisitor().email;
    const appointment = await confirmedAppointment(email, { keepMails: true });
    await ageOutboxMails(backend, appointment.id);
    const outbox = await fetch(`${backend.apiUrl}/functions/v1/send-pending-mail`, {
      method: 'POST',
      headers: { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(outbox.status).toBe(200);
    const confirmation = await mailApi(backend.mailUrl).waitFor((m) => isTo(m, email) && m.Subject.startsWith('Terminbestätigung'), { timeoutMs: 20_000 });
    expect(confirmation.Text).toContain(SLEEP_DIARY_LINK_TEXT);
    const match = /\/schlaftagebuch#([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(confirmation.Text);
    expect(match).not.toBeNull();
    const shown = await call({ action: 'show', token: match![1]! });
    expect(shown).toMatchObject({ status: 200, json: { diary: { appointment: { date: appointment.date, status: 'confirmed' } } } });
  });

  it('shows the appointment it was sent for: day, time, service, advisor, and no night yet', async () => {
    const diary = await diaryOf();
    const shown = await call({ action: 'show', token: diary.token });
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({
      diary: {
        appointment: { date: diary.date, service: 'Schlafberatung', status: 'confirmed' },
        consent: false,
        nights: [],
        today: zurichDate(0),
      },
    });
    expect(typeof (shown.json!.diary as { appointment: { advisor: unknown } }).appointment.advisor).toBe('string');
  });

  it('refuses a forged, an expired and an action link\'s token with 403', async () => {
    const diary = await diaryOf();
    const tampered = `${diary.token.slice(0, -2)}${diary.token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await call({ action: 'show', token: tampered })).toMatchObject({ status: 403, json: { error: 'invalid_link', reason: 'tampered' } });
    const expired = await signSleepDiaryToken(settings().secret, { requestId: diary.id, expiresAt: Math.floor(Date.now() / 1000) - 60 });
    expect(await call({ action: 'show', token: expired })).toMatchObject({ status: 403, json: { reason: 'expired' } });
    const view = fragment(await actionUrl(settings(), diary.id, 'view', new Date(Date.now() + 86_400_000)));
    expect(await call({ action: 'save', token: view, night: night() })).toMatchObject({ status: 403, json: { error: 'invalid_link' } });
    expect(await storedNights(diary.id)).toEqual([]);
  });
});

describe('sleep-diary: consent first', () => {
  it('stores nothing before consent: a night is refused with 409, then taken after «Ich willige ein»', async () => {
    const diary = await diaryOf();
    expect(await call({ action: 'save', token: diary.token, night: night() })).toMatchObject({ status: 409, json: { error: 'no_consent' } });
    expect(await hasDiary(diary.id)).toBe(false);
    expect(await storedNights(diary.id)).toEqual([]);

    expect(await call({ action: 'consent', token: diary.token })).toMatchObject({ status: 200, json: { diary: { consent: true, nights: [] } } });
    const saved = await call({ action: 'save', token: diary.token, night: night() });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ diary: { consent: true, nights: [night()] } });
  });

  it('«Einwilligung widerrufen» deletes the diary and its nights at once', async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    await call({ action: 'save', token: diary.token, night: night(1) });
    await call({ action: 'save', token: diary.token, night: night(0) });
    expect(await storedNights(diary.id)).toHaveLength(2);
    expect(await call({ action: 'withdraw', token: diary.token })).toMatchObject({ status: 200, json: { diary: { consent: false, nights: [] } } });
    expect(await hasDiary(diary.id)).toBe(false);
    expect(await storedNights(diary.id)).toEqual([]);
    // And no night is taken after it without a new consent.
    expect(await call({ action: 'save', token: diary.token, night: night() })).toMatchObject({ status: 409 });
  });
});

describe('sleep-diary: nights', () => {
  it('lists the nights by morning, and a morning saved again replaces its night', async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    expect((await call({ action: 'save', token: diary.token, night: night(0) })).status).toBe(200);
    expect((await call({ action: 'save', token: diary.token, night: night(2, { quality: 5, note: null }) })).status).toBe(200);
    const replaced = await call({ action: 'save', token: diary.token, night: night(0, { quality: 1, note: 'Neu', upTime: '07:00' }) });
    expect(replaced.status).toBe(200);
    expect((replaced.json!.diary as { nights: SleepNight[] }).nights).toEqual([night(2, { quality: 5, note: null }), night(0, { quality: 1, note: 'Neu', upTime: '07:00' })]);
    expect(await storedNights(diary.id)).toEqual([
      { morning: zurichDate(-2), quality: 5, note: null },
      { morning: zurichDate(0), quality: 1, note: 'Neu' },
    ]);
  });

  it('refuses a night that breaks a rule at its field, and stores nothing of it', async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    await call({ action: 'save', token: diary.token, night: night(0) });
    // From trying to sleep to waking for good: an hour shorter or longer on a night the clocks change.
    const figures = nightFigures(night(0));
    const asleepSpan = figures.sleepMinutes + figures.latencyMinutes + figures.wakeMinutes;
    const refusals: [Record<string, unknown>, string, string][] = [
      [night(0, { attemptTime: '22:30', quality: 1 }), 'attemptTime', 'out_of_order'],
      [night(-1), 'morning', 'in_future'],
      [night(15), 'morning', 'too_old'],
      [night(0, { latencyMinutes: asleepSpan - 10, wakeMinutes: 20 }), 'wakeMinutes', 'wake_too_long'],
      [night(0, { note: 'x'.repeat(SLEEP_NOTE_MAX + 1) }), 'note', 'too_long'],
      [{ ...night(0), quality: 9 }, 'quality', 'not_a_choice'],
      [{ ...night(0), upTime: '7 Uhr' }, 'upTime', 'not_a_time'],
    ];
    for (const [bad, field, reason] of refusals) {
      expect(await call({ action: 'save', token: diary.token, night: bad }), `${field} ${reason}`).toMatchObject({
        status: 400,
        json: { error: 'invalid_night', field, reason },
      });
    }
    const unknown = await call({ action: 'save', token: diary.token, night: { ...night(0), mood: 'gut' } });
    expect(unknown).toMatchObject({ status: 400, json: { error: 'invalid_body' } });
    // The night stored first is as it was.
    expect(await storedNights(diary.id)).toEqual([{ morning: zurichDate(0), quality: 3, note: 'Nachbarn laut' }]);
  });

  it('refuses a note Postgres cannot store – a lone surrogate, NUL – at the note with 400, and stores nothing of it', async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    await call({ action: 'save', token: diary.token, night: night(0) });
    const unstorable: [string, string][] = [['a\ud800b', 'not_well_formed'], ['\udc00', 'not_well_formed'], ['a\u0000b', 'control_character']];
    for (const [note, reason] of unstorable) {
      const refused = await call({ action: 'save', token: diary.token, night: night(0, { note, quality: 1 }) });
      expect({ status: refused.status, json: refused.json }, JSON.stringify(note)).toEqual({
        status: 400,
        json: { error: 'invalid_night', field: 'note', reason },
      });
      // The page checks the night with the same rule before it sends it.
      expect(nightProblem({ ...night(0, { note }) }, { today: zurichDate(0), appointmentDate: diary.date })).toEqual({ field: 'note', reason });
    }
    expect(await storedNights(diary.id)).toEqual([{ morning: zurichDate(0), quality: 3, note: 'Nachbarn laut' }]);
  });

  it('a cancelled appointment\'s diary takes no more nights, but can still be withdrawn', async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    await backend.query(`select (select set_config('role', 'service_role', true)), public.cancel_appointment($1, interval '0')`, [diary.id]);
    expect(await call({ action: 'save', token: diary.token, night: night() })).toMatchObject({ status: 409, json: { error: 'closed' } });
    expect((await call({ action: 'withdraw', token: diary.token })).status).toBe(200);
    expect(await hasDiary(diary.id)).toBe(false);
  });

  it(`takes ${SLEEP_DIARY_DAILY_WRITES} writes per appointment a day, counted in the database, then 429`, async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    // The consent was one write; the earlier ones stand in for the rest of the day's.
    await backend.query(
      `insert into public.rate_limit_events (bucket, key) select 'sleep-diary', $1 from generate_series(1, $2)`,
      [diary.id, SLEEP_DIARY_DAILY_WRITES - 2],
    );
    expect((await call({ action: 'save', token: diary.token, night: night(0) })).status).toBe(200);
    const refused = await call({ action: 'save', token: diary.token, night: night(1) });
    expect(refused).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
    expect(await storedNights(diary.id)).toHaveLength(1);
    // Another appointment's diary is not held back.
    const other = await diaryOf();
    expect((await call({ action: 'consent', token: other.token })).status).toBe(200);
  });
});

describe('sleep-diary: the advisor reads it on the appointment\'s page', () => {
  const showAction = async (id: string, action: 'practice' | 'view' | 'decline' | 'cancel') => {
    const token = fragment(await actionUrl(settings(), id, action, new Date(Date.now() + 86_400_000)));
    return callFunction(backend, 'appointment-action', { token, intent: 'show' }, { ip: newVisitor().ip, proof: false });
  };

  it('the practice\'s practice and staff links show the nights; a visitor\'s link does not; no diary is null', async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    await call({ action: 'save', token: diary.token, night: night(1) });
    await call({ action: 'save', token: diary.token, night: night(0) });
    const viewed = await showAction(diary.id, 'practice');
    expect(viewed.status).toBe(200);
    expect((viewed.json!.view as { sleepDiary: unknown }).sleepDiary).toEqual({ nights: [night(1), night(0)] });
    expect(((await showAction(diary.id, 'decline')).json!.view as { sleepDiary: unknown }).sleepDiary).toEqual({ nights: [night(1), night(0)] });
    expect((await showAction(diary.id, 'cancel')).json!.view).not.toHaveProperty('sleepDiary');

    const without = await diaryOf();
    expect(((await showAction(without.id, 'practice')).json!.view as { sleepDiary: unknown }).sleepDiary).toBeNull();
  });
});

describe('sleep-diary: the morning reminder', () => {
  /** The outbox as pg_cron calls it, its clock fixed at `at` (the stand-in's test clock). */
  const runOutbox = async (at: Date) => {
    const response = await fetch(`${backend.apiUrl}/functions/v1/send-pending-mail`, {
      method: 'POST',
      headers: {
        apikey: backend.secretKey,
        authorization: `Bearer ${backend.secretKey}`,
        'content-type': 'application/json',
        [TEST_CLOCK_HEADER]: at.toISOString(),
      },
      body: '{}',
    });
    expect(response.status).toBe(200);
  };
  const at = (days: number, hour: number, minute = 0) =>
    zurichInstant(zurichDate(days), `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  const reminderRows = async (id: string) =>
    (await backend.query<{ about: string; sent: boolean; superseded: boolean }>(
      `select about, sent_at is not null as sent, superseded_at is not null as superseded from public.outbox_mails
        where kind = $2 and appointment_request_id = $1 order by about`,
      [id, SLEEP_REMINDER_KIND],
    )).rows;

  it('«Jeden Morgen erinnern»: one mail a morning from 07:00 until the appointment, «Erinnerungen beenden» ends them', async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    expect(await call({ action: 'reminders', token: diary.token, on: true })).toMatchObject({ status: 200, json: { diary: { reminders: true } } });

    await runOutbox(at(0, SLEEP_REMINDER_HOUR - 1, 59));
    expect(await reminderRows(diary.id)).toEqual([]);
    await runOutbox(at(0, SLEEP_REMINDER_HOUR));
    const reminder = await mailApi(backend.mailUrl).waitFor((m) => isTo(m, diary.email) && m.Subject === SLEEP_REMINDER_SUBJECT, { timeoutMs: 20_000 });
    expect(await reminderRows(diary.id)).toEqual([{ about: zurichDate(0), sent: true, superseded: false }]);
    // One a morning: a later run the same morning owes none.
    await runOutbox(at(0, SLEEP_REMINDER_HOUR, 10));
    expect(await reminderRows(diary.id)).toHaveLength(1);
    expect((await mailApi(backend.mailUrl).all()).filter((m) => isTo(m, diary.email) && m.Subject === SLEEP_REMINDER_SUBJECT)).toHaveLength(1);

    // «Erinnerungen beenden»: the mail's stop link opens the page, whose one button ends them.
    const stop = new RegExp(`/schlaftagebuch\\?${SLEEP_REMINDER_STOP_QUERY}#([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(reminder.Text);
    expect(stop).not.toBeNull();
    expect(await call({ action: 'reminders', token: stop![1]!, on: false })).toMatchObject({ status: 200, json: { diary: { reminders: false } } });
    await runOutbox(at(1, SLEEP_REMINDER_HOUR));
    expect(await reminderRows(diary.id)).toHaveLength(1);
  });

  /** A contact message with `email` sent through the contact form's function, its acknowledgement sent to `email`. */
  const acknowledgedContactMessage = async (email: string) => {
    const message = {
      requestId: randomUUID(),
      name: 'Fremde Person',
      email,
      phone: null,
      subject: null,
      message: 'Bitte melden Sie sich.',
      website: '',
      elapsedMs: 15_000,
    };
    expect(await callFunction(backend, CONTACT_FUNCTION, message, { ip: newVisitor().ip })).toMatchObject({ status: 200 });
    expect((await finishedAcknowledgement(backend, 'contact', message.requestId)).sent_at).not.toBeNull();
    await mailApi(backend.mailUrl).waitFor((m) => isTo(m, email) && m.Subject !== SLEEP_REMINDER_SUBJECT, { timeoutMs: 20_000 });
  };

  it('goes out even when a stranger\'s contact message to the keeper\'s address was just acknowledged', async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    await call({ action: 'reminders', token: diary.token, on: true });
    // A stranger's contact message with the keeper's address: its acknowledgement goes to the keeper.
    await acknowledgedContactMessage(diary.email);

    // The morning's run: the reminder has a budget of its own, which the acknowledgement did not spend.
    await runOutbox(at(0, SLEEP_REMINDER_HOUR));
    expect(await reminderRows(diary.id)).toEqual([{ about: zurichDate(0), sent: true, superseded: false }]);
    await mailApi(backend.mailUrl).waitFor((m) => isTo(m, diary.email) && m.Subject === SLEEP_REMINDER_SUBJECT, { timeoutMs: 20_000 });
  });

  it('spends nothing of the acknowledgement\'s: the keeper\'s own contact message right after it is acknowledged', async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    await call({ action: 'reminders', token: diary.token, on: true });
    await runOutbox(at(0, SLEEP_REMINDER_HOUR));
    expect(await reminderRows(diary.id)).toEqual([{ about: zurichDate(0), sent: true, superseded: false }]);
    await acknowledgedContactMessage(diary.email);
  });

  it.runIf(ownStandIn)(`past the day's ${SLEEP_REMINDER_DAILY_CAP} in its own bucket, a reminder is dropped with its cause, never sent late`, async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    await call({ action: 'reminders', token: diary.token, on: true });
    // The day's reminders stand in for a day that has sent its cap.
    await backend.query(`insert into public.rate_limit_events (bucket, key) select $1, $2 from generate_series(1, $3)`, [
      SLEEP_REMINDER_DAILY_BUCKET,
      SLEEP_REMINDER_DAILY_KEY,
      SLEEP_REMINDER_DAILY_CAP,
    ]);
    try {
      await runOutbox(at(0, SLEEP_REMINDER_HOUR));
    } finally {
      await backend.query(`delete from public.rate_limit_events where bucket = $1`, [SLEEP_REMINDER_DAILY_BUCKET]);
    }
    const held = await backend.query<{ sent: boolean; superseded: boolean; last_cause: string | null }>(
      `select sent_at is not null as sent, superseded_at is not null as superseded, last_cause from public.outbox_mails
        where kind = $2 and appointment_request_id = $1`,
      [diary.id, SLEEP_REMINDER_KIND],
    );
    expect(held.rows).toEqual([{ sent: false, superseded: true, last_cause: SLEEP_REMINDER_LIMITED }]);
    // A later run the same morning owes it no more: the cap having room again changes nothing.
    await runOutbox(at(0, SLEEP_REMINDER_HOUR, 10));
    expect(await reminderRows(diary.id)).toEqual([{ about: zurichDate(0), sent: false, superseded: true }]);
  });

  it('ends with the appointment, and takes no reminder without consent', async () => {
    const diary = await diaryOf();
    expect(await call({ action: 'reminders', token: diary.token, on: true })).toMatchObject({ status: 409, json: { error: 'no_consent' } });
    await call({ action: 'consent', token: diary.token });
    await call({ action: 'reminders', token: diary.token, on: true });
    // The appointment was yesterday: no reminder this morning.
    await backend.query(`update public.appointment_requests set confirmed_date = $2::date where id = $1`, [diary.id, zurichDate(-1)]);
    await runOutbox(at(0, SLEEP_REMINDER_HOUR));
    expect(await reminderRows(diary.id)).toEqual([]);
  });
});

describe('sleep-diary: the logs', () => {
  it.runIf(ownStandIn)('name the outcome and a refused field, never the token, a night\'s times or its note', async () => {
    const diary = await diaryOf();
    const note = `Notiz-${diary.id.slice(0, 8)}`;
    await call({ action: 'consent', token: diary.token });
    expect((await call({ action: 'save', token: diary.token, night: night(0, { note, bedTime: '21:07' }) })).status).toBe(200);
    expect((await call({ action: 'save', token: diary.token, night: night(0, { note, attemptTime: '20:59', bedTime: '21:07' }) })).status).toBe(400);
    // The function logs a line per answer: both answers are there before the log is read.
    const lines = () => backend.stack!.functionLogs(FN).filter((line) => line.startsWith('{'));
    await expect.poll(() => lines().filter((line) => /"code":"(saved|invalid_night)"/.test(line)).length).toBeGreaterThanOrEqual(2);
    const log = backend.stack!.functionLogs(FN).join('\n');
    expect(log).toContain('"field":"attemptTime"');
    for (const secret of [note, diary.token, diary.token.split('.')[1]!, '21:07', '20:59', diary.id]) expect(log).not.toContain(secret);
  });
});

describe('sleep-diary: the digest', () => {
  it('names for each of the day\'s appointments how many nights were kept, and nothing of them', async () => {
    const kept = await diaryOf();
    const none = await diaryOf();
    await call({ action: 'consent', token: kept.token });
    await call({ action: 'save', token: kept.token, night: night(1, { note: 'Geheime Notiz' }) });
    await call({ action: 'save', token: kept.token, night: night(0) });
    // Both appointments tomorrow, as time would bring them (the digest lists today's and tomorrow's), each by a
    // name of its own run: a stack that other suites share holds their digests too, and earlier runs' of this one.
    const ofRun = (id: string) => id.slice(0, 8).replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)]!);
    const keptName = `Tagebuch${ofRun(kept.id)}`;
    const noneName = `Ohnetagebuch${ofRun(none.id)}`;
    await backend.query(`update public.appointment_requests set confirmed_date = $2::date where id = any($1::uuid[])`, [[kept.id, none.id], zurichDate(1)]);
    await backend.query(`update public.appointment_requests set last_name = $2 where id = $1`, [kept.id, keptName]);
    await backend.query(`update public.appointment_requests set last_name = $2 where id = $1`, [none.id, noneName]);
    const response = await fetch(`${backend.apiUrl}/functions/v1/send-practice-digest`, {
      method: 'POST',
      headers: { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect({ status: response.status, json: await response.json() }).toMatchObject({ status: 200, json: { sent: true } });
    const practice = readFunctionsSettings().PRACTICE_EMAIL ?? 'praxis@ruhepol-schlafberatung.ch';
    // Each appointment's entry (the digest separates them with '---').
    const entryIn = (text: string, name: string) => text.split('\n---\n').find((part) => part.includes(`Beat ${name}\n`));
    const digest = await mailApi(backend.mailUrl).waitFor(
      (m) => isTo(m, practice) && m.Subject.startsWith('Tagesübersicht') && entryIn(m.Text, keptName) !== undefined,
      { timeoutMs: 20_000 },
    );
    expect(entryIn(digest.Text, keptName)).toMatch(/Schlaftagebuch: +2 Nächte/);
    expect(entryIn(digest.Text, noneName)).toMatch(/Schlaftagebuch: +keines/);
    expect(digest.Text).not.toContain('Geheime Notiz');
    expect(digest.HTML).not.toContain('Geheime Notiz');
  });
});

describe('sleep-diary: «Meine Daten» and the REST API', () => {
  it('«Meine Daten» shows and exports the diary with its request, and its erasure deletes it', async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    await call({ action: 'save', token: diary.token, night: night(0) });
    const myToken = fragment(await requestedMyDataUrl(settings(), diary.email, new Date()));
    const shown = await callFunction(backend, 'my-data', { action: 'show', token: myToken }, { ip: newVisitor().ip, proof: false });
    expect(shown.status).toBe(200);
    const data = shown.json!.data as { sleepDiaries: { requestId: string; nights: SleepNight[]; deleteOn: string }[] };
    expect(data.sleepDiaries).toEqual([
      expect.objectContaining({ requestId: diary.id, nights: [night(0)], deleteOn: addDays(diary.date, 90) }),
    ]);
    expect(addressKey(diary.email)).toBe(diary.email);
    // «Schlaftagebuch führen» for the appointment: a link that opens this diary.
    const links = (shown.json!.data as { sleepDiaryLinks: { requestId: string; url: string }[] }).sleepDiaryLinks;
    expect(links.map((link) => link.requestId)).toEqual([diary.id]);
    expect((await call({ action: 'show', token: fragment(links[0]!.url) })).json).toMatchObject({ diary: { consent: true, nights: [night(0)] } });

    const erased = await callFunction(backend, 'my-data', { action: 'erase', token: myToken }, { ip: newVisitor().ip, proof: false });
    expect(erased.status).toBe(200);
    expect(await hasDiary(diary.id)).toBe(false);
    expect(await storedNights(diary.id)).toEqual([]);
  });

  it('neither table nor RPC answers the site\'s key', async () => {
    const diary = await diaryOf();
    await call({ action: 'consent', token: diary.token });
    await call({ action: 'save', token: diary.token, night: night(0) });
    const anon = browserClient(backend, newVisitor().ip);
    for (const table of ['sleep_diaries', 'sleep_diary_nights']) {
      const read = await anon.from(table).select('*');
      expect(read.error?.code, table).toBe('42501');
      expect(read.data).toBeNull();
      expect((await anon.from(table).delete().eq('appointment_request_id', diary.id)).error?.code, table).toBe('42501');
    }
    expect((await anon.from('sleep_diary_nights').insert({ appointment_request_id: diary.id, morning: zurichDate(-1) })).error?.code).toBe('42501');
    for (const [name, args] of [
      ['sleep_diary', { p_id: diary.id }],
      ['save_sleep_night', { p_id: diary.id, p_night: night(1) }],
      ['withdraw_sleep_diary', { p_id: diary.id }],
    ] as const) {
      expect((await anon.rpc(name, args)).error?.code, name).toBe('42501');
    }
    expect(await storedNights(diary.id)).toHaveLength(1);
  });
});

describe('sleep-diary: retention', () => {
  it('deletes a diary 90 days after its appointment, and keeps a younger one', async () => {
    const old = await diaryOf();
    const young = await diaryOf();
    for (const diary of [old, young]) {
      await call({ action: 'consent', token: diary.token });
      await call({ action: 'save', token: diary.token, night: night(0) });
    }
    // The appointments moved into the past, as time would (the triggers check new slots only).
    await backend.query(`update public.appointment_requests set confirmed_date = $2::date where id = $1`, [old.id, zurichDate(-91)]);
    await backend.query(`update public.appointment_requests set confirmed_date = $2::date where id = $1`, [young.id, zurichDate(-89)]);
    const { rows } = await backend.query<{ result: Record<string, number> }>(
      `select (select set_config('role', 'service_role', true)), public.delete_expired_form_submissions() as result`,
    );
    expect(rows[0]!.result.sleep_diaries).toBeGreaterThanOrEqual(1);
    expect(await hasDiary(old.id)).toBe(false);
    expect(await storedNights(old.id)).toEqual([]);
    expect(await hasDiary(young.id)).toBe(true);
    expect(await storedNights(young.id)).toHaveLength(1);
  });
});
