// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverFunctions, isQuietLine, launchFunctions, parseFunctionsConfig, type FunctionsRuntime } from './functions';
import { createGateway } from './gateway';
import type { Database } from './database';
import { LOCAL_KEYS } from './local-config';
import { HOST, listen } from './ports';
import { REPO_ROOT } from './start-stack';

describe('edge function discovery', () => {
  it('finds the folders with an index.ts, not _shared or tests', async () => {
    const names = await discoverFunctions(path.join(REPO_ROOT, 'supabase', 'functions'));
    expect(names).not.toContain('_shared');
    expect(names).not.toContain('tests');
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+$/);
  });

  it('reads enabled and verify_jwt per function from config.toml, both true by default', () => {
    const config = parseFunctionsConfig(`
[api]
verify_jwt = false

[functions.open-hook]
verify_jwt = false # called by a webhook

[functions.old]
enabled = false

[functions."quoted-name"]

[analytics]
enabled = false
`);
    expect(Object.fromEntries(config)).toEqual({
      'open-hook': { enabled: true, verifyJwt: false },
      old: { enabled: false, verifyJwt: true },
      'quoted-name': { enabled: true, verifyJwt: true },
    });
  });
});

/**
 * A call that arrives while a function's Deno process is still starting, through the
 * real gateway to real Deno: it waits and gets the function's answer (the edge runtime
 * answers once the worker has booted); a function whose process dies at start-up is
 * 503 BOOT_ERROR; one whose process dies later is started again by the next call, which
 * waits for it (the edge runtime creates a new worker for the next request); an unknown one
 * stays the platform's 404 (contract.test.ts has the sources).
 */
/** Whether a process id is (still) a running process. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a function called before it is ready', () => {
  let dir: string;
  let runtime: FunctionsRuntime;
  let gateway: ReturnType<typeof createGateway>;
  let base: string;
  const messages: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stack-functions-'));
    const write = async (name: string, source: string) => {
      await mkdir(path.join(dir, name));
      await writeFile(path.join(dir, name, 'index.ts'), source);
    };
    // Slow to boot: a second and a half before it listens.
    await write(
      'slow-start',
      `await new Promise((resolve) => setTimeout(resolve, 1500));
Deno.serve((request) => new Response(JSON.stringify({ method: request.method, path: new URL(request.url).pathname }), { headers: { 'content-type': 'application/json' } }));
`,
    );
    // Dies while starting, as a function with an error at the top of its module does.
    await write('fails-to-start', `await new Promise((resolve) => setTimeout(resolve, 300));\nthrow new Error('boot failure on purpose');\n`);
    // Serves, and dies on /crash (as a function does that runs out of memory or is killed mid-request).
    await write(
      'crashes',
      `Deno.serve((request) => {
  if (new URL(request.url).pathname.endsWith('/crash')) Deno.exit(1);
  return new Response(JSON.stringify({ pid: Deno.pid }), { headers: { 'content-type': 'application/json' } });
});
`,
    );
    runtime = launchFunctions({
      repoRoot: REPO_ROOT,
      functionsDir: dir,
      names: ['slow-start', 'fails-to-start', 'crashes'],
      config: parseFunctionsConfig(
        '[functions.slow-start]\nverify_jwt = false\n[functions.fails-to-start]\nverify_jwt = false\n[functions.crashes]\nverify_jwt = false\n',
      ),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DENO_NO_UPDATE_CHECK: '1' },
      quiet: true,
      log: (message) => messages.push(message),
      startTimeoutMs: 60_000,
    });
    gateway = createGateway({ db: {} as Database, keys: LOCAL_KEYS, functions: runtime });
    base = `http://${HOST}:${await listen(gateway, 0)}/functions/v1`;
  }, 30_000);

  afterAll(async () => {
    await new Promise((resolve) => gateway?.close(resolve));
    await runtime?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('waits for the booting function and returns its answer, never a 404', async () => {
    expect(typeof runtime.lookup('slow-start')?.port).not.toBe('number');
    const response = await fetch(`${base}/slow-start/x`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: 'POST', path: '/slow-start/x' });
    expect(typeof runtime.lookup('slow-start')?.port).toBe('number');
  }, 30_000);

  it('answers 503 BOOT_ERROR for a function whose process fails to start', async () => {
    const response = await fetch(`${base}/fails-to-start`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(503);
    expect(response.headers.get('sb-error-code')).toBe('BOOT_ERROR');
    expect(await response.json()).toEqual({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
    await expect(runtime.ready).rejects.toThrow(/fails-to-start.*exited during start-up/s);
    expect(runtime.logs('fails-to-start').join('\n')).toContain('boot failure on purpose');
  }, 30_000);

  it('starts a function whose process died again for the next call, as the edge runtime serves the next request', async () => {
    const first = await fetch(`${base}/crashes`, { method: 'POST', body: '{}' });
    expect(first.status).toBe(200);
    const { pid } = (await first.json()) as { pid: number };
    expect(runtime.pid('crashes')).toBe(pid);

    // The call that kills it gets no answer from it (the stand-in's 502) …
    expect((await fetch(`${base}/crashes/crash`, { method: 'POST', body: '{}' })).status).toBe(502);
    await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);
    expect(messages.join('\n')).toMatch(/function crashes stopped \(exit code 1\); the next call to it starts it again/);

    // … the next ones are served by a new process: the first waits while it boots, two at once share it.
    const [again, meanwhile] = await Promise.all([
      fetch(`${base}/crashes`, { method: 'POST', body: '{}' }),
      fetch(`${base}/crashes`, { method: 'POST', body: '{}' }),
    ]);
    expect([again.status, meanwhile.status]).toEqual([200, 200]);
    const pids = [((await again.json()) as { pid: number }).pid, ((await meanwhile.json()) as { pid: number }).pid];
    expect(pids[0]).not.toBe(pid);
    expect(pids[1]).toBe(pids[0]);
    expect(runtime.pid('crashes')).toBe(pids[0]);

    // Killed from outside (SIGKILL, as the kernel's out-of-memory killer does): back again too.
    process.kill(pids[0]!, 'SIGKILL');
    await expect.poll(() => alive(pids[0]!), { timeout: 10_000 }).toBe(false);
    const third = await fetch(`${base}/crashes`, { method: 'POST', body: '{}' });
    expect(third.status).toBe(200);
    expect(((await third.json()) as { pid: number }).pid).not.toBe(pids[0]);
  }, 60_000);

  it('answers an unknown function with the platform’s 404', async () => {
    const response = await fetch(`${base}/not-a-function`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });
});

describe('the terminal', () => {
  it('leaves out the scheduled jobs\' runs with nothing to report, and nothing else', () => {
    for (const code of ['outbox_idle', 'digest_not_yet', 'digest_done', 'digest_nothing']) {
      expect(isQuietLine(JSON.stringify({ fn: 'x', status: 200, ms: 3, code }))).toBe(true);
    }
    for (const line of [
      JSON.stringify({ fn: 'send-pending-mail', status: 200, ms: 40, code: 'outbox' }),
      JSON.stringify({ fn: 'send-pending-mail', status: 502, ms: 40, code: 'outbox_failed', cause: 'smtp_timeout' }),
      JSON.stringify({ fn: 'send-practice-digest', status: 200, ms: 40, code: 'digest_sent' }),
      'error: Uncaught (in promise) TypeError: x is not a function',
      '{not json',
    ]) {
      expect(isQuietLine(line)).toBe(false);
    }
  });
});
