// @vitest-environment node
/**
 * The appointment lifecycle in the database (supabase/migrations/…_appointment_lifecycle.sql),
 * called as the functions will call it: supabase-js with the secret key through the API
 * gateway. Decisions and cancellations change the state once, from the state they expect;
 * a second press finds it unchanged; confirm and cancel at once end consistently; the
 * visitor's mail for each state is claimed once; the day-before reminder is claimed once,
 * by the outbox (claim_pending_mail 'reminder'), and a confirmation for today or tomorrow
 * is itself the reminder; the taken slots tell anon dates and times and nothing else.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentRow,
  backendTarget,
  bookableDate,
  browserClient,
  insertAppointment,
  newVisitor,
  serviceClient,
  type TestBackend,
  zurichDate,
} from './stack-harness.ts';

let backend: TestBackend;
let service: SupabaseClient;

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
  service = serviceClient(backend);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

interface Answer {
  result: string;
  request?: Record<string, unknown>;
}

/**
 * A stored request, as the site stores it (with its form proof), with its preferred slot on
 * the first bookable day at least `days` from today (the practice may confirm any day).
 */
async function storedRequest(days = 7, time = '10:00'): Promise<string> {
  const { email, ip } = newVisitor();
  const row = appointmentRow(email, { preferred_date: bookableDate(days), preferred_time: time });
  const { error } = await insertAppointment(backend, ip, row);
  expect(error).toBeNull();
  return row.id as string;
}

const reminderState = async (id: string) =>
  (await backend.query<{ reminded_at: Date | null; reminder_claimed_at: Date | null }>(
    'select reminded_at, reminder_claimed_at from public.appointment_requests where id = $1',
    [id],
  )).rows[0]!;

