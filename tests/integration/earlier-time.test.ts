// @vitest-environment node
/**
 * «An earlier time» in the database (…_earlier_times.sql, docs/appointment-lifecycle.md):
 * a freed time is offered to exactly the waiting visitors for whom it fits, one outbox mail
 * each, at most one a day per visitor; the first to take it gets it (a confirmed move: same
 * row, SEQUENCE + 1, the «moved» mails owed), a later press finds it taken and changes
 * nothing, and the time left is offered in turn; the wish ends inside the notice. The clock
 * is injected (p_now); the days are bookable days far ahead, on which only this file books.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLIER_OFFER_INTERVAL_HOURS, EARLIER_WISH_NOTICE_HOURS } from '../../supabase/functions/_shared/domain/earlier-time.ts';
import { zurichInstant } from '../../supabase/functions/_shared/domain/dates.ts';
import { parseEarlierAnswer } from '../../supabase/functions/_shared/lifecycle/earlier-time.ts';
import { newAppointmentRequest, backendTarget, bookableDate, type TestBackend } from './stack-harness.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

const HOUR = 3_600_000;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await backend.query<T & Record<string, unknown>>(text, params)).rows;
}

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await sql<{ v: T }>(`select ${text} as v`, params);
  return row!.v;
}

/** A confirmed appointment (Schlafberatung, 60 minutes), with `advisor` or the first one free. */
async function confirmed(date: string, time: string, advisor: string | null = null): Promise<string> {
  const row = newAppointmentRequest(`earlier-${crypto.randomUUID().slice(0, 8)}@example.ch`, { preferred_date: date, preferred_time: time });
  await sql(
    `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.id, row.first_name, row.last_name, row.email, row.phone, row.service, date, time],
  );
  const answer = await one<{ result: string }>(`public.decide_appointment($1, 'confirm', $2::date, $3, null, $4)`, [row.id, date, time, advisor]);
  expect(answer.result).toBe('changed');
  return row.id as string;
}

const wantEarlier = (id: string, now?: Date) => one<{ result: string; earlier: { wanted: boolean } }>(`public.want_earlier_time($1, $2)`, [id, now ?? null]);
const offersOf = (id: string) =>
  sql<{ id: string; offered_date: string; offered_time: string; taken_at: Date | null }>(
    `select id::text, offered_date::text, offered_time, taken_at from public.earlier_time_offers where appointment_request_id = $1 order by id`,
    [id],
  );
const offerMails = (id: string) =>
  sql<{ about: string; idempotency_key: string }>(
    `select about, idempotency_key from public.outbox_mails where appointment_request_id = $1 and kind = 'earlier-offer' order by created_at`,
    [id],
  );
const appointment = async (id: string) =>
  (await sql<{ status: string; confirmed_date: string; confirmed_time: string; calendar_sequence: number; outcome_key: string; moved_from_date: string | null }>(
    `select status, confirmed_date::text, confirmed_time, calendar_sequence, outcome_key, moved_from_date::text from public.appointment_requests where id = $1`,
    [id],
  ))[0]!;
const take = (id: string, offer: string) =>
  one<{ result: string; earlier: { offer: { status: string } } }>(`public.take_earlier_time($1, $2::bigint)`, [id, offer]);

describe('an earlier time', () => {
  // The freed day, and a later day for the waiting visitors.
  const early = bookableDate(120);
  const late = bookableDate(130);

  it('a cancellation offers its time to exactly the waiting visitors it fits, one mail each; the first press wins', async () => {
    // Y and, at the same time, another appointment with the other advisor: once Y is
    // cancelled one advisor is free at 10:00, for one of the visitors.
    const y = await confirmed(early, '10:00', 'sandra-huber');
    await confirmed(early, '10:00', 'lukas-brunner');
    const x = await confirmed(late, '10:00');
    const z = await confirmed(late, '14:00');
    const notWaiting = await confirmed(late, '15:00');
    const alreadyEarlier = await confirmed(early, '09:00');
    expect((await wantEarlier(x)).result).toBe('changed');
    expect((await wantEarlier(x)).result).toBe('unchanged');
    expect((await wantEarlier(z)).result).toBe('changed');
    expect((await wantEarlier(alreadyEarlier)).result).toBe('changed');

    expect((await one<{ result: string }>(`public.cancel_appointment($1)`, [y])).result).toBe('changed');

    const [offerX] = await offersOf(x);
    const [offerZ] = await offersOf(z);
    expect(offerX).toMatchObject({ offered_date: early, offered_time: '10:00' });
    expect(offerZ).toMatchObject({ offered_date: early, offered_time: '10:00' });
    expect(await offerMails(x)).toEqual([{ about: offerX!.id, idempotency_key: `earlier-offer/${offerX!.id}/visitor` }]);
    expect(await offerMails(z)).toHaveLength(1);
    expect(await offersOf(notWaiting)).toEqual([]);
    expect(await offersOf(alreadyEarlier)).toEqual([]);

    // Someone waiting for a later day, who asks only now: offered the time X leaves.
    const t = await confirmed(bookableDate(140), '10:00');
    await wantEarlier(t);

    const before = await appointment(x);
    const taken = await take(x, offerX!.id);
    expect(taken.result).toBe('changed');
    expect(await appointment(x)).toMatchObject({
      status: 'confirmed',
      confirmed_date: early,
      confirmed_time: '10:00',
      calendar_sequence: before.calendar_sequence + 1,
      outcome_key: 'moved:1',
      moved_from_date: late,
    });
    expect(await one<boolean>(`exists (select 1 from public.outbox_mails where appointment_request_id = $1 and kind = 'outcome' and about = 'moved:1' and superseded_at is null)`, [x])).toBe(true);
    // X's wish is done; X's old time went to T (Z had an offer today already).
    expect((await one<{ wanted: boolean }>(`public.earlier_time_state($1)`, [x])).wanted).toBe(false);
    expect(await offersOf(t)).toMatchObject([{ offered_date: late, offered_time: '10:00' }]);
    expect(await offersOf(z)).toHaveLength(1);

    // Z's press: taken, nothing changes; X's second press: unchanged.
    const zBefore = await appointment(z);
    const lost = await take(z, offerZ!.id);
    expect(lost.result).toBe('taken');
    expect(lost.earlier.offer.status).toBe('taken');
    // Z had an offer today: the page says the next offer mail comes no sooner than a day after it
    // (parsed as the function parses it, lifecycle/earlier-time.ts).
    const offeredAt = await one<Date>(`(select created_at from public.earlier_time_offers where id = $1::bigint)`, [offerZ!.id]);
    expect(parseEarlierAnswer(lost)).toMatchObject({
      result: 'taken',
      earlier: { wanted: true, nextOfferFrom: new Date(offeredAt.getTime() + EARLIER_OFFER_INTERVAL_HOURS * 3_600_000).toISOString() },
    });
    expect(await appointment(z)).toEqual(zBefore);
    expect((await one<{ wanted: boolean }>(`public.earlier_time_state($1)`, [z])).wanted).toBe(true);
    expect((await take(x, offerX!.id)).result).toBe('unchanged');
    // Another visitor's offer number is not this one's.
    expect((await take(z, offerX!.id)).result).toBe('not_found');
    // The offers whose time is gone are not sent any more.
    await one(`public.claim_mail('earlier-offer', p_limit => 100, p_grace_seconds => 0)`);
    expect(await one<string | null>(`(select last_cause from public.outbox_mails where idempotency_key = $1)`, [`earlier-offer/${offerZ!.id}/visitor`])).toBe('offer_gone');
  });

  it('at most one offer mail a visitor a day; an erasure frees a time too', async () => {
    const day = bookableDate(150);
    const waiting = await confirmed(bookableDate(160), '10:00');
    await wantEarlier(waiting);
    const first = await confirmed(day, '09:00');
    const second = await confirmed(day, '11:00');
    await one(`public.cancel_appointment($1)`, [first]);
    // An erasure deletes the row (…_my_data.sql): its time is free as well – but not offered today again.
    await sql(`delete from public.appointment_requests where id = $1`, [second]);
    expect(await offersOf(waiting)).toMatchObject([{ offered_time: '09:00' }]);
    expect(await offerMails(waiting)).toHaveLength(1);
    // A day later (the clock moved on), the next freed time is offered.
    const later = new Date(Date.now() + (EARLIER_OFFER_INTERVAL_HOURS * HOUR) + 60_000);
    expect(await one<number>(`private.offer_freed_time($1::date, '11:00', $2)`, [day, later])).toBe(1);
    expect(await offerMails(waiting)).toHaveLength(2);
  });

  it('the wish ends by itself inside the notice', async () => {
    const day = bookableDate(170);
    const waiting = await confirmed(day, '15:00');
    await wantEarlier(waiting);
    const starts = zurichInstant(day, '15:00').getTime();
    const outside = new Date(starts - (EARLIER_WISH_NOTICE_HOURS + 2) * HOUR);
    const inside = new Date(starts - (EARLIER_WISH_NOTICE_HOURS - 1) * HOUR);
    expect((await one<{ wanted: boolean }>(`public.earlier_time_state($1, null, $2)`, [waiting, outside])).wanted).toBe(true);
    expect((await one<{ wanted: boolean }>(`public.earlier_time_state($1, null, $2)`, [waiting, inside])).wanted).toBe(false);
    // A time freed that day at 09:00: offered while outside the notice, not inside it.
    expect(await one<number>(`private.offer_freed_time($1::date, '09:00', $2)`, [day, inside])).toBe(0);
    expect(await offersOf(waiting)).toEqual([]);
    const fresh = await confirmed(bookableDate(171), '15:00');
    expect((await wantEarlier(fresh, new Date(zurichInstant(bookableDate(171), '15:00').getTime() - HOUR))).result).toBe('too_late');
    // Ended with one click: no offers any more.
    expect((await one<{ result: string }>(`public.end_earlier_time($1)`, [waiting])).result).toBe('changed');
    expect((await one<{ result: string }>(`public.end_earlier_time($1)`, [waiting])).result).toBe('unchanged');
    expect(await one<number>(`private.offer_freed_time($1::date, '09:00', $2)`, [day, outside])).toBe(0);
  });
});
