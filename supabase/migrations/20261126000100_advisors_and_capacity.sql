-- The practice's real capacity: two advisors share one schedule, and each appointment
-- takes its service's length (supabase/functions/_shared/domain/capacity.ts is the rule;
-- docs/appointment-lifecycle.md, "Capacity and advisors").
--
-- 1. Every request records how long it takes (appointment_minutes, from its service when it
--    is stored) and, once confirmed, which advisor sees the visitor (advisor). The span it
--    occupies is a generated range on the practice's wall clock.
-- 2. The exclusion constraint advisor_one_at_a_time refuses two overlapping confirmed
--    appointments of one advisor, under any concurrency (SQLSTATE 23P01). With two
--    advisors the practice holds at most two appointments at once.
-- 3. decide_appointment and decide_appointment_move take the advisor (p_advisor); without
--    one they give the appointment to the first advisor free (the move: its own advisor
--    first). When nobody is free they answer 'advisor_busy' and change nothing – "free" as
--    capacity.ts counts it, appointments without an advisor included. Confirmations of one
--    day take their turns (a transaction-level advisory lock on the day), so that two at
--    once end in one 'changed' and one 'advisor_busy', never in a deadlock.
-- 4. The booking form asks appointment_start_times(day, service): per start time of that
--    day, free or taken, and nothing else. It replaces taken_appointment_slots, which
--    answered start times only (and for past dates).
-- 5. The edge functions read a span of the schedule with appointment_schedule (service role).
--
-- Appointments confirmed before this migration get an advisor here: in the order they were
-- confirmed, the first advisor free for their span. One that fits neither (the practice had
-- confirmed three at once) keeps advisor null; capacity.ts counts it as taking one of the
-- free advisors, the digest and the practice's feed list it without a name, and confirming
-- a move of it assigns one.

-- btree_gist lets one GiST index compare the advisor (=) and the span (&&). Hosted Supabase
-- offers it in schema extensions, like pgcrypto (Supabase docs, "Postgres Extensions").
create extension if not exists btree_gist with schema extensions;

-- 'HH:MM' → time. Immutable (the text → time cast is only stable), so the generated span
-- below may use it; the slot columns' checks allow only 'HH:MM' values.
create function private.clock(p_time text) returns time
  language sql immutable parallel safe
  set search_path = ''
  as $$ select make_time(substr(p_time, 1, 2)::integer, substr(p_time, 4, 2)::integer, 0) $$;

-- ---------------------------------------------------------------------------------------
-- 1. and 2. Who and how long. Not in anon's column grant: the site cannot set them.
alter table public.appointment_requests
  add column advisor text
    constraint advisor_valid check (advisor is null or advisor = any (private.advisor_ids())),
  add column appointment_minutes integer
    constraint appointment_minutes_valid check (appointment_minutes is null or appointment_minutes between 5 and 600);

-- The service's length, kept with the request: a later change of the catalogue does not
-- stretch appointments already made. An unknown service (a booking entered by hand) counts
-- as the longest consultation, 60 minutes, unless a length is given.
create function private.set_appointment_minutes() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $$
  begin
    new.appointment_minutes := coalesce(new.appointment_minutes, private.service_minutes(new.service), 60);
    return new;
  end
  $$;

create trigger appointment_minutes_from_service
  before insert on public.appointment_requests
  for each row execute function private.set_appointment_minutes();

update public.appointment_requests
   set appointment_minutes = coalesce(private.service_minutes(service), 60)
 where appointment_minutes is null;
alter table public.appointment_requests alter column appointment_minutes set not null;

-- The span a confirmed (or cancelled) appointment occupies on the practice's wall clock,
-- [start, start + length). Wall-clock time: the slots are daytime, far from a change of
-- summer time, and the practice's day is the only one counted.
alter table public.appointment_requests
  add column occupies tsrange generated always as (
    case when confirmed_date is not null and confirmed_time is not null then
      tsrange(confirmed_date + private.clock(confirmed_time),
              confirmed_date + private.clock(confirmed_time) + make_interval(mins => appointment_minutes))
    end
  ) stored;

alter table public.appointment_requests
  add constraint advisor_one_at_a_time
    exclude using gist (advisor with =, occupies with &&) where (status = 'confirmed');

-- Existing confirmed appointments, in the order they were confirmed: the first advisor
-- free for the span (see the header for the ones that fit neither).
do $$
declare
  appointment record;
  candidate text;
