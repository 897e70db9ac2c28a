-- The practice's availability, and the visitor moves an appointment
-- (docs/appointment-lifecycle.md).
--
-- 1. Closures: the days the practice is away (a training, illness, its own holidays) are
--    rows of public.practice_closures, entered in Supabase's Table Editor; only the
--    service role reads them, anon learns their dates through practice_closed_days.
-- 2. The booking rules (generated from domain/availability.ts into
--    20261125000000_availability_rules.sql) decide private.booking_refusal, the same
--    reasons in the same order as the TS bookingRefusal. The site's REST insert (anon) is
--    refused for a slot they refuse; the service role and postgres may enter any day (a
--    booking taken by phone, test fixtures).
-- 3. A move: the visitor asks for another slot of a confirmed appointment
--    (request_appointment_move), the practice confirms or declines it
--    (decide_appointment_move). Each change is one conditional UPDATE from the state it
--    expects, as in 20261123000300_appointment_lifecycle.sql; the confirmed slot stays
--    until the practice confirms the move, and a move link names its move number, so an
--    old link never acts on a later wish.
-- 4. The visitor's mails follow outcome_key (a generated column) instead of status: every
--    state of a move has mails of its own, once each.
--
-- Refusals of the insert, as the API reports them (PostgREST and the local stack alike):
--   a slot the rules refuse   23514 check_violation → HTTP 400, constraint
--   preferred_date_bookable / alternative_date_bookable, DETAIL '<column>:<reason>'.

-- ---------------------------------------------------------------------------------------
-- 1. Closures.
create table public.practice_closures (
  id bigint generated always as identity primary key,
  first_day date not null,
  last_day date not null,
  -- For the practice itself (why it is closed); never shown to visitors.
  note text constraint note_length check (note is null or char_length(note) <= 500),
  created_at timestamptz not null default now(),
  constraint days_in_order check (last_day >= first_day),
  -- A year at most per row: a typo in the year should not close the practice for a decade.
  constraint at_most_a_year check (last_day - first_day <= 366)
);
comment on table public.practice_closures is
  'Days the practice is closed besides Sundays and public holidays (a training, illness, holidays): '
  'one row per period, first_day to last_day inclusive. Added in Supabase''s Table Editor; the '
  'booking form offers none of these days. Only the service role reads it; the site learns the dates '
  'through practice_closed_days, never the note.';

alter table public.practice_closures enable row level security;
revoke all on public.practice_closures from public, anon, authenticated;
grant all on public.practice_closures to service_role;

-- Whether a closure covers the day. Security definer: it answers only yes or no, and the
-- insert trigger and the service role's functions both ask it.
create function private.is_closure(p_day date) returns boolean
  language sql stable
  security definer
  set search_path = ''
  as $$
    select exists (select 1 from public.practice_closures c where p_day between c.first_day and c.last_day)
  $$;

-- ---------------------------------------------------------------------------------------
-- 2. The rules.

-- The first and last bookable day for a request made on p_created_day (the retention
-- deletes it 12 months after; a move keeps it inside), as bookingWindow. Adding months
-- clamps to the month's last day ('2026-08-31' + 6 months = '2027-02-28'), as addMonths.
create function private.booking_window(p_today date, p_created_day date, out first_day date, out last_day date)
  language sql stable parallel safe
  set search_path = ''
  as $$
    select p_today + private.booking_earliest_days(),
           least((p_today + make_interval(months => private.booking_horizon_months()))::date,
                 (coalesce(p_created_day, p_today) + make_interval(months => private.booking_retention_months()))::date - 1)
  $$;

-- Why the slot cannot be booked, or null: 'too_soon', 'too_far', 'closed' (a holiday, a
-- closed weekday or a closure), 'time_not_offered' (a time given that the day does not
-- offer) – in this order, as bookingRefusal in domain/availability.ts.
create function private.booking_refusal(p_day date, p_time text, p_today date, p_created_day date) returns text
  language sql stable
  set search_path = ''
  as $$
    select case
      when p_day < w.first_day then 'too_soon'
      when p_day > w.last_day then 'too_far'
      when private.holiday_name(p_day) is not null
        or cardinality(private.opening_times(p_day)) = 0
        or private.is_closure(p_day) then 'closed'
      when p_time is not null and not (p_time = any (private.opening_times(p_day))) then 'time_not_offered'
    end
    from private.booking_window(p_today, p_created_day) w
  $$;

