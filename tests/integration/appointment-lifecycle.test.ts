// @vitest-environment node
/**
 * The appointment lifecycle in the database (supabase/migrations/…_appointment_requests.sql),
 * called as the functions will call it: supabase-js with the secret key through the API
 * gateway. Decisions and cancellations change the state once, from the state they expect;
 * a second press finds it unchanged; confirm and cancel at once end consistently; the
 * visitor's mail for each state (its outbox row, …_outbox.sql) is claimed once; the
 * day-before reminder is claimed once, by the outbox (claim_mail 'reminder', due), and a
 * confirmation for today or tomorrow is itself the reminder (it owes no reminder row); appointment_start_times tells anon, per start time of a day,
 * whether an advisor is free for a service, and nothing else.
 *
 * The practice has two advisors (domain/capacity.ts): at most two appointments at once. So
 * each confirmation here has a slot of its own (slotSequence, from 30 days ahead), apart
 * from the reminders' days (0–2, 20–22) and the start times' day (45), where the tests
 * place them so that at most two overlap.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, openingHours } from '../../supabase/functions/_shared/domain/availability.ts';
import { outcomeMailsKey } from '../../supabase/functions/_shared/mail/mail-keys.ts';
import {
  newAppointmentRequest,
  backendTarget,
  bookableDate,
  browserClient,
  insertAppointment,
  newVisitor,
  serviceClient,
  slotSequence,
  type TestBackend,
  zurichDate,
} from './stack-harness.ts';

let backend: TestBackend;
let service: SupabaseClient;
/** A slot no other confirmation of this file has, 30 to about 35 days ahead. */
const nextSlot = slotSequence(30);

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
  const row = newAppointmentRequest(email, { preferred_date: bookableDate(days), preferred_time: time });
  const { error } = await insertAppointment(backend, ip, row);
  expect(error).toBeNull();
  return row.id as string;
}

/** The request's reminder rows in the outbox (public.outbox_mails, kind 'reminder'), oldest first. */
const reminderRows = async (id: string) =>
  (await backend.query<{ sent_at: Date | null; claimed_at: Date | null; superseded_at: Date | null }>(
    `select sent_at, claimed_at, superseded_at from public.outbox_mails
      where appointment_request_id = $1 and kind = 'reminder' order by created_at, id`,
    [id],
  )).rows;
/** The reminders still owed: not sent, not superseded by a move or the cancellation. */
const owedReminders = async (id: string) => (await reminderRows(id)).filter((row) => row.sent_at === null && row.superseded_at === null);

