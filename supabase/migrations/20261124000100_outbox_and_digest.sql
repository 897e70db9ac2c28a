-- Nothing lost: the outbox, the practice's morning digest and the jobs' own record
-- (docs/appointment-lifecycle.md "When mail fails").
--
-- The practice reads e-mail only. Whatever is stored must reach its recipient once, even
-- when the mail service fails and the visitor leaves. The rows already say what is still
-- to send (contact_submissions.mailed_at, appointment_requests.notified_at,
-- outcome_mailed_for, reminded_at) and hold the claim that keeps two senders apart
-- (notify_claimed_at, outcome_mail_claimed_at, reminder_claimed_at; a claim older than two
-- minutes has lapsed). The scheduled function send-pending-mail claims what is due through
-- the same columns – so it never doubles with the visitor's own retry, the action page's
-- press or a concurrent run – sends it, and records each failure here, in
-- public.mail_deliveries: attempts, the next attempt (backoff doubling from 1 minute to 1
-- hour), and after three days that it gave up. send-practice-digest tells the practice
-- every morning what is undecided, today's and tomorrow's appointments, and what could
-- not be delivered (with the message itself, so that nothing is lost even then).
--
-- Hosted: pg_cron + pg_net call both functions (schedules at the end). Locally: the
-- embedded stack's timer makes the same calls.

-- ---------------------------------------------------------------------------------------
-- Delivery state of the mails that failed at least once.
create table public.mail_deliveries (
  -- contact: the practice's mail of a message; request: of an appointment request;
  -- outcome: the visitor's mail of a decision or cancellation; reminder: the day before.
  kind text not null constraint kind_valid check (kind in ('contact', 'request', 'outcome', 'reminder')),
  ref_id uuid not null,
  attempts integer not null default 0,
  first_failed_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  -- A short code (smtp_554, daily_cap …), never a message text.
  last_cause text constraint last_cause_short check (char_length(last_cause) <= 100),
  gave_up_at timestamptz,
  -- When the digest told the practice about it.
  reported_at timestamptz,
  primary key (kind, ref_id)
);
comment on table public.mail_deliveries is
  'Mails of the outbox that failed at least once: attempts, backoff, giving up. Deleted once sent.';

-- Records a send: sent → the failure record is gone; not sent → one more attempt, the next
-- one after 1, 2, 4 … 60 minutes.
create function public.record_mail_result(p_kind text, p_id uuid, p_sent boolean, p_cause text default null)
  returns void
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    if p_sent then
      delete from public.mail_deliveries where kind = p_kind and ref_id = p_id;
      return;
    end if;
    insert into public.mail_deliveries as d (kind, ref_id, attempts, next_attempt_at, last_cause)
      values (p_kind, p_id, 1, now() + interval '1 minute', left(p_cause, 100))
      on conflict (kind, ref_id) do update
        set attempts = d.attempts + 1,
            next_attempt_at = now() + least(interval '60 minutes', interval '1 minute' * power(2, least(d.attempts, 10))),
            last_cause = left(p_cause, 100);
  end
  $$;

-- Whether the outbox may try (kind, id) now: not waiting for its next attempt, not given up.
create function private.mail_due(p_kind text, p_id uuid) returns boolean
  language sql stable
  set search_path = ''
  as $$
    select not exists (
      select 1 from public.mail_deliveries d
       where d.kind = p_kind and d.ref_id = p_id and (d.gave_up_at is not null or d.next_attempt_at > now()))
  $$;