-- The site's insert: its preferred and alternative slot must be bookable today. Runs as
-- its owner (anon has no USAGE on schema private); the trigger's WHEN clause, evaluated as
-- the inserting role, limits it to the API's public roles. The past-date rule of
-- 20261122000000_form_submissions.sql still holds for everyone, and fires first (triggers
-- fire in name order), so a past date keeps its own refusal.
create function private.reject_unbookable_appointment_slots() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $$
  declare
    today date := private.practice_today();
    w record;
    slot record;
    refusal text;
  begin
    select * into w from private.booking_window(today, today);
    for slot in
      select 'preferred' as name, new.preferred_date as day, new.preferred_time as clock
      union all
      select 'alternative', new.alternative_date, new.alternative_time where new.alternative_date is not null
    loop
      refusal := private.booking_refusal(slot.day, slot.clock, today, today);
      if refusal is not null then
        raise exception using
          errcode = 'check_violation',
          constraint = slot.name || '_date_bookable',
          detail = slot.name || case refusal when 'time_not_offered' then '_time:' else '_date:' end || refusal,
          message = case refusal
            when 'too_soon' then format('%s_date %s is too soon: the earliest bookable day is %s',
              slot.name, to_char(slot.day, 'YYYY-MM-DD'), to_char(w.first_day, 'YYYY-MM-DD'))
            when 'too_far' then format('%s_date %s is too far ahead: the latest bookable day is %s',
              slot.name, to_char(slot.day, 'YYYY-MM-DD'), to_char(w.last_day, 'YYYY-MM-DD'))
            when 'closed' then format('%s_date %s is a day the practice is closed',
              slot.name, to_char(slot.day, 'YYYY-MM-DD'))
            else format('%s_time %s is not offered on %s_date %s',
              slot.name, slot.clock, slot.name, to_char(slot.day, 'YYYY-MM-DD'))
          end;
      end if;
    end loop;
    return new;
  end
  $$;

create trigger appointment_slots_bookable
  before insert on public.appointment_requests
  for each row
  when (current_user in ('anon', 'authenticated'))
  execute function private.reject_unbookable_appointment_slots();

-- The days closures cover from p_from on, for p_days days (at most 200: the horizon and a
-- little more), as a sorted JSON array of 'YYYY-MM-DD'. Dates only, never the note.
-- Security definer, because anon may not read the table; anon may call it.
create function public.practice_closed_days(p_from date, p_days integer default 200) returns jsonb
  language sql stable
  security definer
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(to_char(d.day, 'YYYY-MM-DD') order by d.day), '[]'::jsonb)
      from (select p_from + i as day from generate_series(0, least(greatest(p_days, 0), 200) - 1) i) d
      where exists (select 1 from public.practice_closures c where d.day between c.first_day and c.last_day)
  $$;

