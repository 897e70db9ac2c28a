// @vitest-environment node
/**
 * Offered times in the database (supabase/migrations/…_offers.sql), on a PGlite database of
 * its own (PostgreSQL 15 with DATABASE_URL): decline_with_offers stores the offers with the
 * decline; take_offer confirms at once with an advisor free, withdraws the others, answers a
 * second press 'unchanged', a time booked meanwhile 'taken' (nothing changed) and read as
 * 'busy' by appointment_offers_of until it frees up again, an offer past
 * its lifetime or within the notice 'lapsed' (the clock moved by the rows' created_at and by
 * p_min_notice), and owes the confirmation's mails through the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bookableDays } from '../../supabase/functions/_shared/domain/availability.ts';
import { zurichIsoDate } from '../../supabase/functions/_shared/domain/dates.ts';
import { MAX_OFFERS, OFFER_LIFETIME_DAYS } from '../../supabase/functions/_shared/domain/offers.ts';
import { practiceAdvisors } from '../../supabase/functions/_shared/domain/practice.ts';
import type { Database } from '../../scripts/stack/database.ts';
import { openMigratedDatabase } from '../support/migrated-database.ts';

const [SANDRA, LUKAS] = practiceAdvisors.map((advisor) => advisor.id);
let db: Database;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ db, close } = await openMigratedDatabase());
}, 120_000);

afterAll(async () => {
  await close?.();
});

const days = bookableDays(zurichIsoDate(), 20);
let counter = 0;

/** A stored request (the service role may store any day) for `date`. */
async function request(date: string, time = '09:00'): Promise<string> {
  counter += 1;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.appointment_requests (first_name, last_name, email, phone, service, preferred_date, preferred_time)
     values ('Beat', 'Keller', $1, '+41 79 555 12 34', 'Schlafberatung', $2, $3) returning id`,
    [`offer-${counter}@example.ch`, date, time],
  );
  return rows[0]!.id;
}

type Answer = { result: string; request?: Record<string, unknown>; offers?: { number: number; status: string; date: string; time: string }[] };

async function call(sql: string, params: unknown[]): Promise<Answer> {
  const { rows } = await db.query<{ answer: Answer }>(`select ${sql} as answer`, params);
  return rows[0]!.answer;
}

const decline = (id: string, offers: { date: string; time: string }[]) =>
  call(`public.decline_with_offers($1, 'Leider belegt.', $2::jsonb)`, [id, JSON.stringify(offers)]);
const take = (id: string, offer: number, notice: string | null = null) => call(`public.take_offer($1, $2, $3::interval)`, [id, offer, notice]);

/** Fills the practice at a slot: both advisors busy. The appointments' ids. */
async function fill(date: string, time: string): Promise<string[]> {
  const ids: string[] = [];
  for (const advisor of [SANDRA, LUKAS]) {
    const other = await request(date, time);
    const answer = await call(`public.decide_appointment($1, 'confirm', $2, $3, null, $4)`, [other, date, time, advisor]);
    expect(answer.result).toBe('changed');
    ids.push(other);
  }
  return ids;
}

/** The offers as the functions read them (public.appointment_offers_of). */
async function offersOf(id: string): Promise<[number, string][]> {
  const { rows } = await db.query<{ offers: { number: number; status: string }[] }>(`select public.appointment_offers_of($1) as offers`, [id]);
  return rows[0]!.offers.map((offer) => [offer.number, offer.status]);
}

describe('offered times', () => {
  it('declines with offers, and taking one confirms at once, withdraws the others and owes the confirmation', async () => {
    const id = await request(days[2]!);
    const declined = await decline(id, [{ date: days[3]!, time: '10:00' }, { date: days[4]!, time: '14:00' }]);
    expect(declined.result).toBe('changed');
    expect(declined.request!.status).toBe('declined');
    expect(declined.offers!.map((o) => [o.number, o.status])).toEqual([[1, 'open'], [2, 'open']]);
    // A second press adds nothing.
    expect((await decline(id, [{ date: days[5]!, time: '10:00' }])).offers).toHaveLength(2);

    const taken = await take(id, 2);
    expect(taken.result).toBe('changed');
    expect(taken.request).toMatchObject({ status: 'confirmed', confirmed_date: days[4], confirmed_time: '14:00', confirmed_offer: 2, outcome_key: 'confirmed' });
    expect([SANDRA, LUKAS]).toContain(taken.request!.advisor);
    expect(taken.offers!.map((o) => o.status)).toEqual(['lapsed', 'taken']);
    const { rows } = await db.query(`select kind, about from public.outbox_mails where appointment_request_id = $1 and sent_at is null and superseded_at is null order by kind`, [id]);
    expect(rows).toContainEqual({ kind: 'outcome', about: 'confirmed' });

    expect((await take(id, 2)).result).toBe('unchanged');
    expect((await take(id, 1)).result).toBe('lapsed');
  });

  it('a time booked meanwhile is taken: nothing changes, the offer reads busy and the other stays open', async () => {
    const id = await request(days[2]!);
    await decline(id, [{ date: days[6]!, time: '11:00' }, { date: days[6]!, time: '15:00' }]);
    await fill(days[6]!, '11:00');
    const answer = await take(id, 1);
    expect(answer.result).toBe('taken');
    expect(answer.request!.status).toBe('declined');
    expect(answer.offers!.map((o) => o.status)).toEqual(['busy', 'open']);
    expect((await take(id, 2)).result).toBe('changed');
  });

  it('an offered time filled by other confirmed appointments reads busy, and open again once one of them is gone', async () => {
    const id = await request(days[2]!);
    await decline(id, [{ date: days[10]!, time: '11:00' }, { date: days[10]!, time: '15:00' }]);
    expect(await offersOf(id)).toEqual([[1, 'open'], [2, 'open']]);
    const [first] = await fill(days[10]!, '11:00');
    expect(await offersOf(id)).toEqual([[1, 'busy'], [2, 'open']]);
    await db.query(`delete from public.appointment_requests where id = $1`, [first]);
    expect(await offersOf(id)).toEqual([[1, 'open'], [2, 'open']]);
  });

  it('two presses at once on two offers: one confirms, the other finds its offer lapsed', async () => {
    const id = await request(days[2]!);
    await decline(id, [{ date: days[7]!, time: '09:00' }, { date: days[7]!, time: '10:00' }]);
    const results = (await Promise.all([take(id, 1), take(id, 2)])).map((answer) => answer.result).sort();
    expect(results).toEqual(['changed', 'lapsed']);
  });

  it(`lapses ${OFFER_LIFETIME_DAYS} days after the decline, and once its start is within the notice`, async () => {
    const id = await request(days[2]!);
    await decline(id, [{ date: days[8]!, time: '09:00' }]);
    await db.query(`update public.appointment_offers set created_at = now() - make_interval(days => $2) - interval '1 minute' where appointment_request_id = $1`, [id, OFFER_LIFETIME_DAYS]);
    expect((await take(id, 1)).result).toBe('lapsed');

    const near = await request(days[2]!);
    await decline(near, [{ date: days[8]!, time: '09:00' }]);
    // The notice as long as the days until the offer: its start is within it now.
    const hours = Math.ceil((Date.parse(`${addDays(days[8]!, 1)}T00:00:00Z`) - Date.now()) / 3_600_000);
    expect((await take(near, 1, `${hours} hours`)).result).toBe('lapsed');
    expect((await take(near, 1)).result).toBe('changed');
  });

  it(`refuses more than ${MAX_OFFERS} offers, and an unknown offer is not_found`, async () => {
    const id = await request(days[2]!);
    const many = Array.from({ length: MAX_OFFERS + 1 }, (_, index) => ({ date: days[9]!, time: `1${index}:00` }));
    await expect(decline(id, many)).rejects.toThrow();
    await decline(id, [{ date: days[9]!, time: '09:00' }]);
    expect((await take(id, 3)).result).toBe('not_found');
  });

});
