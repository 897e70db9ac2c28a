-- What hosted Supabase has before any migration runs, for the local stack and the tests:
-- the API roles and the default privileges that hand every new table, function and
-- sequence in "public" to them. Migrations must take away what they do not want to give,
-- exactly as on hosted Supabase. Safe to run more than once.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;

-- The default privileges only for a database that has none of this yet (hosted Supabase
-- sets them once, when the project is made): on a restart with kept data they are
-- already there, and granting them again would undo what a migration took away.
do $$
begin
  if to_regclass('supabase_migrations.schema_migrations') is null then
    alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
    alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
    alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
  end if;
end
$$;

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  applied_at timestamptz not null default now()
);