-- ---------------------------------------------------------------------------------------
-- 3. Moves. Not in anon's column grant: the site cannot set them.
alter table public.appointment_requests
  -- The latest wish to move: null (never asked), requested (the practice has to decide),
  -- confirmed (the appointment moved to move_date/move_time) or declined (it stayed).
  add column move_status text
    constraint move_status_valid check (move_status in ('requested', 'confirmed', 'declined')),
  add column move_date date,
  add column move_time text
    constraint move_time_valid check (move_time is null or private.is_time_slot(move_time)),
  -- How many moves were asked for; a move link carries the number it was made for.
  add column move_count integer not null default 0,
  add column move_requested_at timestamptz,
  add column move_decided_at timestamptz,
  -- The slot before the last confirmed move (the visitor's mail says it is off).
  add column moved_from_date date,
  add column moved_from_time text,
  add constraint move_slot_when_moving check (move_status is null or (move_date is not null and move_time is not null));

-- 4. Which visitor-facing state's mails are due: null while the request is open; then
-- 'confirmed', 'declined', 'cancelled', and for a confirmed appointment's latest move
-- 'move-requested:<n>', 'move-declined:<n>', 'moved:<n>'. outcome_mailed_for holds the
-- key whose mails went out (its older values 'confirmed' / 'declined' / 'cancelled' are
-- keys). move_count::text, not text || integer: that operator is only stable, and a
-- generated column needs an immutable expression (PostgreSQL 15 and PGlite alike).
alter table public.appointment_requests
  add column outcome_key text generated always as (
    case status
      when 'declined' then 'declined'
      when 'cancelled' then 'cancelled'
      when 'confirmed' then case
        when move_status is null then 'confirmed'
        when move_status = 'requested' then 'move-requested:' || move_count::text
        when move_status = 'declined' then 'move-declined:' || move_count::text
        else 'moved:' || move_count::text
      end
    end
  ) stored;

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

-- The visitor asks to move a confirmed appointment to p_date at p_time. Answers
-- {result, request} (request: the row as it is now):
--   'changed'       the wish is stored (move_status 'requested', move_count + 1);
--   'unchanged'     this very slot is asked for already (a second press);
--   'move_pending'  another wish is still undecided;
--   'too_late'      the appointment starts within p_min_notice (the cancel cut-off);
--   'unavailable'   with 'reason': 'same_slot' (the confirmed slot itself) or the rules'
--                   refusal (the window counts from today, the retention from the request's day);
--   'conflict'      not confirmed (open, declined, cancelled); 'not_found'.
-- The UPDATE expects what it read (confirmed, no wish pending, the same slot); a lost race
-- is answered as a fresh read answers.
create function public.request_appointment_move(p_id uuid, p_date date, p_time text, p_min_notice interval default interval '24 hours')
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
    refusal text;
  begin
    if p_date is null or p_time is null then
      raise exception 'a move needs a date and a time' using errcode = '22023';
    end if;
    for attempt in 1..3 loop
      select * into r from public.appointment_requests a where a.id = p_id;
      if not found then
        return jsonb_build_object('result', 'not_found');
      end if;
      if r.status <> 'confirmed' then
        return private.lifecycle_answer('conflict', r);
      end if;
      if r.move_status = 'requested' then
        return private.lifecycle_answer(
          case when r.move_date = p_date and r.move_time = p_time then 'unchanged' else 'move_pending' end, r);
      end if;
      if private.appointment_starts_at(r) <= now() + p_min_notice then
        return private.lifecycle_answer('too_late', r);
      end if;
      refusal := case when p_date = r.confirmed_date and p_time = r.confirmed_time then 'same_slot'
        else private.booking_refusal(p_date, p_time, private.practice_today(), (r.created_at at time zone 'Europe/Zurich')::date) end;
      if refusal is not null then
        return private.lifecycle_answer('unavailable', r) || jsonb_build_object('reason', refusal);
      end if;
      update public.appointment_requests a
        set move_status = 'requested', move_date = p_date, move_time = p_time, move_count = a.move_count + 1,
            move_requested_at = now(), move_decided_at = null
        where a.id = p_id and a.status = 'confirmed' and a.move_status is distinct from 'requested'
          and a.confirmed_date = r.confirmed_date and a.confirmed_time = r.confirmed_time
        returning a.* into r;
      if found then
        return private.lifecycle_answer('changed', r);
      end if;
    end loop;
    return private.lifecycle_answer('conflict', r);
  end
  $$;

-- The practice confirms or declines move number p_move (the number its link carries).
-- Confirm: the wished slot becomes the appointment (the old one is kept in moved_from_*
-- and is free again), the calendar sequence is raised, and the reminder starts afresh –
-- the confirmation is the reminder when the new day is today or tomorrow, as in
-- decide_appointment. Decline: the appointment stays, with the practice's note (optional,
-- blank counts as none). 'changed'; 'unchanged' (this move was decided so already);
-- 'conflict' (decided the other way, a later move, not confirmed); 'not_found'. The
-- rules are not checked: the practice may confirm any slot (the function warns it).
create function public.decide_appointment_move(p_id uuid, p_move integer, p_decision text, p_note text default null)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
    confirm boolean := p_decision = 'confirm';
    decided text := case when p_decision = 'confirm' then 'confirmed' else 'declined' end;
  begin
    if p_decision is null or p_decision not in ('confirm', 'decline') then
      raise exception 'decision must be confirm or decline' using errcode = '22023';
    end if;
    update public.appointment_requests a
      set move_status = decided,
          move_decided_at = now(),
          moved_from_date = case when confirm then a.confirmed_date else a.moved_from_date end,
          moved_from_time = case when confirm then a.confirmed_time else a.moved_from_time end,
          confirmed_date = case when confirm then a.move_date else a.confirmed_date end,
          confirmed_time = case when confirm then a.move_time else a.confirmed_time end,
          calendar_sequence = a.calendar_sequence + case when confirm then 1 else 0 end,
          reminder_claimed_at = case when confirm then null else a.reminder_claimed_at end,
          reminded_at = case
            when not confirm then a.reminded_at
            when a.move_date <= private.practice_today() + 1 then now()
          end,
          staff_note = case when confirm then a.staff_note else nullif(btrim(p_note), '') end
      where a.id = p_id and a.status = 'confirmed' and a.move_status = 'requested' and a.move_count = p_move
      returning a.* into r;
    if found then
      return private.lifecycle_answer('changed', r);
    end if;
    select * into r from public.appointment_requests a where a.id = p_id;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    if r.status = 'confirmed' and r.move_count = p_move
       and r.move_status = decided then
      return private.lifecycle_answer('unchanged', r);
    end if;
    return private.lifecycle_answer('conflict', r);
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 4. The visitor's mails by outcome_key. The functions below compared outcome_mailed_for
-- with status; they are replaced with the same signatures (their grants stay), otherwise
-- unchanged. finish_outcome_mail's second argument is renamed to the key it records, which
-- Postgres allows only by dropping it.

-- 'claimed' with the row when the current state's mail has not gone out and nobody is
-- sending it now (a claim older than 2 minutes counts as abandoned), else
-- 'already_notified' or 'in_progress'; 'nothing_to_send' while there is no key; 'not_found'.
create or replace function public.claim_outcome_mail(p_id uuid) returns jsonb
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

-- Ends a claim: p_sent records the mails of p_key (the key they were written for; if the
-- request changed meanwhile, its own mails are still to send); not sent releases the claim.
drop function public.finish_outcome_mail(uuid, text, boolean);
create function public.finish_outcome_mail(p_id uuid, p_key text, p_sent boolean) returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    update public.appointment_requests a
      set outcome_mail_claimed_at = null,
          outcome_mailed_for = case when p_sent then p_key else a.outcome_mailed_for end
      where a.id = p_id
  $$;

-- As in 20261124000100_outbox_and_digest.sql; 'outcome' now claims by outcome_key, and the
-- grace period counts from when that state began.
create or replace function public.claim_pending_mail(
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

-- As in 20261124000100_outbox_and_digest.sql; an 'outcome' is stale by outcome_key, counted
-- from when its state began.
create or replace function public.give_up_stale_mail(p_after_seconds integer default 259200, p_today date default null)
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

-- As in 20261124000100_outbox_and_digest.sql, with two changes: 'undecided' also lists the
-- confirmed appointments whose move the practice has still to decide (counted from the
-- wish, not from the request: a move of an old request is as new as the wish), and an
-- 'outcome' the outbox gave up on is still undelivered while outcome_mailed_for differs
-- from outcome_key.
create or replace function public.practice_digest_data(p_now timestamptz default now()) returns jsonb
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

-- ---------------------------------------------------------------------------------------
-- Privileges. The private helpers: the service role's functions call them as the service
-- role (security invoker); the trigger and practice_closed_days run as their owner.
revoke all on function private.is_closure(date),
  private.booking_window(date, date),
  private.booking_refusal(date, text, date, date),
  private.reject_unbookable_appointment_slots(),
  private.outcome_changed_at(public.appointment_requests) from public;
grant execute on function private.is_closure(date),
  private.booking_window(date, date),
  private.booking_refusal(date, text, date, date),
  private.outcome_changed_at(public.appointment_requests) to service_role;

-- The public functions: the service role only, except practice_closed_days (the booking
-- form asks it, as it asks taken_appointment_slots).
revoke all on function public.practice_closed_days(date, integer),
  public.request_appointment_move(uuid, date, text, interval),
  public.decide_appointment_move(uuid, integer, text, text),
  public.finish_outcome_mail(uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.practice_closed_days(date, integer),
  public.request_appointment_move(uuid, date, text, interval),
  public.decide_appointment_move(uuid, integer, text, text),
  public.finish_outcome_mail(uuid, text, boolean) to service_role;
grant execute on function public.practice_closed_days(date, integer) to anon;

-- ---------------------------------------------------------------------------------------
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
revoke all on function private.restart_outcome_delivery() from public;

create trigger outcome_delivery_restarts
  after update on public.appointment_requests
  for each row when (old.outcome_key is distinct from new.outcome_key)
  execute function private.restart_outcome_delivery();
