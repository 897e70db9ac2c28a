// @vitest-environment node
/**
 * `npm run stack` and `npm run dev` end whole – npm, node, every Deno function process,
 * Vite – and free their ports, whichever way they are told: SIGTERM (what `timeout`, an
 * editor's stop button or a process manager sends to npm), SIGHUP (the terminal closing),
 * SIGINT, a signal to the stack's own process, and npm's death by SIGKILL, which passes
 * nothing on. Each case starts the real npm script (tests/support/stack-process.ts: free
 * ports, in memory, functions booted on their first call, one of them called so a Deno
 * process runs), records its process tree from /proc, signals, and waits until every one
 * of those processes is gone and no port accepts a connection.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  accepts,
  commandLine,
  printedPorts,
  processTree,
  startNpm,
  stillRunning,
  type NpmProcess,
} from '../../tests/support/stack-process';

const READY = /Press Ctrl-C to stop/;
/** Generous: a stop waits for the Deno processes (up to 3 s each before SIGKILL) and PGlite. */
const END_TIMEOUT_MS = 30_000;

let started: { npm: NpmProcess; tree: number[] } | undefined;

afterEach(() => {
  // Whatever a failed case left running must not hold ports or CPU for the other suites.
  for (const pid of started ? stillRunning(started.tree) : []) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  started = undefined;
});

/** Starts the script, waits until it is ready, boots one function, and records its tree. */
async function startAndRecord(script: 'stack' | 'dev') {
  const npm = startNpm(script, ['--lazy-functions']);
  started = { npm, tree: [npm.child.pid!] };
  await npm.waitFor(READY);
  const api = /API \(SUPABASE_URL\)\s+(\S+)/.exec(npm.output())?.[1];
  expect(api, npm.output()).toBeDefined();
  // Any answer will do: the call makes the gateway start the function's Deno process.
  await fetch(`${api}/functions/v1/newsletter`, { method: 'OPTIONS' });
  const commands = processTree(npm.child.pid!).map(commandLine);
  expect(commands.filter((command) => /\bdeno run\b/.test(command)).length, commands.join('\n')).toBeGreaterThanOrEqual(1);
  const ports = printedPorts(npm.output());
  expect(ports.length, npm.output()).toBeGreaterThanOrEqual(script === 'dev' ? 5 : 4);
  for (const port of ports) expect(await accepts(port), `port ${port}`).toBe(true);
  return {
    npm,
    ports,
    /** The tree right before the signal (a scheduled job may have booted another function). */
    tree() {
      started!.tree = processTree(npm.child.pid!);
      return started!.tree;
    },
  };
}

/** The stack's own node process: npm's child running the entry (cli.ts or dev.ts). */
function entryProcess(tree: number[], entry: string): number {
  const pid = tree.find((candidate) => /(^|\/)node\b/.test(commandLine(candidate)) && commandLine(candidate).includes(entry));
  expect(pid, tree.map(commandLine).join('\n')).toBeDefined();
  return pid!;
}

async function expectEndedWhole(run: Awaited<ReturnType<typeof startAndRecord>>, tree: number[]) {
  expect(tree.length).toBeGreaterThanOrEqual(3);
  // Until the last of them has ended; what is left when the time is up is the message.
  await expect
    .poll(() => stillRunning(tree).map((pid) => `${pid} ${commandLine(pid)}`), {
      timeout: END_TIMEOUT_MS,
      message: `still running ${END_TIMEOUT_MS} ms after the signal (npm printed:\n${run.npm.output()})`,
    })
    .toEqual([]);
  const open: number[] = [];
  for (const port of run.ports) if (await accepts(port)) open.push(port);
  expect(open, 'ports still accepting connections').toEqual([]);
}

describe('npm run stack ends whole', () => {
  for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT'] as const) {
    it(`on ${signal} to npm`, async () => {
      const run = await startAndRecord('stack');
      const tree = run.tree();
      process.kill(run.npm.child.pid!, signal);
      await expectEndedWhole(run, tree);
    }, 150_000);
  }

  it('on SIGTERM to its own process', async () => {
    const run = await startAndRecord('stack');
    const tree = run.tree();
    process.kill(entryProcess(tree, 'scripts/stack/cli.ts'), 'SIGTERM');
    await expectEndedWhole(run, tree);
  }, 150_000);

  it('when npm is killed (SIGKILL: nothing is passed on)', async () => {
    const run = await startAndRecord('stack');
    const tree = run.tree();
    process.kill(run.npm.child.pid!, 'SIGKILL');
    await expectEndedWhole(run, tree);
  }, 150_000);
});

describe('npm run dev ends whole', () => {
  it('on SIGTERM to npm', async () => {
    const run = await startAndRecord('dev');
    const tree = run.tree();
    process.kill(run.npm.child.pid!, 'SIGTERM');
    await expectEndedWhole(run, tree);
  }, 150_000);

  it('when npm is killed (SIGKILL)', async () => {
    const run = await startAndRecord('dev');
    const tree = run.tree();
    process.kill(run.npm.child.pid!, 'SIGKILL');
    await expectEndedWhole(run, tree);
  }, 150_000);
});
