// Docs that cannot drift: every repository path, npm script, SQL object and edge function a
// doc names must exist (`npm run check` runs this), and the lists of the tree a doc keeps
// name exactly what the tree holds. What the docs say about them is for people to keep true;
// that the things exist, and that a list misses and adds none, is checked here.
//
// A list of the tree is marked in its doc with two HTML comments, which GitHub does not show:
// `<!-- list: <pattern> -->` where it begins and `<!-- /list -->` where it ends, on lines of
// their own or inside a line (a fenced block has its marks outside it). The pattern says what
// the list holds, read from the tree when the check runs:
//   `src/features/*/`                 the folders of src/features/;
//   `supabase/functions/*/index.ts`   the folders of supabase/functions/ with an index.ts
//                                     (the edge functions);
//   `docs/decisions/NNN-*.md`         the files of docs/decisions/ so named (NNN: three digits).
// A mark may name several patterns, separated by spaces. Between the marks an entry is named
//   - by a link to it (`[009 – …](decisions/009-….md)`);
//   - by its name in backticks, one path segment, a folder's slash optional (`domain/`,
//     `send-contact-email`) – other backticked text (a path, a call) names no entry;
//   - in a fenced tree, by a line of it: its path is its parents' by indentation joined with
//     its first word, relative to the doc's folder or else to the repository's root; a line
//     indented to the description above it continues that description;
//   - in a table, by the first cell of a row only (the others describe it).
// The entries named must be the pattern's, none missing and none extra. `LISTS` says which
// doc must mark which list, so a list cannot escape the check by losing its marks.
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
  return [...findings, ...checkLists(file, text, repo)];
}

/** The lists of the tree each doc must mark (see the top of this file). */
export const LISTS: Readonly<Record<string, readonly string[]>> = {
  'docs/architecture.md': ['supabase/functions/*/index.ts', 'supabase/functions/_shared/*/', 'src/features/*/', 'docs/decisions/NNN-*.md'],
  'docs/development.md': ['src/features/*/'],
  'docs/decisions/README.md': ['docs/decisions/NNN-*.md'],
  'supabase/functions/README.md': ['supabase/functions/*/index.ts', 'supabase/functions/*/', 'supabase/functions/_shared/*/'],
};

/** A list's pattern: its folder, the entry's segment (with `*` or `NNN`) and what follows it. */
interface ListPattern {
  text: string;
  folder: string; // `src/features`
  segment: RegExp; // an entry's name
  after: string; // '' a file, '/' a folder, '/index.ts' a folder with that file
}

