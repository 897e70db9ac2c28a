// @vitest-environment node
/**
 * The edge functions' npm versions are fixed where Supabase's bundler reads them: in each
 * function's deno.json, the import map the CLI bundles or uploads with its index.ts
 * (supabase/functions/README.md, «Pinned versions»). Every `npm:` specifier names an exact
 * version; every deno.json pins the same ones, as the one deno.lock's workspace section is
 * a configuration's imports and could not match configurations that differ; every function
 * has its deno.json; and every package a function's code reaches is imported by a name its
 * import map has – a name missing from it does not resolve when deployed, and an inline
 * `npm:` or URL specifier would bypass it. Sources are read with TypeScript's parser:
 * imports, re-exports, import() of a literal and import types.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const FUNCTIONS = path.join(ROOT, 'supabase/functions');
/** `npm:` (or `npm:/`, the prefix form), a package, `@` an exact x.y.z, maybe a subpath. */
const EXACT_NPM = /^npm:\/?((?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*)@(\d+\.\d+\.\d+)(?:\/[\w./-]*)?$/;

interface DenoConfig {
  imports?: Record<string, string>;
  scopes?: Record<string, Record<string, string>>;
  nodeModulesDir?: string;
  lock?: unknown;
}

const rel = (file: string) => path.relative(ROOT, file);

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : filesUnder(full, keep);
    return keep(name) ? [full] : [];
  });
}

const readConfig = (file: string): DenoConfig => JSON.parse(readFileSync(file, 'utf8')) as DenoConfig;
const configFiles = () => filesUnder(FUNCTIONS, (name) => name === 'deno.json' || name === 'deno.jsonc');

const parsed = new Map<string, { specifier: string; line: number }[]>();

/** Every module specifier a source names, with its line. */
function specifiers(file: string): { specifier: string; line: number }[] {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: { specifier: string; line: number }[] = [];
  const add = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node))
      found.push({ specifier: node.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(file, found);
  return found;
}

const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../');

/** The sources reached from `roots` through relative imports. */
function reached(roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { specifier } of specifiers(file).filter((s) => isRelative(s.specifier))) {
      const target = path.resolve(path.dirname(file), specifier);
      if (!existsSync(target)) throw new Error(`${rel(file)}: cannot resolve ${specifier}`);
      if (/\.tsx?$/.test(target)) queue.push(target);
    }
  }
  return [...seen];
}

/** Whether an import map has a name: its own key, or a key ending in `/` that it starts with. */
function mapped(imports: Record<string, string>, specifier: string): boolean {
  return Object.keys(imports).some((key) => key === specifier || (key.endsWith('/') && specifier.startsWith(key)));
}

/** What a module may import under `imports`: its own files, Deno's node: built-ins and the map's names. */
function unmappedImports(files: string[], imports: Record<string, string>): string[] {
  return files.flatMap((file) =>
    specifiers(file)
      .filter(({ specifier }) => !isRelative(specifier) && !specifier.startsWith('node:') && !mapped(imports, specifier))
      .map(({ specifier, line }) => `${rel(file)}:${line}: ${specifier}`),
  );
}

describe("the edge functions' npm versions", () => {
  it('every npm: specifier, in the sources and in every deno.json, names an exact x.y.z version', () => {
    const inSources = filesUnder(FUNCTIONS, (name) => /\.tsx?$/.test(name)).flatMap((file) =>
      specifiers(file).map(({ specifier, line }) => ({ where: `${rel(file)}:${line}`, specifier })),
    );
    const inConfigs = configFiles().flatMap((file) => {
      const { imports = {}, scopes = {} } = readConfig(file);
      return [imports, ...Object.values(scopes)].flatMap((map) => Object.values(map).map((specifier) => ({ where: rel(file), specifier })));
    });
    const all = [...inSources, ...inConfigs].filter(({ specifier }) => specifier.startsWith('npm:'));
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter(({ specifier }) => !EXACT_NPM.test(specifier)).map(({ where, specifier }) => `${where}: ${specifier}`)).toEqual([]);
  });

  it('every deno.json pins the same versions as the tests’ one, one version per package', () => {
    const reference = readConfig(path.join(FUNCTIONS, 'tests/deno.json'));
    const pins = (config: DenoConfig) => ({ imports: config.imports, scopes: config.scopes, nodeModulesDir: config.nodeModulesDir, lock: config.lock });
    for (const file of configFiles()) expect(pins(readConfig(file)), rel(file)).toEqual(pins(reference));

    const versions = new Map<string, Set<string>>();
    for (const target of Object.values(reference.imports ?? {})) {
      const [, name, version] = EXACT_NPM.exec(target) ?? [];
      if (name && version) versions.set(name, (versions.get(name) ?? new Set()).add(version));
    }
    expect(versions.size).toBeGreaterThan(0);
    expect([...versions].filter(([, set]) => set.size > 1).map(([name, set]) => `${name}: ${[...set].join(', ')}`)).toEqual([]);
  });

  it('every function has a deno.json, and its code imports packages only by the names its import map has', () => {
    const functions = readdirSync(FUNCTIONS).filter((name) => existsSync(path.join(FUNCTIONS, name, 'index.ts')));
    expect(functions.length).toBeGreaterThanOrEqual(9);
    const checked = [
      ...functions.map((name) => ({ name, roots: [path.join(FUNCTIONS, name, 'index.ts')] })),
      { name: 'tests', roots: filesUnder(path.join(FUNCTIONS, 'tests'), (file) => /\.tsx?$/.test(file)) },
    ];
    const found = checked.flatMap(({ name, roots }) => {
      const config = path.join(FUNCTIONS, name, 'deno.json');
      if (!existsSync(config)) return [`${name}: no deno.json`];
      return unmappedImports(reached(roots), readConfig(config).imports ?? {}).map((offender) => `${name}: ${offender}`);
    });
    expect(found).toEqual([]);
  });
});
