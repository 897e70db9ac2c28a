// @vitest-environment node
/**
 * The stack's scheduled jobs (job-timer.ts): the call each makes, when, and when it says
 * something. The functions themselves are tested with the suites; here the call is a fake.
 */
import http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIGEST_JOB, JOB_CALL_TIMEOUT_MS, LOCAL_JOBS, OUTBOX_JOB, runJob, startJobTimers, type ScheduledJob } from './job-timer';
import { LOCAL_KEYS } from './local-config';
import { HOST, listen } from './ports';

afterEach(() => {
  vi.useRealTimers();
});

describe('runJob', () => {
  it('POSTs the body to the function with the secret key as apikey and bearer, as the hosted job does', async () => {
    const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ method: request.method, url: request.url, headers: request.headers, body });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"sent":false}');
      });
    });
    const port = await listen(server, 0);
    try {
      const answer = await runJob(`http://${HOST}:${port}`, LOCAL_KEYS.secret, 'send-practice-digest', { when: 'scheduled' });
      expect(answer).toBe('200 {"sent":false}');
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({
        method: 'POST',
        url: '/functions/v1/send-practice-digest',
        body: '{"when":"scheduled"}',
        headers: { apikey: LOCAL_KEYS.secret, authorization: `Bearer ${LOCAL_KEYS.secret}`, 'content-type': 'application/json' },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('waits for the answer as long as the platform lets a function run (150 s), not a minute; gives up after its own limit', async () => {
    // An outbox run waiting for a slow mail provider is not abandoned (and joined by the next run) after 60 s.
    expect(JOB_CALL_TIMEOUT_MS).toBe(150_000);
    const server = http.createServer((_request, response) => {
      setTimeout(() => response.end('{"sent":0}'), 300);
    });
    const port = await listen(server, 0);
    try {
      expect(await runJob(`http://${HOST}:${port}`, LOCAL_KEYS.secret, 'send-pending-mail', {}, 2_000)).toBe('200 {"sent":0}');
      expect(await runJob(`http://${HOST}:${port}`, LOCAL_KEYS.secret, 'send-pending-mail', {}, 50)).toMatch(/timeout|aborted/i);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('says why a function could not be reached', async () => {
    expect(await runJob('http://127.0.0.1:9', LOCAL_KEYS.secret, 'send-pending-mail')).toMatch(/fetch failed|ECONNREFUSED/);
  });
});

describe('the local jobs', () => {
  it('are the outbox (5 s after start, then every minute, body {}) and the digest (every 5 minutes, {"when":"scheduled"})', () => {
    expect(LOCAL_JOBS).toEqual([OUTBOX_JOB, DIGEST_JOB]);
    expect(OUTBOX_JOB).toMatchObject({ fn: 'send-pending-mail', body: {}, firstAfterMs: 5_000, everyMs: 60_000 });
    expect(DIGEST_JOB).toMatchObject({ fn: 'send-practice-digest', body: { when: 'scheduled' }, everyMs: 300_000 });
  });

  it('are idle only for their “nothing to do” answers', () => {
    expect(OUTBOX_JOB.idle(200, { sent: 0, failed: 0, gaveUp: 0, skipped: 3 })).toBe(true);
    expect(OUTBOX_JOB.idle(200, { sent: 1, failed: 0, gaveUp: 0 })).toBe(false);
    expect(OUTBOX_JOB.idle(200, { sent: 0, failed: 2, gaveUp: 0 })).toBe(false);
    expect(OUTBOX_JOB.idle(200, { sent: 0, failed: 0, gaveUp: 1 })).toBe(false);
    expect(OUTBOX_JOB.idle(500, { sent: 0, failed: 0, gaveUp: 0 })).toBe(false);
    expect(DIGEST_JOB.idle(200, { sent: false, reason: 'not_due' })).toBe(true);
    expect(DIGEST_JOB.idle(200, { sent: true })).toBe(false);
    expect(DIGEST_JOB.idle(401, { sent: false })).toBe(false);
  });
});

describe('startJobTimers', () => {
  const job: ScheduledJob = { fn: 'send-pending-mail', body: {}, firstAfterMs: 5_000, everyMs: 60_000, idle: OUTBOX_JOB.idle };

  it('runs a job after its first delay, then at its interval, logging only what is not idle and a 404 once', async () => {
    vi.useFakeTimers();
    const answers = [
      '200 {"sent":0,"failed":0,"gaveUp":0}',
      '404 {"code":"NOT_FOUND","message":"Requested function was not found"}',
      '404 {"code":"NOT_FOUND","message":"Requested function was not found"}',
      '200 {"sent":2,"failed":0,"gaveUp":0}',
      'fetch failed',
      '404 {"code":"NOT_FOUND","message":"Requested function was not found"}',
    ];
    const calls: unknown[][] = [];
    const log: string[] = [];
    const stop = startJobTimers({
      apiUrl: 'http://stack',
      secretKey: 'sb_secret_x',
      jobs: [job],
      log: (message) => log.push(message),
      run: async (...args) => {
        calls.push(args);
        return answers[calls.length - 1] ?? answers[0]!;
      },
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([['http://stack', 'sb_secret_x', 'send-pending-mail', {}, JOB_CALL_TIMEOUT_MS]]);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(calls).toHaveLength(6);
    expect(log).toEqual([
      'job send-pending-mail: 404 {"code":"NOT_FOUND","message":"Requested function was not found"} – no such function (yet); said once, tried again on schedule',
      'job send-pending-mail: 200 {"sent":2,"failed":0,"gaveUp":0}',
      'job send-pending-mail: fetch failed',
      'job send-pending-mail: 404 {"code":"NOT_FOUND","message":"Requested function was not found"} – no such function (yet); said once, tried again on schedule',
    ]);
    stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toHaveLength(6);
  });

  it('does not start a run while the last one is still going', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const stop = startJobTimers({
      apiUrl: 'http://stack',
      secretKey: 'k',
      jobs: [{ ...job, firstAfterMs: 1_000, everyMs: 1_000 }],
      log: () => {},
      run: async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 3_500));
        return '200 {"sent":0,"failed":0,"gaveUp":0}';
      },
    });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(calls).toBe(1);
    stop();
  });
});
