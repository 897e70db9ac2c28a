/**
 * A database of the test file's own with every migration applied: a fresh PGlite, or – with
 * DATABASE_URL – an isolated database on that PostgreSQL server, dropped again by `close`.
 * For suites that call the SQL functions directly, without a stack.
 */
import path from 'node:path';
import { createIsolatedDatabase, type Database, PgliteDatabase, PostgresDatabase } from '../../scripts/stack/database.ts';
import { applyMigrations } from '../../scripts/stack/migrations.ts';
import { REPO_ROOT } from '../../scripts/stack/start-stack.ts';

export async function openMigratedDatabase(): Promise<{ db: Database; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const isolated = url ? await createIsolatedDatabase(url) : null;
  const db = isolated ? new PostgresDatabase(isolated.url) : await PgliteDatabase.open(undefined);
  await applyMigrations(db, {
    bootstrapFile: path.join(REPO_ROOT, 'scripts', 'stack', 'bootstrap.sql'),
    migrationsDir: path.join(REPO_ROOT, 'supabase', 'migrations'),
  });
  return {
    db,
    close: async () => {
      await db.close();
      await isolated?.drop();
    },
  };
}