begin
  for appointment in
    select a.id from public.appointment_requests a
     where a.status = 'confirmed' and a.advisor is null
     order by a.decided_at nulls first, a.created_at, a.id
  loop
    foreach candidate in array private.advisor_ids() loop
      begin
        update public.appointment_requests set advisor = candidate where id = appointment.id;
        exit;
      exception when exclusion_violation then
        null;
      end;
    end loop;
  end loop;
end
$$;

-- A confirmation, or a moved slot, needs an advisor. A trigger, not a check: the
-- appointments of the header that fit no advisor stay valid (their reminder, a cancel).
create function private.require_advisor() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  begin
    if new.status = 'confirmed' and new.advisor is null
       and (tg_op = 'INSERT' or old.status is distinct from 'confirmed'
            or old.confirmed_date is distinct from new.confirmed_date
            or old.confirmed_time is distinct from new.confirmed_time) then
      raise exception using
        errcode = 'not_null_violation',
        column = 'advisor',
        message = 'a confirmed appointment needs an advisor (appointment_requests.advisor)';
    end if;
    return new;
  end
  $$;

create trigger confirmed_appointment_has_advisor
  before insert or update on public.appointment_requests
  for each row execute function private.require_advisor();

-- ---------------------------------------------------------------------------------------
-- 3. Deciding with an advisor.

-- Whether someone is free for p_minutes from p_time on p_day, as spanAvailability in
-- capacity.ts: an advisor none of whose confirmed appointments overlaps, and more of them
-- than overlapping appointments without an advisor. p_except: the appointment itself (a move).
create function private.someone_free(p_day date, p_time text, p_minutes integer, p_except uuid default null)
  returns boolean
  language sql stable
  security definer
  set search_path = ''
  as $$
    with span as (
      select tsrange(p_day + private.clock(p_time), p_day + private.clock(p_time) + make_interval(mins => p_minutes)) as r
    ), overlapping as (
      select a.advisor from public.appointment_requests a, span
       where a.status = 'confirmed' and a.occupies && span.r and a.id is distinct from p_except
    )
    select cardinality(array(
             select unnest(private.advisor_ids())
             except
             select o.advisor from overlapping o where o.advisor is not null))
           > (select count(*) from overlapping o where o.advisor is null)
  $$;

-- Confirmations of one day take their turns, until the deciding transaction ends. Without
-- this, two transactions confirming overlapping spans for one advisor at once can each wait
-- for the other's uncommitted entry in the exclusion constraint's index, and PostgreSQL
-- ends one with a deadlock (40P01) instead of an exclusion_violation the functions turn
-- into 'advisor_busy'. And private.someone_free reads a count that a concurrent
-- confirmation could change between the check and the update. The key: the day (a slot
-- starts by 20:00, the longest service takes two hours), beside a fixed first key of its own.
create function private.lock_schedule_day(p_day date) returns void
  language sql
  set search_path = ''
  as $$ select pg_advisory_xact_lock(20261126, p_day - date '2000-01-01') $$;

-- The advisors to try, in order: the one asked for, else everyone (p_first first).
create function private.advisor_candidates(p_advisor text, p_first text default null) returns text[]
  language plpgsql immutable
  set search_path = ''
  as $$
  begin
    if p_advisor is not null then
      if not (p_advisor = any (private.advisor_ids())) then
        raise exception 'unknown advisor %', p_advisor using errcode = '22023';
      end if;
      return array[p_advisor];
    end if;
    if p_first is null then
      return private.advisor_ids();
    end if;
    return array[p_first] || array_remove(private.advisor_ids(), p_first);
  end
  $$;