async function rpc<T = Answer>(name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await service.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.code} ${error.message}`);
  return data as T;
}

const decide = (id: string, decision: 'confirm' | 'decline', extra: Record<string, unknown> = {}) =>
  rpc('decide_appointment', { p_id: id, p_decision: decision, ...extra });

/** decide_appointment's arguments for a confirmation of `slot`. */
const at = (slot: { date: string; time: string }) => ({ p_date: slot.date, p_time: slot.time });

describe('decide_appointment', () => {
  it('confirms an open request once; the same confirmation again is unchanged, another slot a conflict', async () => {
    const id = await storedRequest();
    const slot = nextSlot();
    const first = await decide(id, 'confirm', at(slot));
    expect(first.result).toBe('changed');
    expect(first.request).toMatchObject({ status: 'confirmed', confirmed_date: slot.date, confirmed_time: slot.time, calendar_sequence: 1 });
    expect((await decide(id, 'confirm', at(slot))).result).toBe('unchanged');
    expect((await decide(id, 'confirm', { p_date: addDays(slot.date, 1), p_time: slot.time })).result).toBe('conflict');
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
    expect((await decide(id, 'confirm', at(nextSlot()))).result).toBe('changed');
  });

  it('answers not_found for an unknown id', async () => {
    expect(await decide(crypto.randomUUID(), 'decline')).toEqual({ result: 'not_found' });
  });

  it('lets exactly one of two different decisions at the same moment win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await storedRequest();
      const answers = await Promise.all([decide(id, 'confirm', at(nextSlot())), decide(id, 'decline')]);
      expect(answers.map((answer) => answer.result).sort()).toEqual(['changed', 'conflict']);
    }
  });
});

describe('cancel_appointment', () => {
  it('cancels a confirmed appointment more than 24 h ahead once, raising the calendar sequence', async () => {
    const id = await storedRequest();
    const slot = nextSlot();
    await decide(id, 'confirm', at(slot));
    const first = await rpc('cancel_appointment', { p_id: id });
    expect(first).toMatchObject({ result: 'changed', request: { status: 'cancelled', calendar_sequence: 2, confirmed_time: slot.time } });
    expect((await rpc('cancel_appointment', { p_id: id })).result).toBe('unchanged');
    expect((await decide(id, 'confirm', at(slot))).result).toBe('conflict');
  });

  it('refuses inside the notice period, and what was never confirmed', async () => {
    // A slot n days ahead starts between n - 1 and n + 1 days from now, whatever the hours:
    // always inside a notice of n + 1 days, always outside one of n - 2.
    const id = await storedRequest();
    const slot = nextSlot();
    await decide(id, 'confirm', at(slot));
    const days = Math.round((Date.parse(slot.date) - Date.parse(zurichDate(0))) / 86_400_000);
    expect(await rpc('cancel_appointment', { p_id: id, p_min_notice: `${days + 1} days` })).toMatchObject({
      result: 'too_late',
      request: { status: 'confirmed', calendar_sequence: 1 },
    });
    expect((await rpc('cancel_appointment', { p_id: id, p_min_notice: `${days - 2} days` })).result).toBe('changed');

    const open = await storedRequest();
    expect((await rpc('cancel_appointment', { p_id: open })).result).toBe('conflict');
    expect(await rpc('cancel_appointment', { p_id: crypto.randomUUID() })).toEqual({ result: 'not_found' });
  });

  it('with a confirmation racing the cancellation, ends consistent', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await storedRequest();
      const [confirmed, cancelled] = await Promise.all([
        decide(id, 'confirm', at(nextSlot())),
        rpc('cancel_appointment', { p_id: id }),
      ]);
      expect(confirmed.result).toBe('changed');
      const { rows } = await backend.query<{ status: string }>('select status from public.appointment_requests where id = $1', [id]);
      // The cancel either came first (nothing to cancel yet) or after the confirmation.
      expect([`conflict/confirmed`, `changed/cancelled`]).toContain(`${cancelled.result}/${rows[0]!.status}`);
    }
  });
});

describe('claim_mail / finish_mail (the mails of a state)', () => {
  type Claim = { status: string; mails: Record<string, unknown>[] };
  /** The request's current state (outcome_key), as the functions read it; null while it is open. */
  const outcomeKey = async (id: string) =>
    ((await rpc<Record<string, unknown> | null>('get_appointment_request', { p_id: id }))?.outcome_key ?? null) as string | null;
  /** Claims the mails of the request's current state (its outbox row: outcome/<id>/<outcome_key>), as the action page does. */
  const claim = async (id: string) => rpc<Claim>('claim_mail', { p_kind: 'outcome', p_key: outcomeMailsKey(id, (await outcomeKey(id))!) });
  const outcomeRows = async (id: string) =>
    (await backend.query(`select 1 from public.outbox_mails where appointment_request_id = $1 and kind = 'outcome'`, [id])).rows;

  it('claims the visitor’s mail once per state; a failed send releases it; a new state has its own mail', async () => {
    const id = await storedRequest();
    // An open request owes the visitor nothing yet: no state, no outcome mail.
    expect(await outcomeKey(id)).toBeNull();
    expect(await outcomeRows(id)).toEqual([]);
    await decide(id, 'confirm', at(nextSlot()));
    const first = await claim(id);
    expect(first).toMatchObject({ status: 'claimed', mails: [{ status: 'confirmed' }] });
    expect((await claim(id)).status).toBe('in_progress');
    // A claim is ended with its token (…_outbox.sql).
    expect(await rpc('finish_mail', { p_claim: first.mails[0]!.claim, p_sent: false })).toBe('finished');
    const again = await claim(id);
    expect(again.status).toBe('claimed');
    expect(await rpc('finish_mail', { p_claim: again.mails[0]!.claim, p_sent: true })).toBe('finished');
    expect((await claim(id)).status).toBe('already_sent');

    await rpc('cancel_appointment', { p_id: id });
    expect(await claim(id)).toMatchObject({ status: 'claimed', mails: [{ status: 'cancelled' }] });
    expect(await rpc('claim_mail', { p_kind: 'outcome', p_key: outcomeMailsKey(crypto.randomUUID(), 'confirmed') })).toEqual({
      status: 'not_found',
      mails: [],
    });
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
      outcome_sent_for: null,
    });
    expect(await rpc('get_appointment_request', { p_id: crypto.randomUUID() })).toBeNull();
  });
});

// The reminders are the outbox's (send-pending-mail): from 09:00 Zurich time the day before
// it claims them as below (store.ts claimPendingReminders: no grace period, the day before's date).
describe('claim_mail (reminder, due) / finish_mail', () => {
  /** This file's requests: on a stand-in shared by every file, others' reminders of the same day are due too. */
  const mine = new Set<string>();
  const due = async (days: number) => {
    const mails = (await rpc<{ mails: { id: string; claim: string }[] }>('claim_mail', {
      p_kind: 'reminder',
      p_limit: 50,
      p_grace_seconds: 0,
      p_today: zurichDate(days - 1),
    })).mails;
    // Another file's reminder is released at once, no attempt counted, as if never claimed here.
    for (const mail of mails) if (!mine.has(mail.id)) await rpc('finish_mail', { p_claim: mail.claim, p_sent: false });
    return mails.filter((mail) => mine.has(mail.id));
  };
  const stored = async (days: number, time: string) => {
    const id = await storedRequest(days, time);
    mine.add(id);
    return id;
  };
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

  it('claims each confirmed appointment of the day once; a failed send is released, a sent one never claimed again', async () => {
    const days = 20;
    const reminded = await stored(days, '09:00');
    await decide(reminded, 'confirm', { p_date: zurichDate(days), p_time: '09:00' });
    const cancelled = await stored(days, '10:00');
    await decide(cancelled, 'confirm', { p_date: zurichDate(days), p_time: '10:00' });
    await rpc('cancel_appointment', { p_id: cancelled });
    await stored(days, '11:00');
    const declined = await stored(days, '13:00');
    await decide(declined, 'decline');

    const first = await due(days);
    expect(ids(first)).toEqual([reminded]);
    expect(first[0]).toMatchObject({ status: 'confirmed', confirmed_time: '09:00' });
    expect(await due(days)).toEqual([]);
    expect(await rpc('finish_mail', { p_claim: first[0]!.claim, p_sent: false })).toBe('finished');
    const again = await due(days);
    expect(ids(again)).toEqual([reminded]);
    expect(await rpc('finish_mail', { p_claim: again[0]!.claim, p_sent: true })).toBe('finished');
    expect(await due(days)).toEqual([]);
    expect((await reminderRows(reminded)).map((row) => row.sent_at)).toEqual([expect.any(Date)]);
  });

  it('gives two runs at the same moment each appointment once; a cancelled one is never claimed', async () => {
    const days = 21;
    const appointments: string[] = [];
    for (const time of ['09:00', '09:30', '10:00']) {
      const id = await stored(days, time);
      await decide(id, 'confirm', { p_date: zurichDate(days), p_time: time });
      appointments.push(id);
    }
    await rpc('cancel_appointment', { p_id: appointments[2] });
    const [a, b] = await Promise.all([due(days), due(days)]);
    expect([...ids(a), ...ids(b)].sort()).toEqual(appointments.slice(0, 2).sort());
  });

  it('waits after a failed send as the outbox records it (finish_mail with its cause), then claims it again', async () => {
    const days = 22;
    const id = await stored(days, '14:00');
    await decide(id, 'confirm', { p_date: zurichDate(days), p_time: '14:00' });
    const [claimed] = await due(days);
    expect(claimed!.id).toBe(id);
    expect(await rpc('finish_mail', { p_claim: claimed!.claim, p_sent: false, p_cause: 'smtp_554' })).toBe('finished');
    // Not due before its next attempt (a minute later).
    expect(await due(days)).toEqual([]);
    await backend.query(
      `update public.outbox_mails set next_attempt_at = now() - interval '1 second' where kind = 'reminder' and appointment_request_id = $1`,
      [id],
    );
    const [again] = await due(days);
    expect(again!.id).toBe(id);
    expect(await rpc('finish_mail', { p_claim: again!.claim, p_sent: true })).toBe('finished');
    expect(await due(days)).toEqual([]);
    // The row is kept, marked sent, its backoff cleared.
    const { rows } = await backend.query<{ sent_at: Date | null; next_attempt_at: Date | null }>(
      `select sent_at, next_attempt_at from public.outbox_mails where kind = 'reminder' and appointment_request_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ sent_at: expect.any(Date), next_attempt_at: null }]);
  });

  it('takes a confirmation for today or tomorrow as the reminder: reminded at once, never claimed', async () => {
    const today = await stored(0, '20:00');
    await decide(today, 'confirm', { p_date: zurichDate(0), p_time: '20:00' });
    // 17:00: appointment-function.test.ts confirms two appointments at 09:30 tomorrow (a shared backend).
    const tomorrow = await stored(1, '17:00');
    await decide(tomorrow, 'confirm', { p_date: zurichDate(1), p_time: '17:00' });
    const later = await stored(2, '09:00');
    await decide(later, 'confirm', { p_date: zurichDate(2), p_time: '09:00' });

    // The confirmation is the reminder: no reminder owed for today or tomorrow.
    expect(await owedReminders(today)).toEqual([]);
    expect(await owedReminders(tomorrow)).toEqual([]);
    // Further ahead the reminder is still to come, the day before.
    expect(await owedReminders(later)).toEqual([{ sent_at: null, claimed_at: null, superseded_at: null }]);
    expect(ids(await due(0))).not.toContain(today);
    expect(ids(await due(1))).not.toContain(tomorrow);
    expect(ids(await due(2))).toContain(later);
    expect((await reminderRows(tomorrow)).filter((row) => row.claimed_at !== null)).toEqual([]);

    // A decline owes no reminder.
    const declined = await stored(1, '10:00');
    await decide(declined, 'decline');
    expect(await reminderRows(declined)).toEqual([]);
  });
});

