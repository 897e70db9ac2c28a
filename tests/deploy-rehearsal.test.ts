// @vitest-environment node
/**
 * A rehearsal of docs/deploy.md: its shell commands, read from the doc in order (never
 * copied here), against the Supabase CLI that package.json pins. Each `npx supabase …`
 * command must be one the pinned CLI has, with flags its `--help` lists; one whose target is
 * "Local by default" must name the project (`--remote`), or it would migrate a local stack or
 * fail; one that uses the linked project must come after `link`. Every variable a command
 * reads must have been set by an earlier step, the functions deployed must be the
 * repository's, and every `npm run` script must exist. The migration step's dry run is run
 * for real against a throw-away database (PGlite on a port of its own, as `--remote=<url>`
 * allows) and must list every migration of the repository.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'node_modules/.bin/supabase');
const run = promisify(execFile);

/** One command of the doc: its words (quotes removed), its text, and the step's number it sits in. */
interface DocCommand {
  words: string[];
  text: string;
  step: number;
  /** Named in the prose (a step's check, a note), not a step's block: checked to exist, not run in order. */
  inline?: boolean;
}

/** Splits a command line into words as a POSIX shell would, quotes removed; `$(…)` stays one word. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      word += line.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '$' && line[i + 1] === '(') {
      let depth = 0;
      let j = i;
      for (; j < line.length; j++) {
        if (line[j] === '(') depth++;
        if (line[j] === ')' && --depth === 0) break;
      }
      word += line.slice(i, j + 1);
      i = j;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** The doc's ```sh blocks, as commands in order: continuations joined, here-documents kept with their command. */
async function docCommands(): Promise<DocCommand[]> {
  const doc = await readFile(path.join(root, 'docs/deploy.md'), 'utf8');
  const commands: DocCommand[] = [];
  let step = 0;
  const lines = doc.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const numbered = /^(\d+)\. \*\*/.exec(lines[i]!);
    if (numbered) step = Number(numbered[1]);
    for (const [, text] of lines[i]!.matchAll(/`(npx supabase [^`]+)`/g)) commands.push({ words: shellWords(text!), text: text!, step, inline: true });
    if (lines[i]!.trim() !== '```sh') continue;
    const block: string[] = [];
    for (i++; lines[i]!.trim() !== '```'; i++) block.push(lines[i]!.trim());
    for (let j = 0; j < block.length; j++) {
      let text = block[j]!;
      while (text.endsWith('\\')) text = `${text.slice(0, -1)} ${block[++j]}`;
      const heredoc = /<<'?([A-Z]+)'?/.exec(text);
      if (heredoc) {
        const end = block.indexOf(heredoc[1]!, j + 1);
        text = text.replace(heredoc[0], '');
        j = end;
      }
      text = text.replace(/\s+#.*$/, '').trim();
      if (text && !text.startsWith('#')) commands.push({ words: shellWords(text), text, step });
    }
  }
  return commands;
}

/** The variables a command reads: `$NAME` and `${NAME}` outside single quotes. */
function variablesRead(text: string): string[] {
  const unquoted = text.replace(/'[^']*'/g, '');
  return [...unquoted.matchAll(/\$\{?([A-Z_][A-Z0-9_]*)\}?/g)].map((match) => match[1]!);
}

/** `NAME=value` words, as an `export` or before a command. */
const assignmentOf = (word: string) => /^([A-Z_][A-Z0-9_]*)=/.exec(word)?.[1];

interface Help {
  text: string;
  usage: string;
  target: string;
  flags: Set<string>;
}

