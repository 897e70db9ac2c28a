// @vitest-environment node
/**
 * The edge functions name only SQL functions the migrations create. The migrations are
 * rewritten in place until the first deployment (docs/decisions/009-…), so a function they no
 * longer create leaves no trace there, only in the comments, strings and calls that still
 * name it; a reader who looks it up finds nothing, or the wrong thing. This scans every file
 * of supabase/functions/ (comments included) for what names an SQL function:
 *   - `public.x` and `private.x`: an object (function, table, view) the migrations create;
 *   - `rpc('x'` and `/rpc/x`, and a snake_case `x(`: a function they create (or PostgreSQL's);
 *   - any other snake_case word, in backticks or prose, that looks like an SQL function (its
 *     first word starts one: `claim_…`, `owe_…`) and that neither the migrations' SQL nor the
 *     functions' code (outside comments and sentences) has – a column, a log code or a JSON key
 *     is in one of them.
 * What the migrations create is docs-check's `sqlObjects`, the list the docs are checked against.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_SQL, sqlObjects } from '../../scripts/docs-check.ts';

const root = new URL('../../', import.meta.url);
const listed = (under: string) =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', under], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

const migrations = listed('supabase/migrations').filter((file) => file.endsWith('.sql')).sort().map(read);
const sources = listed('supabase/functions').filter((file) => file.endsWith('.ts'));

/** What the functions may name: the migrations' objects and functions, and the words SQL and code use. */
interface Vocabulary {
  objects: Set<string>; // sqlObjects: `schema.name` and `name`
  callable: Set<string>; // the functions and procedures among them, and PostgreSQL's
  verbs: Set<string>; // the first words of the callable ones: `claim`, `owe`, …
  known: Set<string>; // every word of the migrations' SQL and of the functions' code, comments and sentences left out
}

const SNAKE = '[a-z][a-z0-9]*(?:_[a-z0-9]+)+';
const QUALIFIED = /\b(public|private)\.([a-z][a-z0-9_]*)/g;
const RPC = /\brpc(?:\(\s*['"`]|\/)([a-z][a-z0-9_]*)/g;
const CALLED = new RegExp(`(?<![\\w.$/-])(${SNAKE})\\(`, 'g');
const WORD = new RegExp(`(?<![\\w.$/-])(${SNAKE})(?![\\w-])`, 'g');

/**
 * The code without what is written for people: comments, and strings that hold a space (a
 * sentence such as mail-kinds.ts's `owedWhen`). A one-word string stays: a log code, a JSON
 * key or a kind is code, and a stale name in a sentence must not vouch for itself.
 */
function withoutProse(code: string, sql: boolean): string {
  if (sql) return code.replace(/--[^\n]*/g, ' ');
  const prose = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g;
  return code.replace(prose, (span) => (/^['"`]\S*$/.test(span) ? span : ' '));
}

function vocabulary(migrationTexts: string[], codeTexts: string[]): Vocabulary {
  const callable = new Set([...sqlObjects(migrationTexts, ['function', 'procedure']), ...BUILT_IN_SQL]);
  const words = (text: string) => text.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [];
  return {
    objects: sqlObjects(migrationTexts),
    callable,
    verbs: new Set([...callable].filter((name) => !name.includes('.')).map((name) => name.split('_')[0]!)),
    known: new Set([...migrationTexts.map((text) => withoutProse(text, true)), ...codeTexts.map((text) => withoutProse(text, false))].flatMap(words)),
  };
}

/** `file:line: name …` for each name of an SQL function in `text` that the migrations do not create. */
function staleSqlNames(file: string, text: string, known: Vocabulary): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    // A name that matches more than one shape on its line (`rpc('x'` is also a word) is reported once, by the first.
    const reported = new Set<string>();
    const report = (name: string, shown: string, why: string) => {
      if (!reported.has(name)) found.push(`${file}:${index + 1}: ${shown} ${why}`);
      reported.add(name);
    };
    for (const [whole, schema, name] of line.matchAll(QUALIFIED))
      if (!known.objects.has(`${schema}.${name}`)) report(name!, whole, 'is not created by supabase/migrations');
    for (const [, name] of line.matchAll(RPC))
      if (!known.callable.has(name!)) report(name!, name!, 'is called but supabase/migrations create no such function');
    for (const [, name] of line.matchAll(CALLED))
      if (!known.callable.has(name!)) report(name!, `${name}(`, 'is no function supabase/migrations create');
    for (const [, name] of line.matchAll(WORD))
      if (!known.objects.has(name!) && known.verbs.has(name!.split('_')[0]!) && !known.known.has(name!))
        report(name!, name!, 'looks like an SQL function, but supabase/migrations create none of that name');
  });
  return found;
}

const real = vocabulary(migrations, sources.map(read));

describe('names of SQL functions in supabase/functions/', () => {
  it('are all created by the migrations', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(real.callable.has('claim_mail')).toBe(true);
    expect(sources.flatMap((file) => staleSqlNames(file, read(file), real))).toEqual([]);
  });

  it('passes the current names, the columns, log codes and words that name no SQL function', () => {
    const text = [
      '/** public.claim_mail, by key or due; then public.finish_mail on public.outbox_mails. */',
      "await rpc('owe_practice_digest', { p_day: day }); // POST /rest/v1/rpc/claim_mail",
      "log('claim_lost'); // the exclusion constraint advisor_one_at_a_time (…), the column outcome_sent_for",
      '// make_interval(secs => 1) and `owe_day_mail`; node_modules, snake_case',
    ].join('\n');
    expect(staleSqlNames('x.ts', text, real)).toEqual([]);
  });

  it('finds a stale name in each of the shapes that name an SQL function', () => {
    const text = [
      "/** public.claim_due_mail('contact') and private.start_time_availability. */",
      "await rpc('claim_request_mail', args); // POST /rest/v1/rpc/claim_due_links",
      '// the claims (claim_due_confirmations(limit, grace) and `claim_due_earlier_offers`)',
      "    owedWhen: \"the day's first scheduled run from 07:00, or a POST by hand (claim_practice_digest)\",",
    ].join('\n');
    expect(staleSqlNames('x.ts', text, real)).toEqual([
      'x.ts:1: public.claim_due_mail is not created by supabase/migrations',
      'x.ts:1: private.start_time_availability is not created by supabase/migrations',
      'x.ts:2: claim_request_mail is called but supabase/migrations create no such function',
      'x.ts:2: claim_due_links is called but supabase/migrations create no such function',
      'x.ts:3: claim_due_confirmations( is no function supabase/migrations create',
      'x.ts:3: claim_due_earlier_offers looks like an SQL function, but supabase/migrations create none of that name',
      'x.ts:4: claim_practice_digest looks like an SQL function, but supabase/migrations create none of that name',
    ]);
  });

  it('does not take a name in a sentence of the code (a string with a space) as proof that it exists', () => {
    const code = ['export const owedWhen = "a POST by hand (claim_practice_digest)";', "log('claim_lost');"].join('\n');
    const own = vocabulary(['create function public.claim_mail() returns void as $$ $$;'], [code]);
    expect(staleSqlNames('x.ts', code, own)).toEqual([
      'x.ts:1: claim_practice_digest looks like an SQL function, but supabase/migrations create none of that name',
    ]);
  });

  it('finds a function a later migration drops', () => {
    const dropped = vocabulary(['create function public.claim_digest() returns void as $$ $$;', 'drop function public.claim_digest();'], []);
    expect(staleSqlNames('x.ts', '// public.claim_digest()', dropped)).toEqual(['x.ts:1: public.claim_digest is not created by supabase/migrations']);
  });
});
