// @vitest-environment node
/**
 * What `npm run stack` prints (docs/development.md, «What a start prints»): what runs where,
 * in at most 15 lines, and nothing per request afterwards – unless it runs with --verbose,
 * which prints each function call. The real npm script (tests/support/stack-process.ts,
 * free ports, in memory), every function started; a few calls; then SIGTERM, and the
 * process's end is the moment its whole output is known.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { processTree, startNpm, stillRunning, type NpmProcess } from '../../tests/support/stack-process';
import { LOCAL_KEYS } from './local-config';
import { STARTING } from './terminal';

const READY = 'Press Ctrl-C to stop.';
/** The most a start may print, from its first line to READY. */
const MAX_START_LINES = 15;

let running: NpmProcess | undefined;

afterEach(() => {
  for (const pid of running?.child.pid ? stillRunning(processTree(running.child.pid)) : []) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  running = undefined;
});

/** Starts the stack, makes a preflight, a challenge and a refused call, stops it, and answers what it printed. */
async function startCallAndStop(args: string[]): Promise<{ start: string[]; after: string }> {
  const npm = startNpm('stack', args);
  running = npm;
  await npm.waitFor(READY, 120_000);
  const printed = npm.output();
  const from = printed.indexOf(STARTING);
  expect(from, printed).toBeGreaterThanOrEqual(0);
  const start = printed.slice(from, printed.indexOf(READY) + READY.length).split('\n');

  const api = /API \(SUPABASE_URL\)\s+(\S+)/.exec(printed)![1]!.replace('localhost', '127.0.0.1');
  const fn = `${api}/functions/v1/send-contact-email`;
  const headers = { apikey: LOCAL_KEYS.publishable, origin: 'http://localhost:5173' };
  expect((await fetch(fn, { method: 'OPTIONS', headers: { ...headers, 'access-control-request-method': 'POST' } })).status).toBe(204);
  expect((await fetch(fn, { headers })).status).toBe(200);
  expect((await fetch(fn, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' })).status).toBe(400);

  // 'close': the process has ended and its output pipes are read to the end.
  const ended = new Promise<void>((resolve) => npm.child.once('close', () => resolve()));
  process.kill(npm.child.pid!, 'SIGTERM');
  await ended;
  return { start, after: npm.output().slice(npm.output().indexOf(READY) + READY.length) };
}

describe('npm run stack prints', () => {
  it(`what runs where in at most ${MAX_START_LINES} lines, and nothing per request`, async () => {
    const { start, after } = await startCallAndStop([]);
    expect(start.length, start.join('\n')).toBeLessThanOrEqual(MAX_START_LINES);
    expect(start.join('\n')).toMatch(/Edge functions .*send-contact-email/);
    // One line for the functions, one a key.
    expect(start.filter((line) => /functions\/v1/.test(line))).toHaveLength(1);
    expect(start.filter((line) => /\b(sb_publishable_|sb_secret_)/.test(line))).toHaveLength(2);
    expect(after).not.toMatch(/"code":"(preflight|challenge|invalid_body)"/);
    expect(after).not.toMatch(/Listening on/);
  }, 150_000);

  it('each function call with --verbose', async () => {
    const { after } = await startCallAndStop(['--verbose', '--lazy-functions']);
    for (const code of ['preflight', 'challenge', 'invalid_body']) expect(after).toContain(`"code":"${code}"`);
  }, 150_000);
});
