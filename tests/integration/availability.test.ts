// @vitest-environment node
/**
 * The practice's availability and the visitor's move in the database
 * (supabase/migrations/…_rules.sql, generated from domain/availability.ts, and
 * …_appointment_requests.sql), on PGlite and PostgreSQL 15 alike:
 *
 * - the generated SQL computes what the TS computes: the holidays of twelve years day by
 *   day, the opening times, every refusal over the whole window in three situations;
 * - the site's REST insert (anon) is refused for a slot the rules refuse, with SQLSTATE
 *   23514, DETAIL '<column>:<reason>' and a message naming the day; the service role may
 *   store any day that is not past;
 * - closures: nobody but the service role reads or writes them; anon learns their dates;
 * - request_appointment_move / decide_appointment_move answer every result, once, under
 *   races; outcome_key names the mails due (an outbox row per key, …_outbox.sql), claimed
 *   and finished by key; the digest lists a pending move as undecided.
 *
 * Closures are made only far ahead (from 150 days on) and removed again, so that suites
 * sharing a running backend (TEST_BACKEND=supabase-start), which book near days, never
 * meet them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  bookableDays,
  slotRefusalReason,
  slotRules,
  slotWindow,
  easterSunday,
  holidayName,
  holidaysOf,
  isoWeekday,
  openingHours,
} from '../../supabase/functions/_shared/domain/availability.ts';
import { zurichIsoDate } from '../../supabase/functions/_shared/domain/dates.ts';
import { outcomeMailsKey } from '../../supabase/functions/_shared/mail/mail-keys.ts';
import {
  newAppointmentRequest,
  backendTarget,
  bookableDate,
  browserClient,
  insertAppointment,
  newVisitor,
  ownStandIn,
  serviceClient,
  slotSequence,
  type TestBackend,
} from './stack-harness.ts';

let backend: TestBackend;
let service: SupabaseClient;
/** Closures this file made, removed after each test. */
const closures: number[] = [];

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
  service = serviceClient(backend);
}, 120_000);

afterEach(async () => {
  if (closures.length > 0) await backend.query('delete from public.practice_closures where id = any($1)', [closures.splice(0)]);
});

afterAll(async () => {
  await backend?.stop();
});

const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => (await backend.query<Row>(text, params)).rows;

interface Answer {
  result: string;
  reason?: string;
  request?: Record<string, unknown>;
}