function listPattern(text: string): ListPattern | undefined {
  const parts = /^((?:[\w.@-]+\/)+)([^/*]*\*[^/*]*)(\/(?:[\w.-]+(?:\/[\w.-]+)*)?)?$/.exec(text);
  if (!parts) return undefined;
  const escaped = parts[2]!.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return { text, folder: parts[1]!.slice(0, -1), segment: new RegExp(`^${escaped.replace(/NNN/g, '\\d{3}').replace(/\*/g, '[^/]+')}$`), after: parts[3] ?? '' };
}

/** The pattern's entries, as the tree holds them now. */
function entriesOf(pattern: ListPattern, repo: Repo): Set<string> {
  const entries = new Set<string>();
  for (const file of repo.files) {
    if (!file.startsWith(`${pattern.folder}/`)) continue;
    const rest = file.slice(pattern.folder.length + 1);
    const name = rest.split('/')[0]!;
    const remainder = rest.slice(name.length);
    const fits = pattern.after === '/' ? remainder.startsWith('/') : remainder === pattern.after;
    if (fits && pattern.segment.test(name)) entries.add(name);
  }
  return entries;
}

/** The entry a path names, if it is one of the pattern's kind (a folder, or a file). */
function entryAt(pattern: ListPattern, path: string, isFolder: boolean): string | undefined {
  const clean = path.replace(/\/$/, '');
  const name = posix.basename(clean);
  if (posix.dirname(clean) !== pattern.folder || (pattern.after === '') === isFolder) return undefined;
  return pattern.segment.test(name) ? name : undefined;
}

/** The findings for the lists a doc marks, and for those `required` of it that it does not. */
export function checkLists(file: string, text: string, repo: Repo, required: readonly string[] = LISTS[file] ?? []): Finding[] {
  const findings: Finding[] = [];
  const marked = new Set<string>();
  const mark = /<!--\s*(\/?)list\b:?\s*(.*?)\s*-->/g;
  type Open = { line: number; patterns: ListPattern[]; named: Map<string, number>[] };
  let open: Open | undefined;
  let fenced = false;
  // A fenced tree: the folder its top lines are in, the entries above the line, the column a description continues at.
  type Tree = { base?: string; parents: { indent: number; path: string }[]; continuesFrom: number };
  const newTree = (): Tree => ({ parents: [], continuesFrom: Infinity });
  let tree = newTree();

  const name = (list: Open, line: number, entryOf: (pattern: ListPattern) => string | undefined) =>
    list.patterns.forEach((pattern, index) => {
      const entry = entryOf(pattern);
      if (entry !== undefined && !list.named[index]!.has(entry)) list.named[index]!.set(entry, line);
    });

  const close = (list: Open) =>
    list.patterns.forEach((pattern, index) => {
      const entries = entriesOf(pattern, repo);
      const named = list.named[index]!;
      for (const entry of [...entries].filter((e) => !named.has(e)).sort())
        findings.push({ file, line: list.line, message: `the list of ${pattern.text} lacks ${entry}` });
      for (const [entry, line] of named)
        if (!entries.has(entry)) findings.push({ file, line, message: `the list of ${pattern.text} names ${entry}, which is not in the tree` });
    });

  // Backticked names and links in a piece of a line outside fenced blocks; a table row's first cell only.
  const inText = (list: Open, piece: string, line: number) => {
    const cells = /^\s*\|/.test(piece) ? piece.split(/(?<!\\)\|/) : undefined;
    const naming = cells ? (cells[1] ?? '') : piece;
    for (const [, target] of naming.matchAll(/\]\(([^)\s]+)\)/g)) {
      const [relative] = target!.split('#');
      if (/^[a-z]+:/.test(target!) || !relative) continue;
      const path = posix.normalize(posix.join(posix.dirname(file), relative)).replace(/\/$/, '');
      // A folder by its slash or its files; a path the tree lacks is taken for what the list holds.
      const isFolder = (pattern: ListPattern) =>
        relative.endsWith('/') || repo.files.some((f) => f.startsWith(`${path}/`)) || (!repo.files.includes(path) && pattern.after !== '');
      name(list, line, (pattern) => entryAt(pattern, path, isFolder(pattern)));
    }
    for (const [, span] of naming.replace(/\]\([^)]*\)/g, ']').matchAll(/`([^`]+)`/g)) {
      const code = span!.trim();
      if (!/^[\w.@-]+\/?$/.test(code)) continue;
      name(list, line, (pattern) => entryAt(pattern, `${pattern.folder}/${code}`, code.endsWith('/') || pattern.after !== ''));
    }
  };

  // One line of a fenced tree: an entry (its path from its parents), or its description's continuation.
  const inTree = (list: Open, text: string, line: number) => {
    const parts = /^( *)(\S+)(?:( {2,})(?=\S))?/.exec(text);
    if (!parts) return;
    const indent = parts[1]!.length;
    if (indent >= tree.continuesFrom) return;
    tree.continuesFrom = parts[3] ? indent + parts[2]!.length + parts[3].length : Infinity;
    const word = parts[2]!.replace(/,$/, '');
    if (/[^\w.@/-]/.test(word)) return;
    if (tree.base === undefined) {
      const candidates = [posix.dirname(file) === '.' ? '' : `${posix.dirname(file)}/`, ''];
      tree.base = candidates.find((base) => repo.files.some((f) => f === `${base}${word}` || f.startsWith(`${base}${word.replace(/\/?$/, '/')}`))) ?? candidates[0]!;
    }
    while (tree.parents.length > 0 && tree.parents.at(-1)!.indent >= indent) tree.parents.pop();
    const path = `${tree.parents.at(-1)?.path ?? tree.base}${word}`;
    tree.parents.push({ indent, path });
    name(list, line, (pattern) => entryAt(pattern, path, word.endsWith('/')));
  };

  text.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      tree = newTree();
      return;
    }
    if (fenced) {
      if (open) inTree(open, text, line);
      return;
    }
    let from = 0;
    for (const found of text.matchAll(mark)) {
      if (open) inText(open, text.slice(from, found.index), line);
      from = found.index + found[0].length;
      if (found[1]) {
        if (open) close(open);
        else findings.push({ file, line, message: 'a list closed that no mark opened' });
        open = undefined;
        continue;
      }
      if (open) {
        findings.push({ file, line: open.line, message: 'a list opened inside another: close it with <!-- /list -->' });
        close(open);
      }
      const texts = found[2]!.split(/\s+/).filter(Boolean);
      const patterns = texts.map((t) => listPattern(t));
      texts.forEach((t, i) => {
        if (!patterns[i]) findings.push({ file, line, message: `list mark: "${t}" is no pattern of the tree (such as src/features/*/)` });
        else marked.add(t);
      });
      if (texts.length === 0) findings.push({ file, line, message: 'list mark without a pattern' });
      const valid = patterns.filter((p): p is ListPattern => p !== undefined);
      open = { line, patterns: valid, named: valid.map(() => new Map()) };
    }
    if (open) inText(open, text.slice(from), line);
  });
  if (open) {
    findings.push({ file, line: open.line, message: 'a list is not closed with <!-- /list -->' });
    close(open);
  }
  for (const pattern of required)
    if (!marked.has(pattern)) findings.push({ file, line: 1, message: `no list of ${pattern} is marked (<!-- list: ${pattern} --> … <!-- /list -->)` });
  return findings.sort((a, b) => a.line - b.line);
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
