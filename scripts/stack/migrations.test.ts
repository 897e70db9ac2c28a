// @vitest-environment node
/**
 * bootstrap.sql and the Vault step of applyMigrations, on their own (no migrations): what
 * hosted Supabase has before any migration – pgcrypto in "extensions", Vault's public API
 * with its privileges – run twice as every restart does, on PGlite or, with DATABASE_URL
 * set (CI's PostgreSQL 15 run), in a throwaway database on that server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedDatabase, PgliteDatabase, PostgresDatabase, type Database } from './database';
import { applyMigrations } from './migrations';
import { REPO_ROOT } from './start-stack';

describe('bootstrap.sql and the Vault secrets', () => {
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let emptyDir: string;

  const bootstrap = (vaultSecrets: Record<string, string>) =>
    applyMigrations(db, {
      bootstrapFile: path.join(REPO_ROOT, 'scripts', 'stack', 'bootstrap.sql'),
      migrationsDir: emptyDir,
      vaultSecrets,
    });

  beforeAll(async () => {
    emptyDir = await mkdtemp(path.join(os.tmpdir(), 'stack-no-migrations-'));
    const url = process.env.DATABASE_URL;
    if (url) {
      const isolated = await createIsolatedDatabase(url);
      drop = isolated.drop;
      db = new PostgresDatabase(isolated.url);
    } else {
      db = await PgliteDatabase.open(undefined);
    }
    await bootstrap({ form_proof_secret: 'first-value-of-the-secret' });
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await drop?.();
    if (emptyDir) await rm(emptyDir, { recursive: true, force: true });
  });

  it('runs again without error and updates a secret in place (create, then update, as the CLI does)', async () => {
    await bootstrap({ form_proof_secret: 'second-value-of-the-secret', unset_is_skipped: '' });
    const { rows } = await db.query<{ name: string; decrypted_secret: string }>(
      'select name, decrypted_secret from vault.decrypted_secrets order by name',
    );
    expect(rows).toEqual([{ name: 'form_proof_secret', decrypted_secret: 'second-value-of-the-secret' }]);
  });

  // supabase/vault sql/supabase_vault--0.3.0.sql: the functions' signatures and the view's columns.
  it('has Vault’s public API: vault.secrets, vault.decrypted_secrets, create_secret, update_secret', async () => {
    const signatures = await db.query<{ name: string; args: string; result: string }>(
      `select p.proname as name, pg_get_function_arguments(p.oid) as args, pg_get_function_result(p.oid) as result
         from pg_proc p where p.pronamespace = 'vault'::regnamespace and p.proname in ('create_secret', 'update_secret')
        order by 1`,
    );
    expect(signatures.rows).toEqual([
      {
        name: 'create_secret',
        args: "new_secret text, new_name text DEFAULT NULL::text, new_description text DEFAULT ''::text, new_key_id uuid DEFAULT NULL::uuid",
        result: 'uuid',
      },
      {
        name: 'update_secret',
        args: 'secret_id uuid, new_secret text DEFAULT NULL::text, new_name text DEFAULT NULL::text, new_description text DEFAULT NULL::text, new_key_id uuid DEFAULT NULL::uuid',
        result: 'void',
      },
    ]);
    const columns = await db.query<{ name: string }>(
      `select attname as name from pg_attribute where attrelid = 'vault.decrypted_secrets'::regclass and attnum > 0 order by attnum`,
    );
    expect(columns.rows.map((row) => row.name)).toEqual([
      'id', 'name', 'description', 'secret', 'decrypted_secret', 'key_id', 'nonce', 'created_at', 'updated_at',
    ]);
    const id = await db.query<{ id: string }>(`select vault.create_secret('s3kret', 'another_name', 'a description') as id`);
    await db.query(`select vault.update_secret($1, 'n3w')`, [id.rows[0]!.id]);
    const updated = await db.query(`select name, description, decrypted_secret from vault.decrypted_secrets where id = $1`, [id.rows[0]!.id]);
    expect(updated.rows).toEqual([{ name: 'another_name', description: 'a description', decrypted_secret: 'n3w' }]);
    await expect(db.query(`select vault.create_secret('x', 'another_name')`)).rejects.toMatchObject({ code: '23505' });
    await db.query(`delete from vault.secrets where name = 'another_name'`);
  });

  // supabase/postgres ansible/files/postgresql_extension_custom_scripts/supabase_vault/after-create.sql
  // (service_role), migrations/db/init-scripts/00000000000000-initial-schema.sql (extensions).
  it('gives Vault to service_role only, and "extensions" to all API roles', async () => {
    const { rows } = await db.query<Record<string, boolean>>(
      `select has_schema_privilege('anon', 'vault', 'USAGE') as anon_vault,
              has_schema_privilege('authenticated', 'vault', 'USAGE') as authenticated_vault,
              has_table_privilege('anon', 'vault.decrypted_secrets', 'SELECT') as anon_read,
              has_function_privilege('anon', 'vault.create_secret(text, text, text, uuid)', 'EXECUTE') as anon_create,
              has_schema_privilege('service_role', 'vault', 'USAGE') as service_vault,
              has_table_privilege('service_role', 'vault.decrypted_secrets', 'SELECT') as service_read,
              has_function_privilege('service_role', 'vault.update_secret(uuid, text, text, text, uuid)', 'EXECUTE') as service_update,
              has_schema_privilege('anon', 'extensions', 'USAGE') as anon_extensions,
              has_schema_privilege('authenticated', 'extensions', 'USAGE') as authenticated_extensions,
              has_schema_privilege('service_role', 'extensions', 'USAGE') as service_extensions`,
    );
    expect(rows[0]).toEqual({
      anon_vault: false,
      authenticated_vault: false,
      anon_read: false,
      anon_create: false,
      service_vault: true,
      service_read: true,
      service_update: true,
      anon_extensions: true,
      authenticated_extensions: true,
      service_extensions: true,
    });
  });

  // …_base.sql creates btree_gist in "extensions" (hosted Supabase offers it there) for the
  // exclusion constraint of …_appointment_requests.sql: text with =, a range with &&, in one GiST index.
  // PGlite can create it only when database.ts hands it the module; PostgreSQL from contrib.
  it('can create btree_gist in "extensions" for an exclusion constraint of = and &&', async () => {
    await db.exec('create extension if not exists btree_gist with schema extensions');
    const { rows } = await db.query<{ schema: string }>(
      `select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'btree_gist'`,
    );
    expect(rows).toEqual([{ schema: 'extensions' }]);
    await db.exec(`create table public.gist_probe (who text, span tsrange, exclude using gist (who with =, span with &&))`);
    try {
      await db.query(`insert into public.gist_probe values ('a', '[2030-01-07 09:00, 2030-01-07 10:00)'), ('b', '[2030-01-07 09:00, 2030-01-07 10:00)'), ('a', '[2030-01-07 10:00, 2030-01-07 11:00)')`);
      await expect(db.query(`insert into public.gist_probe values ('a', '[2030-01-07 09:30, 2030-01-07 10:30)')`)).rejects.toMatchObject({ code: '23P01' });
    } finally {
      await db.exec('drop table public.gist_probe');
    }
  });

  it('has pgcrypto in "extensions": hmac and digest', async () => {
    const { rows } = await db.query<{ extension_schema: string; hmac: string; digest: string }>(
      `select (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgcrypto') as extension_schema,
              encode(extensions.hmac('data', 'key', 'sha256'), 'hex') as hmac,
              encode(extensions.digest('data', 'sha256'), 'hex') as digest`,
    );
    expect(rows[0]).toEqual({
      extension_schema: 'extensions',
      hmac: '5031fe3d989c6d1537a013fa6e739da23463fdaec3b70137d828e36ace221bd0',
      digest: '3a6eb0790f39ac87c94f3856b2dd2c5d110e6811602261a9a923d3bb23adc8b7',
    });
  });
});
