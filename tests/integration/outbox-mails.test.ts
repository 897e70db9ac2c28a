// @vitest-environment node
/**
 * One outbox (supabase/migrations/…_outbox.sql), against the real database – PGlite or
 * PostgreSQL 15 (DATABASE_URL): every mail a request owes is a row of its own, so two
 * kinds of mail for one request are claimed at once by two senders, each finished on its
 * own, and a failure of one is recorded on that one only. What a change owes is written in
 * the same transaction as the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { formMailKey, outcomeMailsKey, reminderMailKey } from '../../supabase/functions/_shared/mail/mail-keys.ts';
import type { MailKind } from '../../supabase/functions/_shared/domain/mail-kinds.ts';
import { APPOINTMENT_MAILS_DAILY_MAX } from '../../supabase/functions/_shared/domain/outbox.ts';
import { ANNOUNCEMENTS_DAILY_CAP } from '../../supabase/functions/_shared/domain/newsletter.ts';
import { addDays } from '../../supabase/functions/_shared/domain/availability.ts';
import { ageOutboxMails, newAppointmentRequest, backendTarget, outboxMails, slotSequence, type TestBackend } from './stack-harness.ts';

let backend: TestBackend;
let service: SupabaseClient;
/** A slot of its own for each request: the advisors' capacity would refuse a third at one time. */
const slots = slotSequence(40);

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
  service = createClient(backend.apiUrl, backend.secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await service.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.code} ${error.message}`);
  return data as T;
}

type ClaimedMail = { id: string; claim: string; outcome_key?: string };

/** public.claim_mail by key: the one mail, when claimed. */
async function claimOne(kind: MailKind, key: string): Promise<{ status: string; mail: ClaimedMail }> {
  const answer = await rpc<{ status: string; mails: ClaimedMail[] }>('claim_mail', { p_kind: kind, p_key: key });
  return { status: answer.status, mail: answer.mails[0]! };
}

/** public.claim_mail, due, as an outbox run asks it: what is due of the kind, claimed. */
async function due(kind: MailKind, args: Record<string, unknown> = {}): Promise<ClaimedMail[]> {
  return (await rpc<{ mails: ClaimedMail[] }>('claim_mail', { p_kind: kind, p_limit: 100, p_grace_seconds: 0, ...args })).mails;
}

/** A stored request, confirmed by the practice for a day weeks ahead: it owes its practice mail, its confirmation and its reminder. */
async function confirmedRequest(): Promise<{ id: string; date: string }> {
  const slot = slots();
  const row = newAppointmentRequest(`outbox-${crypto.randomUUID()}@example.ch`, { preferred_date: slot.date, preferred_time: slot.time });
  await backend.query(
    `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.id, row.first_name, row.last_name, row.email, row.phone, row.service, row.preferred_date, row.preferred_time],
  );
  const decided = await rpc<{ result: string }>('decide_appointment', {
    p_id: row.id, p_decision: 'confirm', p_date: row.preferred_date, p_time: row.preferred_time,
  });
  expect(decided.result).toBe('changed');
  return { id: row.id, date: row.preferred_date };
}

