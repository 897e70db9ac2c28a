// @vitest-environment node
/**
 * The registry of mail kinds (supabase/functions/_shared/domain/mail-kinds.ts) is the one
 * list of kinds: the database's list is generated from it (scripts/db-rules/), no other
 * migration names two kinds in one list, every kind's renderer exists where the registry
 * says, and docs/backend.md's table of kinds is the registry's. What a kind's SQL does
 * differently is its hooks' (mailKinds[kind].sql): each exists in the migrations with the
 * signature its dispatch calls, the outbox's claim, payload and giving up name no kind, and
 * only the outbox's migration writes its rows.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIL_KINDS, mailKinds, type MailKindSql } from '../../supabase/functions/_shared/domain/mail-kinds.ts';
import { RULES_MIGRATION_PATH } from '../../scripts/db-rules/rules-sql.ts';

const root = path.resolve(import.meta.dirname, '../..');
const migrations = path.join(root, 'supabase/migrations');

/** SQL without `--` comments, so that prose may name kinds. */
const withoutLineComments = (sql: string) => sql.replace(/--[^\n]*/g, '');

const OUTBOX_MIGRATION = '20261122000700_outbox.sql';

/** Every migration but the generated one, without comments. */
async function handWritten(): Promise<{ file: string; sql: string }[]> {
  const files = (await readdir(migrations)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    files
      .filter((file) => path.join(migrations, file) !== RULES_MIGRATION_PATH)
      .map(async (file) => ({ file, sql: withoutLineComments(await readFile(path.join(migrations, file), 'utf8')) })),
  );
}

/** The argument types of each function the migrations create, by name (`private.x`). */
async function functionSignatures(): Promise<Map<string, string[][]>> {
  const found = new Map<string, string[][]>();
  for (const { sql } of await handWritten()) {
    for (const [, name, args] of sql.matchAll(/create\s+(?:or\s+replace\s+)?function\s+([a-z_]+\.[a-z_0-9]+)\s*\(([^)]*)\)/gi)) {
      const types = args!.split(',').map((arg) => arg.trim().split(/\s+/).slice(1).join(' ').replace(/\s+default\s.*$/i, '').toLowerCase());
      found.set(name!.toLowerCase(), [...(found.get(name!.toLowerCase()) ?? []), types]);
    }
  }
  return found;
}

/** The row a hook is given: public.outbox_mails, or `record` where the table does not exist yet. */
const ROW = ['record', 'public.outbox_mails'];

/** What the generated dispatch passes to each hook (scripts/db-rules/rules-sql.ts). */
const HOOK_ARGUMENTS: Record<keyof MailKindSql, (string[] | 'row')[]> = {
  payload: ['row'],
  due: ['row', ['date'], ['interval']],
  prepare: [['jsonb'], ['timestamptz']],
  room: ['row', ['jsonb']],
  givenUpWhen: ['row', ['date']],
};

/** The body of function `name` in the outbox's migration, without comments. */
async function outboxFunction(name: string): Promise<string> {
  const sql = withoutLineComments(await readFile(path.join(migrations, OUTBOX_MIGRATION), 'utf8'));
  const start = sql.search(new RegExp(`create\\s+function\\s+${name.replace('.', '\\.')}\\s*\\(`));
  expect(start, name).toBeGreaterThanOrEqual(0);
  const body = sql.indexOf('$$', start);
  return sql.slice(start, sql.indexOf('$$', body + 2) + 2);
}

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

  it("is docs/backend.md's table of kinds, row by row, with each kind's recipient and budget", async () => {
    const doc = await readFile(path.join(root, 'docs/backend.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z-]+)` \| ([a-z]+)[^|]*\| `([a-z-]+)` \|/gm)].map((m) => [m[1], m[2], m[3]]);
    expect(rows).toEqual(MAIL_KINDS.map((kind) => [kind, mailKinds[kind].recipient, mailKinds[kind].budget]));
  });

  describe.each(MAIL_KINDS)("%s's SQL hooks", (kind) => {
    const hooks = Object.entries(mailKinds[kind].sql as MailKindSql) as [keyof MailKindSql, string][];

    it.each(hooks)('%s: %s exists with the arguments its dispatch passes', async (hook, name) => {
      const signatures = (await functionSignatures()).get(name) ?? [];
      expect(signatures, `no function ${name} in the migrations`).toHaveLength(1);
      const expected = HOOK_ARGUMENTS[hook];
      const types = signatures[0]!;
      expect(types).toHaveLength(expected.length);
      expected.forEach((allowed, index) => expect(allowed === 'row' ? ROW : allowed).toContain(types[index]));
    });

    it('names a rule for giving up only when the outbox gives up on it', () => {
      if ((mailKinds[kind].sql as MailKindSql).givenUpWhen !== undefined) expect(mailKinds[kind].givenUp).toBe(true);
    });
  });

  it('leaves the outbox\'s rows to its own migration: no other one updates public.outbox_mails', async () => {
    const writers = (await handWritten())
      .filter(({ file, sql }) => file !== OUTBOX_MIGRATION && /\bupdate\s+(?:only\s+)?public\.outbox_mails\b/i.test(sql))
      .map(({ file }) => file);
    expect(writers).toEqual([]);
  });

  it.each(['public.claim_mail', 'private.mail_json', 'private.give_up_stale_mail'])(
    'keeps %s free of kinds: it reaches them through the generated dispatch',
    async (name) => {
      const body = await outboxFunction(name);
      expect(MAIL_KINDS.filter((kind) => body.includes(`'${kind}'`))).toEqual([]);
      expect(body).toMatch(/private\.mail_kind_(payload|due|prepare|room|gives_up)\(/);
    },
  );
});