-- Claims up to p_limit mails of one kind that are due, oldest first, and answers their rows
-- (to_jsonb). Rows younger than p_grace_seconds are left to the visitor's own call (the
-- browser stores the request, then calls the function at once) and the action page's press.
-- 'reminder' claims the confirmed appointments on p_reminder_date not yet reminded.
create function public.claim_pending_mail(
  p_kind text,
  p_limit integer default 20,
  p_grace_seconds integer default 120,
  p_reminder_date date default null
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    lapsed timestamptz := now() - interval '2 minutes';
    settled timestamptz := now() - make_interval(secs => p_grace_seconds);
    batch integer := least(greatest(p_limit, 0), 100);
    claimed jsonb;
  begin
    if p_kind = 'contact' then
      with due as (
        select c.id from public.contact_submissions c
         where c.mailed_at is null and c.created_at < settled
           and (c.notify_claimed_at is null or c.notify_claimed_at < lapsed)
           and private.mail_due('contact', c.id)
         order by c.created_at limit batch for update skip locked
      ), done as (
        update public.contact_submissions c set notify_claimed_at = now() from due where c.id = due.id returning c.*
      )
      select coalesce(jsonb_agg(to_jsonb(done) order by done.created_at), '[]') into claimed from done;
    elsif p_kind = 'request' then
      with due as (
        select a.id from public.appointment_requests a
         where a.notified_at is null and a.created_at < settled
           and (a.notify_claimed_at is null or a.notify_claimed_at < lapsed)
           and private.mail_due('request', a.id)
         order by a.created_at limit batch for update skip locked
      ), done as (
        update public.appointment_requests a set notify_claimed_at = now() from due where a.id = due.id returning a.*
      )
      select coalesce(jsonb_agg(to_jsonb(done) order by done.created_at), '[]') into claimed from done;
    elsif p_kind = 'outcome' then
      with due as (
        select a.id from public.appointment_requests a
         where a.status <> 'requested' and a.outcome_mailed_for is distinct from a.status
           and coalesce(a.cancelled_at, a.decided_at, a.created_at) < settled
           and (a.outcome_mail_claimed_at is null or a.outcome_mail_claimed_at < lapsed)
           and private.mail_due('outcome', a.id)
         order by coalesce(a.cancelled_at, a.decided_at) limit batch for update skip locked
      ), done as (
        update public.appointment_requests a set outcome_mail_claimed_at = now() from due
         where a.id = due.id and a.status <> 'requested' returning a.*
      )
      select coalesce(jsonb_agg(to_jsonb(done) order by done.decided_at), '[]') into claimed from done;
    elsif p_kind = 'reminder' then
      if p_reminder_date is null then
        return '[]'::jsonb;
      end if;
      with due as (
        select a.id from public.appointment_requests a
         where a.status = 'confirmed' and a.confirmed_date = p_reminder_date and a.reminded_at is null
           and (a.reminder_claimed_at is null or a.reminder_claimed_at < lapsed)
           and private.mail_due('reminder', a.id)
         order by a.confirmed_time, a.id limit batch for update skip locked
      ), done as (
        update public.appointment_requests a set reminder_claimed_at = now() from due
         where a.id = due.id and a.status = 'confirmed' returning a.*
      )
      select coalesce(jsonb_agg(to_jsonb(done) order by done.confirmed_time, done.id), '[]') into claimed from done;
    else
      raise exception 'unknown mail kind %', p_kind using errcode = '22023';
    end if;
    return claimed;
  end
  $$;

-- Gives up on what is still not sent after p_after_seconds (three days by default) and
-- answers what it gave up on now: [{kind, id}]; first removes the failure records whose
-- row no longer exists. A reminder is given up once its
-- appointment's day has come. Nothing is deleted: the digest reports it, with the content.
create function public.give_up_stale_mail(p_after_seconds integer default 259200, p_today date default null)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    cutoff timestamptz := now() - make_interval(secs => p_after_seconds);
    today date := coalesce(p_today, (now() at time zone 'Europe/Zurich')::date);
    given jsonb;
  begin
    -- A failure record outlives nothing: once its row is gone (the 12-month retention, a
    -- discarded bot request), so is the record.
    delete from public.mail_deliveries d
     where (d.kind = 'contact' and not exists (select 1 from public.contact_submissions c where c.id = d.ref_id))
        or (d.kind <> 'contact' and not exists (select 1 from public.appointment_requests a where a.id = d.ref_id));
    with stale (kind, ref_id) as (
      select 'contact', c.id from public.contact_submissions c
       where c.mailed_at is null and c.created_at < cutoff
      union all
      select 'request', a.id from public.appointment_requests a
       where a.notified_at is null and a.created_at < cutoff
      union all
      select 'outcome', a.id from public.appointment_requests a
       where a.status <> 'requested' and a.outcome_mailed_for is distinct from a.status
         and coalesce(a.cancelled_at, a.decided_at) < cutoff
      union all
      select 'reminder', a.id from public.appointment_requests a
       where a.status = 'confirmed' and a.reminded_at is null and a.confirmed_date <= today
         and exists (select 1 from public.mail_deliveries d where d.kind = 'reminder' and d.ref_id = a.id)
    ), marked as (
      insert into public.mail_deliveries as d (kind, ref_id, gave_up_at, last_cause)
        select stale.kind, stale.ref_id, now(), 'never_sent' from stale
        on conflict (kind, ref_id) do update set gave_up_at = now() where d.gave_up_at is null
        returning d.kind, d.ref_id
    )
    select coalesce(jsonb_agg(jsonb_build_object('kind', kind, 'id', ref_id)), '[]') into given from marked;
    return given;
  end
  $$;

-- The reminders are claimed by claim_pending_mail('reminder', …) now, with the backoff;
-- the claim of 20261123000400 has no caller left.
drop function public.claim_due_reminders(date, integer);

-- ---------------------------------------------------------------------------------------
-- The confirmation is the reminder when the appointment is today or tomorrow: a reminder
-- the day before would only repeat the confirmation that just arrived, and one confirmed
-- after the day's reminders have gone out would otherwise get none. Same signature as in
-- 20261123000300_appointment_lifecycle.sql, so its grants stay.
create or replace function public.decide_appointment(p_id uuid, p_decision text, p_date date default null, p_time text default null, p_note text default null)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
  begin
    if p_decision not in ('confirm', 'decline') then
      raise exception 'decision must be confirm or decline' using errcode = '22023';
    end if;
    if p_decision = 'confirm' and (p_date is null or p_time is null) then
      raise exception 'a confirmation needs a date and a time' using errcode = '22023';
    end if;
    update public.appointment_requests a
      set status = case p_decision when 'confirm' then 'confirmed' else 'declined' end,
          confirmed_date = case p_decision when 'confirm' then p_date end,
          confirmed_time = case p_decision when 'confirm' then p_time end,
          staff_note = case p_decision when 'decline' then nullif(btrim(p_note), '') end,
          calendar_sequence = a.calendar_sequence + case p_decision when 'confirm' then 1 else 0 end,
          decided_at = now(),
          reminded_at = case when p_decision = 'confirm' and p_date <= private.practice_today() + 1 then now() end
      where a.id = p_id and a.status = 'requested'
      returning a.* into r;
    if found then
      return private.lifecycle_answer('changed', r);
    end if;
    select * into r from public.appointment_requests a where a.id = p_id;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    if (p_decision = 'confirm' and r.status = 'confirmed' and r.confirmed_date = p_date and r.confirmed_time = p_time)
       or (p_decision = 'decline' and r.status = 'declined') then
      return private.lifecycle_answer('unchanged', r);
    end if;
    return private.lifecycle_answer('conflict', r);
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- What the scheduled functions answered: the practice's digest lists the failures, and a
-- developer reads them here (cron.job_run_details only shows that pg_net queued the call).
create table public.job_runs (
  id bigint generated always as identity primary key,
  job text not null,
  ran_at timestamptz not null default now(),
  ok boolean not null,
  -- The function's answer: counts and short codes, no personal data.
  summary jsonb not null default '{}'
);
create index job_runs_job_ran_at on public.job_runs (job, ran_at);
comment on table public.job_runs is 'Runs of the scheduled functions and what they answered; kept 30 days.';

create function public.record_job_run(p_job text, p_ok boolean, p_summary jsonb default '{}') returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    delete from public.job_runs where ran_at < now() - interval '30 days';
    insert into public.job_runs (job, ok, summary) values (p_job, p_ok, coalesce(p_summary, '{}'));
  $$;

-- ---------------------------------------------------------------------------------------
-- The digest, once a day.
create table public.practice_digests (
  day date primary key,
  claimed_at timestamptz,
  -- 'sent', or 'nothing' on a day with nothing to say (no mail).
  outcome text constraint outcome_valid check (outcome in ('sent', 'nothing')),
  finished_at timestamptz
);
comment on table public.practice_digests is 'One row per day: whether the practice''s morning digest went out.';

-- Claims the digest of p_day. Scheduled: only if that day's has not gone out (or been
-- found empty) yet. Not scheduled (a POST by hand): always, unless one is being sent now.
create function public.claim_practice_digest(p_day date, p_scheduled boolean) returns boolean
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    insert into public.practice_digests as d (day, claimed_at) values (p_day, now())
      on conflict (day) do update set claimed_at = now(), outcome = null, finished_at = null
        where (d.claimed_at is null or d.claimed_at < now() - interval '2 minutes' or d.finished_at is not null)
          and (not p_scheduled or d.outcome is null);
    return found;
  end
  $$;

