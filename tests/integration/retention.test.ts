// @vitest-environment node
/**
 * Data retention on the local stack: requests and messages older than 12 months are
 * deleted by public.delete_expired_form_submissions(), younger ones stay; rate-limit
 * events are kept a day – as long as the longest window (the per-client daily bounds)
 * needs them. The bookkeeping of the limits and the outbox cleans up after itself: spent form proofs a
 * minute after they expire, the scheduled jobs' record after 30 days, a mail's failure
 * record (its outbox row's backoff) once it is sent – the row itself is kept with its
 * message or request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formMailKey } from '../../supabase/functions/_shared/mail/mail-keys.ts';
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS } from '../../supabase/functions/_shared/domain/newsletter.ts';
import { backendTarget, type TestBackend, zurichDate } from './stack-harness.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

async function insertAppointment(ageSql: string): Promise<string> {
  const { rows } = await backend.query<{ id: string }>(
    `insert into public.appointment_requests (first_name, last_name, email, phone, service, preferred_date, created_at)
     values ('Alt', 'Anfrage', 'alt@example.ch', '044 000 00 00', 'Schlafberatung', $1, now() - $2::interval) returning id`,
    [zurichDate(1), ageSql],
  );
  return rows[0]!.id;
}

async function storeMessage(ageSql: string): Promise<string> {
  const { rows } = await backend.query<{ id: string }>(
    `insert into public.contact_submissions (name, email, message, created_at)
     values ('Alt Nachricht', 'alt@example.ch', 'Hallo', now() - $1::interval) returning id`,
    [ageSql],
  );
  return rows[0]!.id;
}

const exists = async (table: string, id: string) =>
  (await backend.query(`select 1 from public.${table} where id = $1`, [id])).rows.length === 1;

describe('retention', () => {
  it('deletes requests and messages older than 12 months and keeps the rest', async () => {
    // What other suites sharing this database left expired goes first, so the counts below are this test's rows.
    const asServiceRole = `select (select set_config('role', 'service_role', true)), public.delete_expired_form_submissions() as result`;
    await backend.query(asServiceRole);
    const oldAppointment = await insertAppointment('12 months 1 day');
    const recentAppointment = await insertAppointment('11 months 27 days');
    const oldMessage = await storeMessage('13 months');
    const recentMessage = await storeMessage('1 day');
    await backend.query(`insert into public.rate_limit_events (bucket, key, created_at) values ('x', 'y', now() - interval '2 days'), ('x', 'y', now())`);
    // An event of a daily bound 23 hours old still counts (appointment_requests:client-day, <fn>:ip-day): it stays.
    await backend.query(`insert into public.rate_limit_events (bucket, key, created_at) values ('appointment_requests:client-day', 'retention', now() - interval '23 hours')`);
    // A mailbox's newsletter confirmation is remembered for NEWSLETTER_CONFIRM_INTERVAL_DAYS, then forgotten.
    await backend.query(
      `insert into public.rate_limit_events (bucket, key, created_at) values
         ('newsletter-confirm', 'retention-kept', now() - make_interval(days => $1::int - 1)),
         ('newsletter-confirm', 'retention-gone', now() - make_interval(days => $1::int + 1))`,
      [NEWSLETTER_CONFIRM_INTERVAL_DAYS],
    );

    // As the service role, the way pg_cron's job or an operator runs it.
    const { rows } = await backend.query<{ result: Record<string, number> }>(asServiceRole);
    expect(rows[0]!.result).toEqual({ appointment_requests: 1, contact_submissions: 1, rate_limit_events: 2, calendar_cancellations: 0, data_link_mails: 0, erasure_mails: 0, invoices: 0, sleep_diaries: 0 });

    expect(await exists('appointment_requests', oldAppointment)).toBe(false);
    expect(await exists('appointment_requests', recentAppointment)).toBe(true);
    expect(await exists('contact_submissions', oldMessage)).toBe(false);
    expect(await exists('contact_submissions', recentMessage)).toBe(true);
    const dayBound = await backend.query(`select 1 from public.rate_limit_events where bucket = 'appointment_requests:client-day' and key = 'retention'`);
    expect(dayBound.rows).toHaveLength(1);
    const mailboxes = await backend.query<{ key: string }>(`select key from public.rate_limit_events where bucket = 'newsletter-confirm' and key like 'retention-%'`);
    expect(mailboxes.rows).toEqual([{ key: 'retention-kept' }]);
  });

  it('keeps spent form proofs until a minute after they expire, job runs 30 days, a failure record until the mail is sent', async () => {
    const asService = (sql: string, params: unknown[] = []) =>
      backend.query(`select (select set_config('role', 'service_role', true)), ${sql}`, params);

    // Proofs: each claim clears those expired more than a minute ago.
    // Signatures are hex HMACs; any 64 hex digits will do here.
    const signature = () => (crypto.randomUUID() + crypto.randomUUID()).replaceAll('-', '');
    const stale = signature();
    const live = signature();
    await backend.query(
      `insert into public.used_form_proofs (signature, request_id, expires_at)
       values ($1, gen_random_uuid(), now() - interval '2 minutes'), ($2, gen_random_uuid(), now() + interval '1 hour')`,
      [stale, live],
    );
    await asService(`public.claim_form_proof($1, gen_random_uuid(), now() + interval '2 hours')`, [signature()]);
    const proofs = await backend.query<{ signature: string }>('select signature from public.used_form_proofs where signature = any($1)', [[stale, live]]);
    expect(proofs.rows).toEqual([{ signature: live }]);

    // Job runs: each run's record clears those older than 30 days.
    await backend.query(
      `insert into public.job_runs (job, ran_at, ok) values ('retention-old', now() - interval '31 days', true), ('retention-recent', now() - interval '29 days', true)`,
    );
    await asService(`public.record_job_run('retention-now', true, '{}')`);
    const runs = await backend.query<{ job: string }>(`select job from public.job_runs where job like 'retention-%' order by ran_at`);
    expect(runs.rows.map((r) => r.job)).toEqual(['retention-recent', 'retention-now']);

    // A mail's failure record (its outbox row's backoff): kept until it is sent, then cleared; the row is kept, marked sent.
    const id = await storeMessage('1 minute');
    const key = formMailKey('contact', id, 'practice');
    const claimMail = async () =>
      (await asService(`public.claim_mail('contact', $1) as claimed`, [key])).rows[0] as { claimed: { status: string; mails: { claim: string }[] } };
    const failed = await claimMail();
    expect(failed.claimed.status).toBe('claimed');
    await asService(`public.finish_mail($1, false, 'smtp_554')`, [failed.claimed.mails[0]!.claim]);
    const mailState = async () =>
      (await backend.query<{ attempts: number; next_attempt_at: Date | null; sent_at: Date | null }>(
        'select attempts, next_attempt_at, sent_at from public.outbox_mails where idempotency_key = $1',
        [key],
      )).rows;
    expect(await mailState()).toEqual([{ attempts: 1, next_attempt_at: expect.any(Date), sent_at: null }]);
    const sent = await claimMail();
    expect(sent.claimed.status).toBe('claimed');
    await asService(`public.finish_mail($1, true)`, [sent.claimed.mails[0]!.claim]);
    expect(await mailState()).toEqual([expect.objectContaining({ next_attempt_at: null, sent_at: expect.any(Date) })]);
  });

  it('cannot be run with the anon key', async () => {
    const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/delete_expired_form_submissions`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('42501');
  });

  it('is scheduled daily where pg_cron exists, and skipped quietly where it does not', async () => {
    const { rows } = await backend.query<{ available: boolean }>(
      `select exists (select 1 from pg_available_extensions where name = 'pg_cron') as available`,
    );
    if (rows[0]!.available) {
      const jobs = await backend.query<{ schedule: string }>(`select schedule from cron.job where jobname = 'delete-expired-form-submissions'`);
      expect(jobs.rows).toEqual([{ schedule: '17 3 * * *' }]);
    } else {
      const installed = await backend.query(`select 1 from pg_extension where extname = 'pg_cron'`);
      expect(installed.rows).toHaveLength(0);
    }
  });
});
