// @vitest-environment node
/**
 * The advisors' capacity in the database (supabase/migrations/…_appointment_requests.sql)
 * against its one rule, supabase/functions/_shared/domain/capacity.ts, on PGlite and
 * PostgreSQL 15 alike:
 *
 * - public.appointment_start_times answers what startTimeAvailability computes, on many
 *   seeded pseudo-random schedules of the three services, both advisors, appointments
 *   without an advisor and cancelled ones;
 * - the edges: two at once fill the practice, touching spans do not collide, 11:30 runs
 *   into the lunch pause, a home visit blocks its advisor for two hours;
 * - the exclusion constraint advisor_one_at_a_time: concurrent confirmations through the
 *   API (separate connections on PostgreSQL) end in one per advisor, never a deadlock; a
 *   direct UPDATE that would overlap is 23P01; a confirmation needs an advisor;
 * - decide_appointment_move keeps the appointment's advisor when free, else takes the other,
 *   else answers advisor_busy and changes nothing;
 * - appointments without an advisor take one of the free advisors, for the database's
 *   decisions as for the rule;
 * - appointments left without an advisor, on a database of their own: they count as
 *   taking a free advisor, and can still be reminded, cancelled and moved.
 *
 * Everything here lies 115 to 149 days ahead: after availability.test.ts's appointments
 * (80–110) and before the closures any suite makes (150 on), so a shared backend
 * (TEST_BACKEND=supabase-start) keeps the suites apart.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bookableDays, dayAvailability } from '../../supabase/functions/_shared/domain/availability.ts';
import {
  type BookedSpan,
  serviceMinutes,
  spanAvailability,
  spanEnd,
  spansOverlap,
  startTimeAvailability,
} from '../../supabase/functions/_shared/domain/capacity.ts';
import { serviceCatalog, timeSlots } from '../../supabase/functions/_shared/domain/catalog.ts';
import { zurichIsoDate } from '../../supabase/functions/_shared/domain/dates.ts';
import { type AdvisorId, practiceAdvisors } from '../../supabase/functions/_shared/domain/practice.ts';
import type { Database } from '../../scripts/stack/database.ts';
import { openMigratedDatabase } from '../support/migrated-database.ts';
import {
  newAppointmentRequest,
  backendTarget,
  browserClient,
  newVisitor,
  serviceClient,
  type TestBackend,
} from './stack-harness.ts';

const [SANDRA, LUKAS] = practiceAdvisors.map((advisor) => advisor.id) as [AdvisorId, AdvisorId];
const SERVICE_VALUES = serviceCatalog.map((entry) => entry.value);
const label = (value: string) => serviceCatalog.find((entry) => entry.value === value)!.label;

const today = () => zurichIsoDate();
const day = (n: number) => addDays(today(), n);

/** A small seeded generator (mulberry32): the same schedules on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The start times the rule gives a day for a service: none on a closed day, else startTimeAvailability. */
function expectedStartTimes(date: string, service: string, booked: readonly BookedSpan[], closures: ReadonlySet<string> = new Set()) {
  const opening = dayAvailability(date, closures);
  return opening.open ? startTimeAvailability(date, serviceMinutes(service)!, opening.times, booked) : [];
}