describe('one outbox: every mail a row of its own', () => {
  it('owes a request\'s practice mail, its confirmation and its reminder as three rows, written with the changes', async () => {
    const { id } = await confirmedRequest();
    const keys = [
      ...(await outboxMails(backend, 'request', id)),
      ...(await outboxMails(backend, 'outcome', id)),
      ...(await outboxMails(backend, 'reminder', id)),
    ].map((mail) => mail.idempotency_key);
    expect(keys).toEqual([formMailKey('request', id, 'practice'), outcomeMailsKey(id, 'confirmed'), reminderMailKey(id, 1)]);
  });

  it('claims the practice mail and the confirmation of one request at once, by two senders, and finishes each on its own', async () => {
    const { id } = await confirmedRequest();
    await ageOutboxMails(backend, id);
    // The visitor's retry takes the practice mail while the action page's press takes the confirmation.
    const [practice, confirmation] = await Promise.all([
      claimOne('request', formMailKey('request', id, 'practice')),
      claimOne('outcome', outcomeMailsKey(id, 'confirmed')),
    ]);
    expect([practice.status, confirmation.status]).toEqual(['claimed', 'claimed']);
    expect(practice.mail.claim).not.toBe(confirmation.mail.claim);
    // Neither is due for an outbox run while its claim holds.
    expect(await due('request')).not.toContainEqual(expect.objectContaining({ id }));
    expect(await due('outcome')).not.toContainEqual(expect.objectContaining({ id }));

    // The confirmation fails (with its cause, as the outbox records it), the practice mail goes out.
    expect(await rpc('finish_mail', { p_claim: confirmation.mail.claim, p_sent: false, p_cause: 'smtp_554' })).toBe('finished');
    expect(await rpc('finish_mail', { p_claim: practice.mail.claim, p_sent: true })).toBe('finished');
    const [practiceRow] = await outboxMails(backend, 'request', id);
    const [confirmationRow] = await outboxMails(backend, 'outcome', id);
    expect(practiceRow).toMatchObject({ sent_at: expect.any(Date), attempts: 0, last_cause: null, claim: null });
    expect(confirmationRow).toMatchObject({ sent_at: null, attempts: 1, last_cause: 'smtp_554', failed_at: expect.any(Date), claim: null });
    // Each token ends its own claim only: finishing again is lost on both.
    expect(await rpc('finish_mail', { p_claim: practice.mail.claim, p_sent: true })).toBe('lost');
    expect(await rpc('finish_mail', { p_claim: confirmation.mail.claim, p_sent: true })).toBe('lost');
  });

  it('claims a request\'s confirmation and its reminder in one outbox run, the two kinds side by side', async () => {
    const { id, date } = await confirmedRequest();
    await ageOutboxMails(backend, id);
    const [outcomes, reminders] = await Promise.all([due('outcome'), due('reminder', { p_today: addDays(date, -1) })]);
    const outcome = outcomes.find((mail) => mail.id === id);
    const reminder = reminders.find((mail) => mail.id === id);
    expect(outcome?.outcome_key).toBe('confirmed');
    expect(reminder).toBeDefined();
    expect(outcome!.claim).not.toBe(reminder!.claim);
    expect(await rpc('finish_mail', { p_claim: reminder!.claim, p_sent: true })).toBe('finished');
    expect(await rpc('finish_mail', { p_claim: outcome!.claim, p_sent: true })).toBe('finished');
    expect((await outboxMails(backend, 'outcome', id)).map((mail) => mail.sent_at)).toEqual([expect.any(Date)]);
    expect((await outboxMails(backend, 'reminder', id)).map((mail) => mail.sent_at)).toEqual([expect.any(Date)]);
  });

  it('supersedes what a later state makes pointless, in the same transaction: a cancellation ends the unsent confirmation and reminder', async () => {
    const { id } = await confirmedRequest();
    expect((await rpc<{ result: string }>('cancel_appointment', { p_id: id, p_min_notice: '24 hours' })).result).toBe('changed');
    const outcomes = await outboxMails(backend, 'outcome', id);
    expect(outcomes.map((mail) => [mail.about, mail.superseded_at !== null])).toEqual([['confirmed', true], ['cancelled', false]]);
    expect((await outboxMails(backend, 'reminder', id)).map((mail) => mail.superseded_at)).toEqual([expect.any(Date)]);
    // The superseded confirmation is no mail any more: not claimable, nothing the outbox or the digest sees.
    expect(await rpc('claim_mail', { p_kind: 'outcome', p_key: outcomeMailsKey(id, 'confirmed') })).toEqual({ status: 'not_found', mails: [] });
  });
});