const helps = new Map<string, Promise<Help | null>>();
/** The pinned CLI's `--help` of `words` (a command path), or null when it is no command. */
function helpOf(words: string[]): Promise<Help | null> {
  const key = words.join(' ');
  if (!helps.has(key)) {
    helps.set(key, run(cli, [...words, '--help'], { encoding: 'utf8' }).then(({ stdout }) => {
      const usage = /USAGE\n\s+(.*)/.exec(stdout)?.[1] ?? '';
      // A word the CLI does not know answers its parent's help: its usage names another path.
      if (!usage.startsWith(`supabase ${key}`)) return null;
      const target = /TARGET\n\s+(.*)/.exec(stdout)?.[1] ?? '';
      const flags = new Set([...stdout.matchAll(/^\s+(?:-(\w), )?--([a-z][a-z-]*)/gm)].flatMap((m) => [m[2]!, ...(m[1] ? [m[1]] : [])]));
      return { text: stdout, usage, target, flags };
    }, () => null));
  }
  return helps.get(key)!;
}

/** A `npx supabase …` command: its command path (as the CLI knows it), its flags, its help. */
async function supabaseCommand(words: string[]): Promise<{ path: string[]; flags: string[]; help: Help | null }> {
  const rest = words.slice(words.indexOf('supabase') + 1);
  const positional = rest.filter((word) => !word.startsWith('-'));
  const flags = rest.filter((word) => word.startsWith('-')).map((flag) => flag.replace(/^--?/, '').replace(/=.*$/, ''));
  for (const length of [2, 1, 0]) {
    const candidate = positional.slice(0, length);
    const help = candidate.length === length ? await helpOf(candidate) : null;
    // No command word at all is the CLI itself (`npx supabase --version`); a word it does not know is none.
    if (!help || (length === 0 && positional.length > 0)) continue;
    // A group (`supabase secrets [command]`) followed by a word it does not know as one of its commands.
    if (/<subcommand>|\[command\]/.test(help.usage) && positional.length > length) return { path: positional.slice(0, length + 1), flags, help: null };
    return { path: candidate, flags, help };
  }
  return { path: positional.slice(0, 1), flags, help: null };
}

const isSupabase = (command: DocCommand) => command.words[0] === 'npx' && command.words[1] === 'supabase';
/** The commands the operator runs, in order: the steps' blocks. */
const stepCommands = () => commands.filter((command) => !command.inline);

let commands: DocCommand[];
beforeAll(async () => {
  commands = await docCommands();
  // Every command's help at once: one CLI process each, cached for the tests below.
  await Promise.all(commands.filter(isSupabase).map((command) => supabaseCommand(command.words)));
}, 60_000);

