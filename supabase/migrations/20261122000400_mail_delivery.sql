-- Nothing lost, nothing twice: every mail's claim, the outbox, the jobs' own record and the
-- practice's morning digest (docs/appointment-lifecycle.md, «When mail fails» and
-- «Exactly once, and what remains»).
--
-- The practice reads e-mail only. Whatever is stored must reach its recipient once, even
-- when the mail service fails and the visitor leaves. The rows say what is still to send
-- (contact_submissions.mailed_at, appointment_requests.notified_at, outcome_mailed_for
-- against outcome_key, reminded_at) and hold the claim that keeps two senders apart
-- (notify_claimed_at, outcome_mail_claimed_at, reminder_claimed_at; a claim older than two
-- minutes has lapsed and may be taken by the next sender).
--
-- 1. Every claim carries a token of its own: a uuid, new whenever a claim column is set to
--    a new time, cleared when it is cleared (a trigger, so every claim function hands it
--    out with the row it returns, unchanged). The finish functions take the token and act
--    only while it is still the row's: they answer 'finished', or 'lost' and change nothing
--    (the claim lapsed and another sender holds it, or it was ended otherwise). The
--    functions claim one mail right before they send it and never start a send that could
--    outlast the claim (supabase/functions/_shared/mail/budget.ts): no second sender while
--    the first may still be sending, however slow the provider.
-- 2. The forms' mails to the practice (claim_appointment_notification,
--    claim_contact_mail), the visitor's mails of a state (claim_outcome_mail) and the
--    reminder the day before are claimed and finished through these columns by the form
--    functions, the action page and the outbox alike – so the outbox never doubles with
--    the visitor's own retry, the action page's press or a concurrent run.
-- 3. The outbox: the scheduled function send-pending-mail claims what is due
--    (claim_pending_mail), sends it, and records each failure in public.mail_deliveries:
--    attempts, the next attempt (backoff doubling from 1 minute to 1 hour), and after
--    three days that it gave up. What it marks: reported_at (the site's call to
--    send-appointment-email came: the function was shown a genuine proof for this request
--    id, …_forms.sql claim_form_proof) and send_failed_at (a claim on the practice mail
--    ended without the mail: the provider failed, the daily cap held it back, the sender
--    died). «[Verspätet]» only with send_failed_at; a request never reported is marked for
--    checking instead (the honeypot and the speed check were never made) and not
--    acknowledged (request-emails.ts, pendingRequestMails).
-- 4. send-practice-digest tells the practice every morning what is undecided, today's and
--    tomorrow's appointments, and what could not be delivered (with the message itself,
--    so that nothing is lost even then). public.job_runs records what the scheduled
--    functions answered.
--
-- Hosted: pg_cron + pg_net call both functions (…_retention_and_jobs.sql). Locally: the
-- embedded stack's timer makes the same calls. All of it is for the service role only.

-- ---------------------------------------------------------------------------------------
-- 1. The claims' tokens. A claim column set to a new time is a new claim: a new token.
-- Cleared: no token.
create function private.stamp_request_claims() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  begin
    if new.notify_claimed_at is null then
      new.notify_claim := null;
    elsif tg_op = 'INSERT' or new.notify_claimed_at is distinct from old.notify_claimed_at then
      new.notify_claim := gen_random_uuid();
    end if;
    if new.outcome_mail_claimed_at is null then
      new.outcome_mail_claim := null;
    elsif tg_op = 'INSERT' or new.outcome_mail_claimed_at is distinct from old.outcome_mail_claimed_at then
      new.outcome_mail_claim := gen_random_uuid();
    end if;
    if new.reminder_claimed_at is null then
      new.reminder_claim := null;
    elsif tg_op = 'INSERT' or new.reminder_claimed_at is distinct from old.reminder_claimed_at then
      new.reminder_claim := gen_random_uuid();
    end if;
    return new;
  end
  $$;

create function private.stamp_contact_claim() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  begin
    if new.notify_claimed_at is null then
      new.notify_claim := null;
    elsif tg_op = 'INSERT' or new.notify_claimed_at is distinct from old.notify_claimed_at then
      new.notify_claim := gen_random_uuid();
    end if;
    return new;
  end
  $$;