async function rpc<T = Answer>(name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await service.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.code} ${error.message}`);
  return data as T;
}

const decide = (id: string, decision: 'confirm' | 'decline', extra: Record<string, unknown> = {}) =>
  rpc('decide_appointment', { p_id: id, p_decision: decision, ...extra });

describe('decide_appointment', () => {
  it('confirms an open request once; the same confirmation again is unchanged, another slot a conflict', async () => {
    const id = await storedRequest();
    const first = await decide(id, 'confirm', { p_date: zurichDate(7), p_time: '10:00' });
    expect(first.result).toBe('changed');
    expect(first.request).toMatchObject({ status: 'confirmed', confirmed_date: zurichDate(7), confirmed_time: '10:00', calendar_sequence: 1 });
    expect((await decide(id, 'confirm', { p_date: zurichDate(7), p_time: '10:00' })).result).toBe('unchanged');
    expect((await decide(id, 'confirm', { p_date: zurichDate(8), p_time: '10:00' })).result).toBe('conflict');
    expect((await decide(id, 'decline')).result).toBe('conflict');
  });

  it('declines with the note (blank counts as none); a second decline is unchanged', async () => {
    const id = await storedRequest();
    const first = await decide(id, 'decline', { p_note: '  Leider ist die Woche ausgebucht.  ' });
    expect(first).toMatchObject({
      result: 'changed',
      request: { status: 'declined', staff_note: 'Leider ist die Woche ausgebucht.', confirmed_date: null, calendar_sequence: 0 },
    });
    expect((await decide(id, 'decline', { p_note: 'anders' })).result).toBe('unchanged');
    expect((await decide(id, 'confirm', { p_date: zurichDate(7), p_time: '10:00' })).result).toBe('conflict');
    const other = await storedRequest();
    expect((await decide(other, 'decline', { p_note: '   ' })).request).toMatchObject({ staff_note: null });
  });

  it('refuses what is not a decision: an unknown one, a confirmation without a slot, a time that is no slot, a note with control characters', async () => {
    const id = await storedRequest();
    await expect(rpc('decide_appointment', { p_id: id, p_decision: 'maybe' })).rejects.toThrow('22023');
    await expect(decide(id, 'confirm', { p_date: zurichDate(7) })).rejects.toThrow('22023');
    await expect(decide(id, 'confirm', { p_date: zurichDate(7), p_time: '12:15' })).rejects.toThrow('23514');
    await expect(decide(id, 'decline', { p_note: 'Hallo\u0007' })).rejects.toThrow('23514');
    // Nothing changed by the refusals.
    expect((await decide(id, 'confirm', { p_date: zurichDate(7), p_time: '10:00' })).result).toBe('changed');
  });

  it('answers not_found for an unknown id', async () => {
    expect(await decide(crypto.randomUUID(), 'decline')).toEqual({ result: 'not_found' });
  });

  it('lets exactly one of two different decisions at the same moment win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await storedRequest();
      const answers = await Promise.all([decide(id, 'confirm', { p_date: zurichDate(7), p_time: '10:00' }), decide(id, 'decline')]);
      expect(answers.map((answer) => answer.result).sort()).toEqual(['changed', 'conflict']);
    }
  });
});

describe('cancel_appointment', () => {
  it('cancels a confirmed appointment more than 24 h ahead once, raising the calendar sequence', async () => {
    const id = await storedRequest();
    await decide(id, 'confirm', { p_date: zurichDate(7), p_time: '10:00' });
    const first = await rpc('cancel_appointment', { p_id: id });
    expect(first).toMatchObject({ result: 'changed', request: { status: 'cancelled', calendar_sequence: 2, confirmed_time: '10:00' } });
    expect((await rpc('cancel_appointment', { p_id: id })).result).toBe('unchanged');
    expect((await decide(id, 'confirm', { p_date: zurichDate(7), p_time: '10:00' })).result).toBe('conflict');
  });

  it('refuses inside the notice period, and what was never confirmed', async () => {
    // 10:00 seven days ahead starts between 6 d 10 h and 7 d 10 h from now, whatever the hour:
    // always inside a notice of 8 days, always outside one of 5.
    const id = await storedRequest();
    await decide(id, 'confirm', { p_date: zurichDate(7), p_time: '10:00' });
    expect(await rpc('cancel_appointment', { p_id: id, p_min_notice: '8 days' })).toMatchObject({
      result: 'too_late',
      request: { status: 'confirmed', calendar_sequence: 1 },
    });
    expect((await rpc('cancel_appointment', { p_id: id, p_min_notice: '5 days' })).result).toBe('changed');

    const open = await storedRequest();
    expect((await rpc('cancel_appointment', { p_id: open })).result).toBe('conflict');
    expect(await rpc('cancel_appointment', { p_id: crypto.randomUUID() })).toEqual({ result: 'not_found' });
  });

  it('with a confirmation racing the cancellation, ends consistent', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await storedRequest();
      const [confirmed, cancelled] = await Promise.all([
        decide(id, 'confirm', { p_date: zurichDate(7), p_time: '10:00' }),
        rpc('cancel_appointment', { p_id: id }),
      ]);
      expect(confirmed.result).toBe('changed');
      const { rows } = await backend.query<{ status: string }>('select status from public.appointment_requests where id = $1', [id]);
      // The cancel either came first (nothing to cancel yet) or after the confirmation.
      expect([`conflict/confirmed`, `changed/cancelled`]).toContain(`${cancelled.result}/${rows[0]!.status}`);
    }
  });
});

describe('claim_outcome_mail / finish_outcome_mail', () => {
  const claim = (id: string) => rpc<{ status: string; request?: Record<string, unknown> }>('claim_outcome_mail', { p_id: id });

  it('claims the visitor’s mail once per state; a failed send releases it; a new state has its own mail', async () => {
    const id = await storedRequest();
    expect((await claim(id)).status).toBe('nothing_to_send');
    await decide(id, 'confirm', { p_date: zurichDate(7), p_time: '10:00' });
    const first = await claim(id);
    expect(first).toMatchObject({ status: 'claimed', request: { status: 'confirmed' } });
    expect((await claim(id)).status).toBe('in_progress');
    await rpc('finish_outcome_mail', { p_id: id, p_key: 'confirmed', p_sent: false });
    expect((await claim(id)).status).toBe('claimed');
    await rpc('finish_outcome_mail', { p_id: id, p_key: 'confirmed', p_sent: true });
    expect((await claim(id)).status).toBe('already_notified');

    await rpc('cancel_appointment', { p_id: id });
    expect(await claim(id)).toMatchObject({ status: 'claimed', request: { status: 'cancelled' } });
    expect(await claim(crypto.randomUUID())).toEqual({ status: 'not_found' });
  });

  it('gives two senders at the same moment one claim', async () => {
    const id = await storedRequest();
    await decide(id, 'decline');
    const answers = await Promise.all([claim(id), claim(id), claim(id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(['claimed', 'in_progress', 'in_progress']);
  });
});

describe('get_appointment_request', () => {
  it('answers the row with its lifecycle columns, or null', async () => {
    const id = await storedRequest(7, '11:00');
    expect(await rpc('get_appointment_request', { p_id: id })).toMatchObject({
      id,
      status: 'requested',
      preferred_time: '11:00',
      confirmed_date: null,
      calendar_sequence: 0,
      outcome_mailed_for: null,
    });
    expect(await rpc('get_appointment_request', { p_id: crypto.randomUUID() })).toBeNull();
  });
});

// The reminders are the outbox's (send-pending-mail): from 09:00 Zurich time the day before
// it claims them as below (store.ts claimPendingReminders: no grace period, the day's date).
// (claim_due_reminders of migration …0400 is dropped: the outbox's claim replaced it.)
describe('claim_pending_mail (reminder) / finish_reminder', () => {
  const due = (days: number) =>
    rpc<{ id: string }[]>('claim_pending_mail', { p_kind: 'reminder', p_limit: 50, p_grace_seconds: 0, p_reminder_date: zurichDate(days) });
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

  it('claims each confirmed appointment of the day once; a failed send is released, a sent one never claimed again', async () => {
    const days = 20;
    const reminded = await storedRequest(days, '09:00');
    await decide(reminded, 'confirm', { p_date: zurichDate(days), p_time: '09:00' });
    const cancelled = await storedRequest(days, '10:00');
    await decide(cancelled, 'confirm', { p_date: zurichDate(days), p_time: '10:00' });
    await rpc('cancel_appointment', { p_id: cancelled });
    await storedRequest(days, '11:00');
    const declined = await storedRequest(days, '13:00');
    await decide(declined, 'decline');

    const first = await due(days);
    expect(ids(first)).toEqual([reminded]);
    expect(first[0]).toMatchObject({ status: 'confirmed', confirmed_time: '09:00' });
    expect(await due(days)).toEqual([]);
    await rpc('finish_reminder', { p_id: reminded, p_sent: false });
    expect(ids(await due(days))).toEqual([reminded]);
    await rpc('finish_reminder', { p_id: reminded, p_sent: true });
    expect(await due(days)).toEqual([]);
    const { rows } = await backend.query<{ reminded_at: string | null }>('select reminded_at from public.appointment_requests where id = $1', [reminded]);
    expect(rows[0]!.reminded_at).not.toBeNull();
  });

  it('gives two runs at the same moment each appointment once; a cancelled one is never claimed', async () => {
    const days = 21;
    const appointments: string[] = [];
    for (const time of ['09:00', '09:30', '10:00']) {
      const id = await storedRequest(days, time);
      await decide(id, 'confirm', { p_date: zurichDate(days), p_time: time });
      appointments.push(id);
    }
    await rpc('cancel_appointment', { p_id: appointments[2] });
    const [a, b] = await Promise.all([due(days), due(days)]);
    expect([...ids(a), ...ids(b)].sort()).toEqual(appointments.slice(0, 2).sort());
  });

  it('waits after a failed send as the outbox records it (record_mail_result), then claims it again', async () => {
    const days = 22;
    const id = await storedRequest(days, '14:00');
    await decide(id, 'confirm', { p_date: zurichDate(days), p_time: '14:00' });
    expect(ids(await due(days))).toEqual([id]);
    await rpc('finish_reminder', { p_id: id, p_sent: false });
    await rpc('record_mail_result', { p_kind: 'reminder', p_id: id, p_sent: false, p_cause: 'smtp_554' });
    // Not due before its next attempt (a minute later).
    expect(await due(days)).toEqual([]);
    await backend.query(`update public.mail_deliveries set next_attempt_at = now() - interval '1 second' where kind = 'reminder' and ref_id = $1`, [id]);
    expect(ids(await due(days))).toEqual([id]);
    await rpc('finish_reminder', { p_id: id, p_sent: true });
    await rpc('record_mail_result', { p_kind: 'reminder', p_id: id, p_sent: true });
    expect(await due(days)).toEqual([]);
    expect((await backend.query('select 1 from public.mail_deliveries where ref_id = $1', [id])).rows).toEqual([]);
  });

  it('takes a confirmation for today or tomorrow as the reminder: reminded at once, never claimed', async () => {
    const today = await storedRequest(0, '20:00');
    await decide(today, 'confirm', { p_date: zurichDate(0), p_time: '20:00' });
    const tomorrow = await storedRequest(1, '09:00');
    await decide(tomorrow, 'confirm', { p_date: zurichDate(1), p_time: '09:00' });
    const later = await storedRequest(2, '09:00');
    await decide(later, 'confirm', { p_date: zurichDate(2), p_time: '09:00' });

    expect((await reminderState(today)).reminded_at).not.toBeNull();
    expect((await reminderState(tomorrow)).reminded_at).not.toBeNull();
    // Further ahead the reminder is still to come, the day before.
    expect((await reminderState(later)).reminded_at).toBeNull();
    expect(ids(await due(0))).not.toContain(today);
    expect(ids(await due(1))).not.toContain(tomorrow);
    expect(ids(await due(2))).toContain(later);
    expect((await reminderState(tomorrow)).reminder_claimed_at).toBeNull();

    // A decline sets no reminder.
    const declined = await storedRequest(1, '10:00');
    await decide(declined, 'decline');
    expect((await reminderState(declined)).reminded_at).toBeNull();
  });
});

describe('taken_appointment_slots', () => {
  it('tells anon the confirmed slots in the range – dates and times, nothing else', async () => {
    const confirmed = await storedRequest(40, '14:30');
    await decide(confirmed, 'confirm', { p_date: zurichDate(40), p_time: '14:30' });
    const declined = await storedRequest(40, '15:00');
    await decide(declined, 'decline');
    await storedRequest(40, '15:30');
    const cancelled = await storedRequest(40, '16:00');
    await decide(cancelled, 'confirm', { p_date: zurichDate(40), p_time: '16:00' });
    await rpc('cancel_appointment', { p_id: cancelled });

    const anon = browserClient(backend, newVisitor().ip);
    const { data, error } = await anon.rpc('taken_appointment_slots', { p_from: zurichDate(40), p_days: 1 });
    expect(error).toBeNull();
    expect(data).toEqual([{ date: zurichDate(40), time: '14:30' }]);
    const before = await anon.rpc('taken_appointment_slots', { p_from: zurichDate(41), p_days: 30 });
    expect(before.data).toEqual([]);
  });

  it('keeps every other lifecycle function from anon', async () => {
    const id = await storedRequest();
    const anon = browserClient(backend, newVisitor().ip);
    for (const [name, args] of [
      ['decide_appointment', { p_id: id, p_decision: 'decline' }],
      ['cancel_appointment', { p_id: id }],
      ['claim_outcome_mail', { p_id: id }],
      ['finish_outcome_mail', { p_id: id, p_key: 'declined', p_sent: true }],
      ['get_appointment_request', { p_id: id }],
      ['claim_pending_mail', { p_kind: 'reminder', p_reminder_date: zurichDate(7) }],
      ['claim_pending_mail', { p_kind: 'request' }],
      ['finish_reminder', { p_id: id, p_sent: true }],
      ['record_mail_result', { p_kind: 'reminder', p_id: id, p_sent: true }],
      ['give_up_stale_mail', {}],
    ] as const) {
      const { error } = await anon.rpc(name, args);
      expect(error?.code, name).toBe('42501');
    }
    const { rows } = await backend.query<{ status: string }>('select status from public.appointment_requests where id = $1', [id]);
    expect(rows[0]!.status).toBe('requested');
  });

  it('does not let the site set the lifecycle columns when it stores a request, even with a genuine proof', async () => {
    const { email, ip } = newVisitor();
    for (const columns of [
      { status: 'confirmed', confirmed_date: zurichDate(7), confirmed_time: '10:00' },
      { reminded_at: new Date().toISOString() },
    ]) {
      const { error } = await insertAppointment(backend, ip, { ...appointmentRow(email), ...columns });
      expect(error?.code, Object.keys(columns).join()).toBe('42501');
      // Refused for the columns (no insert privilege), not for the proof.
      expect(error?.message, Object.keys(columns).join()).not.toBe('A solved form proof is required');
    }
    const { rows } = await backend.query('select 1 from public.appointment_requests where email = $1', [email]);
    expect(rows).toEqual([]);
  });
});