describe('every kind draws on a budget', () => {
  /** `n` mails of `kind` about request `id` to its visitor, sent `ago` before now (as the outbox finishes them). */
  async function sentAbout(id: string, n: number, ago = '0 seconds') {
    await backend.query(
      `insert into public.outbox_mails (kind, appointment_request_id, idempotency_key, sent_at)
       select 'reminder', $1::uuid, 'reminder/' || $1::text || '/' || (1000 + i) || '/visitor', now() - $3::interval
         from generate_series(1, $2) i`,
      [id, n, ago],
    );
  }

  it("holds an appointment's mails to its visitor back past the day's most and sends them the next day", async () => {
    const { id } = await confirmedRequest();
    await ageOutboxMails(backend, id);
    await sentAbout(id, APPOINTMENT_MAILS_DAILY_MAX);
    expect((await due('outcome')).map((mail) => mail.id)).not.toContain(id);
    // Still owed, untouched: no attempt counted, nothing superseded.
    expect((await outboxMails(backend, 'outcome', id)).map((mail) => [mail.sent_at, mail.superseded_at, mail.attempts]))
      .toEqual([[null, null, 0]]);
    // The next day (the day's mails now yesterday's), the confirmation goes out.
    await backend.query(`update public.outbox_mails set sent_at = sent_at - interval '1 day' where appointment_request_id = $1 and sent_at is not null`, [id]);
    const [confirmation] = (await due('outcome')).filter((mail) => mail.id === id);
    expect(confirmation?.outcome_key).toBe('confirmed');
    expect(await rpc('finish_mail', { p_claim: confirmation!.claim, p_sent: true })).toBe('finished');
  });

  it("counts one fewer than the day's most as room: the bound is exact", async () => {
    const { id } = await confirmedRequest();
    await ageOutboxMails(backend, id);
    await sentAbout(id, APPOINTMENT_MAILS_DAILY_MAX - 1);
    const claimed = (await due('outcome')).filter((mail) => mail.id === id);
    expect(claimed).toHaveLength(1);
    expect(await rpc('finish_mail', { p_claim: claimed[0]!.claim, p_sent: true })).toBe('finished');
  });

  it("sends at most the day's cap of announcements and the rest the next day, oldest first", async () => {
    const slug = `budget-${crypto.randomUUID().slice(0, 8)}`;
    await backend.query(
      `insert into public.newsletter_articles (slug, title, excerpt, published_on, author, announced_at)
       values ($1, 'Titel', 'Auszug', current_date, 'Autorin', now())`,
      [slug],
    );
    const { rows: subscribers } = await backend.query<{ id: string }>(
      `insert into public.newsletter_subscribers (email, mailbox_key, status, confirmed_at)
       select 'budget-' || i || '-' || $2 || '@example.ch', 'budget-' || i || '-' || $2 || '@example.ch', 'confirmed', now()
         from generate_series(1, $1) i
       returning id`,
      [ANNOUNCEMENTS_DAILY_CAP + 1, slug],
    );
    // The day's cap already sent (to all but the last), the last one owed, old enough to be due.
    await backend.query(
      `insert into public.outbox_mails (kind, subscriber_id, article_slug, idempotency_key, created_at, sent_at)
       select 'announcement', s, $2, 'newsletter/' || $2 || '/' || s, now() - interval '1 hour',
              case when n <= $3 then now() end
         from unnest($1::uuid[]) with ordinality as t(s, n)`,
      [subscribers.map((row) => row.id), slug, ANNOUNCEMENTS_DAILY_CAP],
    );
    const last = subscribers.at(-1)!.id;
    const claimedFor = async () => (await due('announcement')).filter((mail) => (mail as { subscriber_id?: string }).subscriber_id === last);
    expect(await claimedFor()).toEqual([]);
    await backend.query(`update public.outbox_mails set sent_at = sent_at - interval '1 day' where article_slug = $1 and sent_at is not null`, [slug]);
    const claimed = await claimedFor();
    expect(claimed).toHaveLength(1);
    expect(await rpc('finish_mail', { p_claim: claimed[0]!.claim, p_sent: true })).toBe('finished');
  });
});