describe('appointment_start_times', () => {
  /** 45 days ahead: past this file's other confirmations (slotSequence from 30 days), before availability.test.ts's (80). */
  const day = () => bookableDate(45);
  /** The day's start times, each free unless in `taken`: the only answer anon gets. */
  const startTimes = (date: string, taken: readonly string[]) =>
    openingHours[isoWeekday(date)].map((time) => ({ time, free: !taken.includes(time) }));
  const startTimesFor = async (date: string, service: string) => {
    const { data, error, status } = await browserClient(backend, newVisitor().ip).rpc('appointment_start_times', { p_day: date, p_service: service });
    expect({ error, status }).toEqual({ error: null, status: 200 });
    return data as unknown;
  };

  it('tells anon per start time whether an advisor is free for the service’s length – the time and free, nothing else', async () => {
    const date = day();
    // Both advisors at 14:00 (60 minutes each): the practice is full from 14:00 to 15:00.
    for (const advisor of ['sandra-huber', 'lukas-brunner']) {
      const id = await storedRequest(45, '14:00');
      expect(await decide(id, 'confirm', { p_date: date, p_time: '14:00', p_advisor: advisor })).toMatchObject({ result: 'changed', request: { advisor } });
    }
    // Both at 17:00, then one cancelled: a cancelled appointment takes nobody's time.
    const cancelled = await storedRequest(45, '17:00');
    expect((await decide(cancelled, 'confirm', { p_date: date, p_time: '17:00' })).result).toBe('changed');
    expect((await decide(await storedRequest(45, '17:00'), 'confirm', { p_date: date, p_time: '17:00' })).result).toBe('changed');
    expect((await rpc('cancel_appointment', { p_id: cancelled })).result).toBe('changed');
    // Declined and open requests take nobody's time either.
    await decide(await storedRequest(45, '17:00'), 'decline');
    await storedRequest(45, '17:00');

    // A consultation (60 minutes) from 13:30 or 14:30 would overlap 14:00–15:00; 13:00 ends as it begins.
    expect(await startTimesFor(date, 'schlafberatung')).toEqual(startTimes(date, ['13:30', '14:00', '14:30']));
    expect(await startTimesFor(date, 'follow-up')).toEqual(startTimes(date, ['14:00', '14:30']));
    // The home visit (120 minutes) from 13:00 on; 11:30 ends at 13:30, over the lunch pause.
    expect(await startTimesFor(date, 'beratung-zuhause')).toEqual(startTimes(date, ['13:00', '13:30', '14:00', '14:30']));
  });

  it('answers nothing for a past day or a closed one, and refuses an unknown service with 400 22023 in PostgREST’s shape', async () => {
    expect(await startTimesFor(zurichDate(-1), 'schlafberatung')).toEqual([]);
    expect(await startTimesFor(zurichDate(-30), 'follow-up')).toEqual([]);
    let sunday = day();
    while (isoWeekday(sunday) !== 7) sunday = addDays(sunday, 1);
    expect(await startTimesFor(sunday, 'schlafberatung')).toEqual([]);

    // As the site's client sends it (supabase-js: POST with the publishable key); PostgREST's
    // error body (Error.hs): code, message, details, hint – the hint names the values.
    const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/appointment_start_times`, {
      method: 'POST',
      headers: { apikey: backend.publishableKey, Authorization: `Bearer ${backend.publishableKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_day: day(), p_service: 'massage' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: '22023',
      message: 'unknown service massage',
      details: null,
      hint: 'p_service is a service\'s value: schlafberatung, follow-up or beratung-zuhause',
    });
  });

  it('keeps every other lifecycle function from anon', async () => {
    const id = await storedRequest();
    const anon = browserClient(backend, newVisitor().ip);
    for (const [name, args] of [
      ['decide_appointment', { p_id: id, p_decision: 'decline' }],
      ['decide_appointment', { p_id: id, p_decision: 'confirm', p_date: bookableDate(45), p_time: '09:00', p_advisor: 'sandra-huber' }],
      ['decide_appointment_move', { p_id: id, p_move: 1, p_decision: 'confirm', p_advisor: 'sandra-huber' }],
      ['appointment_schedule', { p_from: zurichDate(0), p_to: zurichDate(60) }],
      ['cancel_appointment', { p_id: id }],
      ['claim_mail', { p_kind: 'outcome', p_key: outcomeMailsKey(id, 'declined') }],
      ['finish_mail', { p_claim: id, p_sent: true }],
      ['get_appointment_request', { p_id: id }],
      ['claim_mail', { p_kind: 'reminder', p_today: zurichDate(6) }],
      ['claim_mail', { p_kind: 'request' }],
      ['finish_mail', { p_claim: id, p_sent: false, p_cause: 'smtp_554' }],
      ['owe_day_mail', { p_kind: 'cap-notice', p_day: zurichDate(0) }],
      ['owe_practice_digest', { p_day: zurichDate(0), p_scheduled: true }],
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
    ]) {
      const { error } = await insertAppointment(backend, ip, { ...newAppointmentRequest(email), ...columns });
      expect(error?.code, Object.keys(columns).join()).toBe('42501');
      // Refused for the columns (no insert privilege), not for the proof.
      expect(error?.message, Object.keys(columns).join()).not.toBe('A solved form proof is required');
    }
    const { rows } = await backend.query('select 1 from public.appointment_requests where email = $1', [email]);
    expect(rows).toEqual([]);
    // The mails' record (the outbox, …_outbox.sql) is not the site's either: it cannot mark a
    // request's reminder as sent.
    const row = newAppointmentRequest(email);
    expect((await insertAppointment(backend, ip, row)).error).toBeNull();
    const anon = browserClient(backend, ip);
    const { error } = await anon.from('outbox_mails').insert({
      kind: 'reminder', appointment_request_id: row.id, about: '1',
      idempotency_key: `reminder/${row.id as string}/1/visitor`, sent_at: new Date().toISOString(),
    });
    expect(error?.code, 'outbox_mails').toBe('42501');
    expect((await anon.from('outbox_mails').update({ sent_at: new Date().toISOString() }).eq('appointment_request_id', row.id)).error?.code).toBe('42501');
    expect((await backend.query(`select 1 from public.outbox_mails where appointment_request_id = $1 and sent_at is not null`, [row.id])).rows).toEqual([]);
  });
});
