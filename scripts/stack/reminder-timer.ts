/**
 * The embedded stack's stand-in for the hosted reminder job (pg_cron + pg_net,
 * docs/appointment-lifecycle.md): it POSTs to send-appointment-reminders with the secret
 * key, exactly the call the job makes, once shortly after start and then at an interval.
 * The function decides what is due and sends each reminder once, so running more often
 * than the hosted job only shortens the wait in development.
 */
export const REMINDER_FUNCTION = 'send-appointment-reminders';
/** Development: every 15 minutes, so a reminder for tomorrow shows up in the mail UI soon. */
export const LOCAL_REMINDER_EVERY_MS = 15 * 60_000;
const FIRST_RUN_AFTER_MS = 10_000;

export interface ReminderTimerOptions {
  apiUrl: string;
  secretKey: string;
  everyMs: number;
  log(message: string): void;
}

/** Runs the job once: what the function answered, or why it could not be reached. */
export async function runReminderJob(apiUrl: string, secretKey: string): Promise<string> {
  try {
    const response = await fetch(`${apiUrl}/functions/v1/${REMINDER_FUNCTION}`, {
      method: 'POST',
      headers: { apikey: secretKey, authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(60_000),
    });
    return `${response.status} ${await response.text()}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Starts the timer; the returned function stops it. */
export function startReminderTimer(options: ReminderTimerOptions): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    const answer = await runReminderJob(options.apiUrl, options.secretKey);
    running = false;
    // Quiet when there was nothing to send.
    if (!/^200 .*"sent":0[,}]/.test(answer)) options.log(`reminder job: ${answer}`);
  };
  const first = setTimeout(tick, Math.min(FIRST_RUN_AFTER_MS, options.everyMs));
  const every = setInterval(tick, options.everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