async function rpc<T = Answer>(name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await service.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.code} ${error.message}`);
  return data as T;
}

const today = () => zurichIsoDate();
/** Day n after today, as 'YYYY-MM-DD'. */
const day = (n: number) => addDays(today(), n);

/** A closure of the practice from `first` to `last`, as the practice enters it in the Table Editor. */
async function close(first: string, last: string, note: string | null = 'Weiterbildung in Bern'): Promise<void> {
  const [row] = await sql<{ id: number }>(
    'insert into public.practice_closures (first_day, last_day, note) values ($1, $2, $3) returning id',
    [first, last, note],
  );
  closures.push(Number(row!.id));
}

/** The days the closures in the database cover (the rules' comparison counts them too). */
async function closedDays(): Promise<Set<string>> {
  const rows = await sql<{ day: string }>(
    `select to_char(d, 'YYYY-MM-DD') as day from public.practice_closures c, generate_series(c.first_day, c.last_day, interval '1 day') d`,
  );
  return new Set(rows.map((row) => row.day));
}

function firstDay(from: string, test: (iso: string) => boolean): string {
  for (let iso = from; ; iso = addDays(iso, 1)) if (test(iso)) return iso;
}

describe('the generated rules compute what availability.ts computes', () => {
  it('the public holidays of 2024 to 2035, day by day, and Easter', async () => {
    const rows = await sql<{ day: string; name: string }>(
      `select to_char(d, 'YYYY-MM-DD') as day, private.holiday_name(d::date) as name
         from generate_series('2024-01-01'::date, '2035-12-31'::date, interval '1 day') d
        where private.holiday_name(d::date) is not null order by d`,
    );
    const expected: { day: string; name: string }[] = [];
    for (let iso = '2024-01-01'; iso <= '2035-12-31'; iso = addDays(iso, 1)) {
      const name = holidayName(iso);
      if (name !== null) expected.push({ day: iso, name });
    }
    expect(rows).toEqual(expected);
    expect(expected).toHaveLength(12 * 10);
    expect(expected).toEqual(
      Array.from({ length: 12 }, (_, i) => holidaysOf(2024 + i)).flat().map((h) => ({ day: h.date, name: h.name })).sort((a, b) => a.day.localeCompare(b.day)),
    );

    const years = Array.from({ length: 200 }, (_, i) => 1950 + i);
    const easter = await sql<{ year: number; day: string }>(
      `select y as year, to_char(private.easter_sunday(y), 'YYYY-MM-DD') as day from unnest($1::integer[]) y order by y`,
      [years],
    );
    expect(easter).toEqual(years.map((year) => ({ year, day: easterSunday(year) })));
  });

  it('the opening times of each weekday, the notice, the horizon and the retention', async () => {
    // 2026-11-23 is a Monday: one week of days, Monday to Sunday.
    const week = Array.from({ length: 7 }, (_, i) => addDays('2026-11-23', i));
    const rows = await sql<{ day: string; times: string[] }>(
      `select to_char(d, 'YYYY-MM-DD') as day, private.opening_times(d) as times from unnest($1::date[]) d order by d`,
      [week],
    );
    expect(rows).toEqual(week.map((iso) => ({ day: iso, times: [...openingHours[isoWeekday(iso)]] })));
    const [constants] = await sql(
      'select private.slot_earliest_days() as "earliestDaysAhead", private.slot_horizon_months() as "horizonMonths", private.retention_months() as "retentionMonths"',
    );
    expect(constants).toEqual({ ...slotRules });
  });

  it.each<[string, () => { today: string; createdDay?: string }]>([
    ['today', () => ({ today: today() })],
    // The horizon clamped to the month's end: 2026-08-31 + 6 months = 2027-02-28.
    ['the end of August', () => ({ today: '2026-08-31' })],
    // A move of a request made long ago: the retention ends the window before the horizon.
    ['a request made 9 months before', () => ({ today: '2027-03-10', createdDay: '2026-06-15' })],
  ])('every refusal over the window, seen from %s', async (_, situation) => {
    const context = situation();
    const created = context.createdDay ?? context.today;
    const { last } = slotWindow(context.today, created);
    const days: string[] = [];
    for (let iso = addDays(context.today, -2); iso <= addDays(last, 3); iso = addDays(iso, 1)) days.push(iso);
    const times = [null, '09:00', '12:00', '20:00', '20:30'];
    const slots = days.flatMap((date) => times.map((time) => ({ date, time })));
    const rows = await sql<{ refusal: string | null }>(
      `select private.slot_refusal_reason(s.day, s.time, $3::date, $4::date) as refusal
         from unnest($1::date[], $2::text[]) with ordinality s(day, time, n) order by s.n`,
      [slots.map((s) => s.date), slots.map((s) => s.time), context.today, created],
    );
    const closed = await closedDays();
    expect(rows.map((row) => row.refusal)).toEqual(
      slots.map((slot) => slotRefusalReason(slot, { today: context.today, createdDay: created, closures: closed })),
    );
  });
});

describe('the site’s insert (anon) keeps to the rules', () => {
  /** The insert as the site makes it (with its proof); the answer and whether a row was stored. */
  async function insert(overrides: Record<string, unknown>) {
    const { email, ip } = newVisitor();
    const { error, status } = await insertAppointment(backend, ip, newAppointmentRequest(email, overrides));
    const stored = (await sql('select 1 from public.appointment_requests where email = $1', [email])).length;
    return { error, status, stored };
  }

  async function expectRefused(overrides: Record<string, unknown>, details: string, message: string) {
    const { error, status, stored } = await insert(overrides);
    expect({ status, code: error?.code, details: error?.details, message: error?.message }).toEqual({ status: 400, code: '23514', details, message });
    expect(stored).toBe(0);
  }

  it('refuses today and tomorrow: the earliest day is the day after tomorrow', async () => {
    const { first } = slotWindow(today());
    expect(first).toBe(day(2));
    for (const date of [day(0), day(1)]) {
      await expectRefused({ preferred_date: date }, 'preferred_date:too_soon', `preferred_date ${date} is too soon: the earliest bookable day is ${first}`);
    }
    // A past day keeps its own refusal, from the older rule.
    const past = await insert({ preferred_date: day(-1) });
    expect(past.error).toMatchObject({ code: '23514', message: 'preferred_date is in the past' });
  });

  it('refuses a day beyond the six months', async () => {
    const { last } = slotWindow(today());
    await expectRefused({ preferred_date: addDays(last, 1) }, 'preferred_date:too_far', `preferred_date ${addDays(last, 1)} is too far ahead: the latest bookable day is ${last}`);
    await expectRefused({ preferred_date: day(3 * 365) }, 'preferred_date:too_far', `preferred_date ${day(3 * 365)} is too far ahead: the latest bookable day is ${last}`);
  });

  it('refuses a Sunday and a public holiday as closed days', async () => {
    const { first, last } = slotWindow(today());
    const sunday = firstDay(first, (iso) => isoWeekday(iso) === 7);
    await expectRefused({ preferred_date: sunday }, 'preferred_date:closed', `preferred_date ${sunday} is a day the practice is closed`);
    // The next Christmas when it lies in the window, else the window's first holiday (there is always one: the longest gap, 1 August to 25 December, is shorter than six months).
    const year = Number(first.slice(0, 4));
    const holidays = [...holidaysOf(year), ...holidaysOf(year + 1)].filter((h) => h.date >= first && h.date <= last).sort((a, b) => a.date.localeCompare(b.date));
    const holiday = holidays.find((h) => h.name === 'Weihnachten') ?? holidays[0]!;
    await expectRefused({ preferred_date: holiday.date }, 'preferred_date:closed', `preferred_date ${holiday.date} is a day the practice is closed`);
  });

  it('refuses a day the practice has closed, and takes it again once the closure is gone', async () => {
    const closedDay = firstDay(day(160), (iso) => slotRefusalReason({ date: iso, time: null }, { today: today() }) === null);
    await close(closedDay, closedDay);
    await expectRefused({ preferred_date: closedDay }, 'preferred_date:closed', `preferred_date ${closedDay} is a day the practice is closed`);
    await expectRefused(
      { preferred_date: bookableDate(7), alternative_date: closedDay, alternative_time: '10:00' },
      'alternative_date:closed',
      `alternative_date ${closedDay} is a day the practice is closed`,
    );
    await backend.query('delete from public.practice_closures where id = any($1)', [closures.splice(0)]);
    expect((await insert({ preferred_date: closedDay })).error).toBeNull();
  });

  it('refuses a time the day does not offer, preferred or alternative', async () => {
    const date = bookableDate(7);
    await expectRefused({ preferred_date: date, preferred_time: '12:00' }, 'preferred_time:time_not_offered', `preferred_time 12:00 is not offered on preferred_date ${date}`);
    await expectRefused(
      { preferred_date: date, alternative_date: date, alternative_time: '07:30' },
      'alternative_time:time_not_offered',
      `alternative_time 07:30 is not offered on alternative_date ${date}`,
    );
  });

  it('refuses an alternative slot the rules refuse, whatever the preferred one', async () => {
    await expectRefused(
      { preferred_date: bookableDate(7), alternative_date: day(1), alternative_time: null },
      'alternative_date:too_soon',
      `alternative_date ${day(1)} is too soon: the earliest bookable day is ${day(2)}`,
    );
  });

  it('accepts every bookable day of the next weeks, the first and the last of the window, with and without an alternative', async () => {
    const open = bookableDays(today(), 200);
    expect(open[0]).toBe(firstDay(day(2), (iso) => slotRefusalReason({ date: iso, time: null }, { today: today() }) === null));
    for (const date of [...open.slice(0, 14), open.at(-1)!]) {
      const answer = await insert({ preferred_date: date, preferred_time: '20:00' });
      expect(answer.error, date).toBeNull();
      expect(answer.stored).toBe(1);
    }
    const withAlternative = await insert({ preferred_date: open[1], alternative_date: open[0], alternative_time: '09:00' });
    expect(withAlternative.error).toBeNull();
  });

  it('lets the service role store any day that is not past (a booking by phone, fixtures)', async () => {
    const sunday = firstDay(day(2), (iso) => isoWeekday(iso) === 7);
    for (const date of [day(0), day(1), sunday, day(400)]) {
      const { email } = newVisitor();
      const { error } = await service.from('appointment_requests').insert(newAppointmentRequest(email, { preferred_date: date, alternative_date: day(1), alternative_time: '09:00' }));
      expect(error, date).toBeNull();
    }
    const { email } = newVisitor();
    const past = await service.from('appointment_requests').insert(newAppointmentRequest(email, { preferred_date: day(-1) }));
    expect(past.error).toMatchObject({ code: '23514', message: 'preferred_date is in the past' });
  });

  it('keeps the move columns from the site', async () => {
    const { email, ip } = newVisitor();
    for (const columns of [
      { move_status: 'requested', move_date: bookableDate(9), move_time: '10:00' },
      { move_count: 3 },
      { moved_from_date: bookableDate(9) },
    ]) {
      const { error } = await insertAppointment(backend, ip, { ...newAppointmentRequest(email), ...columns });
      expect(error?.code, Object.keys(columns).join()).toBe('42501');
      expect(error?.message, Object.keys(columns).join()).not.toBe('A solved form proof is required');
    }
  });
});

describe('practice_closures and practice_closed_days', () => {
  it('is the service role’s alone: anon can neither read nor write it', async () => {
    await close(day(160), day(161), 'Krank – nicht für Besucher');
    const anon = browserClient(backend, newVisitor().ip);
    const read = await anon.from('practice_closures').select('*');
    expect(read.error?.code).toBe('42501');
    expect(read.data).toBeNull();
    const write = await anon.from('practice_closures').insert({ first_day: day(170), last_day: day(170) });
    expect(write.error?.code).toBe('42501');
    const remove = await anon.from('practice_closures').delete().eq('id', closures[0]!);
    expect(remove.error?.code).toBe('42501');
    expect((await sql('select 1 from public.practice_closures where id = any($1)', [closures])).length).toBe(1);
    // The service role, as the Table Editor, reads and writes it.
    const own = await service.from('practice_closures').select('first_day, last_day, note').eq('id', closures[0]!);
    expect(own).toMatchObject({ error: null, data: [{ first_day: day(160), last_day: day(161), note: 'Krank – nicht für Besucher' }] });
  });

  it('refuses a closure that ends before it starts, spans more than a year, or has a note over 500 characters', async () => {
    for (const [first, last, note] of [
      [day(170), day(169), null],
      [day(170), day(170 + 367), null],
      [day(170), day(170), 'x'.repeat(501)],
    ] as const) {
      await expect(backend.query('insert into public.practice_closures (first_day, last_day, note) values ($1, $2, $3)', [first, last, note]))
        .rejects.toMatchObject({ code: '23514' });
    }
  });

  it('tells anon the closed days as sorted dates, within the range asked, at most 200 days', async () => {
    await close(day(160), day(162), 'Ferien');
    await close(day(161), day(161), 'doppelt');
    await close(day(170), day(170 + 300), null);
    const anon = browserClient(backend, newVisitor().ip);
    const ask = async (from: string, days?: number) => {
      const { data, error } = await anon.rpc('practice_closed_days', days === undefined ? { p_from: from } : { p_from: from, p_days: days });
      expect(error).toBeNull();
      return data as string[];
    };
    expect(await ask(day(150), 20)).toEqual([day(160), day(161), day(162)]);
    expect(await ask(day(161), 1)).toEqual([day(161)]);
    expect(await ask(day(150), 0)).toEqual([]);
    expect(await ask(day(150), -5)).toEqual([]);
    const capped = await ask(day(150), 1000);
    // 150 … 349: three days of the first closure, then 170 … 349.
    expect(capped).toEqual([day(160), day(161), day(162), ...Array.from({ length: 180 }, (_, i) => day(170 + i))]);
    expect(await ask(day(150))).toEqual(capped);
    expect(capped.every((value) => /^\d{4}-\d{2}-\d{2}$/.test(value))).toBe(true);
    // The service role gets the same answer.
    expect(await rpc('practice_closed_days', { p_from: day(150), p_days: 20 })).toEqual([day(160), day(161), day(162)]);
  });
});

describe('moving a confirmed appointment', () => {
  /**
   * Slots of their own for the appointments and the wishes the practice confirms here: the
   * two advisors hold at most two appointments at once (domain/capacity.ts), so no two of
   * this file's share a moment. They lie 80 days ahead and later, wishes that are never
   * confirmed up to 110 days: no other suite confirms a slot there (they check days 0–70,
   * capacity.test.ts 115–149), so a shared backend keeps them apart.
   */
  const nextSlot = slotSequence(80);

  /** A request stored by the site and confirmed by the practice for a slot of its own, at least 80 days ahead. */
  async function confirmed() {
    const { email, ip } = newVisitor();
    const row = newAppointmentRequest(email);
    expect((await insertAppointment(backend, ip, row)).error).toBeNull();
    const slot = nextSlot();
    expect((await rpc('decide_appointment', { p_id: row.id, p_decision: 'confirm', p_date: slot.date, p_time: slot.time })).result).toBe('changed');
    return { id: row.id as string, slot };
  }

  /** A confirmed appointment with a wish to move it to a slot of its own, which the practice may then confirm. */
  async function wishing() {
    const appointment = await confirmed();
    const wish = nextSlot();
    expect((await move(appointment.id, wish.date, wish.time)).result).toBe('changed');
    return { ...appointment, wish };
  }

  const move = (id: string, date: string, time: string, extra: Record<string, unknown> = {}) =>
    rpc('request_appointment_move', { p_id: id, p_date: date, p_time: time, ...extra });
  const decideMove = (id: string, number: number, decision: string, note?: string) =>
    rpc('decide_appointment_move', { p_id: id, p_move: number, p_decision: decision, ...(note === undefined ? {} : { p_note: note }) });
  const row = async (id: string) => (await rpc<Record<string, unknown>>('get_appointment_request', { p_id: id }));
  /** The reminders the request still owes (outbox rows of kind 'reminder', not sent, not superseded): for which calendar sequence, claimed or not. */
  const owedReminders = (id: string) =>
    sql<{ about: string; claimed_at: Date | null }>(
      `select about, claimed_at from public.outbox_mails
        where appointment_request_id = $1 and kind = 'reminder' and sent_at is null and superseded_at is null order by created_at`,
      [id],
    );
  /** The start times of the date's confirmed appointments, from the practice's schedule (appointment_schedule). */
  const taken = async (date: string) =>
    (await rpc<{ status: string; confirmed_time: string }[]>('appointment_schedule', { p_from: date, p_to: date }))
      .filter((appointment) => appointment.status === 'confirmed')
      .map((appointment) => appointment.confirmed_time);

  it('a new state is mailed even when the outbox gave up on the state before', async () => {
    const { id } = await confirmed();
    // The confirmation never went out, and the outbox gave up on it.
    await sql(
      `update public.outbox_mails set attempts = 9, gave_up_at = now(), last_cause = 'smtp_554' where idempotency_key = $1 and sent_at is null`,
      [outcomeMailsKey(id, 'confirmed')],
    );
    expect(await move(id, bookableDate(103), '11:00')).toMatchObject({ result: 'changed' });
    // The given-up state's mail no longer counts (superseded); the new state's is owed afresh.
    type Mail = { about: string; gave_up_at: Date | null; attempts: number; superseded_at: Date | null };
    const outcomeMails = await sql<Mail>(
      `select about, gave_up_at, attempts, superseded_at from public.outbox_mails where kind = 'outcome' and appointment_request_id = $1 order by created_at`,
      [id],
    );
    expect(outcomeMails).toEqual([
      { about: 'confirmed', gave_up_at: expect.any(Date), attempts: 9, superseded_at: expect.any(Date) },
      { about: 'move-requested:1', gave_up_at: null, attempts: 0, superseded_at: null },
    ]);
    const claimed = (await rpc<{ mails: { id: string; outcome_key: string }[] }>('claim_mail', { p_kind: 'outcome', p_limit: 100, p_grace_seconds: 0 })).mails;
    expect(claimed.find((request) => request.id === id)).toMatchObject({ outcome_key: 'move-requested:1' });
  });

  describe('request_appointment_move', () => {
    it('stores the wish once: changed, then unchanged for the same slot, move_pending for another', async () => {
      const { id, slot } = await confirmed();
      const wish = { date: bookableDate(100), time: '14:00' };
      const first = await move(id, wish.date, wish.time);
      expect(first).toMatchObject({
        result: 'changed',
        request: {
          status: 'confirmed', confirmed_date: slot.date, confirmed_time: slot.time, calendar_sequence: 1,
          move_status: 'requested', move_date: wish.date, move_time: wish.time, move_count: 1, move_decided_at: null,
          moved_from_date: null, outcome_key: 'move-requested:1',
        },
      });
      expect(first.request!.move_requested_at).not.toBeNull();
      expect(await move(id, wish.date, wish.time)).toMatchObject({ result: 'unchanged', request: { move_count: 1 } });
      expect(await move(id, bookableDate(101), '09:00')).toMatchObject({ result: 'move_pending', request: { move_date: wish.date, move_count: 1 } });
      // The confirmed slot is still the appointment, and still taken.
      expect(await taken(slot.date)).toContain(slot.time);
    });

    it('is too late within the notice before the appointment', async () => {
      // A slot at least 80 days ahead starts more than 79 days from now.
      const { id } = await confirmed();
      expect(await move(id, bookableDate(100), '09:00', { p_min_notice: '400 days' })).toMatchObject({ result: 'too_late', request: { move_status: null, move_count: 0 } });
      expect((await move(id, bookableDate(100), '09:00', { p_min_notice: '79 days' })).result).toBe('changed');
    });

    it('answers unavailable with the reason: the same slot, and each refusal of the rules', async () => {
      const { id, slot } = await confirmed();
      const { last } = slotWindow(today());
      const sunday = firstDay(day(2), (iso) => isoWeekday(iso) === 7);
      const closedDay = firstDay(day(160), (iso) => slotRefusalReason({ date: iso, time: null }, { today: today() }) === null);
      await close(closedDay, closedDay);
      for (const [date, time, reason] of [
        [slot.date, slot.time, 'same_slot'],
        [day(1), '10:00', 'too_soon'],
        [addDays(last, 1), '10:00', 'too_far'],
        [sunday, '10:00', 'closed'],
        [closedDay, '10:00', 'closed'],
        [bookableDate(100), '12:00', 'time_not_offered'],
      ] as const) {
        expect(await move(id, date, time), `${date} ${time}`).toMatchObject({ result: 'unavailable', reason, request: { move_status: null, move_count: 0 } });
      }
      // Another time on the same day is a move.
      expect((await move(id, slot.date, '17:00')).result).toBe('changed');
    });

    it('keeps a move inside the retention of the request: the window ends 12 months after it was made', async () => {
      const { id } = await confirmed();
      const createdDay = addDays(today(), -300);
      await backend.query(`update public.appointment_requests set created_at = ($2::date + time '12:00') at time zone 'Europe/Zurich' where id = $1`, [id, createdDay]);
      const { last } = slotWindow(today(), createdDay);
      expect(last < slotWindow(today()).last).toBe(true);
      const beyond = firstDay(addDays(last, 1), (iso) => isoWeekday(iso) !== 7 && holidayName(iso) === null);
      expect(await move(id, beyond, '10:00')).toMatchObject({ result: 'unavailable', reason: 'too_far' });
      const inside = bookableDays(today(), 200).filter((iso) => iso <= last).at(-1)!;
      expect((await move(id, inside, '10:00')).result).toBe('changed');
    });

    it('is a conflict for what is not confirmed, not_found for an unknown id, and refuses a wish without a slot', async () => {
      const { email, ip } = newVisitor();
      const open = newAppointmentRequest(email);
      await insertAppointment(backend, ip, open);
      expect(await move(open.id as string, bookableDate(100), '10:00')).toMatchObject({ result: 'conflict', request: { status: 'requested' } });
      const declined = newAppointmentRequest(newVisitor().email);
      await insertAppointment(backend, newVisitor().ip, declined);
      await rpc('decide_appointment', { p_id: declined.id, p_decision: 'decline' });
      expect((await move(declined.id as string, bookableDate(100), '10:00')).result).toBe('conflict');
      const { id } = await confirmed();
      await rpc('cancel_appointment', { p_id: id });
      expect(await move(id, bookableDate(100), '10:00')).toMatchObject({ result: 'conflict', request: { status: 'cancelled', move_status: null } });
      expect(await move(crypto.randomUUID(), bookableDate(100), '10:00')).toEqual({ result: 'not_found' });
      await expect(rpc('request_appointment_move', { p_id: id, p_date: bookableDate(100), p_time: null })).rejects.toThrow('22023');
    });

    it('lets one of two wishes at the same moment win', async () => {
      for (let round = 0; round < 4; round += 1) {
        const { id } = await confirmed();
        const same = await Promise.all([move(id, bookableDate(100), '11:00'), move(id, bookableDate(100), '11:00')]);
        expect(same.map((answer) => answer.result).sort()).toEqual(['changed', 'unchanged']);
        const other = await confirmed();
        const different = await Promise.all([move(other.id, bookableDate(100), '11:00'), move(other.id, bookableDate(101), '15:00')]);
        expect(different.map((answer) => answer.result).sort()).toEqual(['changed', 'move_pending']);
        expect((await row(other.id)).move_count).toBe(1);
      }
    });
  });

  describe('decide_appointment_move', () => {
    it('confirms: the wished slot becomes the appointment, the old one is free, the calendar sequence rises', async () => {
      const { id, slot, wish } = await wishing();
      expect(await taken(wish.date)).not.toContain(wish.time);
      const answer = await decideMove(id, 1, 'confirm');
      expect(answer).toMatchObject({
        result: 'changed',
        request: {
          status: 'confirmed', confirmed_date: wish.date, confirmed_time: wish.time, moved_from_date: slot.date, moved_from_time: slot.time,
          calendar_sequence: 2, move_status: 'confirmed', move_count: 1, outcome_key: 'moved:1',
        },
      });
      expect(answer.request!.move_decided_at).not.toBeNull();
      // The moved appointment's reminder is still to come: owed, unclaimed, for the new calendar sequence.
      expect(await owedReminders(id)).toEqual([{ about: '2', claimed_at: null }]);
      expect(await taken(slot.date)).not.toContain(slot.time);
      expect(await taken(wish.date)).toContain(wish.time);
      // A second press finds it done; the other decision, or another move number, is a conflict.
      expect(await decideMove(id, 1, 'confirm')).toMatchObject({ result: 'unchanged', request: { calendar_sequence: 2 } });
      expect((await decideMove(id, 1, 'decline')).result).toBe('conflict');
      expect((await decideMove(id, 0, 'confirm')).result).toBe('conflict');
      expect((await decideMove(id, 2, 'confirm')).result).toBe('conflict');
      // The moved appointment can move again; the old number then names an old wish.
      expect(await move(id, bookableDate(110), '09:00')).toMatchObject({ result: 'changed', request: { move_count: 2, outcome_key: 'move-requested:2', moved_from_date: slot.date } });
      expect((await decideMove(id, 1, 'confirm')).result).toBe('conflict');
    });

    it('starts the reminder afresh: none yet for a day further ahead, the confirmation itself for tomorrow', async () => {
      const { id } = await confirmed();
      // The old slot's reminder went out yesterday, and the outbox holds a claim on it again.
      await backend.query(
        `update public.outbox_mails set sent_at = now() - interval '1 day', claim = gen_random_uuid(), claimed_at = now()
          where appointment_request_id = $1 and kind = 'reminder'`,
        [id],
      );
      const wish = nextSlot();
      await move(id, wish.date, wish.time);
      expect((await decideMove(id, 1, 'confirm')).result).toBe('changed');
      expect(await owedReminders(id)).toEqual([{ about: '2', claimed_at: null }]);

      // The visitor cannot wish for tomorrow (the rules); the practice's own change of the wish can.
      // 19:00: appointment-function.test.ts confirms two at 09:30 tomorrow, and the suites may share a backend.
      const soon = await confirmed();
      await move(soon.id, bookableDate(100), '19:00');
      await backend.query('update public.appointment_requests set move_date = $2 where id = $1', [soon.id, day(1)]);
      const answer = await decideMove(soon.id, 1, 'confirm');
      expect(answer.request).toMatchObject({ confirmed_date: day(1) });
      // The confirmation is the reminder: none owed, and the old slot's is superseded.
      expect(await owedReminders(soon.id)).toEqual([]);
      expect(await sql(`select about from public.outbox_mails where appointment_request_id = $1 and kind = 'reminder' and superseded_at is not null`, [soon.id]))
        .toEqual([{ about: '1' }]);
    });

    it('declines: the appointment stays, with the practice’s note; a second press is unchanged', async () => {
      const { id, slot } = await confirmed();
      await move(id, bookableDate(100), '13:00');
      const answer = await decideMove(id, 1, 'decline', '  Dann bin ich leider in Bern.  ');
      expect(answer).toMatchObject({
        result: 'changed',
        request: {
          status: 'confirmed', confirmed_date: slot.date, confirmed_time: slot.time, calendar_sequence: 1, moved_from_date: null,
          move_status: 'declined', staff_note: 'Dann bin ich leider in Bern.', outcome_key: 'move-declined:1',
        },
      });
      expect(await taken(slot.date)).toContain(slot.time);
      expect((await decideMove(id, 1, 'decline', 'anders')).result).toBe('unchanged');
      expect((await decideMove(id, 1, 'confirm')).result).toBe('conflict');
      // The visitor may wish again; a blank note counts as none.
      expect((await move(id, bookableDate(101), '13:00')).request).toMatchObject({ move_count: 2, move_status: 'requested' });
      expect((await decideMove(id, 2, 'decline', '   ')).request).toMatchObject({ staff_note: null, outcome_key: 'move-declined:2' });
    });

    it('is a conflict after a cancellation, not_found for an unknown id, and refuses what is no decision', async () => {
      const { id } = await confirmed();
      await move(id, bookableDate(100), '10:00');
      expect((await rpc('cancel_appointment', { p_id: id })).result).toBe('changed');
      expect(await decideMove(id, 1, 'confirm')).toMatchObject({ result: 'conflict', request: { status: 'cancelled', outcome_key: 'cancelled' } });
      expect(await decideMove(crypto.randomUUID(), 1, 'confirm')).toEqual({ result: 'not_found' });
      await expect(decideMove(id, 1, 'maybe')).rejects.toThrow('22023');
    });

    it('lets exactly one of confirm and decline at the same moment win', async () => {
      for (let round = 0; round < 5; round += 1) {
        const { id } = await wishing();
        const answers = await Promise.all([decideMove(id, 1, 'confirm'), decideMove(id, 1, 'decline')]);
        expect(answers.map((answer) => answer.result).sort()).toEqual(['changed', 'conflict']);
      }
    });
  });

  describe('the visitor’s mails by outcome_key', () => {
    type Claim = { status: string; mails: Record<string, unknown>[] };
    /** Claims the mails of the request's current state (its outbox row, outcome/<id>/<outcome_key>), as the action page does. */
    const claim = async (id: string) =>
      rpc<Claim>('claim_mail', { p_kind: 'outcome', p_key: outcomeMailsKey(id, (await row(id)).outcome_key as string) });
    // Ends the claim held on the mails of state `key` with its token (…_outbox.sql),
    // taking one first when none is held – as the page or the outbox does after sending.
    const finish = async (id: string, key: string, sent = true) => {
      const [held] = await sql<{ token: string | null }>('select claim as token from public.outbox_mails where idempotency_key = $1', [outcomeMailsKey(id, key)]);
      const token = held?.token ??
        ((await rpc<Claim>('claim_mail', { p_kind: 'outcome', p_key: outcomeMailsKey(id, key) })).mails[0]?.claim as string | undefined);
      return rpc<string>('finish_mail', { p_claim: token, p_sent: sent });
    };

    it('names each state’s mails once, through a move requested, confirmed, declined and the cancellation', async () => {
      const { email, ip } = newVisitor();
      const request = newAppointmentRequest(email);
      await insertAppointment(backend, ip, request);
      const id = request.id as string;
      expect((await row(id)).outcome_key).toBeNull();
      // Nothing to send while it is open: no state, no outcome mail.
      expect(await sql(`select 1 from public.outbox_mails where appointment_request_id = $1 and kind = 'outcome'`, [id])).toEqual([]);

      const [slot, wish] = [nextSlot(), nextSlot()];
      await rpc('decide_appointment', { p_id: id, p_decision: 'confirm', p_date: slot.date, p_time: slot.time });
      const steps: Array<[string, () => Promise<unknown>]> = [
        ['confirmed', async () => undefined],
        ['move-requested:1', () => move(id, wish.date, wish.time)],
        ['moved:1', () => decideMove(id, 1, 'confirm')],
        ['move-requested:2', () => move(id, bookableDate(105), '11:00')],
        ['move-declined:2', () => decideMove(id, 2, 'decline')],
        ['cancelled', () => rpc('cancel_appointment', { p_id: id })],
      ];
      for (const [key, step] of steps) {
        await step();
        expect(await claim(id), key).toMatchObject({ status: 'claimed', mails: [{ outcome_key: key }] });
        expect((await claim(id)).status).toBe('in_progress');
        expect(await finish(id, key, false)).toBe('finished');
        expect((await claim(id)).status).toBe('claimed');
        expect(await finish(id, key)).toBe('finished');
        expect((await claim(id)).status, key).toBe('already_sent');
        expect((await row(id)).outcome_sent_for).toBe(key);
      }
    });

    it('records the key the mail was written for: a state that changed meanwhile still has its own mail', async () => {
      const { id } = await confirmed();
      await finish(id, 'confirmed');
      await move(id, bookableDate(100), '10:00');
      expect((await claim(id)).mails[0]).toMatchObject({ outcome_key: 'move-requested:1' });
      await decideMove(id, 1, 'decline');
      await finish(id, 'move-requested:1');
      expect(await claim(id)).toMatchObject({ status: 'claimed', mails: [{ outcome_key: 'move-declined:1', outcome_sent_for: 'move-requested:1' }] });
    });

    // The outbox claims every due row of the database: only on a stand-in of this file's own.
    it.runIf(ownStandIn)('are claimed by the outbox by key, the grace period counted from the wish; given up after three days', async () => {
      const claimOutcomes = async (grace: number) => {
        const ids: string[] = [];
        for (;;) {
          const batch = (await rpc<{ mails: { id: string; outcome_key: string }[] }>('claim_mail', {
            p_kind: 'outcome',
            p_limit: 100,
            p_grace_seconds: grace,
          })).mails;
          if (batch.length === 0) return ids;
          ids.push(...batch.map((r) => r.id));
        }
      };
      const { id } = await confirmed();
      await finish(id, 'confirmed');
      // The decision (and the mails it owed) two hours old.
      await backend.query(`update public.appointment_requests set decided_at = now() - interval '2 hours' where id = $1`, [id]);
      await backend.query(`update public.outbox_mails set created_at = created_at - interval '2 hours' where appointment_request_id = $1`, [id]);
      const wish = nextSlot();
      await move(id, wish.date, wish.time);
      // Decided two hours ago, but the wish is new: still the visitor's own call's to send.
      expect(await claimOutcomes(3600)).not.toContain(id);
      expect(await claimOutcomes(0)).toContain(id);
      await finish(id, 'move-requested:1');
      // Every claim lapsed: only what is still unsent could be claimed again.
      await backend.query(`update public.outbox_mails set claimed_at = claimed_at - interval '3 minutes' where kind = 'outcome' and claimed_at is not null`);
      expect(await claimOutcomes(0)).not.toContain(id);

      await decideMove(id, 1, 'confirm');
      await backend.query(`update public.appointment_requests set move_decided_at = now() - interval '4 days' where id = $1`, [id]);
      await backend.query(
        `update public.outbox_mails set created_at = created_at - interval '4 days' where idempotency_key = $1`,
        [outcomeMailsKey(id, 'moved:1')],
      );
      // Every due claim gives up first what waited too long (a claim of nothing: only that).
      const given = (await rpc<{ given_up: { kind: string; id: string }[] }>('claim_mail', { p_kind: 'outcome', p_limit: 0 })).given_up;
      expect(given).toContainEqual({ kind: 'outcome', id });
      const digest = await rpc<{ gaveUpAppointments: { kind: string; request: { id: string; outcome_key: string } }[] }>('practice_digest_data', {});
      expect(digest.gaveUpAppointments).toContainEqual({ kind: 'outcome', request: expect.objectContaining({ id, outcome_key: 'moved:1' }) });
    });
  });

  it('the digest lists a wish to move as undecided, counted from the wish, until the practice decides it', async () => {
    const { id } = await confirmed();
    await move(id, bookableDate(100), '10:00');
    // A request made 40 days ago (past the digest's 30 days) whose wish is 29 days old: the oldest undecided of all.
    await backend.query(
      `update public.appointment_requests set created_at = now() - interval '40 days', move_requested_at = now() - interval '29 days' where id = $1`,
      [id],
    );
    type Digest = { undecided: { id: string; move_status: string | null; waiting_since?: unknown }[]; undecidedTotal: number };
    const before = await rpc<Digest>('practice_digest_data', {});
    expect(before.undecided[0]).toMatchObject({ id, status: 'confirmed', move_status: 'requested', move_count: 1 });
    expect(before.undecided[0]).not.toHaveProperty('waiting_since');
    await decideMove(id, 1, 'decline');
    const after = await rpc<Digest>('practice_digest_data', {});
    expect(after.undecided.map((r) => r.id)).not.toContain(id);
  });

  it('keeps the move functions from anon; anon may ask only the closed days', async () => {
    const { id } = await confirmed();
    const anon = browserClient(backend, newVisitor().ip);
    for (const [name, args] of [
      ['request_appointment_move', { p_id: id, p_date: bookableDate(100), p_time: '10:00' }],
      ['decide_appointment_move', { p_id: id, p_move: 1, p_decision: 'confirm' }],
      ['finish_mail', { p_claim: id, p_sent: true }],
      ['claim_mail', { p_kind: 'outcome', p_key: outcomeMailsKey(id, 'confirmed') }],
    ] as const) {
      expect((await anon.rpc(name, args)).error?.code, name).toBe('42501');
    }
    expect((await row(id)).move_status).toBeNull();
    expect((await anon.rpc('practice_closed_days', { p_from: today() })).error).toBeNull();
  });
});