describe('on the stack', () => {
  let backend: TestBackend;
  let service: SupabaseClient;
  /** Every address this file stores rows under, removed afterwards (a shared backend stays clean). */
  const emails: string[] = [];

  beforeAll(async () => {
    backend = await backendTarget({ functions: false });
    service = serviceClient(backend);
  }, 120_000);

  afterAll(async () => {
    if (backend && emails.length > 0) await backend.query('delete from public.appointment_requests where email = any($1)', [emails]);
    await backend?.stop();
  });

  interface Answer {
    result: string;
    request?: Record<string, unknown>;
  }

  async function rpc<T = Answer>(name: string, args: Record<string, unknown>, client: SupabaseClient = service): Promise<T> {
    const { data, error } = await client.rpc(name, args);
    if (error) throw new Error(`${name}: ${error.code} ${error.message}`);
    return data as T;
  }

  /** The days of the examples below, one each: the bookable days 130 to 149 days ahead. */
  const exampleDays = bookableDays(today(), 200).filter((iso) => iso >= day(130) && iso <= day(149));
  const nextDay = () => {
    const next = exampleDays.shift();
    if (!next) throw new Error('capacity.test.ts: no example day left between 130 and 149 days ahead');
    return next;
  };

  /** A request for `serviceValue`, stored by the service role (a booking by phone: any day). */
  async function request(serviceValue = 'schlafberatung'): Promise<string> {
    const { email } = newVisitor();
    emails.push(email);
    const row = newAppointmentRequest(email, { service: label(serviceValue) });
    const { error } = await service.from('appointment_requests').insert(row);
    expect(error).toBeNull();
    return row.id as string;
  }

  const confirm = (id: string, date: string, time: string, advisor?: AdvisorId, client: SupabaseClient = service) =>
    rpc('decide_appointment', { p_id: id, p_decision: 'confirm', p_date: date, p_time: time, ...(advisor ? { p_advisor: advisor } : {}) }, client);

  /** A confirmed appointment: its id and the advisor it was given. */
  async function confirmed(date: string, time: string, advisor?: AdvisorId, serviceValue = 'schlafberatung') {
    const id = await request(serviceValue);
    const answer = await confirm(id, date, time, advisor);
    expect(answer, `${date} ${time} ${advisor ?? ''}`).toMatchObject({ result: 'changed', request: { status: 'confirmed' } });
    return { id, advisor: answer.request!.advisor as AdvisorId };
  }

  /** What the booking form gets: the start times through the API with the publishable key. */
  const startTimes = async (date: string, serviceValue: string) => {
    const { data, error } = await browserClient(backend, newVisitor().ip).rpc('appointment_start_times', { p_day: date, p_service: serviceValue });
    expect(error).toBeNull();
    return data as { time: string; free: boolean }[];
  };
  const takenTimes = (times: { time: string; free: boolean }[]) => times.filter((entry) => !entry.free).map((entry) => entry.time);

  /** The day's confirmed appointments as capacity.ts takes them, read from the practice's schedule. */
  async function bookedOn(date: string): Promise<BookedSpan[]> {
    const rows = await rpc<{ status: string; advisor: AdvisorId | null; confirmed_date: string; confirmed_time: string; appointment_minutes: number }[]>(
      'appointment_schedule',
      { p_from: date, p_to: date },
    );
    return rows
      .filter((row) => row.status === 'confirmed')
      .map((row) => ({ advisor: row.advisor, date: row.confirmed_date, time: row.confirmed_time, minutes: row.appointment_minutes }));
  }

  /** The row's state as the functions read it. */
  const stateOf = (id: string) => rpc<Record<string, unknown>>('get_appointment_request', { p_id: id });

  describe('appointment_start_times computes what capacity.ts computes', () => {
    interface Planned extends BookedSpan {
      id: string;
      service: string;
      status: 'confirmed' | 'cancelled';
    }

    /**
     * A day's schedule: appointments of the three services at any of the 21 start times,
     * each given an advisor free for its span (as the constraint demands); some cancelled
     * (they count for nobody, and may overlap anything), some without an advisor (taken away
     * by hand, as the trigger allows: they count as taking a free advisor).
     */
    function randomSchedule(random: () => number, date: string): { planned: Planned[]; unassigned: Set<string> } {
      const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
      const planned: Planned[] = [];
      const unassigned = new Set<string>();
      const attempts = Math.floor(random() * 18);
      for (let i = 0; i < attempts; i += 1) {
        const entry = pick(serviceCatalog);
        const span = { date, time: pick(timeSlots), minutes: entry.durationMinutes };
        const id = crypto.randomUUID();
        if (random() < 0.15) {
          planned.push({ ...span, id, service: entry.label, advisor: pick([SANDRA, LUKAS]), status: 'cancelled' });
          continue;
        }
        const free = [SANDRA, LUKAS].filter((advisor) =>
          !planned.some((other) => other.status === 'confirmed' && other.advisor === advisor && spansOverlap(other, span)));
        if (free.length === 0) continue;
        planned.push({ ...span, id, service: entry.label, advisor: pick(free), status: 'confirmed' });
        if (random() < 0.1) unassigned.add(id);
      }
      return { planned, unassigned };
    }

    it('on seeded random schedules: every day, every service, every start time', async () => {
      // 115–129 days ahead, Sundays and holidays included (the answer is then empty).
      const days = Array.from({ length: 15 }, (_, i) => day(115 + i));
      const email = newVisitor().email;
      emails.push(email);
      const closures = new Set(
        (await backend.query<{ day: string }>(
          `select to_char(d, 'YYYY-MM-DD') as day from public.practice_closures c, generate_series(c.first_day, c.last_day, interval '1 day') d`,
        )).rows.map((row) => row.day),
      );
      let compared = 0;
      let taken = 0;
      for (let round = 0; round < 4; round += 1) {
        const random = seeded(20261126 + round);
        const schedules = days.map((date) => randomSchedule(random, date));
        const planned = schedules.flatMap((schedule) => schedule.planned);
        const unassigned = schedules.flatMap((schedule) => [...schedule.unassigned]);
        // Stored as the practice's rows are: the mails of their state already out (so an
        // outbox running beside a shared backend leaves them alone) – the practice's mail of
        // the request and the state's mails marked sent on their outbox rows.
        await backend.query(
          `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date,
             status, confirmed_date, confirmed_time, advisor, calendar_sequence, decided_at)
           select t.id, 'Kapa', 'Zitaet', $7, '+41 44 000 00 00', t.service, t.day,
                  t.status, t.day, t.time, t.advisor, case t.status when 'confirmed' then 1 else 2 end, now()
             from unnest($1::uuid[], $2::text[], $3::date[], $4::text[], $5::text[], $6::text[]) as t(id, service, day, time, advisor, status)`,
          [
            planned.map((p) => p.id), planned.map((p) => p.service), planned.map((p) => p.date),
            planned.map((p) => p.time), planned.map((p) => p.advisor), planned.map((p) => p.status), email,
          ],
        );
        await backend.query(
          `update public.outbox_mails set sent_at = now()
            where appointment_request_id = any($1::uuid[]) and kind in ('request', 'outcome') and sent_at is null`,
          [planned.map((p) => p.id)],
        );
        // Appointments without an advisor: the advisor taken away again (the trigger allows
        // that: a confirmed appointment that keeps its slot stays valid).
        await backend.query('update public.appointment_requests set advisor = null where id = any($1::uuid[])', [unassigned]);
        const booked: BookedSpan[] = planned
          .filter((p) => p.status === 'confirmed')
          .map((p) => ({ date: p.date, time: p.time, minutes: p.minutes, advisor: unassigned.includes(p.id) ? null : p.advisor }));

        // The practice's schedule has exactly these rows, with their lengths from the service.
        const schedule = await rpc<{ id: string; advisor: string | null; appointment_minutes: number; status: string }[]>(
          'appointment_schedule',
          { p_from: days[0], p_to: days.at(-1) },
        );
        expect(schedule.map((row) => [row.id, row.status, row.advisor, row.appointment_minutes]).sort()).toEqual(
          planned.map((p) => [p.id, p.status, unassigned.includes(p.id) ? null : p.advisor, p.minutes]).sort(),
        );

        const { rows } = await backend.query<{ day: string; service: string; times: { time: string; free: boolean }[] }>(
          `select to_char(d, 'YYYY-MM-DD') as day, s as service, public.appointment_start_times(d, s) as times
             from unnest($1::date[]) d cross join unnest($2::text[]) s order by d, s`,
          [days, SERVICE_VALUES],
        );
        expect(rows).toHaveLength(days.length * SERVICE_VALUES.length);
        for (const row of rows) {
          expect(row.times, `${row.day} ${row.service} (round ${round})`).toEqual(expectedStartTimes(row.day, row.service, booked, closures));
          compared += row.times.length;
          taken += takenTimes(row.times).length;
        }
        // The booking form's way gives the same: anon, through the API.
        for (const serviceValue of SERVICE_VALUES) {
          const date = days[(round * 3 + SERVICE_VALUES.indexOf(serviceValue)) % days.length]!;
          expect(await startTimes(date, serviceValue)).toEqual(expectedStartTimes(date, serviceValue, booked, closures));
        }
        await backend.query('delete from public.appointment_requests where email = $1', [email]);
      }
      // The schedules were neither empty nor full: both answers occur often.
      expect(compared).toBeGreaterThan(2000);
      expect(taken).toBeGreaterThan(compared / 10);
      expect(compared - taken).toBeGreaterThan(compared / 10);
    }, 60_000);
  });

  describe('the edges of the rule', () => {
    it('two consultations at 09:00, one per advisor, fill 09:00 and 09:30; 10:00 is free; with one of them 09:00 is still free', async () => {
      const date = nextDay();
      await confirmed(date, '09:00', SANDRA);
      expect(takenTimes(await startTimes(date, 'schlafberatung'))).toEqual([]);
      await confirmed(date, '09:00', LUKAS);
      const times = await startTimes(date, 'schlafberatung');
      expect(times.slice(0, 3)).toEqual([
        { time: '09:00', free: false },
        { time: '09:30', free: false },
        { time: '10:00', free: true },
      ]);
      expect(takenTimes(times)).toEqual(['09:00', '09:30']);
      expect(times).toEqual(expectedStartTimes(date, 'schlafberatung', await bookedOn(date)));
      // A follow-up (30 minutes) at 09:30 still overlaps both; at 10:00 both have ended.
      expect(takenTimes(await startTimes(date, 'follow-up'))).toEqual(['09:00', '09:30']);
      // The database says the same: a third at 09:30 finds nobody, one at 10:00 is confirmed.
      expect((await confirm(await request(), date, '09:30')).result).toBe('advisor_busy');
      expect((await confirm(await request(), date, '10:00')).result).toBe('changed');
    });

    it('11:30 for 60 minutes runs into the lunch pause and is a valid start; a home visit from 11:30 meets what begins at 13:00', async () => {
      const date = nextDay();
      const empty = await startTimes(date, 'schlafberatung');
      expect(empty.find((entry) => entry.time === '11:30')).toEqual({ time: '11:30', free: true });
      expect(takenTimes(await startTimes(date, 'beratung-zuhause'))).toEqual([]);
      // Both advisors from 13:00 (a follow-up each).
      await confirmed(date, '13:00', SANDRA, 'follow-up');
      await confirmed(date, '13:00', LUKAS, 'follow-up');
      expect(takenTimes(await startTimes(date, 'schlafberatung'))).toEqual(['13:00']);
      expect(takenTimes(await startTimes(date, 'beratung-zuhause'))).toEqual(['11:30', '13:00']);
      expect(await startTimes(date, 'beratung-zuhause')).toEqual(expectedStartTimes(date, 'beratung-zuhause', await bookedOn(date)));
      // The consultation at 11:30 ends at 12:30, in the pause.
      const answer = await confirm(await request(), date, '11:30');
      expect(answer).toMatchObject({ result: 'changed', request: { confirmed_time: '11:30', appointment_minutes: 60 } });
      expect(spanEnd({ date, time: '11:30', minutes: answer.request!.appointment_minutes as number })).toBe('12:30');
      expect((await confirm(await request('beratung-zuhause'), date, '11:30')).result).toBe('advisor_busy');
    });

    it('a home visit of 120 minutes at 13:00 blocks its advisor from 13:30 to 14:30; 15:00 touches it', async () => {
      const date = nextDay();
      const visit = await request('beratung-zuhause');
      expect(await confirm(visit, date, '13:00', SANDRA)).toMatchObject({ result: 'changed', request: { advisor: SANDRA, appointment_minutes: 120 } });
      // Sandra is busy for anything that begins before 15:00 and ends after 13:00.
      for (const [time, serviceValue] of [['13:00', 'follow-up'], ['13:30', 'schlafberatung'], ['14:00', 'follow-up'], ['14:30', 'follow-up'], ['11:30', 'beratung-zuhause']] as const) {
        expect((await confirm(await request(serviceValue), date, time, SANDRA)).result, `${time} ${serviceValue}`).toBe('advisor_busy');
      }
      expect((await confirm(await request(), date, '15:00', SANDRA)).result).toBe('changed');
      expect((await confirm(await request(), date, '11:00', SANDRA)).result).toBe('changed');
      // The other advisor is free meanwhile: without a name the follow-up at 14:30 goes to him.
      expect(await confirm(await request('follow-up'), date, '14:30')).toMatchObject({ result: 'changed', request: { advisor: LUKAS } });
      // Sandra 11:00–12:00, 13:00–15:00, 15:00–16:00; Lukas 14:30–15:00: only 14:30 is full for a follow-up.
      const booked = await bookedOn(date);
      expect(booked).toHaveLength(4);
      expect(spanAvailability({ date, time: '14:30', minutes: 30 }, booked)).toMatchObject({
        free: [],
        advisors: [{ advisor: SANDRA, free: false }, { advisor: LUKAS, free: false }],
      });
      expect(takenTimes(await startTimes(date, 'follow-up'))).toEqual(['14:30']);
      for (const serviceValue of SERVICE_VALUES) {
        expect(await startTimes(date, serviceValue), serviceValue).toEqual(expectedStartTimes(date, serviceValue, booked));
      }
    });
  });

  describe('the database refuses one advisor twice at once', () => {
    /** `count` requests confirmed at the same moment, each through a client (and connection) of its own. */
    async function confirmAtOnce(date: string, count: number, advisor?: AdvisorId) {
      const ids = await Promise.all(Array.from({ length: count }, () => request()));
      // Overlapping, not equal: 09:00–10:00 and 09:30–10:30 alternately.
      const answers = await Promise.all(ids.map((id, i) => confirm(id, date, i % 2 === 0 ? '09:00' : '09:30', advisor, serviceClient(backend))));
      return { ids, answers };
    }

    it('with the same advisor asked for: one of eight confirmations at once wins, the others are advisor_busy and change nothing', async () => {
      for (let round = 0; round < 2; round += 1) {
        const date = nextDay();
        const { ids, answers } = await confirmAtOnce(date, 8, LUKAS);
        expect(answers.map((answer) => answer.result).sort()).toEqual([...Array(7).fill('advisor_busy'), 'changed']);
        for (const [i, answer] of answers.entries()) {
          if (answer.result === 'changed') expect(answer.request).toMatchObject({ advisor: LUKAS, status: 'confirmed' });
          else expect(await stateOf(ids[i]!)).toMatchObject({ status: 'requested', advisor: null, confirmed_date: null, calendar_sequence: 0, decided_at: null });
        }
        expect(await bookedOn(date)).toHaveLength(1);
      }
    });

    it('without an advisor: two of eight confirmations at once win, one per advisor', async () => {
      for (let round = 0; round < 2; round += 1) {
        const date = nextDay();
        const { answers } = await confirmAtOnce(date, 8);
        const won = answers.filter((answer) => answer.result === 'changed');
        expect(won).toHaveLength(2);
        expect(answers.filter((answer) => answer.result === 'advisor_busy')).toHaveLength(6);
        expect(won.map((answer) => answer.request!.advisor).sort()).toEqual([LUKAS, SANDRA].sort());
        expect(await bookedOn(date)).toHaveLength(2);
      }
    });

    it('refuses a direct UPDATE that would overlap (23P01, 400 through the API), and a confirmation without an advisor (23502)', async () => {
      const date = nextDay();
      await confirmed(date, '09:00', SANDRA);
      const lukas = await confirmed(date, '09:00', LUKAS);
      const later = await confirmed(date, '11:00', SANDRA);
      // As the Table Editor would, with the secret key: the later one moved into the first.
      const moved = await service.from('appointment_requests').update({ confirmed_time: '09:30' }).eq('id', later.id);
      expect(moved.status).toBe(400);
      expect(moved.error).toMatchObject({ code: '23P01', message: expect.stringContaining('advisor_one_at_a_time') });
      const swapped = await service.from('appointment_requests').update({ advisor: SANDRA }).eq('id', lukas.id);
      expect(swapped.error).toMatchObject({ code: '23P01' });
      expect(await stateOf(later.id)).toMatchObject({ confirmed_time: '11:00', advisor: SANDRA });
      expect(await stateOf(lukas.id)).toMatchObject({ advisor: LUKAS });
      // Into a time the advisor is free: allowed.
      expect((await service.from('appointment_requests').update({ confirmed_time: '10:00' }).eq('id', later.id)).error).toBeNull();

      const open = await request();
      const unassigned = await service.from('appointment_requests')
        .update({ status: 'confirmed', confirmed_date: date, confirmed_time: '15:00', calendar_sequence: 1 }).eq('id', open);
      expect(unassigned.error).toMatchObject({ code: '23502' });
      expect(await stateOf(open)).toMatchObject({ status: 'requested' });
      // Refused with an advisor no one has.
      await expect(confirm(open, date, '15:00', 'jemand-anders' as AdvisorId)).rejects.toThrow('22023');
    });
  });

  describe('decide_appointment_move and the advisors', () => {
    const move = async (id: string, date: string, time: string) =>
      expect((await rpc('request_appointment_move', { p_id: id, p_date: date, p_time: time })).result).toBe('changed');
    const decideMove = (id: string, advisor?: AdvisorId) =>
      rpc('decide_appointment_move', { p_id: id, p_move: 1, p_decision: 'confirm', ...(advisor ? { p_advisor: advisor } : {}) });

    it('keeps the appointment’s advisor when free – also into a span overlapping its own old one – else gives it the other', async () => {
      const date = nextDay();
      // Lukas, the second in the practice's order: kept although Sandra is free as well.
      const own = await confirmed(date, '09:00', LUKAS);
      await move(own.id, date, '09:30');
      expect(await decideMove(own.id)).toMatchObject({ result: 'changed', request: { confirmed_time: '09:30', advisor: LUKAS, moved_from_time: '09:00' } });

      const other = await confirmed(date, '16:00', SANDRA);
      await confirmed(date, '17:00', SANDRA);
      await move(other.id, date, '17:30');
      expect(await decideMove(other.id)).toMatchObject({ result: 'changed', request: { confirmed_time: '17:30', advisor: LUKAS } });
    });

    it('answers advisor_busy when nobody is free and changes nothing; once someone is, the move is confirmed', async () => {
      const date = nextDay();
      const mover = await confirmed(date, '09:00', SANDRA);
      await confirmed(date, '18:00', SANDRA);
      const blocking = await confirmed(date, '18:00', LUKAS);
      await move(mover.id, date, '18:30');
      const before = await stateOf(mover.id);
      for (const advisor of [undefined, SANDRA, LUKAS]) {
        expect(await decideMove(mover.id, advisor), advisor ?? 'any').toMatchObject({
          result: 'advisor_busy',
          request: { confirmed_date: date, confirmed_time: '09:00', advisor: SANDRA, move_status: 'requested', move_count: 1, calendar_sequence: 1 },
        });
      }
      expect(await stateOf(mover.id)).toEqual(before);
      expect((await rpc('cancel_appointment', { p_id: blocking.id })).result).toBe('changed');
      expect(await decideMove(mover.id)).toMatchObject({ result: 'changed', request: { confirmed_time: '18:30', advisor: LUKAS, calendar_sequence: 2 } });
    });
  });

  describe('an appointment without an advisor', () => {
    it('takes one of the free advisors: the database refuses what the rule refuses, until it is cancelled', async () => {
      const date = nextDay();
      await confirmed(date, '10:00', SANDRA);
      const legacy = await confirmed(date, '10:00', LUKAS);
      // Left without an advisor, by hand (the trigger allows it while the slot stays).
      await backend.query('update public.appointment_requests set advisor = null where id = $1', [legacy.id]);
      const booked = await bookedOn(date);
      expect(booked.map((span) => span.advisor).sort()).toEqual([null, SANDRA].sort());
      // The rule: Lukas has no appointment of his own at 10:00, but the one without an advisor takes him.
      expect(spanAvailability({ date, time: '10:00', minutes: 60 }, booked)).toMatchObject({ free: [], unassigned: [expect.objectContaining({ advisor: null })] });
      expect(await startTimes(date, 'schlafberatung')).toEqual(expectedStartTimes(date, 'schlafberatung', booked));
      expect(takenTimes(await startTimes(date, 'schlafberatung'))).toEqual(['09:30', '10:00', '10:30']);
      // The database agrees: nobody for 10:00, not even Lukas by name; a move into it neither.
      expect((await confirm(await request(), date, '10:00')).result).toBe('advisor_busy');
      expect((await confirm(await request(), date, '10:30', LUKAS)).result).toBe('advisor_busy');
      const mover = await confirmed(date, '14:00', SANDRA);
      expect((await rpc('request_appointment_move', { p_id: mover.id, p_date: date, p_time: '09:30' })).result).toBe('changed');
      expect((await rpc('decide_appointment_move', { p_id: mover.id, p_move: 1, p_decision: 'confirm' })).result).toBe('advisor_busy');
      // 11:00: both have ended.
      expect((await confirm(await request(), date, '11:00', LUKAS)).result).toBe('changed');
      // Cancelled, it takes nobody: Lukas is free at 10:00 again.
      expect((await rpc('cancel_appointment', { p_id: legacy.id })).result).toBe('changed');
      expect(await confirm(await request(), date, '10:00')).toMatchObject({ result: 'changed', request: { advisor: LUKAS } });
    });
  });
});

