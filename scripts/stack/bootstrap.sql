-- What hosted Supabase has before any migration runs, for the local stack and the tests:
-- the API roles and the default privileges that hand every new table, function and
-- sequence in "public" to them; the schema "extensions" with pgcrypto in it; and Supabase
-- Vault (a minimal stand-in where the database has none). Migrations must take away what
-- they do not want to give, exactly as on hosted Supabase. Safe to run more than once, on
-- PGlite (pgcrypto loaded by database.ts) and on a PostgreSQL server (contrib installed).
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

-- Extension namespacing as on hosted Supabase and `supabase start` (supabase/postgres,
-- migrations/db/init-scripts/00000000000000-initial-schema.sql): pgcrypto lives in
-- "extensions", which the API roles may use (PostgREST also has it on its search_path:
-- postgrest.ts, EXTRA_SEARCH_PATH).
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- Supabase Vault, only where the database has none: `supabase start` and hosted projects
-- have the real extension (supabase_vault, in schema "vault"). The stand-in keeps the
-- public API of Vault 0.3 (github.com/supabase/vault, sql/supabase_vault--0.3.0.sql): the
-- table vault.secrets, the view vault.decrypted_secrets, vault.create_secret() and
-- vault.update_secret() with the same signatures, names unique where set. Unlike the real
-- one it does not encrypt: `secret` holds the text as given (local values only), and
-- `decrypted_secret` is the same text. Privileges as hosted grants them
-- (supabase/postgres, ansible/files/postgresql_extension_custom_scripts/supabase_vault/
-- after-create.sql): service_role may read and delete secrets and call the two
-- functions; anon and authenticated nothing; the functions not executable by PUBLIC.
do $bootstrap$
begin
  if exists (select 1 from pg_namespace where nspname = 'vault') then
    return;
  end if;

  create schema vault;
  comment on schema vault is
    'Minimal stand-in for Supabase Vault (scripts/stack/bootstrap.sql): same names and signatures, no encryption.';

  create table vault.secrets (
    id uuid primary key default gen_random_uuid(),
    name text,
    description text not null default '',
    secret text not null,
    key_id uuid,
    nonce bytea,
    created_at timestamptz not null default current_timestamp,
    updated_at timestamptz not null default current_timestamp
  );
  create unique index secrets_name_idx on vault.secrets using btree (name) where name is not null;

  create view vault.decrypted_secrets as
    select s.id, s.name, s.description, s.secret, s.secret as decrypted_secret,
           s.key_id, s.nonce, s.created_at, s.updated_at
      from vault.secrets s;

  create function vault.create_secret(
    new_secret text,
    new_name text = null,
    new_description text = '',
    -- unused, as in Vault 0.3
    new_key_id uuid = null
  ) returns uuid
    security definer
    language plpgsql
    set search_path = ''
    as $fn$
    declare
      new_id uuid;
    begin
      insert into vault.secrets (secret, name, description)
        values (new_secret, new_name, new_description)
        returning id into new_id;
      return new_id;
    end
    $fn$;

  create function vault.update_secret(
    secret_id uuid,
    new_secret text = null,
    new_name text = null,
    new_description text = null,
    -- unused, as in Vault 0.3
    new_key_id uuid = null
  ) returns void
    security definer
    language plpgsql
    set search_path = ''
    as $fn$
    begin
      update vault.secrets s
        set secret = coalesce(new_secret, s.secret),
            name = coalesce(new_name, s.name),
            description = coalesce(new_description, s.description),
            updated_at = now()
        where s.id = secret_id;
    end
    $fn$;

  revoke all on schema vault from public;
  revoke all on table vault.secrets, vault.decrypted_secrets from public;
  revoke all on function vault.create_secret(text, text, text, uuid),
    vault.update_secret(uuid, text, text, text, uuid) from public;

  grant usage on schema vault to service_role;
  grant select, delete on table vault.secrets, vault.decrypted_secrets to service_role;
  grant execute on function vault.create_secret(text, text, text, uuid),
    vault.update_secret(uuid, text, text, text, uuid) to service_role;
end
$bootstrap$;

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  applied_at timestamptz not null default now()
);
