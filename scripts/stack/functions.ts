/**
 * Runs the real edge functions (supabase/functions/<name>/index.ts) with real Deno, one
 * process per function, each on its own loopback port that only the gateway uses. A
 * function whose process has died (a crash, an out-of-memory kill, a `kill` by hand) is
 * started again by the next call to it, as the edge runtime starts a new worker for the
 * next request: that call waits while it boots.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

/** Preloaded into every function's Deno process: it ends when the stack's process ends. */
const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.js', import.meta.url));

/** Folders in supabase/functions that are not functions. */
const NOT_FUNCTIONS = new Set(['_shared', 'tests', 'test', 'node_modules']);


/**
 * The scheduled jobs' log lines of runs with nothing to report (the outbox finding nothing,
 * the digest not due): kept in the function's log for the tests, not echoed to the terminal,
 * which the timer would fill every minute.
 */
export const QUIET_CODES: ReadonlySet<string> = new Set(['outbox_idle', 'digest_not_yet', 'digest_done', 'digest_nothing']);

/**
 * Whether a function's line is one of its per-request or start-up lines, printed only with
 * --verbose: what it writes to stdout (each call's JSON line, `"code":"preflight"`
 * included; its settings at start) and Deno's "Listening on". What it writes to stderr –
 * warnings, errors, a 5xx answer's line – is always printed (printFunctionLine).
 */
export function isVerboseLine(line: string, stream: 'stdout' | 'stderr'): boolean {
  return stream === 'stdout' || /^Listening on /.test(line);
}

/**
 * The text of a line without the function's own "[name] " prefix: the same start-up
 * warning from eight functions (a setting each reads) is printed once.
 */
export function lineWithoutName(name: string, line: string): string {
  return line.startsWith(`[${name}] `) ? line.slice(name.length + 3) : line;
}

export function isQuietLine(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    const code = (JSON.parse(line) as { code?: unknown }).code;
    return typeof code === 'string' && QUIET_CODES.has(code);
  } catch {
    return false;
  }
}

export async function discoverFunctions(functionsDir: string): Promise<string[]> {
  if (!existsSync(functionsDir)) return [];
  const entries = await readdir(functionsDir, { withFileTypes: true });
  return entries
    .filter(
      (entry) =>
        entry.isDirectory() &&
        !entry.name.startsWith('_') &&
        !entry.name.startsWith('.') &&
        !NOT_FUNCTIONS.has(entry.name) &&
        existsSync(path.join(functionsDir, entry.name, 'index.ts')),
    )
    .map((entry) => entry.name)
    .sort();
}

export interface FunctionConfig {
  enabled: boolean;
  verifyJwt: boolean;
}

/**
 * `enabled` and `verify_jwt` under `[functions.<name>]` in supabase/config.toml, which the
 * CLI honours; both default to true. Only these two booleans are read, so a line-based
 * reading is enough.
 */