describe('appointments left without an advisor, on a database of their own', () => {
  let db: Database;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, close } = await openMigratedDatabase());
  }, 60_000);

  afterAll(async () => {
    await close?.();
  });

  it('count as taking a free advisor, and can still be reminded, cancelled and moved (the move gives one)', async () => {
    const date = bookableDays(zurichIsoDate(), 200).find((iso) => iso >= zurichIsoDate(10))!;
    // [key, service, time, advisor]: null, an advisor taken away again by hand (stored with
    // one, which is then removed: the trigger allows it while the slot stays). Two without
    // an advisor at 09:30, beside an own appointment of each advisor.
    const rows = [
      ['third', 'Follow-up Termin', '09:30', null],
      ['fourth', 'Schlafberatung', '09:30', null],
      ['first', 'Schlafberatung', '09:30', SANDRA],
      ['second', 'Schlafberatung', '09:00', LUKAS],
    ] as const;
    const ids: Record<string, string> = {};
    const store = async (key: string, serviceLabel: string, time: string, advisor: AdvisorId) => {
      const { rows: inserted } = await db.query<{ id: string }>(
        `insert into public.appointment_requests (first_name, last_name, email, phone, service, preferred_date, preferred_time,
           status, confirmed_date, confirmed_time, advisor, calendar_sequence, decided_at)
         values ('Ohne', $1::text, $1::text || '@example.ch', '+41 44 000 00 00', $2::text, $3::date, $4::text,
           'confirmed', $3::date, $4::text, $5::text, 1, now())
         returning id`,
        [key, serviceLabel, date, time, advisor],
      );
      ids[key] = inserted[0]!.id;
    };
    await store('third', 'Follow-up Termin', '09:30', SANDRA);
    await store('fourth', 'Schlafberatung', '09:30', LUKAS);
    await db.query('update public.appointment_requests set advisor = null where id = any($1::uuid[])', [[ids.third, ids.fourth]]);
    await store('first', 'Schlafberatung', '09:30', SANDRA);
    await store('second', 'Schlafberatung', '09:00', LUKAS);
    const { rows: stored } = await db.query<{ id: string; advisor: string | null }>(
      'select id, advisor from public.appointment_requests where id = any($1::uuid[])', [Object.values(ids)]);
    expect(Object.fromEntries(rows.map(([key]) => [key, stored.find((row) => row.id === ids[key])!.advisor])))
      .toEqual(Object.fromEntries(rows.map(([key, , , advisor]) => [key, advisor])));

    // The start times count the appointments without an advisor as the rule does.
    const booked: BookedSpan[] = rows.map(([, serviceLabel, time, advisor]) => ({
      date, time, minutes: serviceMinutes(serviceLabel)!, advisor: advisor as AdvisorId | null,
    }));
    for (const serviceValue of SERVICE_VALUES) {
      const { rows: answer } = await db.query<{ times: unknown }>('select public.appointment_start_times($1, $2) as times', [date, serviceValue]);
      expect(answer[0]!.times, serviceValue).toEqual(expectedStartTimes(date, serviceValue, booked));
    }

    // What the functions do with them, as the service role.
    const asService = <Row = Record<string, unknown>>(sql: string, params: unknown[]) =>
      db.transaction(async (tx) => {
        await tx.query('set local role service_role');
        return (await tx.query<Row>(sql, params)).rows[0]!;
      });
    const call = async (sql: string, params: unknown[]) => (await asService<{ answer: { result: string; request?: Record<string, unknown> } }>(sql, params)).answer;

    // The reminder of the one without an advisor: claimed and finished.
    // Due on the day before its appointment (p_today).
    const claimed = (await asService<{ answer: { mails: { id: string; claim: string }[] } }>(
      `select public.claim_mail('reminder', p_limit => 50, p_grace_seconds => 0, p_today => $1::date - 1) as answer`,
      [date],
    )).answer.mails;
    expect(claimed.map((row) => row.id)).toContain(ids.third);
    const token = claimed.find((row) => row.id === ids.third)!.claim;
    expect((await asService<{ answer: string }>('select public.finish_mail($1, true) as answer', [token])).answer).toBe('finished');
    // A confirmation without an advisor is no more: a new slot needs one.
    await expect(db.query(`update public.appointment_requests set confirmed_time = '11:00' where id = $1`, [ids.third]))
      .rejects.toMatchObject({ code: '23502' });
    // Cancelled, as any appointment.
    expect(await call('select public.cancel_appointment($1) as answer', [ids.third])).toMatchObject({ result: 'changed', request: { status: 'cancelled', advisor: null } });
    // Moved: the move's confirmation gives it the first advisor free.
    expect((await call(`select public.request_appointment_move($1, $2, '19:00') as answer`, [ids.fourth, date])).result).toBe('changed');
    expect(await call(`select public.decide_appointment_move($1, 1, 'confirm') as answer`, [ids.fourth]))
      .toMatchObject({ result: 'changed', request: { confirmed_time: '19:00', advisor: SANDRA } });
    const { rows: reminded } = await db.query<{ reminded: boolean }>(
      `select sent_at is not null as reminded from public.outbox_mails where appointment_request_id = $1 and kind = 'reminder'`,
      [ids.third],
    );
    expect(reminded).toEqual([{ reminded: true }]);
  });
});
