/**
 * Brings a database to the schema in supabase/migrations the way the Supabase CLI does:
 * first what hosted Supabase has before any migration (bootstrap.sql: the API roles and
 * their default privileges, pgcrypto in "extensions", Vault), then the Vault secrets the
 * project's settings give, then each migration file once, in file-name order, recorded
 * in supabase_migrations.schema_migrations. A database that is already up to date is
 * left untouched, so the schema is never written twice.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';

export interface MigrationPaths {
  bootstrapFile: string;
  migrationsDir: string;
  /** Run once, right after the migrations of a brand-new database (like `supabase db reset`). */
  seedFile?: string;
  /**
   * Vault secrets (name → value) to create or update at every run, before the migrations:
   * what the CLI does with `[db.vault]` of config.toml (upsertVaultSecrets).
   */
  vaultSecrets?: Record<string, string>;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
  seeded: boolean;
}

/** Serialises concurrent runs against one server database (parallel test files). */
const MIGRATION_LOCK = 82710043;

interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export async function listMigrations(migrationsDir: string): Promise<MigrationFile[]> {
  const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
  return files.map((file) => {
    // The CLI's naming: <version>_<name>.sql, the version being a timestamp.
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    if (!match) throw new Error(`Migration file name must be <timestamp>_<name>.sql: ${file}`);
    return { version: match[1]!, name: match[2]!, file: path.join(migrationsDir, file) };
  });
}

function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

async function runBootstrap(db: Database, sql: string): Promise<void> {
  try {
    await db.transaction((tx) => tx.exec(sql));
  } catch (error) {
    // Roles are cluster-wide: two isolated test databases bootstrapping at once can both
    // see "no role anon" and race to create it. The second attempt finds it.
    const code = sqlState(error);
    if (code !== '42710' && code !== '23505' && code !== '40001') throw error;
    await db.transaction((tx) => tx.exec(sql));
  }
}

/**
 * Creates or updates each named secret in Supabase Vault, as the CLI's
 * UpsertVaultSecrets (apps/cli-go/pkg/vault/batch.go) does for `[db.vault]` at
 * `supabase start` – before the migrations (internal/db/start/start.go, SetupDatabase):
 * the id of a secret of that name is looked up, then `vault.update_secret(id, value)`,
 * else `vault.create_secret(value, name)`. Works on the real Vault and on bootstrap.sql's
 * stand-in alike; empty values are skipped, as the CLI skips unset ones.
 */
export async function upsertVaultSecrets(db: Database, secrets: Record<string, string>): Promise<string[]> {
  const entries = Object.entries(secrets).filter(([, value]) => value !== '');
  if (entries.length === 0) return [];
  await db.transaction(async (tx) => {
    // Two stacks starting on one server database must not both create a name.
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    for (const [name, value] of entries) {
      const found = await tx.query<{ id: string }>('select id from vault.secrets where name = $1', [name]);
      const id = found.rows[0]?.id;
      if (id) await tx.query('select vault.update_secret($1::uuid, $2)', [id, value]);
      else await tx.query('select vault.create_secret($1, $2)', [value, name]);
    }
  });
  return entries.map(([name]) => name);
}

export async function applyMigrations(db: Database, paths: MigrationPaths): Promise<MigrationReport> {
  await runBootstrap(db, await readFile(paths.bootstrapFile, 'utf8'));
  await upsertVaultSecrets(db, paths.vaultSecrets ?? {});

  const migrations = await listMigrations(paths.migrationsDir);
  const before = await db.query<{ versions: string }>(
    `select coalesce(json_agg(version), '[]')::text as versions from supabase_migrations.schema_migrations`,
  );
  const appliedBefore = new Set<string>(JSON.parse(String(before.rows[0]?.versions ?? '[]')));
  const applied: string[] = [];

  for (const migration of migrations) {
    if (appliedBefore.has(migration.version)) continue;
    const sql = await readFile(migration.file, 'utf8');
    let ran: boolean;
    try {
      ran = await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        // Checked again under the lock: another process may have applied it meanwhile.
        const done = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [
          migration.version,
        ]);
        if (done.rows.length > 0) return false;
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        return true;
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new Error(`Migration ${path.basename(migration.file)} failed, nothing of it was applied: ${detail}`, {
        cause: error,
      });
    }
    if (ran) applied.push(`${migration.version}_${migration.name}`);
  }

  let seeded = false;
  if (appliedBefore.size === 0 && applied.length > 0 && paths.seedFile && existsSync(paths.seedFile)) {
    const seed = await readFile(paths.seedFile, 'utf8');
    await db.transaction((tx) => tx.exec(seed));
    seeded = true;
  }
  return { applied, alreadyApplied: appliedBefore.size, seeded };
}
