/**
 * `npm run stack` / `npm run dev` as a developer's tools run them: a real npm process and
 * its tree, for the tests of how it starts and ends (scripts/stack/signals.test.ts,
 * quiet-start.test.ts). Always on free ports and in memory (--free-ports --in-memory), so
 * it never clashes with a developer's stack or another suite's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { REPO_ROOT } from '../../scripts/stack/start-stack';

export interface NpmProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr in arrival order. */
  output(): string;
  /** Resolves once `text` has been printed; rejects if the process ends first or on timeout. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
}

/** npm from PATH, as a developer runs it; it runs on the Node first on PATH (.ci/node24). */
const NPM = 'npm';

export function startNpm(script: 'stack' | 'dev', args: string[]): NpmProcess {
  // A process group of its own: Ctrl-C in the test's terminal does not reach it, and the
  // test's clean-up can end whatever survived.
  const child = spawn(NPM, ['run', script, '--', '--in-memory', '--free-ports', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, DEBUG: '', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let text = '';
  const listeners = new Set<() => void>();
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      for (const listener of listeners) listener();
    });
  }
  return {
    child,
    output: () => text,
    waitFor(expected, timeoutMs = 90_000) {
      const seen = () => (typeof expected === 'string' ? text.includes(expected) : expected.test(text));
      return new Promise((resolve, reject) => {
        const done = (error?: Error) => {
          listeners.delete(check);
          child.off('exit', onExit);
          child.off('error', onError);
          clearTimeout(timer);
          if (error) reject(error);
          else resolve();
        };
        const check = () => seen() && done();
        const onExit = () => setImmediate(() => (seen() ? done() : done(new Error(`npm ended before printing ${expected}:\n${text}`))));
        const onError = (error: Error) => done(new Error(`npm could not be started: ${error.message}`));
        child.once('error', onError);
        const timer = setTimeout(() => done(new Error(`${expected} not printed within ${timeoutMs} ms:\n${text}`)), timeoutMs);
        listeners.add(check);
        child.on('exit', onExit);
        check();
      });
    },
  };
}

interface ProcEntry {
  pid: number;
  ppid: number;
  state: string;
}

function readProc(): ProcEntry[] {
  const entries: ProcEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      entries.push({ pid: Number(name), ppid: Number(ppid), state: state! });
    } catch {
      // Ended while we read.
    }
  }
  return entries;
}

/** The process ids of `pid`'s whole tree, itself included (from /proc). */
export function processTree(pid: number): number[] {
  const entries = readProc();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const entry of entries) if (entry.ppid === tree[i]) tree.push(entry.pid);
  }
  return tree;
}

/** Of these processes, the ones still running (a zombie, ended but not yet reaped, is not). */
export function stillRunning(pids: number[]): number[] {
  return pids.filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
    } catch {
      return false;
    }
  });
}

/** The command line of a process, for a failure's message. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '(ended)';
  }
}

/** Whether something accepts connections on the loopback port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The localhost ports in what a start printed (its summary's URLs). */
export function printedPorts(output: string): number[] {
  return [...new Set([...output.matchAll(/(?:localhost|127\.0\.0\.1):(\d+)/g)].map((match) => Number(match[1])))];
}
