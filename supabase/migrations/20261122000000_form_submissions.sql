-- Tables behind the two forms, their rules, and who may do what with them.
--
-- Hosted Supabase grants every privilege on new tables in "public" to anon and
-- authenticated by default; this migration takes them away again and grants only what
-- the site needs: anon may insert an appointment request, nothing else. Everything
-- else goes through the edge functions with the service role.

create schema if not exists private;
comment on schema private is 'Helpers used by policies and functions; not exposed by the API gateway.';
revoke all on schema private from public;

-- The 21 bookable start times and the three services, as the site offers them.
create function private.is_time_slot(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select value in (
      '09:00', '09:30', '10:00', '10:30', '11:00', '11:30',
      '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30',
      '17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00'
    )
  $$;

create function private.is_email(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select char_length(value) <= 254 and value ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  $$;

create function private.is_filled(value text, max_length integer) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select btrim(value) <> '' and char_length(value) <= max_length
  $$;

-- "Today" for the practice, whatever time zone the server runs in.
create function private.practice_today() returns date
  language sql stable parallel safe
  set search_path = ''
  as $$ select (now() at time zone 'Europe/Zurich')::date $$;

create table public.appointment_requests (
  -- Made by the browser, so a retry after a failed e-mail finds the same row.
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  first_name text not null constraint first_name_valid check (private.is_filled(first_name, 100)),
  last_name text not null constraint last_name_valid check (private.is_filled(last_name, 100)),
  email text not null constraint email_valid check (private.is_email(email)),
  phone text not null constraint phone_valid check (private.is_filled(phone, 32)),
  service text not null constraint service_valid check (
    service in ('Schlafberatung', 'Follow-up Termin', 'Schlafberatung & Beratung zu Hause')
  ),
  preferred_date date not null,
  preferred_time text constraint preferred_time_valid check (preferred_time is null or private.is_time_slot(preferred_time)),
  alternative_date date,
  alternative_time text constraint alternative_time_valid check (alternative_time is null or private.is_time_slot(alternative_time)),
  message text constraint message_valid check (message is null or private.is_filled(message, 5000)),
  -- Set while send-appointment-email is sending, so two calls cannot both send.
  notify_claimed_at timestamptz,
  -- Set once the practice has been e-mailed; null means "stored, not yet mailed".
  notified_at timestamptz
);
comment on table public.appointment_requests is 'Appointment requests from /termin-vereinbaren. Deleted 12 months after creation.';

create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null constraint name_valid check (private.is_filled(name, 201)),
  email text not null constraint email_valid check (private.is_email(email)),
  phone text constraint phone_valid check (phone is null or private.is_filled(phone, 32)),
  subject text constraint subject_valid check (subject is null or private.is_filled(subject, 200)),
  message text not null constraint message_valid check (private.is_filled(message, 5000)),
  -- Null means "stored, not yet mailed": the practice can find messages a mail failure held back.
  mailed_at timestamptz
);
comment on table public.contact_submissions is 'Messages from /kontakt. Deleted 12 months after creation.';

-- Dates in the past make no appointment. Checked on insert only: a stored request must
-- stay valid after its day has passed. Raised as a check violation (23514).
create function private.reject_past_appointment_dates() returns trigger
  language plpgsql
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

-- Rate limits, kept in Postgres so they hold across function instances.
create table public.rate_limit_events (
  bucket text not null,
  key text not null,
  created_at timestamptz not null default now()
);
create index rate_limit_events_lookup on public.rate_limit_events (bucket, key, created_at);
comment on table public.rate_limit_events is 'One row per counted event; keys are hashed, rows older than a day are removed.';

-- Counts one event for (bucket, key) if fewer than max_events happened within the
-- window; returns 0 when counted, else the seconds until the next event is allowed.
-- Serialised per key with an advisory lock so parallel calls cannot both slip through.
create function public.take_rate_limit(p_bucket text, p_key text, p_max_events integer, p_window_seconds integer)
  returns integer
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    window_start timestamptz := now() - make_interval(secs => p_window_seconds);
    recent integer;
    oldest timestamptz;
  begin
    perform pg_advisory_xact_lock(hashtextextended(p_bucket || ':' || p_key, 0));
    delete from public.rate_limit_events
      where bucket = p_bucket and key = p_key and created_at < now() - interval '1 day';
    select count(*), min(created_at) into recent, oldest
      from public.rate_limit_events
      where bucket = p_bucket and key = p_key and created_at > window_start;
    if recent >= p_max_events then
      return greatest(1, ceil(extract(epoch from (oldest + make_interval(secs => p_window_seconds) - now()))))::integer;
    end if;
    insert into public.rate_limit_events (bucket, key) values (p_bucket, p_key);
    return 0;
  end
  $$;

-- Claims a stored appointment request for its one notification e-mail. Succeeds only for
-- a row with this id whose fields equal the given ones, created within max_age_seconds,
-- not yet notified and not being notified right now (a claim older than 2 minutes is
-- considered abandoned). Returns {"status": "claimed", "request": {...}} or a status of
-- "not_found" (no such row, other fields, or too old) or "already_notified".
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
      return jsonb_build_object('status', 'already_notified');
    end if;
    return jsonb_build_object('status', 'not_found');
  end
  $$;

-- Ends a claim: sent → notified_at is set for good; not sent → the claim is released,
-- the row stays "stored, not yet mailed" and a retry may send it.
create function public.finish_appointment_notification(p_id uuid, p_sent boolean) returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    update public.appointment_requests
      set notified_at = case when p_sent then now() else null end,
          notify_claimed_at = case when p_sent then notify_claimed_at else null end
      where id = p_id and notified_at is null;
  $$;

-- Removes a request that the bot checks rejected (honeypot filled or sent too fast),
-- but only an unmailed one that matches: "nothing stored" for bots.
create function public.discard_appointment_request(p_id uuid, p_email text) returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    delete from public.appointment_requests
      where id = p_id and email = p_email and notified_at is null and notify_claimed_at is null;
  $$;

-- The insert policy's flood guard: at most 5 requests per e-mail address in 10 minutes
-- and 100 in total per hour. Security definer because anon may not read the table; it
-- returns only a yes/no and lives in the unexposed "private" schema.
create function private.appointment_insert_allowed(p_email text) returns boolean
  language sql
  stable
  security definer
  set search_path = ''
  as $$
    select
      (select count(*) from public.appointment_requests
        where lower(email) = lower(p_email) and created_at > now() - interval '10 minutes') < 5
      and
      (select count(*) from public.appointment_requests
        where created_at > now() - interval '1 hour') < 100
  $$;

-- Privileges: nothing for the public roles except what follows.
alter table public.appointment_requests enable row level security;
alter table public.contact_submissions enable row level security;
alter table public.rate_limit_events enable row level security;

revoke all on public.appointment_requests, public.contact_submissions, public.rate_limit_events from anon, authenticated;
revoke all on function public.take_rate_limit(text, text, integer, integer) from public, anon, authenticated;
revoke all on function public.claim_appointment_notification(uuid, text, text, text, text, text, date, text, date, text, text, integer) from public, anon, authenticated;
revoke all on function public.finish_appointment_notification(uuid, boolean) from public, anon, authenticated;
revoke all on function public.discard_appointment_request(uuid, text) from public, anon, authenticated;
revoke all on all functions in schema private from public;

-- anon: insert an appointment request, only the visitor's own columns (id, created_at
-- and the notification columns are not theirs to set beyond the id).
grant insert (id, first_name, last_name, email, phone, service, preferred_date, preferred_time,
  alternative_date, alternative_time, message) on public.appointment_requests to anon;
grant usage on schema private to anon;
grant execute on function private.appointment_insert_allowed(text), private.is_time_slot(text),
  private.is_email(text), private.is_filled(text, integer), private.practice_today(),
  private.reject_past_appointment_dates() to anon;

create policy "Visitors can submit appointment requests"
  on public.appointment_requests
  for insert
  to anon
  with check (
    notified_at is null
    and notify_claimed_at is null
    and created_at > now() - interval '1 minute'
    and private.appointment_insert_allowed(email)
  );

-- service_role: the edge functions read, write and call everything above.
grant all on public.appointment_requests, public.contact_submissions, public.rate_limit_events to service_role;
grant usage on schema private to service_role;
grant execute on all functions in schema private to service_role;
grant execute on function public.take_rate_limit(text, text, integer, integer),
  public.claim_appointment_notification(uuid, text, text, text, text, text, date, text, date, text, text, integer),
  public.finish_appointment_notification(uuid, boolean),
  public.discard_appointment_request(uuid, text) to service_role;