-- Ends a claim: 'sent' or 'nothing' closes the day; null releases it for the next run.
create function public.finish_practice_digest(p_day date, p_outcome text) returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    update public.practice_digests
      set outcome = p_outcome, finished_at = case when p_outcome is null then null else now() end,
          claimed_at = case when p_outcome is null then null else claimed_at end
      where day = p_day
  $$;

-- Everything the digest says, as of p_now (jsonb; supabase/functions/_shared/store.ts checks
-- its shape): the undecided requests of the last 30 days, oldest first (50 at most, and how
-- many in all); the confirmed appointments of today and tomorrow; what the outbox gave up on
-- and the digest has not reported yet (with the message itself); failed job runs since the
-- last digest; when send-pending-mail last ran.
create function public.practice_digest_data(p_now timestamptz default now()) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    with today as (select (p_now at time zone 'Europe/Zurich')::date as day),
    since as (
      select coalesce(max(d.finished_at), p_now - interval '1 day') as at
        from public.practice_digests d where d.outcome = 'sent'
    )
    select jsonb_build_object(
      'undecided', coalesce((
        select jsonb_agg(to_jsonb(a) order by a.created_at) from (
          select * from public.appointment_requests a
           where a.status = 'requested' and a.created_at > p_now - interval '30 days'
           order by a.created_at limit 50) a), '[]'),
      'undecidedTotal', (select count(*) from public.appointment_requests a
                           where a.status = 'requested' and a.created_at > p_now - interval '30 days'),
      'confirmed', coalesce((
        select jsonb_agg(to_jsonb(a) order by a.confirmed_date, a.confirmed_time)
          from public.appointment_requests a, today
         where a.status = 'confirmed' and a.confirmed_date between today.day and today.day + 1), '[]'),
      'gaveUpContacts', coalesce((
        select jsonb_agg(to_jsonb(c) order by c.created_at)
          from public.contact_submissions c join public.mail_deliveries d on d.kind = 'contact' and d.ref_id = c.id
         where d.gave_up_at is not null and d.reported_at is null and c.mailed_at is null), '[]'),
      'gaveUpAppointments', coalesce((
        select jsonb_agg(jsonb_build_object('kind', d.kind, 'request', to_jsonb(a)) order by d.gave_up_at)
          from public.appointment_requests a join public.mail_deliveries d on d.ref_id = a.id and d.kind in ('request', 'outcome', 'reminder')
         where d.gave_up_at is not null and d.reported_at is null
           and case d.kind
                 when 'request' then a.notified_at is null
                 when 'outcome' then a.outcome_mailed_for is distinct from a.status
                 else a.reminded_at is null
               end), '[]'),
      'failedRuns', coalesce((
        select jsonb_agg(jsonb_build_object('job', r.job, 'ranAt', r.ran_at, 'summary', r.summary) order by r.ran_at)
          from (select * from public.job_runs r, since where not r.ok and r.ran_at > since.at order by r.ran_at desc limit 20) r), '[]'),
      'outboxLastRunAt', (select max(r.ran_at) from public.job_runs r where r.job = 'send-pending-mail' and r.ok)
    )
  $$;

