// @vitest-environment node
/**
 * The shape of the code that lint cannot see file by file: no module imports itself back
 * through others (type imports included: a cycle of types is still a knot to untie), and
 * every edge function is wired the same way (its index.ts is one serveFunction call).
 * Static import and export declarations only, read by TypeScript's parser (comments and
 * strings cannot fool it): a dynamic import() is a load boundary, and a lazily loaded
 * chunk may use its loader's types.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const FUNCTIONS = path.join(ROOT, 'supabase/functions');
const ALIASES: Record<string, string> = {
  '@/': path.join(ROOT, 'src/'),
  '@domain/': path.join(FUNCTIONS, '_shared/domain/'),
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The project file an import names, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  let base: string;
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidate = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => existsSync(file) && statSync(file).isFile());
  if (!candidate) throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${specifier}`);
  return candidate;
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
      const targets = source.statements
        .flatMap((statement) =>
          (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
          statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
            ? [resolve(file, statement.moduleSpecifier.text)]
            : [])
        .filter((target): target is string => target !== null);
      return [file, targets];
    }),
  );
}

/** Every cycle's path (a → b → a) found by a depth-first walk; empty when there is none. */
function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        found.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(ROOT, f)).join(' → '));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('import graph', () => {
  it('has no cycles in any folder with code: the site, the functions, the tooling and the tests', () => {
    const folders = ['src', 'supabase/functions', 'scripts', 'tools', 'tests', 'e2e'];
    const roots = readdirSync(ROOT).filter((name) => /\.(ts|tsx)$/.test(name)).map((name) => path.join(ROOT, name));
    const graph = importGraph([...folders.flatMap((folder) => sourceFiles(path.join(ROOT, folder))), ...roots]);
    expect(graph.size).toBeGreaterThan(300);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([['/a.ts', ['/b.ts']], ['/b.ts', ['/c.ts']], ['/c.ts', ['/a.ts']], ['/d.ts', ['/a.ts']]]);
    expect(cycles(graph)).toHaveLength(1);
  });

  it('wires every edge function the same way', () => {
    const functions = readdirSync(FUNCTIONS).filter((name) => existsSync(path.join(FUNCTIONS, name, 'index.ts')));
    expect(functions.length).toBeGreaterThanOrEqual(5);
    for (const name of functions) {
      const code = readFileSync(path.join(FUNCTIONS, name, 'index.ts'), 'utf8').replace(/\/\*\*[\s\S]*?\*\/\n/, '');
      expect(code, name).toMatch(
        /^import \{ serveFunction \} from '\.\.\/_shared\/runtime\.ts';\nimport \{ (create\w+Handler), FUNCTION_NAME \} from '\.\/[\w-]+\.ts';\n\nserveFunction\(FUNCTION_NAME, \1\);\n$/,
      );
    }
  });
});