describe('docs/deploy.md, rehearsed against the pinned Supabase CLI', () => {
  it('uses the CLI package.json pins exactly', async () => {
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const pinned = pkg.devDependencies.supabase!;
    expect(pinned, 'an exact version: a range lets the CLI’s defaults change under the operator').toMatch(/^\d+\.\d+\.\d+$/);
    expect((await run(cli, ['--version'], { encoding: 'utf8' })).stdout.trim()).toBe(pinned);
  });

  it('has commands to rehearse', () => {
    expect(stepCommands().filter(isSupabase).length).toBeGreaterThanOrEqual(6);
  });

  it('names only commands and flags the pinned CLI has', async () => {
    const unknown: string[] = [];
    for (const command of commands.filter(isSupabase)) {
      const { path: commandPath, flags, help } = await supabaseCommand(command.words);
      if (!help) {
        unknown.push(`step ${command.step}: no command "supabase ${commandPath.join(' ')}"`);
        continue;
      }
      for (const flag of flags) if (!help.flags.has(flag)) unknown.push(`step ${command.step}: supabase ${commandPath.join(' ')} has no flag --${flag}`);
    }
    expect(unknown).toEqual([]);
  });

  it('reaches the project, never the local database: a command local by default names --remote, one of the linked project comes after link', async () => {
    const wrong: string[] = [];
    let linked = false;
    let loggedIn = false;
    for (const command of stepCommands().filter(isSupabase)) {
      const { path: commandPath, flags, help } = await supabaseCommand(command.words);
      const name = commandPath.join(' ');
      if (!help) continue;
      if (/local by default/i.test(help.target) && !flags.includes('remote')) {
        wrong.push(`step ${command.step}: "supabase ${name}" targets the local database without --remote (${help.target})`);
      }
      if (/linked project/i.test(help.target) && !linked) wrong.push(`step ${command.step}: "supabase ${name}" needs the linked project, before any link`);
      if (name === 'link' && !loggedIn) wrong.push(`step ${command.step}: link before login`);
      if (name === 'config push') wrong.push(`step ${command.step}: config push would push the local stack's config.toml (site_url, ports)`);
      if (name === 'login') loggedIn = true;
      if (name === 'link') linked = true;
    }
    expect(wrong).toEqual([]);
  });

  it('reads no variable an earlier step has not set', () => {
    const set = new Set<string>();
    const unset: string[] = [];
    for (const command of stepCommands()) {
      const own = new Set<string>();
      const words = command.words[0] === 'export' ? command.words.slice(1) : command.words;
      for (const word of words) {
        const name = assignmentOf(word);
        if (!name) break;
        own.add(name);
      }
      for (const name of variablesRead(command.text)) {
        if (!set.has(name) && !(command.words[0] !== 'export' && own.has(name))) unset.push(`step ${command.step}: $${name} in "${command.text.slice(0, 60)}…"`);
      }
      if (command.words[0] === 'export') for (const name of own) set.add(name);
    }
    expect(unset).toEqual([]);
  });

  it('deploys exactly the functions the repository has', async () => {
    const dir = path.join(root, 'supabase/functions');
    const functions: string[] = [];
    for (const name of await readdir(dir)) {
      if (name.startsWith('_') || name.startsWith('.')) continue;
      if (await stat(path.join(dir, name, 'index.ts')).then(() => true, () => false)) functions.push(name);
    }
    const deploys = stepCommands().filter((command) => isSupabase(command) && command.words[2] === 'functions' && command.words[3] === 'deploy');
    expect(deploys.length).toBeGreaterThan(0);
    const deployed = deploys.flatMap((command) => command.words.slice(4).filter((word) => !word.startsWith('-')));
    expect(deployed.sort()).toEqual(functions.sort());
    const config = await readFile(path.join(root, 'supabase/config.toml'), 'utf8');
    for (const name of functions) expect(config, `config.toml has [functions.${name}]`).toContain(`[functions.${name}]`);
  });

  it('runs only npm scripts package.json has', async () => {
    const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const missing = commands
      .map((command) => command.words.slice(command.words.findIndex((word) => word === 'npm')))
      .filter((words) => words[0] === 'npm' && words[1] === 'run')
      .map((words) => words[2]!)
      .filter((script) => !(script in scripts));
    expect(missing).toEqual([]);
  });

  it('migrates with a dry run first, which against a throw-away database lists every migration', async () => {
    const pushes = stepCommands().filter((command) => isSupabase(command) && command.words[2] === 'db' && command.words[3] === 'push');
    expect(pushes.map((command) => command.words.includes('--dry-run'))).toEqual([true, false]);
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const db = await PGlite.create();
    const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1' });
    await server.start();
    try {
      // The doc's own words, its target swapped for the throw-away one (`--remote=<url>`).
      const args = pushes[0]!.words.slice(2).map((word) => (word === '--remote' ? `--remote=postgresql://postgres@127.0.0.1:${port}/postgres` : word));
      // PGlite speaks no TLS; asynchronous, so this process's PGlite answers while the CLI waits.
      const { stdout: out, stderr } = await run(cli, args, { encoding: 'utf8', env: { ...process.env, PGSSLMODE: 'disable' }, timeout: 60_000 });
      const stdout = out + stderr;
      const listed = [...stdout.matchAll(/•\s+(\S+\.sql)/g)].map((match) => match[1]);
      const files = (await readdir(path.join(root, 'supabase/migrations'))).filter((name) => name.endsWith('.sql')).sort();
      expect(listed).toEqual(files);
      expect(stdout).toContain('DRY RUN');
    } finally {
      await server.stop();
      await db.close();
    }
  }, 90_000);
});
