-- The two forms: their tables, the rules every field is held to, row-level security, and
-- what the database itself enforces on the site's insert, whatever a caller sends to the
-- API (docs/backend.md; docs/security-and-limits.md says what is promised and why).
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
--    (public.used_form_proofs), so it stores one row at most. The function then accepts
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

-- ---------------------------------------------------------------------------------------
-- 1. The field rules (characters, the address grammar, lengths, service labels, time
-- slots) are functions in schema private, generated from the domain module together with
-- their privileges (20261122000100_rules.sql, `npm run db:rules`). The CHECKs below call
-- them; no rule's literal is written here.

-- ---------------------------------------------------------------------------------------
-- The tables. One row per appointment request and per contact message, for all of their
-- life: the columns after the visitor's own are set by the functions of
-- …_appointments.sql, never by the site (anon's column grant
-- below names the visitor's columns only).

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
    constraint phone_shows_text check (not private.looks_blank(phone)),
  service text not null constraint service_valid check (private.is_service_label(service)),
  preferred_date date not null,
  preferred_time text constraint preferred_time_valid check (preferred_time is null or private.is_time_slot(preferred_time)),
  alternative_date date,
  alternative_time text constraint alternative_time_valid check (alternative_time is null or private.is_time_slot(alternative_time)),
  message text
    constraint message_valid check (message is null or private.is_filled(message, private.message_max_length()))
    constraint message_characters check (not private.forbidden_in_message(message) and not private.is_blank(message))
    constraint message_shows_text check (message is null or not private.looks_blank(message)),

  -- The lifecycle (…_appointments.sql, docs/appointment-lifecycle.md).
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
  -- outbox row, …_outbox.sql). move_count::text, not text || integer: that operator is only
  -- stable, and a generated column needs an immutable expression (PostgreSQL 15 and PGlite
  -- alike).
  outcome_key text generated always as (
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
  ) stored,

  -- Capacity (…_appointments.sql; supabase/functions/_shared/domain/capacity.ts is the
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
    exclude using gist (advisor with =, occupies with &&) where (status = 'confirmed')
);
comment on table public.appointment_requests is 'Appointment requests from /termin-vereinbaren. Deleted 12 months after creation.';

-- By index rather than by reading the table: requests by age (the retention job), and an
-- address's requests in time order.
create index appointment_requests_email_created on public.appointment_requests (lower(email), created_at);
create index appointment_requests_created on public.appointment_requests (created_at);

