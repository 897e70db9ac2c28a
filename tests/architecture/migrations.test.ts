// @vitest-environment node
/**
 * The schema by entity (docs/backend.md, «Migrations»; decision 009): each function is
 * defined once, in one migration, and each trigger lives in the migration of the table it
 * is on. Comments are not read.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const migrations = path.resolve(import.meta.dirname, '../../supabase/migrations');

async function sources(): Promise<{ file: string; sql: string }[]> {
  const files = (await readdir(migrations)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => ({ file, sql: (await readFile(path.join(migrations, file), 'utf8')).replace(/--[^\n]*/g, '') })),
  );
}

describe('the migrations', () => {
  it('define each function once, in one file', async () => {
    const where = new Map<string, string[]>();
    for (const { file, sql } of await sources()) {
      for (const [, name, args] of sql.matchAll(/create\s+(?:or\s+replace\s+)?function\s+([a-z_]+\.[a-z_0-9]+)\s*\(([^)]*)\)/gi)) {
        // The signature: the argument types (a function may be overloaded).
        const types = args!.split(',').map((arg) => arg.trim().split(/\s+/).slice(1).join(' ').replace(/\s+default\s.*$/i, '')).join(',');
        const key = `${name!.toLowerCase()}(${types})`;
        where.set(key, [...(where.get(key) ?? []), file]);
      }
    }
    expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
    expect(where.size).toBeGreaterThan(50);
  });

  it('create each trigger in the file that creates its table', async () => {
    const all = await sources();
    const tableFile = new Map<string, string>();
    for (const { file, sql } of all) {
      for (const [, table] of sql.matchAll(/create\s+table\s+(public\.[a-z_]+)/gi)) tableFile.set(table!.toLowerCase(), file);
    }
    const misplaced: string[] = [];
    let triggers = 0;
    for (const { file, sql } of all) {
      for (const [, trigger, table] of sql.matchAll(/create\s+trigger\s+([a-z_]+)[\s\S]*?\bon\s+(public\.[a-z_]+)/gi)) {
        triggers += 1;
        if (tableFile.get(table!.toLowerCase()) !== file) misplaced.push(`${trigger} on ${table} in ${file}`);
      }
    }
    expect(misplaced).toEqual([]);
    expect(triggers).toBeGreaterThan(5);
  });

  it('add no column to another file\'s table', async () => {
    const all = await sources();
    const tableFile = new Map<string, string>();
    for (const { file, sql } of all) {
      for (const [, table] of sql.matchAll(/create\s+table\s+(public\.[a-z_]+)/gi)) tableFile.set(table!.toLowerCase(), file);
    }
    const elsewhere = all.flatMap(({ file, sql }) =>
      [...sql.matchAll(/alter\s+table\s+(public\.[a-z_]+)\s+add\s+column/gi)]
        .filter(([, table]) => tableFile.get(table!.toLowerCase()) !== file)
        .map(([, table]) => `${table} in ${file}`)
    );
    expect(elsewhere).toEqual([]);
  });
});
