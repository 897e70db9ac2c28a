/**
 * Brings a database to the schema in supabase/migrations the way the Supabase CLI does:
 * first what hosted Supabase has before any migration (bootstrap.sql: the API roles and
 * their default privileges), then each migration file once, in file-name order, recorded
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

export async function applyMigrations(db: Database, paths: MigrationPaths): Promise<MigrationReport> {
  await runBootstrap(db, await readFile(paths.bootstrapFile, 'utf8'));

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
