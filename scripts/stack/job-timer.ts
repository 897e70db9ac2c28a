/**
 * The embedded stack's stand-in for the hosted scheduled jobs (pg_cron + pg_net): each job
 * POSTs to its function with the secret key as `apikey` and bearer, exactly the call the
 * hosted job makes, once shortly after start and then at an interval. The functions
 * decide what is due and send each mail once, so running them more often than the hosted
 * schedule only shortens the wait in development.
 *
 * - send-pending-mail (the outbox: messages, requests, lifecycle mails and reminders not
 *   yet mailed): body `{}`, 5 s after start, then every minute.
 * - send-practice-digest (the practice's morning mail): body `{"when":"scheduled"}` every
 *   5 minutes; the function itself sends at most once a day, from 07:00 Zurich time (a
 *   POST with `{}` sends at once).
 *
 * Quiet while there is nothing to say: a job logs only an answer other than its idle one,
 * and a function that does not exist (404, e.g. not written yet) once, until it answers.
 *
 * A call waits for its answer as long as the platform lets a function run (JOB_CALL_TIMEOUT_MS),
 * and the next run of a job starts only after the last one answered: an outbox run that
 * waits for a slow mail provider is not joined by the next one. (pg_net, hosted, gives up
 * after 60 s – the function runs on –, and the outbox is safe when runs overlap: each mail
 * is claimed on its own, right before it is sent.)
 */

/**
 * How long a job's call waits for the function's answer: 150 s, hosted functions' wall-clock
 * limit on the free plan and their request idle timeout (Supabase docs, "Limits").
 */
export const JOB_CALL_TIMEOUT_MS = 150_000;

export interface ScheduledJob {
  /** The function it POSTs to (/functions/v1/<fn>). */
  fn: string;
  body: unknown;
  firstAfterMs: number;
  everyMs: number;
  /** How long the call waits for the answer before it gives up (default JOB_CALL_TIMEOUT_MS). */
  callTimeoutMs?: number;
  /** True for the answer of a run with nothing to report (no log line). */
  idle(status: number, body: unknown): boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const OUTBOX_JOB: ScheduledJob = {
  fn: 'send-pending-mail',
  body: {},
  firstAfterMs: 5_000,
  everyMs: 60_000,
  // 200 {"sent":0,"failed":0,"gaveUp":0,…}
  idle: (status, body) => status === 200 && isObject(body) && body.sent === 0 && body.failed === 0 && body.gaveUp === 0,
};

export const DIGEST_JOB: ScheduledJob = {
  fn: 'send-practice-digest',
  body: { when: 'scheduled' },
  firstAfterMs: 10_000,
  everyMs: 5 * 60_000,
  // 200 {"sent":false,…}: not due (before 07:00, or already sent today).
  idle: (status, body) => status === 200 && isObject(body) && body.sent === false,
};

/** What `npm run dev` and `npm run stack` run. */
export const LOCAL_JOBS: readonly ScheduledJob[] = [OUTBOX_JOB, DIGEST_JOB];

/**
 * Runs a job's call once, as the hosted job sends it: POST /functions/v1/<fn> with the
 * secret key as apikey and bearer and a JSON body. Returns what the function answered,
 * as "<status> <body>", or why it could not be reached.
 */
export async function runJob(
  apiUrl: string,
  secretKey: string,
  fn: string,
  body: unknown = {},
  timeoutMs = JOB_CALL_TIMEOUT_MS,
): Promise<string> {
  try {
    const response = await fetch(`${apiUrl}/functions/v1/${fn}`, {
      method: 'POST',
      headers: { apikey: secretKey, authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return `${response.status} ${await response.text()}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** "<status> <body>" → status and parsed JSON body (undefined when it is not JSON). */
export function parseAnswer(answer: string): { status: number | undefined; body: unknown } {
  const match = /^(\d{3}) ([\s\S]*)$/.exec(answer);
  if (!match) return { status: undefined, body: undefined };
  let body: unknown;
  try {
    body = JSON.parse(match[2]!);
  } catch {
    body = undefined;
  }
  return { status: Number(match[1]), body };
}

export interface JobTimerOptions {
  apiUrl: string;
  secretKey: string;
  jobs: readonly ScheduledJob[];
  /** A run that sent something (--verbose only in the terminal). */
  log(message: string): void;
  /** A run that failed or found no function: always printed (default: log). */
  warn?(message: string): void;
  /** For tests: the call itself (default runJob). */
  run?: typeof runJob;
}

/** Starts one timer per job; the returned function stops them all. */
export function startJobTimers(options: JobTimerOptions): () => void {
  const run = options.run ?? runJob;
  const warn = options.warn ?? options.log;
  const timers: NodeJS.Timeout[] = [];
  for (const job of options.jobs) {
    let running = false;
    let missing = false;
    const tick = async () => {
      // A slow run is not overlapped by the next one.
      if (running) return;
      running = true;
      try {
        const answer = await run(options.apiUrl, options.secretKey, job.fn, job.body, job.callTimeoutMs ?? JOB_CALL_TIMEOUT_MS);
        const { status, body } = parseAnswer(answer);
        if (status === 404) {
          if (!missing) warn(`job ${job.fn}: ${answer} – no such function (yet); said once, tried again on schedule`);
          missing = true;
          return;
        }
        missing = false;
        // A failed call, or a run that could not send a mail: what matters in the terminal.
        const couldNotSend = isObject(body) && ((Number(body.failed) || 0) > 0 || (Number(body.gaveUp) || 0) > 0);
        if (status === undefined || status >= 400 || couldNotSend) warn(`job ${job.fn}: ${answer}`);
        else if (!job.idle(status, body)) options.log(`job ${job.fn}: ${answer}`);
      } finally {
        running = false;
      }
    };
    const first = setTimeout(() => void tick(), Math.min(job.firstAfterMs, job.everyMs));
    const every = setInterval(() => void tick(), job.everyMs);
    first.unref();
    every.unref();
    timers.push(first, every);
  }
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}

/** "send-pending-mail every 1 min, send-practice-digest every 5 min" for the start-up log. */
export function describeJobs(jobs: readonly ScheduledJob[]): string {
  const every = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 1000)} s`);
  return jobs.map((job) => `${job.fn} every ${every(job.everyMs)}`).join(', ');
}
