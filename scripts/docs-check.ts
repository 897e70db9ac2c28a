/**
 * Docs that cannot drift: every repository path, npm script, SQL object and edge function a
 * doc names must exist (`npm run check` runs this). What the docs say about them is for
 * people to keep true; that the things exist is checked here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the docs may name: the repository as it is. */
export interface Repo {
  files: string[]; // every file, relative to the root
  scripts: Set<string>; // package.json's scripts
  sql: Set<string>; // objects the migrations create (and do not drop), as `schema.name` and `name`
  functions: Set<string>; // folders of edge functions
  identifiers: Set<string>; // every word in the code (not the docs)
  literals: Set<string>; // the code's string literals that are words, and template heads (`link_${`: `link_`)
  docs: Map<string, string>; // the Markdown files' texts, for the anchors of links into them
}

export interface Finding {
  file: string;
  line: number;
  message: string;
}

const NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
// Written to by builds and runs, never committed.
const GENERATED = /^(dist|\.stack-data|node_modules|test-results|playwright-report|bench-results|coverage|~)(\/|$)|(^|\/)\.env$/;
// SQL functions that PostgreSQL or its extensions provide, which the docs and the functions may name.
export const BUILT_IN_SQL = new Set(['gen_random_uuid', 'pg_advisory_xact_lock', 'date_trunc', 'current_setting', 'set_config', 'http_post', 'make_interval']);

/**
 * Names the migrations create, in file order; a later `drop` removes one. `kinds` keeps the
 * objects of those kinds only (`['function', 'procedure']`: what can be called).
 */
export function sqlObjects(migrations: string[], kinds?: readonly string[]): Set<string> {
  const names = new Set<string>();
  const object = /\b(create(?:\s+or\s+replace)?|drop)\s+(materialized\s+view|table|view|function|procedure|type|sequence)\s+(?:if\s+(?:not\s+)?exists\s+)?"?([a-z_]+)"?\."?([a-z0-9_]+)"?/gi;
  for (const text of migrations) {
    for (const [, verb, kind, schema, name] of text.matchAll(object)) {
      if (kinds && !kinds.includes(kind!.toLowerCase().replace(/\s+/g, ' '))) continue;
      const keys = [`${schema!.toLowerCase()}.${name!.toLowerCase()}`, name!.toLowerCase()];
      for (const key of keys) {
        if (verb!.toLowerCase() === 'drop') names.delete(key);
        else names.add(key);
      }
    }
  }
  return names;
}

/** A word of the code, or a log code it composes of literals (`link_${reason}`, `${action}_${outcome}`). */
function isInCode(name: string, repo: Pick<Repo, 'identifiers' | 'literals'>, composed = false): boolean {
  if ((composed ? repo.literals : repo.identifiers).has(name) || (composed && /^\d+$/.test(name))) return true;
  return [...name.matchAll(/_/g)].some(({ index }) => {
    const [head, tail] = [name.slice(0, index), name.slice(index + 1)];
    return (repo.literals.has(head) || repo.literals.has(`${head}_`)) && isInCode(tail, repo, true);
  });
}