create table public.contact_submissions (
  -- Made by the browser (as appointment requests' ids are): sending the same message again
  -- stores no second row and mails it once.
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null
    constraint name_valid check (private.is_filled(name, private.contact_name_max_length()))
    constraint name_characters check (not private.forbidden_in_line(name) and not private.is_blank(name))
    constraint name_is_a_name check (private.is_person_name(name)),
  email text not null
    constraint email_valid check (private.is_email(email))
    constraint email_characters check (not private.forbidden_in_line(email))
    constraint email_is_an_address check (private.is_mail_address(email)),
  phone text
    constraint phone_valid check (phone is null or private.is_filled(phone, private.phone_max_length()))
    constraint phone_characters check (not private.forbidden_in_line(phone) and not private.is_blank(phone))
    constraint phone_shows_text check (phone is null or not private.looks_blank(phone)),
  subject text
    constraint subject_valid check (subject is null or private.is_filled(subject, private.subject_max_length()))
    constraint subject_characters check (not private.forbidden_in_line(subject) and not private.is_blank(subject))
    constraint subject_shows_text check (subject is null or not private.looks_blank(subject)),
  message text not null
    constraint message_valid check (private.is_filled(message, private.message_max_length()))
    constraint message_characters check (not private.forbidden_in_message(message) and not private.is_blank(message))
    constraint message_shows_text check (not private.looks_blank(message))
);
comment on table public.contact_submissions is 'Messages from /kontakt. Deleted 12 months after creation.';

-- ---------------------------------------------------------------------------------------
-- What an insert must be besides its fields. Triggers fire in name order: a date that is
-- no day first, then a past date, then the booking rules (…_appointments.sql), so each
-- keeps its own refusal.

-- A date is a day. 'infinity' and '-infinity' are dates to Postgres; the booking rules
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

-- Gives back the newest event of a bucket: a practice mail is charged to the daily cap
-- only once it went out (the functions take the event before sending and give it back
-- when the send failed).
create function public.refund_rate_limit(p_bucket text, p_key text) returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    delete from public.rate_limit_events
      where ctid = (select ctid from public.rate_limit_events
                      where bucket = p_bucket and key = p_key
                      order by created_at desc limit 1)
  $$;

-- The client address as the API gateway reports it in the request headers PostgREST
-- copies into request.headers: CF-Connecting-IP where Cloudflare sets it (hosted
-- Supabase), else the first entry of X-Forwarded-For (what the edge functions use; the
-- local stack and `supabase start`'s Kong set it). Null outside an API request. An IPv6
-- address becomes its /64 network ('2001:db8:1:2::/64', one subscriber's prefix), an
-- IPv4-mapped one its IPv4 address. Text that is not an address is kept as it is
-- (lower-cased, 100 characters), so a garbled header is still one bucket and never "no
-- limit". A caller can write X-Forwarded-For, so the per-client limit is a brake, not a
-- wall.
create function private.request_client() returns text
  language plpgsql stable
  set search_path = ''
  as $$
  declare
    headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
    raw text := nullif(lower(left(btrim(coalesce(
                  nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
                  split_part(headers ->> 'x-forwarded-for', ',', 1))), 100)), '');
    address inet;
  begin
    if raw is null then
      return null;
    end if;
    begin
      address := raw::inet;
    exception when others then
      return raw;
    end;
    if family(address) = 6 and host(address) ~ '^::ffff:\d+\.\d+\.\d+\.\d+$' then
      return substr(host(address), 8);
    end if;
    if family(address) = 6 then
      return host(network(set_masklen(address, 64))) || '/64';
    end if;
    return host(address);
  end
  $$;

-- Client addresses are counted in rate_limit_events only as salted SHA-256 hashes, like
-- the functions' (whose salt the database does not know); the salt is made here once.
create table private.rate_limit_salt (
  only_row boolean primary key default true check (only_row),
  salt text not null
);
comment on table private.rate_limit_salt is 'Secret salt for hashing client addresses in rate_limit_events (database side).';
insert into private.rate_limit_salt (salt) values (gen_random_uuid()::text || gen_random_uuid()::text);
revoke all on private.rate_limit_salt from public, anon, authenticated, service_role;

create function private.client_rate_key(client text) returns text
  language sql stable
  set search_path = ''
  as $$
    select encode(sha256(convert_to(s.salt || ':' || client, 'UTF8')), 'hex') from private.rate_limit_salt s
  $$;

-- The network a client (private.request_client) belongs to, for the limit per day: an
-- IPv6 /64 by its /48 (what one site is usually given: 65,536 /64s), anything else as it
-- is (networkKey in rate-limit.ts).
create function private.client_network(client text) returns text
  language plpgsql immutable
  set search_path = ''
  as $$
  begin
    if client is null or client !~ '/64$' then
      return client;
    end if;
    return host(network(set_masklen(client::inet, 48))) || '/48';
  exception when others then
    return client;
  end
  $$;

-- A whole number > 0 from a setting's text, else the default (readConfig in config.ts
-- takes the default, with a warning, for anything else too).
create function private.positive_setting(value text, fallback integer) returns integer
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select case when btrim(value) ~ '^[0-9]{1,9}$' and btrim(value)::integer > 0 then btrim(value)::integer else fallback end
  $$;

-- The booking insert's per-client limits from the functions' settings (names as Vault
-- secrets: rate_limit_max, rate_limit_window_seconds, rate_limit_daily_max, daily_mail_cap;
-- absent ones take the functions' defaults), as requestLimits in rate-limit.ts computes
-- them (the contract test compares both).
create function private.booking_client_limits_of(settings jsonb,
    out window_max integer, out window_seconds integer, out day_max integer)
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select private.positive_setting(settings ->> 'rate_limit_max', 5),
           private.positive_setting(settings ->> 'rate_limit_window_seconds', 600),
           greatest(1, least(private.positive_setting(settings ->> 'rate_limit_daily_max', 20),
                             private.positive_setting(settings ->> 'daily_mail_cap', 200) / 20))
  $$;

-- The limits in force: the settings stored in Vault (the local stack stores the functions'
-- own at every start, start-stack.ts VAULT_SETTINGS; a hosted project stores them only if
-- it changes them), else the defaults.
create function private.booking_client_limits(out window_max integer, out window_seconds integer, out day_max integer)
  language sql stable
  security definer
  set search_path = ''
  as $$
    select l.window_max, l.window_seconds, l.day_max
      from private.booking_client_limits_of((
        select coalesce(jsonb_object_agg(s.name, s.decrypted_secret), '{}'::jsonb) from vault.decrypted_secrets s
         where s.name in ('rate_limit_max', 'rate_limit_window_seconds', 'rate_limit_daily_max', 'daily_mail_cap'))) l
  $$;

revoke all on function public.take_rate_limit(text, text, integer, integer),
  public.refund_rate_limit(text, text) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, text, integer, integer),
  public.refund_rate_limit(text, text) to service_role;
revoke all on function private.request_client(), private.client_rate_key(text), private.client_network(text),
  private.positive_setting(text, integer), private.booking_client_limits_of(jsonb), private.booking_client_limits() from public;
grant execute on function private.request_client(), private.client_rate_key(text), private.client_network(text),
  private.positive_setting(text, integer), private.booking_client_limits_of(jsonb), private.booking_client_limits() to service_role;

-- ---------------------------------------------------------------------------------------
-- Form proofs (a solved ALTCHA challenge, supabase/functions/_shared/form-proof.ts). Each
-- is accepted for one request only: the first request that presents it owns it; the same
-- request presenting it again (a retry of the same values) is let through, any other
-- request is refused. Rows live until the challenge expires, after which the proof is
-- refused for its age anyway.
create table public.used_form_proofs (
  -- The challenge's HMAC signature: unique per challenge the functions issued.
  signature text primary key constraint signature_is_hex check (signature ~ '^[0-9a-f]{64,128}$'),
  request_id uuid not null,
  expires_at timestamptz not null,
  -- 'passed' once the request passed the limits (it is not counted again), 'refused'
  -- while refused_until lies ahead; null: not judged yet.
  limits text constraint limits_valid check (limits in ('passed', 'refused')),
  refused_until timestamptz,
  -- Which proof stored a row: the one the insert bound to it. A later call may bind a
  -- fresh proof to the same id through claim_form_proof – the site's retry does – but
  -- that one stored nothing.
  stored_row boolean not null default false
);
create index used_form_proofs_expiry on public.used_form_proofs (expires_at);
comment on table public.used_form_proofs is
  'Form proofs already presented, with the request that presented them; removed once the challenge has expired.';
comment on column public.used_form_proofs.stored_row is
  'True when the proof stored its request''s row (the booking insert), not only presented it to a function.';

-- The functions' FORM_PROOF_SECRET, from Supabase Vault (deploy: docs/deploy.md; the local
-- stack stores it at every start). Null when it is not there: then no insert passes.
create function private.form_proof_secret() returns text
  language sql stable
  security definer
  set search_path = ''
  as $$ select decrypted_secret from vault.decrypted_secrets where name = 'form_proof_secret' limit 1 $$;

-- JSON.stringify of an object with its keys sorted (altcha-lib's canonicalJSON), for the
-- values a challenge holds: objects, strings, integers, booleans, null. jsonb prints
-- strings with JSON's escapes and integers as written; anything it would print
-- differently from JavaScript (1.0, 1e3) only makes the signature fail, never pass.
create function private.canonical_json(value jsonb) returns text
  language plpgsql immutable
  set search_path = ''
  as $$
  declare
    parts text;
  begin
    if jsonb_typeof(value) = 'object' then
      select string_agg(to_jsonb(e.key)::text || ':' || private.canonical_json(e.value), ',' order by e.key collate "C")
        into parts from jsonb_each(value) e;
      return '{' || coalesce(parts, '') || '}';
    end if;
    if jsonb_typeof(value) = 'array' then
      select string_agg(private.canonical_json(a.value), ',' order by a.n)
        into parts from jsonb_array_elements(value) with ordinality a(value, n);
      return '[' || coalesce(parts, '') || ']';
    end if;
    return value::text;
  end
  $$;

-- Lower-case hex HMAC-SHA-256 of a text or of bytes, as altcha-lib computes it.
create function private.hmac_hex(data bytea, secret text) returns text
  language sql immutable
  set search_path = ''
  as $$ select encode(extensions.hmac(data, convert_to(secret, 'UTF8'), 'sha256'), 'hex') $$;

-- The proof in an `x-form-proof` header, checked like the functions' checkProof
-- (supabase/functions/_shared/form-proof.ts, altcha-lib's verifySolution with a signed
-- derived key): returns the challenge's signature and expiry, or raises 42501 saying why.
create function private.checked_form_proof(header text, fn text)
  returns table (signature text, expires_at timestamptz)
  language plpgsql stable
  set search_path = ''
  as $$
  declare
    secret text := private.form_proof_secret();
    proof jsonb;
    parameters jsonb;
    derived_key text;
    counter jsonb;
    reason text;
  begin
    if header is null or btrim(header) = '' then
      reason := 'missing';
    elsif secret is null then
      reason := 'not_configured';
    elsif length(header) > 4096 or header !~ '^[A-Za-z0-9_-]+$' then
      reason := 'invalid';
    else
      begin
        proof := convert_from(decode(translate(header, '-_', '+/') || repeat('=', (4 - length(header) % 4) % 4), 'base64'), 'UTF8')::jsonb;
      exception when others then
        proof := null;
      end;
      parameters := proof -> 'challenge' -> 'parameters';
      derived_key := proof -> 'solution' ->> 'derivedKey';
      counter := proof -> 'solution' -> 'counter';
      if jsonb_typeof(parameters) is distinct from 'object'
         or jsonb_typeof(proof -> 'challenge' -> 'signature') is distinct from 'string'
         or jsonb_typeof(parameters -> 'keySignature') is distinct from 'string'
         or jsonb_typeof(parameters -> 'expiresAt') is distinct from 'number' then
        reason := 'invalid';
      elsif (parameters ->> 'expiresAt')::numeric < extract(epoch from now()) then
        reason := 'expired';
      elsif private.hmac_hex(convert_to(private.canonical_json(parameters), 'UTF8'), secret || '/challenge')
            is distinct from proof -> 'challenge' ->> 'signature' then
        reason := 'invalid';
      elsif derived_key is null or derived_key !~ '^([0-9a-f]{2})+$'
            or jsonb_typeof(counter) is distinct from 'number' or counter::text !~ '^\d{1,10}$'
            or counter::text::bigint > 4294967295
            or private.hmac_hex(decode(derived_key, 'hex'), secret || '/derived-key') is distinct from parameters ->> 'keySignature' then
        reason := 'invalid';
      elsif parameters -> 'data' ->> 'fn' is distinct from fn then
        reason := 'other_form';
      end if;
    end if;
    if reason is not null then
      raise exception using
        errcode = 'insufficient_privilege',
        message = 'A solved form proof is required',
        detail = format('x-form-proof: %s', reason),
        hint = 'Send the proof solved for send-appointment-email in the x-form-proof header.';
    end if;
    return query select proof -> 'challenge' ->> 'signature', to_timestamp((parameters ->> 'expiresAt')::numeric);
  end
  $$;

-- Binds the proof to the request presenting it first, and says what is known of it:
-- {"use": "fresh" | "same_request" | "used", "limits": "passed" | "refused" | null,
--  "retryAfterSeconds": n}. A refusal whose window has passed reads as not judged. It
-- also records that the request was reported (outbox_mails.request_reported_at of its
-- practice mail): a genuine proof for its id reached send-appointment-email. For a contact
-- message no appointment request has the id: nothing.
create function public.claim_form_proof(p_signature text, p_request_id uuid, p_expires_at timestamptz)
  returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    proof public.used_form_proofs;
  begin
    delete from public.used_form_proofs where expires_at < now() - interval '1 minute';
    insert into public.used_form_proofs (signature, request_id, expires_at)
      values (p_signature, p_request_id, p_expires_at)
      on conflict (signature) do nothing;
    if found then
      perform private.record_request_reported(p_request_id);
      return jsonb_build_object('use', 'fresh', 'limits', null, 'retryAfterSeconds', 0);
    end if;
    select * into proof from public.used_form_proofs u where u.signature = p_signature for update;
    if proof.request_id is distinct from p_request_id then
      return jsonb_build_object('use', 'used', 'limits', null, 'retryAfterSeconds', 0);
    end if;
    perform private.record_request_reported(p_request_id);
    if proof.limits = 'refused' and proof.refused_until > now() then
      return jsonb_build_object('use', 'same_request', 'limits', 'refused',
        'retryAfterSeconds', greatest(1, ceil(extract(epoch from proof.refused_until - now())))::integer);
    end if;
    return jsonb_build_object('use', 'same_request',
      'limits', case when proof.limits = 'passed' then 'passed' end, 'retryAfterSeconds', 0);
  end
  $$;

-- Records the limits' verdict on a proof's request: 0 → passed, n > 0 → refused for n seconds.
create function public.judge_form_proof(p_signature text, p_refused_for_seconds integer)
  returns void
  language sql
  security invoker
  set search_path = ''
  as $$
    update public.used_form_proofs
      set limits = case when p_refused_for_seconds > 0 then 'refused' else 'passed' end,
          refused_until = case when p_refused_for_seconds > 0 then now() + make_interval(secs => p_refused_for_seconds) end
      where signature = p_signature
  $$;

revoke all on function private.form_proof_secret(), private.canonical_json(jsonb), private.hmac_hex(bytea, text),
  private.checked_form_proof(text, text) from public;
revoke all on function public.claim_form_proof(text, uuid, timestamptz),
  public.judge_form_proof(text, integer) from public, anon, authenticated;
grant execute on function public.claim_form_proof(text, uuid, timestamptz),
  public.judge_form_proof(text, integer) to service_role;

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
    select * into limits from private.booking_client_limits();
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
alter table public.contact_submissions enable row level security;
alter table public.rate_limit_events enable row level security;
alter table public.used_form_proofs enable row level security;

revoke all on public.appointment_requests, public.contact_submissions, public.rate_limit_events,
  public.used_form_proofs from anon, authenticated;
grant all on public.appointment_requests, public.contact_submissions, public.rate_limit_events,
  public.used_form_proofs to service_role;

-- anon: insert an appointment request, only the visitor's own columns (id, created_at
-- and every column after message are not theirs to set beyond the id).
grant insert (id, first_name, last_name, email, phone, service, preferred_date, preferred_time,
  alternative_date, alternative_time, message) on public.appointment_requests to anon;

create policy "Visitors can submit appointment requests"
  on public.appointment_requests
  for insert
  to anon
  with check (
    created_at > now() - interval '1 minute'
    and private.appointment_insert_allowed(id, email)
  );
