-- The baseline, part 1: what every other migration builds on – the schemas, the
-- extensions, who may execute new functions, and two helpers everything uses.
--
-- The baseline (this file up to …_my_data.sql) was written before anything was
-- deployed; it is the schema as one readable text, one file per entity – each table with its
-- constraints, triggers, policies and the functions that change it – in dependency order:
--   …0000_base                   schemas, extensions, default privileges, shared helpers
--   …0100_rules                  GENERATED every rule of the domain module: field rules, lengths,
--                                service catalogue, slot rules, advisors, durations (npm run db:rules)
--   …0200_limits_and_proofs      rate limits and the form proofs
--   …0300_closures               the days the practice is away
--   …0400_appointment_requests   requests and appointments: the table, the insert's guard and
--                                policy, bookable slots, the lifecycle, moves, capacity
--   …0500_contact_submissions       the contact form's messages
--   …0600_newsletter             subscribers and articles
--   …0700_outbox                 every mail owed as one row, of a kind of the registry: one
--                                claim and one finish for every kind
--   …0800_digest                 the jobs' record, the practice's morning digest
--   …0900_scheduled_jobs         the retention and every schedule (pg_cron, pg_net)
--   …1100_offers                 the times offered when a request is declined
--   …1200_earlier_times          a confirmed visitor's wish for an earlier time, its offers
--   …1400_my_data                «Meine Daten»: an address's data, its erasure, the calendar's
--                                tombstones (last: it reads every table above)
-- Each table with its triggers, policies and functions in its file; each function defined
-- once. Before the first deployment these files are rewritten in place; from it on
-- migrations only add (docs/decisions/009-one-queue-shape-and-the-migration-policy.md).
--
-- Hosted Supabase grants every privilege on new tables in "public" to anon and
-- authenticated by default; the migrations take them away again and grant only what the
-- site needs: anon may insert an appointment request and call two read-only functions,
-- nothing else. Everything else goes through the edge functions with the service role.

create schema if not exists private;
comment on schema private is 'Helpers used by policies and functions; not exposed by the API gateway.';
revoke all on schema private from public;
grant usage on schema private to service_role;

-- ---------------------------------------------------------------------------------------
-- Default privileges, first, so that every function below is born closed.
--
-- Postgres lets PUBLIC execute every new function; bootstrap (as on hosted Supabase) adds
-- EXECUTE for anon, authenticated and service_role on new functions in "public". Both are
-- taken away for functions the migration role creates (postgres on hosted Supabase, under
-- `supabase start` and in the local stack): functions created in "public" are not
-- executable by the API roles unless a migration grants it. PUBLIC's default can only be
-- revoked for all schemas at once (a per-schema entry can only add to it), hence the
-- first statement has no IN SCHEMA. service_role keeps its default grant in "public".
-- Hosted Supabase has the same defaults for objects that supabase_admin creates in
-- "public" (extensions installed there); postgres is not a member of supabase_admin and
-- cannot change them (42501 "permission denied to change default privileges").
alter default privileges for role current_user revoke execute on functions from public;
alter default privileges for role current_user in schema public revoke execute on functions from anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- Extensions, in schema "extensions" as hosted Supabase offers them (Supabase docs,
-- "Postgres Extensions").
--
-- pgcrypto: HMAC, for the form proof the insert carries (…_limits_and_proofs.sql). Hosted Supabase
-- has it installed already.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
-- btree_gist lets one GiST index compare the advisor (=) and the span (&&): the exclusion
-- constraint advisor_one_at_a_time (…_appointment_requests.sql).
create extension if not exists btree_gist with schema extensions;

-- ---------------------------------------------------------------------------------------
-- Shared helpers.

-- "Today" for the practice, whatever time zone the server runs in.
create function private.practice_today() returns date
  language sql stable parallel safe
  set search_path = ''
  as $$ select (now() at time zone 'Europe/Zurich')::date $$;
revoke all on function private.practice_today() from public;
grant execute on function private.practice_today() to anon, service_role;

-- 'HH:MM' → time. Immutable (the text → time cast is only stable), so the generated span
-- appointment_requests.occupies may use it; the slot columns' checks allow only 'HH:MM'
-- values. The span is computed with the inserting role's privileges (anon's too, as for
-- the form's other checks).
create function private.clock(p_time text) returns time
  language sql immutable parallel safe
  set search_path = ''
  as $$ select make_time(substr(p_time, 1, 2)::integer, substr(p_time, 4, 2)::integer, 0) $$;
revoke all on function private.clock(text) from public;
grant execute on function private.clock(text) to service_role, anon, authenticated;
