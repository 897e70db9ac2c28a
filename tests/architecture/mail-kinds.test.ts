// @vitest-environment node
/**
 * The registry of mail kinds (supabase/functions/_shared/domain/mail-kinds.ts) is the one
 * list of kinds: the database's list is generated from it (scripts/db-rules/), no other
 * migration names two kinds in one list, every kind's renderer exists where the registry
 * says, and docs/backend.md's table of kinds is the registry's.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIL_KINDS, mailKinds } from '../../supabase/functions/_shared/domain/mail-kinds.ts';
import { RULES_MIGRATION_PATH } from '../../scripts/db-rules/rules-sql.ts';

const root = path.resolve(import.meta.dirname, '../..');
const migrations = path.join(root, 'supabase/migrations');

/** SQL without `--` comments, so that prose may name kinds. */
const withoutLineComments = (sql: string) => sql.replace(/--[^\n]*/g, '');

describe('the registry of mail kinds', () => {
  it('is the only list of kinds: no hand-written migration names two kinds in one expression', async () => {
    const quoted = MAIL_KINDS.map((kind) => `'${kind}'`);
    const found: string[] = [];
    for (const file of (await readdir(migrations)).filter((name) => name.endsWith('.sql'))) {
      if (path.join(migrations, file) === RULES_MIGRATION_PATH) continue;
      const sql = withoutLineComments(await readFile(path.join(migrations, file), 'utf8'));
      // A list: two kinds within one parenthesised run of literals and commas.
      for (const match of sql.matchAll(/\(\s*'[^']*'(?:\s*,\s*'[^']*')+\s*\)/g)) {
        const kinds = quoted.filter((literal) => match[0].includes(literal));
        if (kinds.length >= 2) found.push(`${file}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('is what the generated migration lists', async () => {
    const sql = await readFile(RULES_MIGRATION_PATH, 'utf8');
    const list = /function private\.mail_kinds\(\)[\s\S]*?select (array\[[^\]]*\])/.exec(sql)?.[1] ?? '';
    expect([...list.matchAll(/'([^']+)'/g)].map((m) => m[1])).toEqual(MAIL_KINDS);
  });

  it.each(MAIL_KINDS)('names a renderer of %s that its module exports', async (kind) => {
    const [file, name] = mailKinds[kind].renderer.split('#') as [string, string];
    const shared = path.join(root, 'supabase/functions/_shared', file);
    const own = path.join(root, 'supabase/functions', file);
    const source = await readFile(shared, 'utf8').catch(() => readFile(own, 'utf8'));
    expect(source).toMatch(new RegExp(`export (async )?function ${name}\\b`));
  });

  it("is docs/backend.md's table of kinds, row by row, with each kind's recipient", async () => {
    const doc = await readFile(path.join(root, 'docs/backend.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z-]+)` \| ([a-z]+)[^|]*\|/gm)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual(MAIL_KINDS.map((kind) => [kind, mailKinds[kind].recipient]));
  });
});