create trigger mail_claims_stamped
  before insert or update on public.appointment_requests
  for each row execute function private.stamp_request_claims();
create trigger mail_claim_stamped
  before insert or update on public.contact_submissions
  for each row execute function private.stamp_contact_claim();

-- A claim on the practice mail ends without the mail when notify_claimed_at is cleared or
-- set anew (a lapsed claim taken over) while the mail is still not out. Whoever ends it
-- (the form functions, the outbox, the finish functions), the row remembers it in
-- send_failed_at: the mail is late for a failure only then.
create function private.record_failed_request_send() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  begin
    if old.notify_claimed_at is not null and new.notify_claimed_at is distinct from old.notify_claimed_at
       and new.notified_at is null and new.send_failed_at is null then
      new.send_failed_at := now();
    end if;
    return new;
  end
  $$;
create function private.record_failed_contact_send() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  begin
    if old.notify_claimed_at is not null and new.notify_claimed_at is distinct from old.notify_claimed_at
       and new.mailed_at is null and new.send_failed_at is null then
      new.send_failed_at := now();
    end if;
    return new;
  end
  $$;

create trigger practice_mail_failures_recorded
  before update of notify_claimed_at on public.appointment_requests
  for each row execute function private.record_failed_request_send();
create trigger practice_mail_failures_recorded
  before update of notify_claimed_at on public.contact_submissions
  for each row execute function private.record_failed_contact_send();

-- ---------------------------------------------------------------------------------------
-- 2. The practice's mail of an appointment request.