export function parseFunctionsConfig(configToml: string): Map<string, FunctionConfig> {
  const result = new Map<string, FunctionConfig>();
  let current: string | undefined;
  for (const rawLine of configToml.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const section = /^\[\s*functions\.("?)([A-Za-z0-9_-]+)\1\s*\]$/.exec(line);
    if (section) {
      current = section[2]!;
      if (!result.has(current)) result.set(current, { enabled: true, verifyJwt: true });
      continue;
    }
    if (line.startsWith('[')) {
      current = undefined;
      continue;
    }
    const setting = /^(enabled|verify_jwt)\s*=\s*(true|false)$/.exec(line);
    if (current && setting) {
      const config = result.get(current)!;
      if (setting[1] === 'enabled') config.enabled = setting[2] === 'true';
      else config.verifyJwt = setting[2] === 'true';
    }
  }
  return result;
}

export async function readFunctionsConfig(repoRoot: string): Promise<Map<string, FunctionConfig>> {
  const configFile = path.join(repoRoot, 'supabase', 'config.toml');
  return existsSync(configFile) ? parseFunctionsConfig(await readFile(configFile, 'utf8')) : new Map();
}

export interface RunningFunction {
  name: string;
  /** Its loopback port (chosen when it is launched; it listens there once booted). */
  port: number;
  verifyJwt: boolean;
}

/** What the gateway needs to reach a function: its port as soon as the function listens. */
export interface FunctionTarget {
  name: string;
  verifyJwt: boolean;
  /**
   * The port, at once when the function's process listens; while it boots a promise of
   * the port, which rejects with a FunctionBootError when the process fails to start.
   */
  port: number | Promise<number>;
}

/** A function's process exited, or did not listen in time, before it served anything. */
export class FunctionBootError extends Error {
  constructor(
    readonly functionName: string,
    message: string,
  ) {
    super(message);
    this.name = 'FunctionBootError';
  }
}

export interface FunctionsRuntime {
  functions: RunningFunction[];
  /**
   * undefined = no such function (the platform's 404). A function whose process has exited
   * since it listened is started again here, and the port handed out is the promise of the
   * new process's.
   */
  lookup(name: string): FunctionTarget | undefined;
  /** Resolves once every function started at launch listens; rejects with the first boot failure. */
  ready: Promise<void>;
  /** Everything a function printed (last 2000 lines), for tests that inspect logs. */
  logs(name: string): string[];
  /** The process id of a function's current Deno process (tests end it to see it come back). */
  pid(name: string): number | undefined;
  stop(): Promise<void>;
}

export interface StartFunctionsOptions {
  repoRoot: string;
  functionsDir: string;
  names: string[];
  env: Record<string, string>;
  /** Nothing printed at all (the lines are still kept: logs()). */
  quiet: boolean;
  /** Every line printed, the per-request ones too (else only warnings and errors, each once). */
  verbose?: boolean;
  log: (message: string) => void;
  /** What must be seen even without --verbose (default: log). */
  warn?: (message: string) => void;
  /** The first start downloads the functions' npm packages into Deno's cache. */
  startTimeoutMs?: number;
}

export interface LaunchFunctionsOptions extends StartFunctionsOptions {
  /** `[functions.<name>]` of supabase/config.toml (readFunctionsConfig). */
  config: Map<string, FunctionConfig>;
  /**
   * 'at-start' (default): every function's process starts now, so the first call finds it
   * listening (`npm run dev`, the browser tests). 'on-first-call': a function's process
   * starts with the first call to it, which waits for it – as the edge runtime starts a
   * function's worker on its first request. A backend test suite calls two or three of the
   * seven functions: the others' Deno processes would cost CPU for nothing.
   */
  boot?: 'at-start' | 'on-first-call';
}

const MAX_LOG_LINES = 2000;

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

interface Slot {
  name: string;
  verifyJwt: boolean;
  /** Set while the current process listens; cleared when it exits. */
  port?: number;
  /** The current (or last) boot. */
  booted: Promise<number>;
  /** False while a process boots; true once it listens or has failed to. */
  settled: boolean;
}

/**
 * Starts every function's Deno process and returns at once: the runtime knows each
 * function from the first moment, and lookup() hands out a promise of its port until the
 * process listens. So a call that arrives while a function boots waits for it, as the
 * edge runtime makes a request wait while it creates the function's worker (see gateway.ts).
 */
export function launchFunctions(options: LaunchFunctionsOptions): FunctionsRuntime {
  const deno = path.join(options.repoRoot, 'node_modules', '.bin', 'deno');
  const children = new Map<string, ChildProcess>();
  const logs = new Map<string, string[]>();
  const slots = new Map<string, Slot>();
  /** Warnings and errors already printed (without --verbose each is printed once). */
  const printedOnce = new Set<string>();
  const warn = options.warn ?? options.log;
  let stopping = false;

  // Deno children must not outlive the stack, even if the parent dies without stop().
  const killAll = () => {
    for (const child of children.values()) if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  async function stop(): Promise<void> {
    stopping = true;
    process.removeListener('exit', killAll);
    await Promise.all(
      [...children.values()].map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        if (!(await waitForExit(child, 3000))) {
          child.kill('SIGKILL');
          await waitForExit(child, 2000);
        }
      }),
    );
  }

  async function boot(name: string, onExit: () => void): Promise<number> {
    if (!existsSync(deno)) throw new FunctionBootError(name, `Deno not found at ${deno}: run npm install.`);
    const port = await freePort();
    if (stopping) throw new FunctionBootError(name, `Edge function "${name}" was stopped before it started.`);
    const dir = path.join(options.functionsDir, name);
    const denoJson = path.join(dir, 'deno.json');
    // exit-with-parent.js ends the process when the stack's ends, even by SIGKILL (it
    // watches its parent id), so no Deno child outlives the stack.
    const args = ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', '--no-prompt', '--preload', EXIT_WITH_PARENT];
    if (existsSync(denoJson)) args.push('--config', denoJson);
    args.push(path.join(dir, 'index.ts'));

    const child = spawn(deno, args, {
      cwd: options.repoRoot,
      env: { ...options.env, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(name, child);
    const lines = logs.get(name)!;
    for (const [stream, input] of [['stdout', child.stdout], ['stderr', child.stderr]] as const) {
      readline.createInterface({ input: input! }).on('line', (line) => {
        lines.push(line);
        if (lines.length > MAX_LOG_LINES) lines.shift();
        if (options.quiet || isQuietLine(line)) return;
        if (options.verbose) {
          console.log(`[fn:${name}] ${line}`);
        } else if (!isVerboseLine(line, stream)) {
          // A start-up warning repeated by every function: once. A request's JSON line
          // (an error, a 5xx answer) is an event of its own: each one.
          const text = lineWithoutName(name, line);
          if (!line.startsWith('{') && printedOnce.has(text)) return;
          printedOnce.add(text);
          console.error(`[fn:${name}] ${line}`);
        }
      });
    }
    let listening = false;
    child.on('exit', (code, signal) => {
      if (!listening || stopping) return;
      onExit();
      // Ctrl-C in a terminal reaches the whole process group, Deno included: no alarm then.
      if (signal === 'SIGINT' || signal === 'SIGTERM') return;
      warn(`function ${name} stopped (exit code ${code ?? signal}); the next call to it starts it again`);
    });

    const timeoutMs = options.startTimeoutMs ?? 180_000;
    const deadline = Date.now() + timeoutMs;
    while (!(await canConnect(port))) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new FunctionBootError(
          name,
          `Edge function "${name}" exited during start-up (exit code ${child.exitCode ?? child.signalCode}). ` +
            `Its last output:\n${lines.slice(-30).join('\n')}`,
        );
      }
      if (Date.now() > deadline) {
        throw new FunctionBootError(name, `Edge function "${name}" did not start listening within ${Math.round(timeoutMs / 1000)} s.`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    listening = true;
    return port;
  }

  /** Starts the slot's process (again); the port once it listens. */
  function start(slot: Slot): Promise<number> {
    slot.settled = false;
    const booted: Promise<number> = boot(slot.name, () => {
      // Only the current process's exit frees the slot for a new start.
      if (slot.booted === booted) slot.port = undefined;
    }).then(
      (port) => {
        if (slot.booted === booted) {
          slot.port = port;
          slot.settled = true;
        }
        return port;
      },
      (error: unknown) => {
        if (slot.booted === booted) slot.settled = true;
        throw error;
      },
    );
    slot.booted = booted;
    // Whoever waits on it sees the failure; an unobserved one must not crash the process.
    booted.catch(() => {});
    return booted;
  }

  const firstBoots: Promise<number>[] = [];
  for (const name of options.names) {
    logs.set(name, []);
    // Settled without a port: lookup() starts it (needsStart), now or on the first call.
    const slot: Slot = { name, verifyJwt: options.config.get(name)?.verifyJwt ?? true, booted: Promise.resolve(0), settled: true };
    slots.set(name, slot);
    if (options.boot !== 'on-first-call') firstBoots.push(start(slot));
  }

  const ready = Promise.all(firstBoots).then(() => undefined);
  ready.catch(() => {});

  /**
   * A slot to start again: its process has exited after it listened, or failed to boot. One
   * still booting is waited for, by every call that arrives meanwhile.
   */
  const needsStart = (slot: Slot) => !stopping && slot.settled && slot.port === undefined;

  return {
    get functions() {
      return [...slots.values()].map((slot) => ({ name: slot.name, port: slot.port ?? 0, verifyJwt: slot.verifyJwt }));
    },
    lookup(name) {
      const slot = slots.get(name);
      if (!slot) return undefined;
      if (needsStart(slot)) start(slot);
      return { name, verifyJwt: slot.verifyJwt, port: slot.port ?? slot.booted };
    },
    ready,
    logs: (name) => [...(logs.get(name) ?? [])],
    pid: (name) => children.get(name)?.pid,
    stop,
  };
}

/** launchFunctions, returning once every function listens (or stopping them all on a failure). */
export async function startFunctions(options: StartFunctionsOptions): Promise<FunctionsRuntime> {
  const runtime = launchFunctions({ ...options, config: await readFunctionsConfig(options.repoRoot) });
  try {
    await runtime.ready;
  } catch (error) {
    await runtime.stop();
    throw error;
  }
  return runtime;
}