-- After the digest went out: what it reported is marked so, and a message or request it
-- carried counts as delivered (the practice has it now; nothing sends it again).
create function public.mark_digest_reported(p_contacts uuid[], p_deliveries jsonb) returns void
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    update public.contact_submissions set mailed_at = now(), notify_claimed_at = null
      where id = any(p_contacts) and mailed_at is null;
    update public.appointment_requests a set notified_at = now(), notify_claimed_at = null
      from jsonb_to_recordset(p_deliveries) as r(kind text, id uuid)
      where r.kind = 'request' and a.id = r.id and a.notified_at is null;
    update public.mail_deliveries d set reported_at = now()
      from (select 'contact' as kind, unnest(p_contacts) as id
            union all select r.kind, r.id from jsonb_to_recordset(p_deliveries) as r(kind text, id uuid)) x
      where d.kind = x.kind and d.ref_id = x.id;
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- Privileges: the service role only.
alter table public.mail_deliveries enable row level security;
alter table public.job_runs enable row level security;
alter table public.practice_digests enable row level security;
revoke all on public.mail_deliveries, public.job_runs, public.practice_digests from anon, authenticated;
grant all on public.mail_deliveries, public.job_runs, public.practice_digests to service_role;
revoke all on function private.mail_due(text, uuid) from public;
grant execute on function private.mail_due(text, uuid) to service_role;
revoke all on function public.record_mail_result(text, uuid, boolean, text),
  public.claim_pending_mail(text, integer, integer, date),
  public.give_up_stale_mail(integer, date),
  public.record_job_run(text, boolean, jsonb),
  public.claim_practice_digest(date, boolean),
  public.finish_practice_digest(date, text),
  public.practice_digest_data(timestamptz),
  public.mark_digest_reported(uuid[], jsonb) from public, anon, authenticated;
