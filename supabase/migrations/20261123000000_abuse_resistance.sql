-- Abuse resistance: what the database itself enforces, whatever a caller sends to the API.
--
-- 1. One appointment request per anon request: a JSON array of rows is refused (the
--    policy's flood guard cannot see other rows of the same statement, so an array could
--    store hundreds at once).
-- 2. The flood guard counts under advisory locks, so concurrent inserts cannot all pass
--    it; it also limits each client address (from the request headers PostgREST passes in).
-- 3. Single-line text refuses control, format and line/paragraph-separator characters;
--    messages keep line breaks and tabs.
-- 4. Functions created later in "public" are not executable by the API roles unless a
--    migration grants it.
--
-- Refusals and their SQLSTATEs, as the API reports them (PostgREST and the local stack
-- map them alike, scripts/stack/api-error.ts):
--   more than one row in an anon insert   23514 check_violation   → HTTP 400
--   a limit of the flood guard reached    42501 (RLS policy)      → HTTP 401 for anon
--   a forbidden or blank text             23514 check_violation   → HTTP 400

-- ---------------------------------------------------------------------------------------
-- 4. Default privileges, first, so that the functions below are born closed too.
--
-- Postgres lets PUBLIC execute every new function; bootstrap (as on hosted Supabase) adds
-- EXECUTE for anon, authenticated and service_role on new functions in "public". Both are
-- taken away for functions the migration role creates from now on (postgres on hosted
-- Supabase, under `supabase start` and in the local stack). PUBLIC's default can only be
-- revoked for all schemas at once (a per-schema entry can only add to it), hence the
-- first statement has no IN SCHEMA. service_role keeps its default grant in "public".
-- Hosted Supabase has the same defaults for objects that supabase_admin creates in
-- "public" (extensions installed there); postgres is not a member of supabase_admin and
-- cannot change them (42501 "permission denied to change default privileges").
alter default privileges for role current_user revoke execute on functions from public;
alter default privileges for role current_user in schema public revoke execute on functions from anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- 3. Characters.
--
-- Single-line fields (names, e-mail, phone, subject) refuse every character of the
-- Unicode categories Cc (C0 and C1 controls), Cf (format characters: soft hyphen,
-- zero-width space and joiners, bidirectional embeddings, overrides and isolates, BOM,
-- interlinear annotations, tag characters …), Zl (U+2028) and Zp (U+2029). The Cf list is
-- Unicode 17.0's (Node 20: [...Array(0x110000).keys()].filter(c => /\p{Cf}/u.test(...))),
-- written as explicit ranges because [[:cntrl:]] and friends depend on the server's
-- locale; PGlite (Postgres 18) and PostgreSQL 15 read these escapes the same way.
-- The edge functions refuse the same set (supabase/functions/_shared/validation.ts).
create function private.forbidden_in_line(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select value ~ '[\u0000-\u001F\u007F-\u009F\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0001\U000E0020-\U000E007F]'
  $$;
comment on function private.forbidden_in_line(text) is
  'True when the text has a character of Unicode category Cc, Cf, Zl or Zp: not allowed in one-line fields.';

-- A message keeps tab, line feed and carriage return, and the format characters real text
-- needs (the zero-width joiner inside emoji and many scripts, soft hyphens); it refuses
-- every other control character, U+2028/U+2029 and the bidirectional embeddings,
-- overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can make text read
-- differently than it is. The same rule as the edge functions' MULTI_LINE_FORBIDDEN.
create function private.forbidden_in_message(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select value ~ '[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]'
  $$;
comment on function private.forbidden_in_message(text) is
  'True when a message has a control character other than tab, LF and CR, a line/paragraph separator or a bidi control.';

-- Nothing but white space, as JavaScript's String.prototype.trim() sees it (the edge
-- functions' "blank"): btrim() in private.is_filled strips only ASCII spaces, so a name of
-- no-break spaces passed it. Format characters such as U+200B are refused outright in
-- one-line fields, so a name that is blank once they are stripped is refused as well.
create function private.is_blank(value text) returns boolean
  language sql immutable parallel safe
  set search_path = ''
  as $$
    select value ~ '^[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]*$'
  $$;
comment on function private.is_blank(text) is
  'True when the text is empty or only white space (Unicode Zs, tab, line breaks, BOM).';

-- Check constraints call these functions with the inserting role's rights.
revoke all on function private.forbidden_in_line(text), private.forbidden_in_message(text), private.is_blank(text)
  from public;
grant execute on function private.forbidden_in_line(text), private.forbidden_in_message(text), private.is_blank(text)
  to anon, service_role;

-- Added NOT VALID (new and changed rows are checked at once), then validated where the
-- stored rows allow it. A row stored before this migration with such a character keeps
-- its constraint unvalidated instead of failing the deployment; the notice says which.
alter table public.appointment_requests
  add constraint first_name_characters check (not private.forbidden_in_line(first_name) and not private.is_blank(first_name)) not valid,
  add constraint last_name_characters check (not private.forbidden_in_line(last_name) and not private.is_blank(last_name)) not valid,
  add constraint email_characters check (not private.forbidden_in_line(email)) not valid,
  add constraint phone_characters check (not private.forbidden_in_line(phone) and not private.is_blank(phone)) not valid,
  add constraint message_characters check (not private.forbidden_in_message(message) and not private.is_blank(message)) not valid;

alter table public.contact_submissions
  add constraint name_characters check (not private.forbidden_in_line(name) and not private.is_blank(name)) not valid,
  add constraint email_characters check (not private.forbidden_in_line(email)) not valid,
  add constraint phone_characters check (not private.forbidden_in_line(phone) and not private.is_blank(phone)) not valid,
  add constraint subject_characters check (not private.forbidden_in_line(subject) and not private.is_blank(subject)) not valid,
  add constraint message_characters check (not private.forbidden_in_message(message) and not private.is_blank(message)) not valid;

do $$
declare
  c record;
begin
  for c in
    select conrelid::regclass as tbl, conname
      from pg_constraint
     where conrelid in ('public.appointment_requests'::regclass, 'public.contact_submissions'::regclass)
       and conname like '%\_characters' and not convalidated
  loop
    begin
      execute format('alter table %s validate constraint %I', c.tbl, c.conname);
    exception when check_violation then
      raise notice 'Constraint % on % left NOT VALID: stored rows violate it.', c.conname, c.tbl;
    end;
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 1. One row per anon insert.
--
-- Checked after the statement, on all the rows it inserted, for the API's public roles
-- (PostgREST and the local stack switch to them with SET LOCAL ROLE, so current_user is
-- the caller's role). The service role, and so the edge functions, are not limited.
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
revoke all on function private.one_appointment_per_insert() from public;

create trigger appointment_requests_one_per_insert
  after insert on public.appointment_requests
  referencing new table as inserted
  for each statement execute function private.one_appointment_per_insert();

-- ---------------------------------------------------------------------------------------
-- 2. The flood guard, counting what it cannot otherwise see.
--
-- The client address as the API gateway reports it in the request headers PostgREST
-- copies into request.headers: CF-Connecting-IP where Cloudflare sets it (hosted
-- Supabase), else the first entry of X-Forwarded-For (what the edge functions use; the
-- local stack and `supabase start`'s Kong set it). Null outside an API request. A caller
-- can write X-Forwarded-For, so the per-client limit is a brake, not a wall: the limits
-- per e-mail address holds regardless.
create function private.request_client() returns text
  language sql stable
  set search_path = ''
  as $$
    select nullif(lower(left(btrim(coalesce(
             nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
             split_part(headers ->> 'x-forwarded-for', ',', 1))), 100)), '')
      from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb as headers) request
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

-- The policy's guard (same name and signature, so the policy and its grant stay):
--   at most one row per anon transaction (one API request) – refused before any counting,
--     so a JSON array cannot make the guard count, lock and write once per row;
--   at most 5 requests per e-mail address in 10 minutes (as before),
--   at most 20 per client address in an hour (new; skipped when no address is known).
-- The old cap of 100 per hour for everyone together is gone: one shared bucket let 100
-- inserts from anyone close the booking form for everybody. Rows cost nothing but
-- storage; what could cost the practice (mail) is capped by the functions, per mail sent.
-- VOLATILE, so each count takes a fresh snapshot and sees rows committed by the
-- transactions it waited for; each count runs under a transaction-scoped advisory lock,
-- so two concurrent inserts for one address (or one client) are serialised instead of
-- both passing the count. The locks are taken in one order (address, client) and each
-- transaction inserts one row, so they cannot deadlock. Requires READ
-- COMMITTED, PostgREST's and the local stack's isolation level for writes.
create or replace function private.appointment_insert_allowed(p_email text) returns boolean
  language plpgsql
  volatile
  security definer
  set search_path = ''
  as $$
  declare
    address text := lower(coalesce(p_email, ''));
    client text := private.request_client();
  begin
    if current_setting('private.appointment_guard', true) = 'used' then
      raise exception using
        errcode = 'check_violation',
        constraint = 'one_appointment_per_request',
        message = 'An appointment request is sent one at a time',
        detail = 'The request tried to store more than one row.';
    end if;
    perform set_config('private.appointment_guard', 'used', true);

    perform pg_advisory_xact_lock(hashtextextended('appointment_requests:email:' || address, 0));
    if (select count(*) from public.appointment_requests
          where lower(email) = address and created_at > now() - interval '10 minutes') >= 5 then
      return false;
    end if;

    -- take_rate_limit serialises per key itself and counts the event; a refused or failed
    -- insert rolls the event back with everything else.
    if client is not null
       and public.take_rate_limit('appointment_requests:client', private.client_rate_key(client), 20, 3600) > 0 then
      return false;
    end if;

    return true;
  end
  $$;
comment on function private.appointment_insert_allowed(text) is
  'Flood guard of the anon insert policy: one row per request; 5 per address / 10 min, 20 per client / h.';

revoke all on function private.request_client(), private.client_rate_key(text) from public;
grant execute on function private.request_client(), private.client_rate_key(text) to service_role;

-- The guard's counts, and the retention job, by index rather than by reading the table.
create index appointment_requests_email_created on public.appointment_requests (lower(email), created_at);
create index appointment_requests_created on public.appointment_requests (created_at);
