// @vitest-environment node
/**
 * «Meine Daten» in the database (…_my_data.sql): private.mailbox_key computes what the
 * functions' mailboxKey computes, private.address_key what addressKey computes;
 * public.my_data lists one address's rows (by its address key: `+tag` and the local part's
 * case count) and nothing of another's; public.erase_mailbox cancels the address's
 * appointments, deletes every row about it – requests, messages, the subscription, their
 * outbox mails, its data-link mails, its rate-limit events – and nothing of another
 * address, leaving a tombstone without personal data for an appointment the feeds showed
 * and one erasure mail for the practice; the retention deletes tombstones whose day has
 * passed. public.owe_data_link owes a link only to an address with something stored, within
 * the links' budget; public.claim_mail('data-link'), due, sends what the budget held back,
 * oldest first.
 * Once the practice has its erasure mail (public.finish_mail, sent – by the erasing call or,
 * after that send failed, by the outbox), no column of any table names the address or the
 * cancelled appointment, the invoices (kept by law) apart; a repeated erasure owes no second
 * mail, and the first one's key still answers that it was sent.
 * Under each request my_data lists its offered times and its earlier-time wish and offers
 * (…_my_data_offers.sql): an earlier time freed by another visitor only as a time.
 * The function, the mails and the feed: e2e/my-data.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey, mailboxKey } from '../../supabase/functions/_shared/database/rate-limit.ts';
import { addressKey } from '../../supabase/functions/_shared/domain/my-data.ts';
import { bookableDays } from '../../supabase/functions/_shared/domain/availability.ts';
import { zurichInstant } from '../../supabase/functions/_shared/domain/dates.ts';
import { reminderDueAt } from '../../supabase/functions/_shared/domain/outbox.ts';
import { erasureMailKey, formMailKey } from '../../supabase/functions/_shared/mail/mail-keys.ts';
import { parseMyData } from '../../supabase/functions/_shared/my-data/store.ts';
import { newAppointmentRequest, backendTarget, bookableDate, rowsNaming, type TestBackend, zurichDate } from './stack-harness.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

const asService = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  backend.query<T>(`select (select set_config('role', 'service_role', true)), ${sql}`, params);

/** One mailbox's whole footprint: two requests (one confirmed), a message, a confirmed subscription, a data-link mail, a limit's event. */
async function footprint(email: string, day: number, { subscribe = true } = {}) {
  const requests = [newAppointmentRequest(email, { preferred_date: bookableDate(day), preferred_time: '09:30' }), newAppointmentRequest(email, { preferred_date: bookableDate(day + 1), preferred_time: '10:30' })];
  for (const row of requests) {
    await backend.query(
      `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [row.id, row.first_name, row.last_name, row.email, row.phone, row.service, row.preferred_date, row.preferred_time],
    );
  }
  const decided = await asService<{ decided: { result: string } }>(
    `public.decide_appointment($1, 'confirm', $2::date, $3) as decided`,
    [requests[0]!.id, requests[0]!.preferred_date, '09:30'],
  );
  // Confirmed (an advisor free: each test's days are its own).
  expect(decided.rows[0]!.decided.result).toBe('changed');
  await backend.query(`insert into public.contact_submissions (name, email, message) values ('Anna Muster', $1, 'Ich schlafe schlecht.')`, [email]);
  // One subscription per mailbox (the folded key): a tagged address and its untagged one share it.
  if (subscribe) {
    await backend.query(
      `insert into public.newsletter_subscribers (email, mailbox_key, status, confirmed_at) values ($1, $2, 'confirmed', now())`,
      [email, mailboxKey(email)],
    );
  }
  await asService(`public.owe_data_link($1, 600, 100)`, [email]);
  await backend.query(`insert into public.rate_limit_events (bucket, key) values ('ack', $1)`, [`hash-of-${addressKey(email)}`]);
  return { requests };
}

async function rowsAbout(key: string) {
  const { rows } = await backend.query<{ requests: number; messages: number; subscribers: number; mails: number; limits: number }>(
    `select
       (select count(*)::int from public.appointment_requests where private.address_key(email) = $1) as requests,
       (select count(*)::int from public.contact_submissions where private.address_key(email) = $1) as messages,
       (select count(*)::int from public.newsletter_subscribers where private.address_key(email) = $1) as subscribers,
       (select count(*)::int from public.outbox_mails m
         where (m.kind = 'data-link' and private.address_key(m.email) = $1)
            or m.appointment_request_id in (select id from public.appointment_requests where private.address_key(email) = $1)
            or m.contact_message_id in (select id from public.contact_submissions where private.address_key(email) = $1)
            or m.subscriber_id in (select id from public.newsletter_subscribers where private.address_key(email) = $1)) as mails,
       (select count(*)::int from public.rate_limit_events where key = 'hash-of-' || $1) as limits`,
    [key],
  );
  return rows[0]!;
}

describe('«Meine Daten» in the database', () => {
  it('private.mailbox_key is mailboxKey, address by address', async () => {
    const addresses = [
      'anna@example.ch', 'Anna@Example.CH', ' anna@example.ch ', 'anna+blog@example.ch', 'anna+a+b@example.ch',
      'A.nna+1@GoogleMail.com', 'a.n.n.a@gmail.com', 'anna.muster@gmx.ch', 'anna.muster+x@outlook.com', 'o\'brien@example.ie',
      'x@sub.example.co.uk', 'first.last@googlemail.com', 'Ünïcödé@exämple.ch', 'a"b@example.ch', 'a@b@example.ch',
      'no-at-sign', 'trailing@', 'dots.in.gmail+tag@GMAIL.COM', 'UPPER+Tag@Example.org', 'a|b@example.ch',
    ];
    const { rows } = await backend.query<{ email: string; key: string }>(
      `select e as email, private.mailbox_key(e) as key from unnest($1::text[]) as e`,
      [addresses],
    );
    for (const row of rows) expect(row.key, row.email).toBe(mailboxKey(row.email));
  });

  it('private.address_key is addressKey, address by address: the local part as typed, the domain in lower case', async () => {
    const addresses = [
      'anna@example.ch', 'Anna@Example.CH', ' anna@example.ch ', 'anna+blog@example.ch', 'A.nna+1@GoogleMail.com',
      'Ünïcödé@Exämple.ch', 'a"b@example.ch', 'a@b@Example.ch', 'no-at-sign', 'trailing@', 'UPPER+Tag@Example.org', 'a|b@EXAMPLE.ch',
    ];
    const { rows } = await backend.query<{ email: string; key: string }>(
      `select e as email, private.address_key(e) as key from unnest($1::text[]) as e`,
      [addresses],
    );
    for (const row of rows) expect(row.key, row.email).toBe(addressKey(row.email));
    expect(addressKey('Anna+X@Example.CH')).toBe('Anna+X@example.ch');
  });

  it('my_data lists one address (its domain in any case) and nothing of another – not the untagged address\'s', async () => {
    await footprint('Carla.Meier+praxis@example.ch', 14);
    await footprint('Carla.Meier@example.ch', 15, { subscribe: false });
    await footprint('dora@example.ch', 16);
    const { rows } = await asService<{ data: { requests: { status: string; delete_at: string; email: string }[]; messages: unknown[]; newsletter: { status: string } | null; mails: { kind: string }[] } }>(
      `public.my_data($1) as data`, [addressKey('Carla.Meier+praxis@EXAMPLE.ch')],
    );
    const data = rows[0]!.data;
    expect(data.requests.map((r) => r.status).sort()).toEqual(['confirmed', 'requested']);
    expect(data.messages).toHaveLength(1);
    expect(data.newsletter?.status).toBe('confirmed');
    expect(data.mails.map((mail) => mail.kind)).toContain('data-link');
    expect(data.mails.map((mail) => mail.kind)).toContain('request');
    expect(JSON.stringify(data)).not.toContain('dora');
    expect(data.requests.map((r) => r.email)).toEqual(['Carla.Meier+praxis@example.ch', 'Carla.Meier+praxis@example.ch']);
  });

  it('my_data says when a reminder not yet sent goes out: the day before its appointment, from REMINDERS_FROM_HOUR', async () => {
    const { requests } = await footprint('erin.reminder@example.ch', 18);
    const { rows } = await asService<{ data: unknown }>(`public.my_data('erin.reminder@example.ch') as data`);
    // As the function reads it (my-data/store.ts), so as the page gets it.
    const mails = parseMyData(rows[0]!.data, 'erin.reminder@example.ch', new Date()).mails;
    const reminder = mails.find((mail) => mail.kind === 'reminder')!;
    expect(reminder).toMatchObject({ sentAt: null, droppedAt: null, dueAt: reminderDueAt(requests[0]!.preferred_date).toISOString() });
    expect(Date.parse(reminder.dueAt)).toBeGreaterThan(Date.now());
    // Any other mail is due when it was written.
    for (const mail of mails.filter((m) => m.kind !== 'reminder')) expect(mail.dueAt).toBe(mail.createdAt);
  });

  it('my_data lists under a request its offered times, its earlier-time wish and the earlier times offered – only the times; erase_mailbox deletes them', async () => {
    const insert = async (email: string, date: string, time: string) => {
      const row = newAppointmentRequest(email, { preferred_date: date, preferred_time: time });
      await backend.query(
        `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [row.id, row.first_name, row.last_name, row.email, row.phone, row.service, row.preferred_date, row.preferred_time],
      );
      return row.id as string;
    };
    // Five bookable days in a row, far ahead (this suite's own), in order.
    const [d0, d1, d2, d3, d4] = bookableDays(zurichDate(), 200).filter((day) => day >= zurichDate(150));
    const offered = [{ date: d3!, time: '10:00' }, { date: d4!, time: '11:00' }];
    // Eva: declined with two offered times, takes the first (the second is withdrawn), then
    // wishes an earlier time.
    const eva = await insert('eva.offers@example.ch', d0!, '09:00');
    await asService(`public.decline_with_offers($1, null, $2::jsonb)`, [eva, JSON.stringify(offered)]);
    expect((await asService<{ taken: { result: string } }>(`public.take_offer($1, 1) as taken`, [eva])).rows[0]!.taken.result).toBe('changed');
    expect((await asService<{ wish: { result: string } }>(`public.want_earlier_time($1) as wish`, [eva])).rows[0]!.wish.result).toBe('changed');
    // Fritz: offered a time of his own when declined, and his confirmed appointment before
    // Eva's is cancelled – its time is offered to Eva.
    const fritzDeclined = await insert('fritz.other@example.ch', d0!, '13:00');
    await asService(`public.decline_with_offers($1, null, $2::jsonb)`, [fritzDeclined, JSON.stringify([{ date: d2!, time: '15:00' }])]);
    const fritz = await insert('fritz.other@example.ch', d1!, '14:00');
    await asService(`public.decide_appointment($1, 'confirm', $2::date, '14:00')`, [fritz, d1!]);
    await asService(`public.want_earlier_time($1)`, [fritz]);
    await asService(`public.cancel_appointment($1)`, [fritz]);

    type Offered = Record<string, unknown> & { offered_date: string; offered_time: string; status: string };
    type Request = { id: string; offers: Offered[]; earlier_wish: { wished_at: string; active: boolean } | null; earlier_offers: Offered[] };
    const { rows } = await asService<{ data: { requests: Request[] } }>(`public.my_data('eva.offers@example.ch') as data`);
    const [request] = rows[0]!.data.requests;
    expect(request!.id).toBe(eva);
    expect(request!.offers).toMatchObject([
      { number: 1, offered_date: offered[0]!.date, offered_time: '10:00', status: 'taken' },
      { number: 2, offered_date: offered[1]!.date, offered_time: '11:00', status: 'lapsed' },
    ]);
    expect(request!.offers[0]!.created_at).toEqual(expect.any(String));
    expect(request!.earlier_wish).toMatchObject({ active: true, wished_at: expect.any(String) });
    expect(request!.earlier_offers).toMatchObject([{ offered_date: d1!, offered_time: '14:00', status: 'open' }]);
    // Fritz's freed time, and nothing else about him: not his request, name, address or offers.
    expect(Object.keys(request!.earlier_offers[0]!).sort()).toEqual(['created_at', 'offered_date', 'offered_time', 'status']);
    const text = JSON.stringify(rows[0]!.data);
    for (const other of ['fritz', fritz, fritzDeclined, d2!]) expect(text).not.toContain(other);
    // And his own export lists his offer, not Eva's.
    const his = await asService<{ data: { requests: Request[] } }>(`public.my_data('fritz.other@example.ch') as data`);
    expect(his.rows[0]!.data.requests.flatMap((r) => r.offers.map((o) => o.offered_date))).toEqual([d2!]);
    expect(JSON.stringify(his.rows[0]!.data)).not.toContain(eva);

    await asService(`public.erase_mailbox('eva.offers@example.ch')`);
    // Eva's erasure told the practice once.
    expect((await backend.query(`select 1 from public.outbox_mails where kind = 'erasure' and email = 'eva.offers@example.ch'`)).rows).toHaveLength(1);
    const { rows: left } = await backend.query<{ offers: number; wishes: number; earlier: number }>(
      `select (select count(*)::int from public.appointment_offers where appointment_request_id = $1) as offers,
              (select count(*)::int from public.earlier_time_wishes where appointment_request_id = $1) as wishes,
              (select count(*)::int from public.earlier_time_offers where appointment_request_id = $1) as earlier`,
      [eva],
    );
    expect(left[0]).toEqual({ offers: 0, wishes: 0, earlier: 0 });
    expect((await backend.query(`select 1 from public.appointment_offers where appointment_request_id = $1`, [fritzDeclined])).rows).toHaveLength(1);
  });

  it('erase_mailbox deletes every row about the mailbox and nothing of another; a confirmed appointment leaves a tombstone without personal data', async () => {
    const anna = await footprint('anna.erase@example.ch', 20);
    await footprint('beat.keep@example.ch', 22);
    const before = await rowsAbout('beat.keep@example.ch');
    expect(await rowsAbout('anna.erase@example.ch')).toMatchObject({ requests: 2, messages: 1, subscribers: 1, limits: 1 });

    const { rows } = await asService<{ erased: Record<string, number | string> }>(`public.erase_mailbox('anna.erase@example.ch', 'hash-of-anna.erase@example.ch') as erased`);
    expect(rows[0]!.erased).toMatchObject({ requests: 2, messages: 1, newsletter: 1, rate_limit_events: 1, calendar_cancellations: 1, cancelled: 1 });
    // The practice's erasure mail is owed with it; the function claims it by its key.
    const erasure = await asService<{ claimed: unknown }>(`public.claim_mail('erasure', $1) as claimed`, [rows[0]!.erased.erasure]);
    expect(erasure.rows[0]!.claimed).toMatchObject({ status: 'claimed', mails: [{ email: 'anna.erase@example.ch' }] });
    expect(await rowsAbout('anna.erase@example.ch')).toEqual({ requests: 0, messages: 0, subscribers: 0, mails: 0, limits: 0 });
    expect(await rowsAbout('beat.keep@example.ch')).toEqual(before);
    // Nothing names the address any more but the practice's erasure mail (until it is sent).
    const anywhere = await backend.query(
      `select 1 from public.outbox_mails where kind <> 'erasure' and (email ilike '%anna.erase%' or mailbox_key ilike '%anna.erase%')
       union all select 1 from public.appointment_requests where email ilike '%anna.erase%'
       union all select 1 from public.contact_submissions where email ilike '%anna.erase%'
       union all select 1 from public.newsletter_subscribers where email ilike '%anna.erase%'`,
    );
    expect(anywhere.rows).toHaveLength(0);

    const tombstones = await asService<{ feed: Record<string, unknown>[] }>(`public.calendar_cancellations_between(current_date, current_date + 60) as feed`);
    const tombstone = tombstones.rows[0]!.feed.find((row) => row.id === anna.requests[0]!.id)!;
    expect(Object.keys(tombstone).sort()).toEqual(['advisor', 'appointment_minutes', 'calendar_sequence', 'confirmed_date', 'confirmed_time', 'id']);
    expect(tombstone).toMatchObject({ confirmed_date: anna.requests[0]!.preferred_date, confirmed_time: '09:30', calendar_sequence: 2 });
  });

  it('once the practice has its erasure mail, no row names the address (the invoices apart); a repeated erasure owes no second one', async () => {
    // The address as typed, its domain in capitals: found in any case. A tag, so that its
    // mailbox key (the limits' folded key) is a needle of its own.
    const email = 'Ida.Loesch+Schlaf@Example.CH';
    const key = addressKey(email);
    const mailboxHash = await hashKey('a salt of this test', mailboxKey(email));
    const claim = async (kind: string, mailKey: string) =>
      (await asService<{ claimed: { status: string; mails: ({ claim: string } & Record<string, unknown>)[] } }>(
        `public.claim_mail($1, $2) as claimed`, [kind, mailKey])).rows[0]!.claimed;
    const finish = async (token: string, sent: boolean, cause: string | null = null) =>
      (await asService<{ finished: string }>(`public.finish_mail($1, $2, $3) as finished`, [token, sent, cause])).rows[0]!.finished;

    // A contact message, its practice mail sent (which owes the acknowledgement).
    const { rows: [message] } = await backend.query<{ id: string }>(
      `insert into public.contact_submissions (name, email, message) values ('Ida Lösch', $1, 'Ich schlafe schlecht.') returning id`, [email]);
    const practiceMail = await claim('contact', formMailKey('contact', message!.id, 'practice'));
    expect(await finish(practiceMail.mails[0]!.claim, true)).toBe('finished');
    // A confirmed appointment with its invoice (issued on its day).
    const appointment = newAppointmentRequest(email, { preferred_date: bookableDate(30), preferred_time: '10:00' });
    await backend.query(
      `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [appointment.id, appointment.first_name, appointment.last_name, appointment.email, appointment.phone, appointment.service, appointment.preferred_date, appointment.preferred_time],
    );
    expect((await asService<{ decided: { result: string } }>(`public.decide_appointment($1, 'confirm', $2::date, '10:00') as decided`,
      [appointment.id, appointment.preferred_date])).rows[0]!.decided.result).toBe('changed');
    const issued = (await asService<{ answer: { result: string } }>(`public.issue_invoice($1, 19000, $2) as answer`,
      [appointment.id, zurichInstant(appointment.preferred_date, '12:00').toISOString()])).rows[0]!.answer;
    expect(issued.result).toBe('issued');
    // A data-link mail sent, and the next one held back by the links' budget.
    const link = (await asService<{ owed: { status: string; key: string } }>(`public.owe_data_link($1, 600, 100) as owed`, [email])).rows[0]!.owed;
    expect(link.status).toBe('owed');
    expect(await finish((await claim('data-link', link.key)).mails[0]!.claim, true)).toBe('finished');
    expect((await asService<{ owed: { status: string } }>(`public.owe_data_link($1, 600, 100) as owed`, [email])).rows[0]!.owed.status).toBe('deferred');
    await backend.query(`insert into public.rate_limit_events (bucket, key) values ('ack', $1)`, [mailboxHash]);
    const needles = [email, mailboxKey(email), appointment.id];
    expect(await rowsNaming(backend, needles, { except: ['public.invoices'] })).not.toEqual([]);

    const erase = async () =>
      (await asService<{ erased: Record<string, number | string | null> }>(`public.erase_mailbox($1, $2) as erased`, [key, mailboxHash])).rows[0]!.erased;
    const erased = await erase();
    expect(erased).toMatchObject({ requests: 1, messages: 1, rate_limit_events: 1, cancelled: 1, invoices_kept: 1 });
    const erasureKey = erased.erasure as string;

    // The erasing call's own send fails: the mail waits in the outbox with what it needs.
    const own = await claim('erasure', erasureKey);
    expect(own).toMatchObject({ status: 'claimed', mails: [{ email, appointments: [{ id: appointment.id }] }] });
    expect(await finish(own.mails[0]!.claim, false, 'smtp_421')).toBe('finished');
    // The outbox's run, once the owing call's grace and the backoff have passed, sends it.
    await backend.query(
      `update public.outbox_mails set created_at = created_at - interval '3 minutes', next_attempt_at = now() where idempotency_key = $1`,
      [erasureKey],
    );
    const due = (await asService<{ due: { mails: ({ claim: string; email: string } & Record<string, unknown>)[] } }>(
      `public.claim_mail('erasure', p_limit => 100, p_grace_seconds => 120) as due`)).rows[0]!.due.mails;
    const retried = due.find((mail) => mail.email === email);
    expect(retried).toMatchObject({ appointments: [{ id: appointment.id, confirmed_date: appointment.preferred_date, confirmed_time: '10:00' }] });
    expect(await finish(retried!.claim, true)).toBe('finished');

    // The practice has it: nothing names the address, its mailbox or the erased appointment
    // any more – the invoice, kept ten years by law, apart.
    expect(await rowsNaming(backend, needles, { except: ['public.invoices'] })).toEqual([]);
    // «Meine Daten» for the address shows the invoice (with its mails, kept with it) and nothing else.
    const data = (await asService<{ data: Record<string, unknown[] | null> }>(`public.my_data($1) as data`, [key])).rows[0]!.data;
    expect(data).toMatchObject({ requests: [], messages: [], newsletter: null });
    expect((data.mails as { kind: string }[]).map((m) => m.kind)).toEqual(['invoice']);
    expect(data.invoices).toHaveLength(1);

    // The erasing call again: nothing left to erase, no second mail owed; the first mail's key
    // still says it was sent, and the outbox has nothing of it to send.
    expect(await erase()).toMatchObject({ requests: 0, messages: 0, newsletter: 0, mails: 0, cancelled: 0, erasure: null });
    expect(await claim('erasure', erasureKey)).toEqual({ status: 'already_sent', mails: [] });
    const again = (await asService<{ due: { mails: { id: string }[] } }>(
      `public.claim_mail('erasure', p_limit => 100, p_grace_seconds => 120) as due`)).rows[0]!.due.mails;
    expect(again.map((mail) => erasureMailKey(mail.id))).not.toContain(erasureKey);
  });

  it('the retention deletes a tombstone once its day has passed and a data-link mail once the link it carried has expired, never one still owed', async () => {
    await backend.query(
      `insert into public.calendar_cancellations (id, confirmed_date, confirmed_time, appointment_minutes, advisor, calendar_sequence)
       values (gen_random_uuid(), current_date - 2, '09:30', 60, null, 2)`,
    );
    await backend.query(`insert into public.contact_submissions (name, email, message) values ('Old Link', 'old.link@example.ch', 'Hallo')`);
    await backend.query(`insert into public.contact_submissions (name, email, message) values ('Held Link', 'held.link@example.ch', 'Hallo')`);
    await asService(`public.owe_data_link('old.link@example.ch', 600, 100)`);
    await asService(`public.owe_data_link('held.link@example.ch', 600, 100)`);
    // Asked for a day ago: one sent then (its link has expired), one still owed (its link is made when it is sent).
    await backend.query(`update public.outbox_mails set created_at = now() - interval '25 hours' where kind = 'data-link' and email in ('old.link@example.ch', 'held.link@example.ch')`);
    await backend.query(`update public.outbox_mails set sent_at = now() - interval '25 hours' where kind = 'data-link' and email = 'old.link@example.ch'`);
    const { rows } = await asService<{ result: Record<string, number> }>(`public.delete_expired_form_submissions() as result`);
    expect(rows[0]!.result.calendar_cancellations).toBe(1);
    expect(rows[0]!.result.data_link_mails).toBe(1);
    const left = await backend.query<{ email: string }>(`select email from public.outbox_mails where kind = 'data-link' and email in ('old.link@example.ch', 'held.link@example.ch')`);
    expect(left.rows).toEqual([{ email: 'held.link@example.ch' }]);
    // Not the next test's to send.
    await backend.query(`delete from public.outbox_mails where kind = 'data-link' and email = 'held.link@example.ch'`);
  });

  it('owe_data_link owes a link only to an address with something stored, within the links\' budget; the outbox\'s claim sends what it held back, oldest first', async () => {
    type Owed = { owed: { status: string } };
    const owe = async (email: string, perAddress = 600) =>
      (await asService<Owed>(`public.owe_data_link($1, $2, 100) as owed`, [email, perAddress])).rows[0]!.owed.status;
    const linkRows = (email: string) =>
      backend.query<{ id: string; sent_at: Date | null; last_cause: string | null }>(
        `select id, sent_at, last_cause from public.outbox_mails where kind = 'data-link' and email = $1 order by created_at, id`, [email]);

    // Nothing stored: nothing written.
    expect(await owe('nobody.link@example.ch')).toBe('not_owed');
    expect((await linkRows('nobody.link@example.ch')).rows).toEqual([]);

    // Stored: owed and claimed; sent, the mailbox's next link within the interval is held back,
    // a tagged address of the same mailbox too (its own link), and while one is owed no second is written.
    await backend.query(`insert into public.contact_submissions (name, email, message) values ('Gina', 'gina.link@example.ch', 'Hallo'), ('Gina', 'gina.link+x@example.ch', 'Hallo')`);
    const first = (await asService<{ owed: { status: string; key: string } }>(`public.owe_data_link('gina.link@example.ch', 600, 100) as owed`)).rows[0]!.owed;
    expect(first.status).toBe('owed');
    // The asking call claims it by its key, sends it and finishes it.
    const claimed = (await asService<{ claimed: { status: string; mails: { claim: string }[] } }>(
      `public.claim_mail('data-link', $1) as claimed`,
      [first.key],
    )).rows[0]!.claimed;
    expect(claimed.status).toBe('claimed');
    await asService(`public.finish_mail($1, true)`, [claimed.mails[0]!.claim]);
    expect(await owe('gina.link@example.ch')).toBe('deferred');
    expect(await owe('gina.link@example.ch')).toBe('not_owed');
    expect(await owe('gina.link+x@example.ch')).toBe('deferred');
    expect((await linkRows('gina.link@example.ch')).rows.map((r) => r.last_cause)).toEqual([null, 'link_budget']);

    // The outbox: nothing while the mailbox's interval runs; once it is over (the sent link
    // made older), the oldest held-back link first, then – the interval again – not the next.
    const claimDue = async () =>
      (await asService<{ due: { mails: { email: string; claim: string }[] } }>(
        `public.claim_mail('data-link', p_limit => 5, p_grace_seconds => 120, p_budget => '{"per_address_seconds": 600, "daily_cap": 100}') as due`,
      )).rows[0]!.due.mails;
    expect(await claimDue()).toEqual([]);
    await backend.query(`update public.outbox_mails set sent_at = now() - interval '11 minutes' where id = $1`, [(await linkRows('gina.link@example.ch')).rows[0]!.id]);
    const due = await claimDue();
    expect(due.map((mail) => mail.email)).toEqual(['gina.link@example.ch']);
    expect(await claimDue()).toEqual([]);
    await asService(`public.finish_mail($1, true)`, [due[0]!.claim]);
    expect(await claimDue()).toEqual([]);
  });

  it('only the service role may read or erase', async () => {
    for (const call of [`public.my_data('a@b.ch')`, `public.erase_mailbox('a@b.ch')`, `public.owe_data_link('a@b.ch', 600, 100)`, `public.claim_mail('data-link', p_limit => 1)`]) {
      await expect(backend.query(`select (select set_config('role', 'anon', true)), ${call}`)).rejects.toThrow(/permission denied/);
    }
  });
});
