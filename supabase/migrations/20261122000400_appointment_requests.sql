-- Appointment requests and appointments (docs/backend.md, docs/appointment-lifecycle.md):
-- the table, the rules every field is held to, row-level security, what the database itself
-- enforces on the site's insert whatever a caller sends to the API
-- (docs/security-and-limits.md says what is promised and why), and the functions that
-- change a request over its life: the practice's decision, the visitor's cancellation and
-- moves, the advisors' capacity.
--
-- The booking's REST insert is held to the function's rules: whatever a caller sends to
-- /rest/v1 with the site's key, the database stores only what send-appointment-email
-- would accept, counts it against the same per-client limit, and binds it to the form
-- proof the browser solved:
--
-- 1. One rule per field, as the functions and the form have it
--    (supabase/functions/_shared/domain/field-rules.ts, generated into
--    20261122000100_rules.sql; tests/integration/contract.test.ts compares them code point
--    by code point and address by address).
-- 2. One appointment request per anon request: a JSON array of rows is refused (the
--    policy's guard cannot see other rows of the same statement, so an array could store
--    hundreds at once).
-- 3. The insert needs the form proof the browser solved for send-appointment-email, in the
--    request header `x-form-proof` (base64url of the JSON `{ challenge, solution }` that the
--    function receives as `altcha`). Postgres checks it before the row is stored: the
--    challenge's signature (HMAC with the functions' FORM_PROOF_SECRET, read from Supabase
--    Vault as 'form_proof_secret'), its expiry, the function it was issued for and the
--    solution (the derived key's signature); then it binds the proof to the row's id
--    (public.used_form_proofs, …_limits_and_proofs.sql), so it stores one row at most. The function then accepts
--    the same proof for that request's e-mail.
-- 4. The insert's limits are the functions': per client RATE_LIMIT_MAX (5) in
--    RATE_LIMIT_WINDOW_SECONDS (600; IPv6 per /64) and per client network (IPv6 per /48)
--    the smaller of RATE_LIMIT_DAILY_MAX (20) and a twentieth of DAILY_MAIL_CAP (200) a
--    day: 10. No limit per e-mail address: a limit that refuses an address answers
--    whether the address was used a moment ago, to anyone who asks. What one mailbox
--    receives is bounded by the acknowledgement's limits (one an hour per mailbox), what
--    the practice receives by the daily cap. The limits count under advisory locks, so
--    concurrent inserts cannot all pass them.
-- 5. A proof remembers what the limits said about its request: a request refused by a
--    limit is refused again when it is sent again (until the limit's window has passed,
--    when it is counted afresh); only one that passed is let through without counting.
-- 6. anon has no USAGE on schema private: check constraints and the policy refer to their
--    functions by OID (no name lookup, so no USAGE needed); function bodies anon runs that
--    name a private function run as their owner.
--
-- Refusals and their SQLSTATEs, as the API reports them (PostgREST and the local stack
-- map them alike, scripts/stack/api-error.ts):
--   a value the rules refuse                    23514 check_violation, constraint named → HTTP 400
--   a date that is no day                       23514, constraint preferred_date_is_a_day / …
--   more than one row in an anon insert         23514 check_violation                   → HTTP 400
--   no proof, a forged, expired or foreign one  42501 insufficient_privilege            → HTTP 401
--   a proof already used for another request    42501                                   → HTTP 401
--   a per-client limit reached                  42501 (RLS policy)                      → HTTP 401

-- After the insert:
--
-- 1. Bookable slots. The slot rules (generated from domain/availability.ts into
--    …_rules.sql) decide private.slot_refusal_reason, the same reasons in the same order as the
--    TS slotRefusalReason; the days the practice is away are …_closures.sql's. The site's REST
--    insert (anon) is refused for a slot the rules refuse; the service role and postgres
--    may enter any day (a booking taken by phone, test fixtures).
-- 2. The lifecycle: a request is confirmed or declined by the practice, a confirmed one
--    can be cancelled by the visitor until a notice period before it starts. Each change
--    happens in one conditional UPDATE from the state it expects, so pressing a button
--    twice, or confirm and cancel at the same moment, ends in one consistent state; the
--    answer says whether this call changed it, found it already so, or found it
--    otherwise. The mails a new state owes (its outcome_key) are outbox rows, written by
--    the trigger of …_outbox.sql in the same transaction.
-- 3. A move: the visitor asks for another slot of a confirmed appointment
--    (request_appointment_move), the practice confirms or declines it
--    (decide_appointment_move). The confirmed slot stays until the practice confirms the
--    move, and a move link names its move number, so an old link never acts on a later wish.
-- 4. Capacity (supabase/functions/_shared/domain/capacity.ts is the rule; «Capacity and
--    advisors»): two advisors share one schedule, and each appointment takes its service's
--    length. Every request records how long it takes (appointment_minutes) and, once
--    confirmed, which advisor sees the visitor (advisor); the exclusion constraint
--    advisor_one_at_a_time (below) refuses two overlapping confirmed appointments of
--    one advisor. decide_appointment and decide_appointment_move take the advisor
--    (p_advisor); without one they give the appointment to the first advisor free (the
--    move: its own advisor first). When nobody is free they answer 'advisor_busy' and
--    change nothing – "free" as capacity.ts counts it, appointments without an advisor
--    included (one can only be left so by hand: capacity.ts counts it as taking one of the
--    free advisors, the digest and the practice's feed list it without a name, and
--    confirming a move of it assigns one).
-- 5. What the site and the functions read: appointment_start_times (the booking form: per
--    start time of a day, free or taken, nothing else), practice_closed_days (the booking
--    form), appointment_schedule and get_appointment_request (the service role).
--
-- The functions are for the service role only, except appointment_start_times and
-- practice_closed_days, which answer dates and times.
--
-- Refusals of the insert, as the API reports them (PostgREST and the local stack alike):
--   a slot the rules refuse   23514 check_violation → HTTP 400, constraint
--   preferred_date_bookable / alternative_date_bookable, DETAIL '<column>:<reason>'.

-- ---------------------------------------------------------------------------------------
-- 1. The field rules (characters, the address grammar, lengths, service labels, time
-- slots) are functions in schema private, generated from the domain module together with
-- their privileges (20261122000100_rules.sql, `npm run db:rules`). The CHECKs below call
-- them; no rule's literal is written here.

-- ---------------------------------------------------------------------------------------
-- The table. One row per appointment request, for all of its life: the columns after the
-- visitor's own are set by the functions below, never by the site (anon's column grant
-- names the visitor's columns only). What mails it owes are rows of the outbox
-- (…_outbox.sql), not columns here.

create table public.appointment_requests (
  -- Made by the browser, so a retry after a failed e-mail finds the same row.
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  first_name text not null
    constraint first_name_valid check (private.is_filled(first_name, private.name_max_length()))
    constraint first_name_characters check (not private.forbidden_in_line(first_name) and not private.is_blank(first_name))
    constraint first_name_is_a_name check (private.is_person_name(first_name)),
  last_name text not null
    constraint last_name_valid check (private.is_filled(last_name, private.name_max_length()))
    constraint last_name_characters check (not private.forbidden_in_line(last_name) and not private.is_blank(last_name))
    constraint last_name_is_a_name check (private.is_person_name(last_name)),
  email text not null
    constraint email_valid check (private.is_email(email))
    constraint email_characters check (not private.forbidden_in_line(email))
    constraint email_is_an_address check (private.is_mail_address(email)),
  phone text not null
    constraint phone_valid check (private.is_filled(phone, private.phone_max_length()))
    constraint phone_characters check (not private.forbidden_in_line(phone) and not private.is_blank(phone))
    constraint phone_shows_text check (not private.looks_blank(phone))
    constraint phone_is_a_number check (private.is_phone_number(phone)),
  service text not null constraint service_valid check (private.is_service_label(service)),
  preferred_date date not null,
  preferred_time text constraint preferred_time_valid check (preferred_time is null or private.is_time_slot(preferred_time)),
  alternative_date date,
  alternative_time text constraint alternative_time_valid check (alternative_time is null or private.is_time_slot(alternative_time)),
  message text
    constraint message_valid check (message is null or private.is_filled(message, private.message_max_length()))
    constraint message_characters check (not private.forbidden_in_message(message) and not private.is_blank(message))
    constraint message_shows_text check (message is null or not private.looks_blank(message)),
  -- The language of the page it was sent from (domain/languages.ts, generated into
  -- …_rules.sql): the visitor's mails are written in it, the practice's name it. The spec's
  -- inserts leave it out: private.default_language().
  language text not null default private.default_language()
    constraint language_valid check (private.is_language(language)),

  -- The lifecycle (below, docs/appointment-lifecycle.md).
  status text not null default 'requested'
    constraint status_valid check (status in ('requested', 'confirmed', 'declined', 'cancelled')),
  -- The slot the practice confirmed (the preferred or the alternative one, or a moved one).
  confirmed_date date,
  confirmed_time text
    constraint confirmed_time_valid check (confirmed_time is null or private.is_time_slot(confirmed_time)),
  -- The practice's note to the visitor when it declines (optional).
  staff_note text
    constraint staff_note_valid check (
      staff_note is null
      or (private.is_filled(staff_note, private.staff_note_max_length()) and not private.forbidden_in_message(staff_note) and not private.is_blank(staff_note))
    )
    constraint staff_note_shows_text check (staff_note is null or not private.looks_blank(staff_note)),
  -- RFC 5545 SEQUENCE of the appointment's calendar entry: 0 is the practice's tentative
  -- entry of the request, raised by the confirmation, a move and a cancellation, so every
  -- calendar takes each file as newer than the one before (RFC 5546 3.2.2).
  calendar_sequence integer not null default 0,
  decided_at timestamptz,
  cancelled_at timestamptz,

  -- Moves: the latest wish to move: null (never asked), requested (the practice has to
  -- decide), confirmed (the appointment moved to move_date/move_time) or declined (it stayed).
  move_status text
    constraint move_status_valid check (move_status in ('requested', 'confirmed', 'declined')),
  move_date date,
  move_time text
    constraint move_time_valid check (move_time is null or private.is_time_slot(move_time)),
  -- How many moves were asked for; a move link carries the number it was made for.
  move_count integer not null default 0,
  move_requested_at timestamptz,
  move_decided_at timestamptz,
  -- The slot before the last confirmed move (the visitor's mail says it is off).
  moved_from_date date,
  moved_from_time text,

  -- Which visitor-facing state's mails are due: null while the request is open; then
  -- 'confirmed', 'declined', 'cancelled', and for a confirmed appointment's latest move
  -- 'move-requested:<n>', 'move-declined:<n>', 'moved:<n>'. A new key owes its mails (an
  -- outbox row, …_outbox.sql). The rule is domain/outcome.ts's, generated into …_rules.sql
  -- (an immutable function, as a generated column needs; anon's insert computes it too).
  outcome_key text generated always as (private.outcome_key(status, move_status, move_count)) stored,

  -- Capacity (below; supabase/functions/_shared/domain/capacity.ts is the
  -- rule): which advisor sees the visitor once confirmed, and how long the appointment
  -- takes (from its service when it is stored: a later change of the catalogue does not
  -- stretch appointments already made).
  advisor text
    constraint advisor_valid check (advisor is null or advisor = any (private.advisor_ids())),
  appointment_minutes integer not null
    constraint appointment_minutes_valid check (appointment_minutes is null or appointment_minutes between 5 and 600),
  -- The span a confirmed (or cancelled) appointment occupies on the practice's wall clock,
  -- [start, start + length). Wall-clock time: the slots are daytime, far from a change of
  -- summer time, and the practice's day is the only one counted.
  occupies tsrange generated always as (
    case when confirmed_date is not null and confirmed_time is not null then
      tsrange(confirmed_date + private.clock(confirmed_time),
              confirmed_date + private.clock(confirmed_time) + make_interval(mins => appointment_minutes))
    end
  ) stored,

  -- A time without its day says nothing the practice can book (the form asks for the day).
  constraint alternative_time_needs_date check (alternative_time is null or alternative_date is not null),
  constraint slot_when_confirmed check (
    (status in ('confirmed', 'cancelled')) = (confirmed_date is not null and confirmed_time is not null)
  ),
  constraint move_slot_when_moving check (move_status is null or (move_date is not null and move_time is not null)),
  -- No advisor in two confirmed appointments that overlap, under any concurrency (SQLSTATE
  -- 23P01). With two advisors the practice holds at most two appointments at once.
  constraint advisor_one_at_a_time
    exclude using gist (advisor with =, occupies with &&) where (status = 'confirmed'),

  -- Which offered time confirmed the request (its number, …_offers.sql), null when the
  -- practice confirmed it. Its check names no function: anon's insert evaluates the table's
  -- checks, and anon may not execute the service role's private.max_offers() (the offer's own
  -- row checks the range).
  confirmed_offer integer
    constraint confirmed_offer_valid check (confirmed_offer is null or confirmed_offer >= 1)
);
comment on table public.appointment_requests is 'Appointment requests from /termin-vereinbaren. Deleted 12 months after creation.';

-- By index rather than by reading the table: requests by age (the retention job), and an
-- address's requests in time order.
create index appointment_requests_email_created on public.appointment_requests (lower(email), created_at);
create index appointment_requests_created on public.appointment_requests (created_at);

-- ---------------------------------------------------------------------------------------
-- What an insert must be besides its fields. Triggers fire in name order: a date that is
-- no day first, then a past date, then the slot rules (below), so each
-- keeps its own refusal.

-- A date is a day. 'infinity' and '-infinity' are dates to Postgres; the slot rules
-- would do arithmetic with them and fail with Postgres's own words (0A000 "cannot convert
-- infinity to integer"). For every role.
create function private.reject_endless_appointment_dates() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  begin
    if not isfinite(new.preferred_date) then
      raise exception using errcode = 'check_violation', constraint = 'preferred_date_is_a_day',
        message = 'preferred_date must be a calendar day', detail = 'preferred_date:not_a_day';
    end if;
    if new.alternative_date is not null and not isfinite(new.alternative_date) then
      raise exception using errcode = 'check_violation', constraint = 'alternative_date_is_a_day',
        message = 'alternative_date must be a calendar day', detail = 'alternative_date:not_a_day';
    end if;
    return new;
  end
  $$;

create trigger appointment_dates_are_days
  before insert on public.appointment_requests
  for each row execute function private.reject_endless_appointment_dates();

-- Dates in the past make no appointment. Checked on insert only: a stored request must
-- stay valid after its day has passed. Raised as a check violation (23514). Runs as its
-- owner: anon has no USAGE on schema private, and the body names private.practice_today().
create function private.reject_past_appointment_dates() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $$
  begin
    if new.preferred_date < private.practice_today() then
      raise exception using errcode = 'check_violation', message = 'preferred_date is in the past',
        constraint = 'preferred_date_not_past';
    end if;
    if new.alternative_date is not null and new.alternative_date < private.practice_today() then
      raise exception using errcode = 'check_violation', message = 'alternative_date is in the past',
        constraint = 'alternative_date_not_past';
    end if;
    return new;
  end
  $$;

create trigger appointment_dates_not_past
  before insert on public.appointment_requests
  for each row execute function private.reject_past_appointment_dates();

-- One row per anon insert. Checked after the statement, on all the rows it inserted, for
-- the API's public roles (PostgREST and the local stack switch to them with SET LOCAL
-- ROLE, so current_user is the caller's role). The service role, and so the edge
-- functions, are not limited.
create function private.one_appointment_per_insert() returns trigger
  language plpgsql
  set search_path = ''
  as $$
  declare
    rows_inserted bigint;
  begin
    if current_user in ('anon', 'authenticated') then
      select count(*) into rows_inserted from inserted;
      if rows_inserted > 1 then
        raise exception using
          errcode = 'check_violation',
          constraint = 'one_appointment_per_request',
          message = 'An appointment request is sent one at a time',
          detail = format('The request tried to store %s rows.', rows_inserted);
      end if;
    end if;
    return null;
  end
  $$;

create trigger appointment_requests_one_per_insert
  after insert on public.appointment_requests
  referencing new table as inserted
  for each statement execute function private.one_appointment_per_insert();

revoke all on function private.reject_endless_appointment_dates(), private.reject_past_appointment_dates(),
  private.one_appointment_per_insert() from public;
grant execute on function private.reject_past_appointment_dates() to anon, service_role;

-- ---------------------------------------------------------------------------------------
-- 1. Bookable slots.

-- The first and last bookable day for a request made on p_created_day (the retention
-- deletes it 12 months after; a move keeps it inside), as slotWindow. Adding months
-- clamps to the month's last day ('2026-08-31' + 6 months = '2027-02-28'), as addMonths.
create function private.slot_window(p_today date, p_created_day date, out first_day date, out last_day date)
  language sql stable parallel safe
  set search_path = ''
  as $$
    select p_today + private.slot_earliest_days(),
           least((p_today + make_interval(months => private.slot_horizon_months()))::date,
                 (coalesce(p_created_day, p_today) + make_interval(months => private.retention_months()))::date - 1)
  $$;

-- Why the slot cannot be booked, or null: 'too_soon', 'too_far', 'closed' (a holiday, a
-- closed weekday or a closure), 'time_not_offered' (a time given that the day does not
-- offer) – in this order, as slotRefusalReason in domain/availability.ts.
create function private.slot_refusal_reason(p_day date, p_time text, p_today date, p_created_day date) returns text
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
    from private.slot_window(p_today, p_created_day) w
  $$;

-- The site's insert: its preferred and alternative slot must be bookable today. Runs as
-- its owner (anon has no USAGE on schema private); the trigger's WHEN clause, evaluated as
-- the inserting role, limits it to the API's public roles. The past-date rule
-- (above) holds for everyone, and fires first (triggers fire in name order), so a
-- past date keeps its own refusal.
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
    select * into w from private.slot_window(today, today);
    for slot in
      select 'preferred' as name, new.preferred_date as day, new.preferred_time as clock
      union all
      select 'alternative', new.alternative_date, new.alternative_time where new.alternative_date is not null
    loop
      refusal := private.slot_refusal_reason(slot.day, slot.clock, today, today);
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

-- ---------------------------------------------------------------------------------------
-- 4. Capacity: who and how long.

-- The service's length, kept with the request. An unknown service (a booking entered by
-- hand) counts as the longest consultation, 60 minutes, unless a length is given.
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

-- A confirmation, or a moved slot, needs an advisor. A trigger, not a check: an
-- appointment left without an advisor stays valid for what does not move it (its
-- reminder, a cancel).
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

-- ---------------------------------------------------------------------------------------
-- What the functions answer of a request.

-- A request as the functions read it: its columns, and the outcome_key whose mails went
-- out last (outcome_sent_for: the action page says whether its mails are still on their
-- way). Every answer of a request goes through here.
-- plpgsql: its body is resolved when it runs, and the outbox's table comes after this file.
create function private.appointment_json(a public.appointment_requests) returns jsonb
  language plpgsql stable
  set search_path = ''
  as $$
  begin
    return to_jsonb(a) - 'occupies' || jsonb_build_object('outcome_sent_for', (
      select m.about from public.outbox_mails m
       where m.appointment_request_id = a.id and m.kind = 'outcome' and m.sent_at is not null
       order by m.sent_at desc limit 1));
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 2. The lifecycle.

-- When the confirmed appointment starts, as an instant (the slot is on the practice's wall clock).
create function private.appointment_starts_at(r public.appointment_requests) returns timestamptz
  language sql stable parallel safe
  set search_path = ''
  as $$ select (r.confirmed_date + r.confirmed_time::time) at time zone 'Europe/Zurich' $$;

-- The answer of the state changes: what this call did, and the row as it is now.
create function private.lifecycle_answer(result text, r public.appointment_requests) returns jsonb
  language sql stable parallel safe
  set search_path = ''
  as $$ select jsonb_build_object('result', result, 'request', private.appointment_json(r)) $$;

-- Confirm (with the slot and the advisor) or decline (with an optional note) a request that
-- is still open. 'changed': this call decided it (a confirmation without p_advisor gives it
-- to the first advisor free). 'unchanged': already decided the same way (the same slot; a
-- decline whatever its note), so a second press does nothing. 'advisor_busy': the advisor
-- asked for – or, without one, every advisor – has an overlapping appointment; nothing
-- changed. 'conflict': decided otherwise, or cancelled. 'not_found'.
-- Confirmations of one day take their turns (private.lock_schedule_day), so that two at
-- once end in one 'changed' and one 'advisor_busy', never in a deadlock. The mails the
-- decision owes, the reminder among them, are the outbox trigger's (…_outbox.sql).
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
              decided_at = now()
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

-- Cancel a confirmed appointment, as long as it starts more than p_min_notice from now
-- (null: the practice's notice, private.cancellation_notice(); a default expression would
-- be evaluated with the caller's rights, and anon would be told about that function).
-- 'changed' (the calendar sequence is raised), 'unchanged' (already cancelled),
-- 'too_late' (inside the notice), 'conflict' (not confirmed), 'not_found'. The UPDATE and
-- the reading of the row are two statements: when a confirmation commits between them,
-- the UPDATE found nothing to cancel yet and the read finds a confirmed appointment
-- (seen on PostgreSQL 15 under real concurrency); the UPDATE is then tried again, as
-- request_appointment_move does.
create function public.cancel_appointment(p_id uuid, p_min_notice interval default null)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    notice interval := coalesce(p_min_notice, private.cancellation_notice());
    r public.appointment_requests;
  begin
    for attempt in 1..3 loop
      update public.appointment_requests a
        set status = 'cancelled', cancelled_at = now(), calendar_sequence = a.calendar_sequence + 1
        where a.id = p_id and a.status = 'confirmed' and private.appointment_starts_at(a) > now() + notice
        returning a.* into r;
      if found then
        return private.lifecycle_answer('changed', r);
      end if;
      select * into r from public.appointment_requests a where a.id = p_id;
      if not found then
        return jsonb_build_object('result', 'not_found');
      end if;
      -- Confirmed meanwhile and still outside the notice: the UPDATE ran before the
      -- confirmation was committed; try again.
      exit when r.status <> 'confirmed' or private.appointment_starts_at(r) <= now() + notice;
    end loop;
    return private.lifecycle_answer(
      case r.status when 'cancelled' then 'unchanged' when 'confirmed' then 'too_late' else 'conflict' end, r);
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- 3. Moves.

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
create function public.request_appointment_move(p_id uuid, p_date date, p_time text, p_min_notice interval default null)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    notice interval := coalesce(p_min_notice, private.cancellation_notice());
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
      if private.appointment_starts_at(r) <= now() + notice then
        return private.lifecycle_answer('too_late', r);
      end if;
      refusal := case when p_date = r.confirmed_date and p_time = r.confirmed_time then 'same_slot'
        else private.slot_refusal_reason(p_date, p_time, private.practice_today(), (r.created_at at time zone 'Europe/Zurich')::date) end;
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
-- and is free again), with the advisor (p_advisor; without one the appointment's own
-- advisor if free, else the other; 'advisor_busy' when nobody is free for the new slot),
-- the calendar sequence is raised, and the reminder starts afresh (…_outbox.sql). Decline:
-- the appointment stays, with the practice's note (optional, blank counts as none).
-- 'changed'; 'unchanged' (this move was decided so already); 'conflict' (decided the
-- other way, a later move, not confirmed); 'not_found'. The rules are not checked: the
-- practice may confirm any slot (the function warns it).
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
-- 5. What the site and the functions read.

-- What the booking form may know: for each start time of p_day, whether an advisor is
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

-- The schedule between two days (inclusive, at most 800 days): every confirmed and
-- cancelled appointment with its advisor and span, by day and time. For the edge functions
-- (the confirm page's advisors, the calendar feeds).
create function public.appointment_schedule(p_from date, p_to date) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(private.appointment_json(a) order by a.confirmed_date, a.confirmed_time, a.id), '[]'::jsonb)
      from public.appointment_requests a
     where a.status in ('confirmed', 'cancelled')
       and a.confirmed_date between p_from and least(p_to, p_from + 800)
  $$;

-- The request a link's token names, for the action page (the function shows only the
-- name, service, slots and status from it).
create function public.get_appointment_request(p_id uuid) returns jsonb
  language sql stable
  security invoker
  set search_path = ''
  as $$ select private.appointment_json(a) from public.appointment_requests a where a.id = p_id $$;

-- Removes a request that the bot checks rejected (send-appointment-email with the
-- honeypot filled or sent too fast) – "nothing stored" for bots – but only an unmailed one
-- that matches, and only with the proof that stored it: nobody can remove another's request.
create function public.discard_appointment_request(p_id uuid, p_email text, p_proof text) returns void
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  begin
    delete from public.appointment_requests a
      where a.id = p_id and a.email = p_email
        and not exists (select 1 from public.outbox_mails o
                         where o.appointment_request_id = a.id and o.kind = 'request'
                           and (o.sent_at is not null or o.claim is not null))
        and exists (select 1 from public.used_form_proofs u
                     where u.signature = p_proof and u.request_id = p_id and u.stored_row);
  end
  $$;

-- ---------------------------------------------------------------------------------------
-- The insert policy's guard: a solved form proof, bound to the row (an insert without a
-- genuine proof counts against nobody's quota); one row per request – refused before any
-- counting, so a JSON array cannot make the guard count, lock and write once per row; then
-- per client 5 in 10 minutes and per client network 10 a day (skipped when no address is
-- known). Nothing per e-mail address (p_email is not read): what an insert is answered
-- does not depend on whether its address was seen before. Everything it records (the
-- proof's use, the counted events) rolls back with a refused insert, so an insert refused
-- by a limit is refused again when it is sent again.
-- Security definer because anon may not read the tables; it returns only a yes/no and
-- lives in the unexposed "private" schema. VOLATILE, so each count takes a fresh snapshot
-- and sees rows committed by the transactions it waited for. Requires READ COMMITTED,
-- PostgREST's and the local stack's isolation level for writes.
create function private.appointment_insert_allowed(p_id uuid, p_email text) returns boolean
  language plpgsql
  volatile
  security definer
  set search_path = ''
  as $$
  declare
    client text := private.request_client();
    limits record;
    proof record;
  begin
    if current_setting('private.appointment_guard', true) = 'used' then
      raise exception using
        errcode = 'check_violation',
        constraint = 'one_appointment_per_request',
        message = 'An appointment request is sent one at a time',
        detail = 'The request tried to store more than one row.';
    end if;
    perform set_config('private.appointment_guard', 'used', true);

    select * into proof from private.checked_form_proof(
      (coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb) ->> 'x-form-proof',
      'send-appointment-email');
    insert into public.used_form_proofs (signature, request_id, expires_at, limits, stored_row)
      values (proof.signature, p_id, proof.expires_at, 'passed', true)
      on conflict (signature) do nothing;
    -- Used before: only by this very row (the same request sent again, which its primary
    -- key then refuses with 23505, as the site expects of a retry) may it pass.
    if not found and not exists (
         select 1 from public.used_form_proofs u where u.signature = proof.signature and u.request_id = p_id) then
      raise exception using
        errcode = 'insufficient_privilege',
        message = 'A solved form proof is required',
        detail = 'x-form-proof: used',
        hint = 'Each proof stores one request; solve a new challenge.';
    end if;

    -- take_rate_limit serialises per key and counts the event; a refused or failed insert
    -- rolls the events back with everything else.
    select * into limits from private.submission_limits();
    if client is not null and (
         public.take_rate_limit('appointment_requests:client', private.client_rate_key(client),
                                limits.window_max, limits.window_seconds) > 0
         or public.take_rate_limit('appointment_requests:client-day', private.client_rate_key(private.client_network(client)),
                                   limits.day_max, 86400) > 0) then
      return false;
    end if;

    return true;
  end
  $$;
comment on function private.appointment_insert_allowed(uuid, text) is
  'Guard of the anon insert policy: a solved form proof, one row per request; 5 per client / 10 min, 10 per client network / day.';
revoke all on function private.appointment_insert_allowed(uuid, text) from public;
grant execute on function private.appointment_insert_allowed(uuid, text) to anon;

-- ---------------------------------------------------------------------------------------
-- Privileges: nothing for the public roles except what follows.
alter table public.appointment_requests enable row level security;
revoke all on public.appointment_requests from anon, authenticated;
grant all on public.appointment_requests to service_role;

-- anon: insert an appointment request, only the visitor's own columns (id, created_at
-- and every column after language are not theirs to set beyond the id).
grant insert (id, first_name, last_name, email, phone, service, preferred_date, preferred_time,
  alternative_date, alternative_time, message, language) on public.appointment_requests to anon;

create policy "Visitors can submit appointment requests"
  on public.appointment_requests
  for insert
  to anon
  with check (
    created_at > now() - interval '1 minute'
    and private.appointment_insert_allowed(id, email)
  );

-- ---------------------------------------------------------------------------------------
-- Privileges. The private helpers: the service role's functions call them as the service
-- role (security invoker); the triggers and practice_closed_days run as their owner.
revoke all on function private.slot_window(date, date),
  private.slot_refusal_reason(date, text, date, date),
  private.reject_unbookable_appointment_slots(),
  private.set_appointment_minutes(),
  private.require_advisor(),
  private.someone_free(date, text, integer, uuid),
  private.lock_schedule_day(date),
  private.advisor_candidates(text, text),
  private.appointment_starts_at(public.appointment_requests),
  private.lifecycle_answer(text, public.appointment_requests),
  private.appointment_json(public.appointment_requests) from public;
grant execute on function private.slot_window(date, date),
  private.slot_refusal_reason(date, text, date, date),
  private.someone_free(date, text, integer, uuid),
  private.lock_schedule_day(date),
  private.advisor_candidates(text, text),
  private.appointment_starts_at(public.appointment_requests),
  private.lifecycle_answer(text, public.appointment_requests),
  private.appointment_json(public.appointment_requests) to service_role;

-- The public functions: the service role only, except what the booking form asks.
revoke all on function public.decide_appointment(uuid, text, date, text, text, text),
  public.cancel_appointment(uuid, interval),
  public.request_appointment_move(uuid, date, text, interval),
  public.decide_appointment_move(uuid, integer, text, text, text),
  public.appointment_start_times(date, text),
  public.appointment_schedule(date, date),
  public.get_appointment_request(uuid),
  public.discard_appointment_request(uuid, text, text) from public, anon, authenticated;
grant execute on function public.decide_appointment(uuid, text, date, text, text, text),
  public.cancel_appointment(uuid, interval),
  public.request_appointment_move(uuid, date, text, interval),
  public.decide_appointment_move(uuid, integer, text, text, text),
  public.appointment_start_times(date, text),
  public.appointment_schedule(date, date),
  public.get_appointment_request(uuid),
  public.discard_appointment_request(uuid, text, text) to service_role;
grant execute on function public.appointment_start_times(date, text) to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- The mails a change owes (the outbox, …_outbox.sql), in the same transaction: the
-- practice's mail of a new request, the mails of each new state (outcome_key), the
-- reminder of an appointment as it stands. Runs as its owner: the site's anon insert of a
-- request owes its practice mail, and anon may not write the outbox.
create function private.owe_appointment_mails() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $$
  declare
    reminder_changed boolean := tg_op = 'INSERT'
      or new.calendar_sequence is distinct from old.calendar_sequence or new.status is distinct from old.status;
  begin
    if tg_op = 'INSERT' then
      insert into public.outbox_mails (kind, appointment_request_id, idempotency_key)
        values ('request', new.id, 'request/' || new.id || '/practice');
    end if;
    if tg_op = 'INSERT' or new.outcome_key is distinct from old.outcome_key then
      -- The earlier state's unsent mails are not owed any more (no cause of their own).
      perform private.supersede_mails(array(
        select o.id from public.outbox_mails o
         where o.appointment_request_id = new.id and o.kind = 'outcome' and o.sent_at is null and o.superseded_at is null), null);
      if new.outcome_key is not null then
        insert into public.outbox_mails (kind, appointment_request_id, about, idempotency_key)
          values ('outcome', new.id, new.outcome_key, 'outcome/' || new.id || '/' || new.outcome_key)
          on conflict (idempotency_key) do nothing;
      end if;
    end if;
    if reminder_changed then
      -- The reminder of the appointment as it stood is not owed any more.
      perform private.supersede_mails(array(
        select o.id from public.outbox_mails o
         where o.appointment_request_id = new.id and o.kind = 'reminder' and o.sent_at is null and o.superseded_at is null), null);
      -- The confirmation is the reminder when the appointment is today or tomorrow: a reminder
      -- the day before would only repeat it, and one confirmed after the day's reminders went
      -- out would otherwise get none.
      if new.status = 'confirmed' and new.confirmed_date > private.practice_today() + 1 then
        insert into public.outbox_mails (kind, appointment_request_id, about, idempotency_key)
          values ('reminder', new.id, new.calendar_sequence::text,
                  'reminder/' || new.id || '/' || new.calendar_sequence || '/visitor')
          on conflict (idempotency_key) do nothing;
      end if;
    end if;
    return null;
  end
  $$;

create trigger appointment_mails_owed
  after insert or update on public.appointment_requests
  for each row execute function private.owe_appointment_mails();
revoke all on function private.owe_appointment_mails() from public;

-- The outbox's hooks of the request's mails (the registry's mailKinds[kind].sql, called by
-- the dispatch generated into …_rules.sql). Their row is typed `record`: public.outbox_mails
-- is created later (…_outbox.sql), and plpgsql reads its fields when it runs.

-- What the sender of a mail about a request reads (the request's, the practice's, its
-- outcome's, its reminder's, a sleep reminder's; an earlier-time offer and an invoice add
-- to it): the request as private.appointment_json gives it and the marks of the practice's
-- mail (send_failed_at, reported_at, whether its acknowledgement was charged).
create function private.appointment_mail_json(m record) returns jsonb
  language plpgsql stable
  set search_path = ''
  as $$
  begin
    return (select private.appointment_json(a) || jsonb_build_object(
                     'send_failed_at', m.failed_at, 'reported_at', m.request_reported_at, 'form', 'request',
                     'acknowledgement_charged', m.acknowledgement_charged)
              from public.appointment_requests a where a.id = m.appointment_request_id);
  end
  $$;

-- A reminder is due on the day before its appointment (p_today + 1) while that stands,
-- whatever its age: only the outbox sends it, no owing call has it first.
create function private.reminder_mail_due(o record, p_today date, p_grace interval) returns boolean
  language plpgsql stable
  set search_path = ''
  as $$
  begin
    return exists (
      select 1 from public.appointment_requests a
       where a.id = o.appointment_request_id and a.status = 'confirmed' and a.confirmed_date = p_today + 1);
  end
  $$;

-- A reminder is given up not after private.give_up_after() – it is owed for the day before
-- its appointment, however far ahead that lies – but once it failed and its appointment's
-- day has come: it is pointless from then on.
create function private.reminder_mail_given_up(o record, p_today date) returns boolean
  language plpgsql stable
  set search_path = ''
  as $$
  begin
    return o.attempts > 0 and exists (
      select 1 from public.appointment_requests a
       where a.id = o.appointment_request_id and a.status = 'confirmed' and a.confirmed_date <= p_today);
  end
  $$;

-- The budget the request's mails to its visitor share (its states', its reminders, its
-- earlier-time offers: the kinds whose private.mail_kind_budget is o's): room while fewer
-- than private.appointment_mails_daily_max() of them went out since Zurich's midnight,
-- those the action page's presses sent included. A mail without room waits for the next day.
create function private.appointment_mail_has_room(o record, p_budget jsonb) returns boolean
  language plpgsql stable
  set search_path = ''
  as $$
  begin
    return (select count(*) from public.outbox_mails s
             where s.appointment_request_id = o.appointment_request_id
               and private.mail_kind_budget(s.kind) = private.mail_kind_budget(o.kind)
               and (s.sent_at at time zone 'Europe/Zurich')::date = private.practice_today())
           < private.appointment_mails_daily_max();
  end
  $$;

revoke all on function private.appointment_mail_json(record), private.reminder_mail_due(record, date, interval),
  private.reminder_mail_given_up(record, date), private.appointment_mail_has_room(record, jsonb) from public;
grant execute on function private.appointment_mail_json(record), private.reminder_mail_due(record, date, interval),
  private.reminder_mail_given_up(record, date), private.appointment_mail_has_room(record, jsonb) to service_role;

-- A confirmed appointment leaves its time: its start time is offered to the visitors
-- waiting for an earlier one (private.offer_freed_time, …_earlier_times.sql). Cancelled,
-- moved (by the practice's confirmation or an earlier time taken), or deleted (an erasure
-- through «Meine Daten», the retention).
create function private.offer_freed_appointment_time() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $$
  begin
    if old.status = 'confirmed' and (tg_op = 'DELETE' or new.status <> 'confirmed'
        or new.confirmed_date is distinct from old.confirmed_date or new.confirmed_time is distinct from old.confirmed_time) then
      perform private.offer_freed_time(old.confirmed_date, old.confirmed_time, now());
    end if;
    return null;
  end
  $$;

create trigger earlier_times_offered
  after update or delete on public.appointment_requests
  for each row execute function private.offer_freed_appointment_time();
revoke all on function private.offer_freed_appointment_time() from public;