-- Claims a stored appointment request for its one notification e-mail. Succeeds only for
-- a row with this id whose fields equal the given ones, created within max_age_seconds,
-- not yet notified and not being notified right now (a claim older than 2 minutes is
-- considered abandoned). Returns {"status": "claimed", "request": {...}} or a status of
-- "not_found" (no such row, other fields, or too old), "already_notified" (the function
-- then tells the visitor it worked, because the practice has it) or "in_progress" (being
-- sent right now: the visitor may try again). Retries are idempotent for as long as the
-- row is kept: the function passes the retention period as p_max_age_seconds.
create function public.claim_appointment_notification(
  p_id uuid,
  p_first_name text,
  p_last_name text,
  p_email text,
  p_phone text,
  p_service text,
  p_preferred_date date,
  p_preferred_time text,
  p_alternative_date date,
  p_alternative_time text,
  p_message text,
  p_max_age_seconds integer default 900
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    claimed public.appointment_requests;
    existing public.appointment_requests;
  begin
    update public.appointment_requests r
      set notify_claimed_at = now()
      where r.id = p_id
        and r.notified_at is null
        and (r.notify_claimed_at is null or r.notify_claimed_at < now() - interval '2 minutes')
        and r.created_at > now() - make_interval(secs => p_max_age_seconds)
        and r.first_name = p_first_name and r.last_name = p_last_name
        and r.email = p_email and r.phone = p_phone and r.service = p_service
        and r.preferred_date = p_preferred_date
        and r.preferred_time is not distinct from p_preferred_time
        and r.alternative_date is not distinct from p_alternative_date
        and r.alternative_time is not distinct from p_alternative_time
        and r.message is not distinct from p_message
      returning r.* into claimed;
    if found then
      return jsonb_build_object('status', 'claimed', 'request', to_jsonb(claimed));
    end if;
    select * into existing from public.appointment_requests r
      where r.id = p_id
        and r.first_name = p_first_name and r.last_name = p_last_name and r.email = p_email
        and (r.notified_at is not null or r.notify_claimed_at >= now() - interval '2 minutes');
    if found then
      return jsonb_build_object('status', case when existing.notified_at is not null then 'already_notified' else 'in_progress' end);
    end if;
    return jsonb_build_object('status', 'not_found');
  end
  $$;

-- Sent → notified_at is set for good; not sent → the claim is released, the row stays
-- "stored, not yet mailed" and a retry or the outbox may send it. 'lost': not this
-- caller's claim (any more); nothing changed.
create function public.finish_appointment_notification(p_id uuid, p_claim uuid, p_sent boolean) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    update public.appointment_requests
      set notified_at = case when p_sent then now() else null end,
          notify_claimed_at = case when p_sent then notify_claimed_at else null end
      where id = p_id and notify_claim = p_claim and notified_at is null;
    return case when found then 'finished' else 'lost' end;
  end
  $$;

-- The practice's mail of a contact message.

-- Stores the message under the browser's id unless it is already there, and claims it
-- for its e-mail: 'claimed' (mail it now), 'already_notified', 'in_progress' (another
-- call is mailing it; a claim older than two minutes has lapsed) or 'conflict' (the id
-- belongs to a different message).
create function public.claim_contact_notification(
  p_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_subject text,
  p_message text
) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    existing public.contact_submissions;
  begin
    insert into public.contact_submissions (id, name, email, phone, subject, message, notify_claimed_at)
      values (p_id, p_name, p_email, p_phone, p_subject, p_message, now())
      on conflict (id) do nothing;
    if found then
      return 'claimed';
    end if;
    select * into existing from public.contact_submissions c where c.id = p_id for update;
    if existing.name is distinct from p_name or existing.email is distinct from p_email
      or existing.phone is distinct from p_phone or existing.subject is distinct from p_subject
      or existing.message is distinct from p_message then
      return 'conflict';
    end if;
    if existing.mailed_at is not null then
      return 'already_notified';
    end if;
    if existing.notify_claimed_at >= now() - interval '2 minutes' then
      return 'in_progress';
    end if;
    update public.contact_submissions set notify_claimed_at = now() where id = p_id;
    return 'claimed';
  end
  $$;

-- The contact form's claim with its token: {status, claim}; claim is null unless
-- 'claimed'. claim_contact_notification (which answers text) is called as it is, so it
-- stays the one definition of storing and claiming a message.
create function public.claim_contact_mail(
  p_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_subject text,
  p_message text
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    status text;
    token uuid;
  begin
    status := public.claim_contact_notification(p_id, p_name, p_email, p_phone, p_subject, p_message);
    if status = 'claimed' then
      -- The row is locked by this transaction since the claim: the token read is the claim's.
      select c.notify_claim into token from public.contact_submissions c where c.id = p_id;
    end if;
    return jsonb_build_object('status', status, 'claim', token);
  end
  $$;

-- Sent → the message is marked mailed; not sent → the claim is released so that a retry or
-- the outbox can mail it. 'lost' as above.
create function public.finish_contact_notification(p_id uuid, p_claim uuid, p_sent boolean) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    update public.contact_submissions
      set mailed_at = case when p_sent then now() else mailed_at end,
          notify_claimed_at = null
      where id = p_id and notify_claim = p_claim and mailed_at is null;
    return case when found then 'finished' else 'lost' end;
  end
  $$;

-- The visitor's mails.

-- 'claimed' with the row when the current state's mail has not gone out and nobody is
-- sending it now (a claim older than 2 minutes counts as abandoned), else
-- 'already_notified' or 'in_progress'; 'nothing_to_send' while there is no key; 'not_found'.
create function public.claim_outcome_mail(p_id uuid) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
  begin
    update public.appointment_requests a
      set outcome_mail_claimed_at = now()
      where a.id = p_id and a.outcome_key is not null
        and a.outcome_mailed_for is distinct from a.outcome_key
        and (a.outcome_mail_claimed_at is null or a.outcome_mail_claimed_at < now() - interval '2 minutes')
      returning a.* into r;
    if found then
      return jsonb_build_object('status', 'claimed', 'request', to_jsonb(r));
    end if;
    select * into r from public.appointment_requests a where a.id = p_id;
    if not found then
      return jsonb_build_object('status', 'not_found');
    end if;
    return jsonb_build_object('status', case
      when r.outcome_key is null then 'nothing_to_send'
      when r.outcome_mailed_for = r.outcome_key then 'already_notified'
      else 'in_progress' end);
  end
  $$;

-- Sent records the mails of p_key (the outcome_key they were written for; if the request
-- changed meanwhile, its own mails are still to send); not sent releases the claim.
create function public.finish_outcome_mail(p_id uuid, p_key text, p_claim uuid, p_sent boolean) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    update public.appointment_requests a
      set outcome_mail_claimed_at = null,
          outcome_mailed_for = case when p_sent then p_key else a.outcome_mailed_for end
      where a.id = p_id and a.outcome_mail_claim = p_claim;
    return case when found then 'finished' else 'lost' end;
  end
  $$;

-- The reminder: sent is recorded per request; not sent releases the claim. The reminders
-- are claimed by claim_pending_mail('reminder', …), only while the appointment is
-- confirmed, so a cancelled one is never reminded.
create function public.finish_reminder(p_id uuid, p_claim uuid, p_sent boolean) returns text
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    update public.appointment_requests a
      set reminder_claimed_at = null,
          reminded_at = case when p_sent then now() else a.reminded_at end
      where a.id = p_id and a.reminder_claim = p_claim;
    return case when found then 'finished' else 'lost' end;
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 3. The outbox. Delivery state of the mails that failed at least once.
create table public.mail_deliveries (
  -- contact: the practice's mail of a message; request: of an appointment request;
  -- outcome: the visitor's mails of a state (outcome_key); reminder: the day before.
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

-- When the state outcome_key names began: the grace period and the give-up of the outbox
-- count from it.
create function private.outcome_changed_at(a public.appointment_requests) returns timestamptz
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select case
      when a.status = 'cancelled' then a.cancelled_at
      when a.status = 'confirmed' and a.move_status = 'requested' then a.move_requested_at
      when a.status = 'confirmed' and a.move_status is not null then a.move_decided_at
      else a.decided_at
    end
  $$;

-- Claims up to p_limit mails of one kind that are due, oldest first, and answers their rows
-- (to_jsonb). Rows younger than p_grace_seconds are left to the visitor's own call (the
-- browser stores the request, then calls the function at once) and the action page's
-- press; for 'outcome' the grace period counts from when the state began. 'reminder'
-- claims the confirmed appointments on p_reminder_date not yet reminded.
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
        select a.id, coalesce(private.outcome_changed_at(a), a.created_at) as since from public.appointment_requests a
         where a.outcome_key is not null and a.outcome_mailed_for is distinct from a.outcome_key
           and coalesce(private.outcome_changed_at(a), a.created_at) < settled
           and (a.outcome_mail_claimed_at is null or a.outcome_mail_claimed_at < lapsed)
           and private.mail_due('outcome', a.id)
         order by 2 limit batch for update skip locked
      ), done as (
        update public.appointment_requests a set outcome_mail_claimed_at = now() from due
         where a.id = due.id and a.outcome_key is not null returning a.*
      )
      select coalesce(jsonb_agg(to_jsonb(done) order by due.since, done.id), '[]') into claimed
        from done join due on due.id = done.id;
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
-- row no longer exists. An 'outcome' is stale by outcome_key, counted from when its state
-- began; a reminder is given up once its appointment's day has come. Nothing is deleted:
-- the digest reports it, with the content.
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
       where a.outcome_key is not null and a.outcome_mailed_for is distinct from a.outcome_key
         and private.outcome_changed_at(a) < cutoff
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

-- A new state's mails start afresh. Failure records are keyed by (kind, request), not by
-- outcome_key: without this, an outcome the outbox gave up on (the confirmation, say)
-- would keep the next state's mails (the moved appointment) from ever being tried. When
-- the key changes, the old key's record goes; the new state's mails supersede it, and
-- their own failures are recorded and reported as before.
create function private.restart_outcome_delivery() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $$
  begin
    delete from public.mail_deliveries where kind = 'outcome' and ref_id = new.id;
    return null;
  end
  $$;

create trigger outcome_delivery_restarts
  after update on public.appointment_requests
  for each row when (old.outcome_key is distinct from new.outcome_key)
  execute function private.restart_outcome_delivery();

-- ---------------------------------------------------------------------------------------
-- 4. What the scheduled functions answered: the practice's digest lists the failures, and
-- a developer reads them here (cron.job_run_details only shows that pg_net queued the call).
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

-- Everything the digest says, as of p_now (jsonb; supabase/functions/_shared/database/
-- store.ts checks its shape): the undecided requests and the confirmed appointments whose
-- move the practice has still to decide, of the last 30 days (counted from the wish, not
-- from the request: a move of an old request is as new as the wish), oldest first (50 at
-- most, and how many in all); the confirmed appointments of today and tomorrow; what the
-- outbox gave up on and the digest has not reported yet (with the message itself; an
-- 'outcome' is undelivered while outcome_mailed_for differs from outcome_key); failed job
-- runs since the last digest; when send-pending-mail last ran.
create function public.practice_digest_data(p_now timestamptz default now()) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    with today as (select (p_now at time zone 'Europe/Zurich')::date as day),
    since as (
      select coalesce(max(d.finished_at), p_now - interval '1 day') as at
        from public.practice_digests d where d.outcome = 'sent'
    ),
    undecided as (
      select a.*, case when a.status = 'requested' then a.created_at else a.move_requested_at end as waiting_since
        from public.appointment_requests a
       where a.status = 'requested' or (a.status = 'confirmed' and a.move_status = 'requested')
    )
    select jsonb_build_object(
      'undecided', coalesce((
        select jsonb_agg(to_jsonb(u) - 'waiting_since' order by u.waiting_since) from (
          select * from undecided u
           where u.waiting_since > p_now - interval '30 days'
           order by u.waiting_since limit 50) u), '[]'),
      'undecidedTotal', (select count(*) from undecided u where u.waiting_since > p_now - interval '30 days'),
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
                 when 'outcome' then a.outcome_mailed_for is distinct from a.outcome_key
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

revoke all on function private.stamp_request_claims(), private.stamp_contact_claim(),
  private.record_failed_request_send(), private.record_failed_contact_send(),
  private.restart_outcome_delivery(),
  private.mail_due(text, uuid),
  private.outcome_changed_at(public.appointment_requests) from public;
grant execute on function private.mail_due(text, uuid),
  private.outcome_changed_at(public.appointment_requests) to service_role;

revoke all on function public.claim_appointment_notification(uuid, text, text, text, text, text, date, text, date, text, text, integer),
  public.finish_appointment_notification(uuid, uuid, boolean),
  public.claim_contact_notification(uuid, text, text, text, text, text),
  public.claim_contact_mail(uuid, text, text, text, text, text),
  public.finish_contact_notification(uuid, uuid, boolean),
  public.claim_outcome_mail(uuid),
  public.finish_outcome_mail(uuid, text, uuid, boolean),
  public.finish_reminder(uuid, uuid, boolean),
  public.record_mail_result(text, uuid, boolean, text),
  public.claim_pending_mail(text, integer, integer, date),
  public.give_up_stale_mail(integer, date),
  public.record_job_run(text, boolean, jsonb),
  public.claim_practice_digest(date, boolean),
  public.finish_practice_digest(date, text),
  public.practice_digest_data(timestamptz),
  public.mark_digest_reported(uuid[], jsonb) from public, anon, authenticated;
grant execute on function public.claim_appointment_notification(uuid, text, text, text, text, text, date, text, date, text, text, integer),
  public.finish_appointment_notification(uuid, uuid, boolean),
  public.claim_contact_notification(uuid, text, text, text, text, text),
  public.claim_contact_mail(uuid, text, text, text, text, text),
  public.finish_contact_notification(uuid, uuid, boolean),
  public.claim_outcome_mail(uuid),
  public.finish_outcome_mail(uuid, text, uuid, boolean),
  public.finish_reminder(uuid, uuid, boolean),
  public.record_mail_result(text, uuid, boolean, text),
  public.claim_pending_mail(text, integer, integer, date),
  public.give_up_stale_mail(integer, date),
  public.record_job_run(text, boolean, jsonb),
  public.claim_practice_digest(date, boolean),
  public.finish_practice_digest(date, text),
  public.practice_digest_data(timestamptz),
  public.mark_digest_reported(uuid[], jsonb) to service_role;