/** The anchors GitHub gives a Markdown file's headings. */
export function anchors(text: string): Set<string> {
  const headings = text.split('\n').filter((line) => /^#{1,6} /.test(line));
  return new Set(headings.map((line) => line.replace(/^#+ /, '').trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')));
}

function isNamed(name: string, repo: Repo): boolean {
  return repo.literals.has(name) || repo.files.some((file) => file.includes(`/${name}.`) || file.includes(`/${name}/`));
}

/** A glob or placeholder path as a pattern: `*`, `<name>`, `NNN`, `…`. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const pattern = escaped.replace(/\*\*/g, '.*').replace(/\*/g, '[^/]*').replace(/<[^>]+>/g, '[^/]+').replace(/NNN/g, '\\d+').replace(/…/g, '.*');
  return new RegExp(`(^|/)${pattern}$`);
}

function pathExists(path: string, doc: string, repo: Repo): boolean {
  const clean = path.replace(/^\.\//, '').replace(/[#?].*$/, '').replace(/\/$/, '');
  const candidates = [clean, posix.normalize(posix.join(posix.dirname(doc), clean))];
  const under = (name: string) => repo.files.some((file) => file === name || file.startsWith(`${name}/`));
  if (candidates.some(under)) return true;
  if (/[*<…]|NNN/.test(clean)) return repo.files.some((file) => pathPattern(clean).test(file) || pathPattern(`${clean}/x`).test(`${file}/x`));
  // Named from inside its folder (`_shared/runtime.ts`, `index.ts`): some file ends so.
  return !clean.startsWith('../') && repo.files.some((file) => file.endsWith(`/${clean}`) || file.includes(`/${clean}/`));
}

function looksLikePath(span: string, repo: Repo): boolean {
  // A file of another repository is written `repository:path` or starts with a folder this one lacks.
  if (/[\s:]|^[@/$-]/.test(span) || GENERATED.test(span)) return false;
  const top = span.replace(/^\.\//, '').split('/')[0]!;
  const isFile = /(\.(ts|tsx|mjs|js|md|sql|json|toml|css|conf)|\/)$/.test(span);
  if (span.includes('/')) return repo.files.some((file) => file.startsWith(`${top}/`) || (isFile && file.includes(`/${top}/`)));
  return /^[\w.-]+\.(ts|tsx|sql|md)$/.test(span);
}

/** The findings for one doc: `file` relative to the root, `text` its contents. */
export function checkDoc(file: string, text: string, repo: Repo): Finding[] {
  const findings: Finding[] = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    const report = (message: string) => findings.push({ file, line: index + 1, message });
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    for (const [, name] of line.matchAll(/\bnpm run(?:-script)?\s+(?:-\S+\s+)*([\w:.-]*\w)/g))
      if (!repo.scripts.has(name!)) report(`npm script "${name}" is not in package.json`);
    for (const [, name] of line.matchAll(/\bnpm (test|start|stop|restart)\b/g))
      if (!repo.scripts.has(name!)) report(`npm script "${name}" is not in package.json`);
    if (fenced) return; // code blocks: only the commands above
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [relative, anchor] = target!.split('#');
      const path = relative ? posix.normalize(posix.join(posix.dirname(file), relative)) : file;
      const linked = path === file ? text : repo.docs.get(path);
      if (path !== file && !repo.files.some((f) => f === path || f.startsWith(`${path}/`))) report(`link to a missing path: ${target}`);
      else if (anchor && linked !== undefined && !anchors(linked).has(anchor)) report(`link to a missing heading: ${target}`);
    }
    for (const [, span] of line.replace(/\]\([^)]*\)/g, ']').matchAll(/`([^`]+)`/g)) {
      const code = span!.trim();
      const functionPath = /^\/?functions\/v1\/([a-z][a-z0-9-]*)/.exec(code);
      if (functionPath && !repo.functions.has(functionPath[1]!))
        report(`no edge function "${functionPath[1]}" in supabase/functions/`);
      else if (looksLikePath(code, repo) && !pathExists(code, file, repo)) report(`missing path: ${code}`);
      const qualified = /^(public|private)\.([a-z0-9_]+)/.exec(code);
      const called = /^([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\(/.exec(code);
      if (qualified && !repo.sql.has(`${qualified[1]}.${qualified[2]}`)) report(`no ${qualified[0]} in supabase/migrations`);
      else if (called && !BUILT_IN_SQL.has(called[1]!) && !repo.sql.has(called[1]!)) report(`no SQL function ${called[1]} in supabase/migrations`);
      // An identifier of the code (snake_case or camelCase, maybe called) that the code does not have.
      const identifier = /^([a-z]+(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]*)+)(\(.*\))?$/.exec(code);
      if (identifier && !called && !isInCode(identifier[1]!, repo)) report(`\`${identifier[1]}\` appears nowhere in the code`);
      // A kebab-case name on a line about functions, that is no function, file or literal of the code.
      if (/^[a-z]+(-[a-z]+)+$/.test(code) && /\bfunctions?\b/i.test(line) && !repo.functions.has(code) && !isNamed(code, repo))
        report(`no edge function "${code}" in supabase/functions/`);
    }
    for (const [phrase, count] of line.matchAll(/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (?:edge )?functions\b/gi))
      if (NUMBERS.indexOf(count!.toLowerCase()) !== repo.functions.size && /\b(all|the)\s+\S+\s+(edge )?functions\b/i.test(line))
        report(`"${phrase}": supabase/functions/ has ${repo.functions.size}`);
  });
  return findings;
}

/** The repository at `root`, as the docs may name it. */
export function loadRepo(root: string): Repo {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  const files = listed.split('\n').filter((file) => file && existsSync(join(root, file)));
  const migrations = files.filter((file) => /^supabase\/migrations\/[^/]+\.sql$/.test(file)).sort();
  const functionsDir = join(root, 'supabase/functions');
  const code = files.filter((file) => /\.(ts|tsx|mjs|js|sql|json|toml|conf|example)$|^\.ci\//.test(file) && !file.endsWith('lock.json'));
  const texts = code.map((file) => readFileSync(join(root, file), 'utf8'));
  return {
    files,
    scripts: new Set(Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts)),
    sql: sqlObjects(migrations.map((file) => readFileSync(join(root, file), 'utf8'))),
    functions: new Set(
      readdirSync(functionsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(functionsDir, entry.name, 'index.ts')))
        .map((entry) => entry.name),
    ),
    identifiers: new Set(texts.flatMap((text) => text.match(/[A-Za-z_]\w*/g) ?? [])),
    docs: new Map(files.filter((file) => file.endsWith('.md')).map((file) => [file, readFileSync(join(root, file), 'utf8')])),
    literals: new Set(texts.flatMap((text) => [...text.matchAll(/['"`]([a-z][\w-]*)['"`]|`([a-z]\w*_)\$\{/g)].map((m) => m[1] ?? m[2]!))),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = dirname(dirname(new URL(import.meta.url).pathname));
  const repo = loadRepo(root);
  const docs = repo.files.filter((file) => file === 'README.md' || file === 'supabase/functions/README.md' || /^docs\/.*\.md$/.test(file));
  const findings = docs.flatMap((file) => checkDoc(file, readFileSync(join(root, file), 'utf8'), repo));
  for (const { file, line, message } of findings) console.error(`${file}:${line}: ${message}`);
  console.log(`docs-check: ${docs.length} docs, ${findings.length} finding(s)`);
  process.exitCode = findings.length > 0 ? 1 : 0;
}
