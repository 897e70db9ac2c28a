/** What the CLI and `npm run dev` print, and how they stop on Ctrl-C. */
import { redactUrl } from './database';
import type { RunningStack, StackPorts } from './start-stack';

/** --free-ports: every port of the stack from the system (0 = any free port). */
export const FREE_PORTS: StackPorts = { gateway: 0, db: 0, mailUi: 0, smtp: 0 };

/** The one line before the summary; without --verbose nothing else comes until then. */
export const STARTING = 'Starting the local stack (the first start downloads the functions\' packages, ~30 s)…';

/** URLs printed for people: `localhost`, as in .env.example and the Supabase CLI's output. */
function forPeople(url: string): string {
  return url.replace('//127.0.0.1:', '//localhost:').replace('@127.0.0.1:', '@localhost:');
}

/**
 * What a start prints: what runs where, one line each (the functions on one line, each key
 * on its own), at most 15 lines with the notes. Everything else a start used to print (the
 * migrations, each function's "Listening on") is for --verbose.
 */
export function describeStack(stack: RunningStack): string {
  const api = forPeople(stack.urls.api);
  const lines = [
    '',
    'Local stack is running:',
    `  API (SUPABASE_URL)   ${api}`,
    `  Postgres             ${stack.database.external ? redactUrl(stack.urls.db) : forPeople(stack.urls.db)}`,
    stack.urls.mailUi
      ? `  Mail catcher         ${forPeople(stack.urls.mailUi)}   (SMTP ${forPeople(stack.urls.smtp)})`
      : `  Mail                 ${redactUrl(stack.urls.smtp)}   (SMTP_URL is set: no built-in catcher)`,
    `  Edge functions       ${stack.functions.length ? `${api}/functions/v1/ ${stack.functions.join(', ')}` : '(none)'}`,
    `  publishable key      ${stack.publishableKey}   (the site's VITE_SUPABASE_PUBLISHABLE_KEY)`,
    `  secret key           ${stack.secretKey}`,
    `  legacy anon key      ${stack.anonKey}`,
    `  legacy service_role  ${stack.serviceRoleKey}`,
  ];
  if (stack.database.external) lines.push('  DATABASE_URL is set: using that PostgreSQL server instead of PGlite.');
  else lines.push(`  psql: psql ${forPeople(stack.urls.db)}`);
  return lines.join('\n');
}

/**
 * Per-request lines (each function call, the jobs' runs, caught mails) and the start's
 * details: only with --verbose, or with DEBUG set as for many tools.
 */
export function wantsVerbose(flag: boolean | undefined): boolean {
  return Boolean(flag) || Boolean(process.env.DEBUG);
}

export interface Shutdown {
  /** True once a stop was asked for: Ctrl-C, SIGTERM, SIGHUP, or the parent's end. */
  readonly requested: boolean;
  /** Hands over what to stop; if a signal came during start-up, stops right away. */
  ready(stop: () => Promise<void>): void;
}

/** How often the process checks whether its parent still runs (see handleShutdown). */
const PARENT_CHECK_MS = 500;

/**
 * Ctrl-C, SIGTERM or SIGHUP stops everything once and exits 0; a second one exits at once.
 * Installed before start-up, so a Ctrl-C during the first slow start (Deno downloading
 * packages) still ends with a clean stop instead of a half-written database.
 *
 * SIGTERM is what `timeout`, an editor's stop button or a process manager sends to npm,
 * which passes it on to its child (package.json `exec`s node, so that child is this
 * process); SIGHUP comes when the terminal closes. The parent's end (npm killed with
 * SIGKILL, which passes nothing on) is noticed by the parent id changing: the orphan is
 * handed to init or a subreaper, and then stops as for SIGTERM.
 */
export function handleShutdown(): Shutdown {
  let requested = false;
  let requestedAt = 0;
  let stop: (() => Promise<void>) | undefined;
  let stopping = false;

  const run = () => {
    if (stopping || !stop) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  const onStop = (reason: string) => {
    if (requested) {
      // The same signal often arrives twice (the terminal's process group, and npm relaying
      // it to its child): only a later, deliberate one cuts the stop short.
      if (Date.now() - requestedAt < 1000) return;
      console.error(`\n${reason} again: exiting without waiting.`);
      process.exit(1);
    }
    requested = true;
    requestedAt = Date.now();
    clearInterval(parentCheck);
    console.log(stop ? `\n${reason}: stopping…` : `\n${reason}: stopping once start-up has finished…`);
    run();
  };
  process.on('SIGINT', onStop);
  process.on('SIGTERM', onStop);
  process.on('SIGHUP', onStop);
  const parent = process.ppid;
  const parentCheck = setInterval(() => {
    if (process.ppid !== parent) onStop(`parent process ${parent} ended`);
  }, PARENT_CHECK_MS);
  // The check alone never keeps the process running.
  parentCheck.unref();

  return {
    get requested() {
      return requested;
    },
    ready(stopFn) {
      stop = stopFn;
      if (requested) run();
    },
  };
}