-- Confirm (with the slot and the advisor) or decline (with an optional note) a request that
-- is still open. 'changed': this call decided it (a confirmation without p_advisor gives it
-- to the first advisor free). 'unchanged': already decided the same way (the same slot; a
-- decline whatever its note). 'advisor_busy': the advisor asked for – or, without one,
-- every advisor – has an overlapping appointment; nothing changed. 'conflict': decided
-- otherwise, or cancelled. 'not_found'. Replaces the five-argument function of
-- 20261124000100_outbox_and_digest.sql (a new argument needs a new signature).
drop function public.decide_appointment(uuid, text, date, text, text);
create function public.decide_appointment(
  p_id uuid,
  p_decision text,
  p_date date default null,
  p_time text default null,
  p_note text default null,
  p_advisor text default null
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
    candidate text;
    candidates text[] := array[null::text];
    minutes integer;
    busy boolean := false;
  begin
    if p_decision is null or p_decision not in ('confirm', 'decline') then
      raise exception 'decision must be confirm or decline' using errcode = '22023';
    end if;
    if p_decision = 'confirm' and (p_date is null or p_time is null) then
      raise exception 'a confirmation needs a date and a time' using errcode = '22023';
    end if;
    if p_decision = 'decline' and p_advisor is not null then
      raise exception 'a decline takes no advisor' using errcode = '22023';
    end if;
    if p_decision = 'confirm' then
      candidates := private.advisor_candidates(p_advisor);
      perform private.lock_schedule_day(p_date);
      -- The constraint sees the advisors' own appointments; the ones without an advisor
      -- each take one of the free advisors (capacity.ts), which only this count sees. A
      -- time that is no slot is left to the column's check (23514).
      select a.appointment_minutes into minutes from public.appointment_requests a where a.id = p_id and a.status = 'requested';
      if found and private.is_time_slot(p_time) and not private.someone_free(p_date, p_time, minutes, p_id) then
        busy := true;
        candidates := '{}';
      end if;
    end if;
    foreach candidate in array candidates loop
      begin
        update public.appointment_requests a
          set status = case p_decision when 'confirm' then 'confirmed' else 'declined' end,
              confirmed_date = case p_decision when 'confirm' then p_date end,
              confirmed_time = case p_decision when 'confirm' then p_time end,
              advisor = candidate,
              staff_note = case p_decision when 'decline' then nullif(btrim(p_note), '') end,
              calendar_sequence = a.calendar_sequence + case p_decision when 'confirm' then 1 else 0 end,
              decided_at = now(),
              reminded_at = case when p_decision = 'confirm' and p_date <= private.practice_today() + 1 then now() end
          where a.id = p_id and a.status = 'requested'
          returning a.* into r;
        if found then
          return private.lifecycle_answer('changed', r);
        end if;
        exit;
      exception when exclusion_violation then
        busy := true;
      end;
    end loop;
    select * into r from public.appointment_requests a where a.id = p_id;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    if (p_decision = 'confirm' and r.status = 'confirmed' and r.confirmed_date = p_date and r.confirmed_time = p_time)
       or (p_decision = 'decline' and r.status = 'declined') then
      return private.lifecycle_answer('unchanged', r);
    end if;
    if busy and r.status = 'requested' then
      return private.lifecycle_answer('advisor_busy', r);
    end if;
    return private.lifecycle_answer('conflict', r);
  end
  $$;

-- The practice confirms or declines move number p_move, as in
-- 20261125000100_availability_and_moves.sql; a confirmation now also takes the advisor
-- (p_advisor; without one the appointment's own advisor if free, else the other) and
-- answers 'advisor_busy' when nobody is free for the new slot.
drop function public.decide_appointment_move(uuid, integer, text, text);
create function public.decide_appointment_move(
  p_id uuid,
  p_move integer,
  p_decision text,
  p_note text default null,
  p_advisor text default null
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    r public.appointment_requests;
    confirm boolean := p_decision = 'confirm';
    decided text := case when p_decision = 'confirm' then 'confirmed' else 'declined' end;
    candidate text;
    candidates text[];
    busy boolean := false;
  begin
    if p_decision is null or p_decision not in ('confirm', 'decline') then
      raise exception 'decision must be confirm or decline' using errcode = '22023';
    end if;
    if not confirm and p_advisor is not null then
      raise exception 'a decline takes no advisor' using errcode = '22023';
    end if;
    select * into r from public.appointment_requests a where a.id = p_id;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    candidates := case when confirm then private.advisor_candidates(p_advisor, r.advisor) else array[r.advisor] end;
    if confirm and r.status = 'confirmed' and r.move_status = 'requested' and r.move_count = p_move then
      -- As in decide_appointment: the wished day's turn, and the appointments without an advisor.
      perform private.lock_schedule_day(r.move_date);
      if not private.someone_free(r.move_date, r.move_time, r.appointment_minutes, p_id) then
        busy := true;
        candidates := '{}';
      end if;
    end if;
    foreach candidate in array candidates loop
      begin
        update public.appointment_requests a
          set move_status = decided,
              move_decided_at = now(),
              moved_from_date = case when confirm then a.confirmed_date else a.moved_from_date end,
              moved_from_time = case when confirm then a.confirmed_time else a.moved_from_time end,
              confirmed_date = case when confirm then a.move_date else a.confirmed_date end,
              confirmed_time = case when confirm then a.move_time else a.confirmed_time end,
              advisor = case when confirm then candidate else a.advisor end,
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
        exit;
      exception when exclusion_violation then
        busy := true;
      end;
    end loop;
    select * into r from public.appointment_requests a where a.id = p_id;
    if not found then
      return jsonb_build_object('result', 'not_found');
    end if;
    if r.status = 'confirmed' and r.move_count = p_move and r.move_status = decided then
      return private.lifecycle_answer('unchanged', r);
    end if;
    if busy and r.status = 'confirmed' and r.move_count = p_move and r.move_status = 'requested' then
      return private.lifecycle_answer('advisor_busy', r);
    end if;
    return private.lifecycle_answer('conflict', r);
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 4. What the booking form may know: for each start time of p_day, whether an advisor is
-- free for the service's whole length (p_service: its value, e.g. 'schlafberatung'), as
-- [{"time": "09:00", "free": true}, …] in the day's order. Nothing else: no names, no
-- advisors, no other appointment's length. Today and later only (an empty list for an
-- earlier day, and for a day the practice is closed); an unknown service is 22023.
create function public.appointment_start_times(p_day date, p_service text) returns jsonb
  language plpgsql stable
  security definer
  set search_path = ''
  as $$
  declare
    minutes integer := private.service_minutes(p_service);
    today date := private.practice_today();
  begin
    if minutes is null then
      raise exception 'unknown service %', p_service using errcode = '22023',
        hint = 'p_service is a service''s value: schlafberatung, follow-up or beratung-zuhause';
    end if;
    if p_day is null or p_day < today or p_day > today + 400
       or private.holiday_name(p_day) is not null or private.is_closure(p_day) then
      return '[]'::jsonb;
    end if;
    return coalesce((
      select jsonb_agg(jsonb_build_object('time', t.slot, 'free', private.someone_free(p_day, t.slot, minutes)) order by t.position)
        from unnest(private.opening_times(p_day)) with ordinality as t(slot, position)
    ), '[]'::jsonb);
  end
  $$;

drop function public.taken_appointment_slots(date, integer);

-- ---------------------------------------------------------------------------------------
-- 5. The schedule between two days (inclusive, at most 800 days): every confirmed and
-- cancelled appointment with its advisor and span, by day and time. For the edge functions
-- (the confirm page's advisors, the calendar feeds); the service role only.
create function public.appointment_schedule(p_from date, p_to date) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(to_jsonb(a) - 'occupies' order by a.confirmed_date, a.confirmed_time, a.id), '[]'::jsonb)
      from public.appointment_requests a
     where a.status in ('confirmed', 'cancelled')
       and a.confirmed_date between p_from and least(p_to, p_from + 800)
  $$;

-- ---------------------------------------------------------------------------------------
-- Privileges.
revoke all on function private.clock(text),
  private.set_appointment_minutes(),
  private.require_advisor(),
  private.lock_schedule_day(date),
  private.someone_free(date, text, integer, uuid),
  private.advisor_candidates(text, text) from public;
grant execute on function private.clock(text),
  private.lock_schedule_day(date),
  private.someone_free(date, text, integer, uuid),
  private.advisor_candidates(text, text) to service_role;
-- The generated span and the advisor's check are computed with the inserting role's
-- privileges (anon's too, as for the form's other checks).
grant execute on function private.clock(text), private.advisor_ids() to anon, authenticated;

revoke all on function public.decide_appointment(uuid, text, date, text, text, text),
  public.decide_appointment_move(uuid, integer, text, text, text),
  public.appointment_start_times(date, text),
  public.appointment_schedule(date, date) from public, anon, authenticated;
grant execute on function public.decide_appointment(uuid, text, date, text, text, text),
  public.decide_appointment_move(uuid, integer, text, text, text),
  public.appointment_start_times(date, text),
  public.appointment_schedule(date, date) to service_role;
grant execute on function public.appointment_start_times(date, text) to anon, authenticated;