grant execute on function public.record_mail_result(text, uuid, boolean, text),
  public.claim_pending_mail(text, integer, integer, date),
  public.give_up_stale_mail(integer, date),
  public.record_job_run(text, boolean, jsonb),
  public.claim_practice_digest(date, boolean),
  public.finish_practice_digest(date, text),
  public.practice_digest_data(timestamptz),
  public.mark_digest_reported(uuid[], jsonb) to service_role;

-- ---------------------------------------------------------------------------------------
-- The schedules, where pg_cron and pg_net exist (hosted Supabase; Supabase docs,
-- "Scheduling Edge Functions"): the outbox every 5 minutes (it also sends tomorrow's
-- reminders, so the reminder job of 20261123000400 is replaced); the digest every hour
-- from 05:00 to 17:00 UTC, of which the function acts on the first run at or after 07:00
-- in Zurich (05:00 UTC in summer, 06:00 in winter) and retries a failed one at the next.
-- URL and secret key come from Vault ('project_url', 'secret_key'; docs/deploy.md).
do $$
declare
  call text := $call$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/%s',
      headers := jsonb_build_object(
        'content-type', 'application/json',
        'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key'),
        'authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')
      ),
      body := '%s'::jsonb,
      timeout_milliseconds := 60000
    )
  $call$;
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    if exists (select 1 from cron.job where jobname = 'send-appointment-reminders') then
      perform cron.unschedule('send-appointment-reminders');
    end if;
    perform cron.schedule('send-pending-mail', '*/5 * * * *', format(call, 'send-pending-mail', '{}'));
    perform cron.schedule('send-practice-digest', '0 5-17 * * *', format(call, 'send-practice-digest', '{"when":"scheduled"}'));
  end if;
end
$$;
