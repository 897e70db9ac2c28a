/** What the CLI and `npm run dev` print, and how they stop on Ctrl-C. */
import { redactUrl } from './database';
import type { RunningStack } from './start-stack';

/** URLs printed for people: `localhost`, as in .env.example and the Supabase CLI's output. */
function forPeople(url: string): string {
  return url.replace('//127.0.0.1:', '//localhost:').replace('@127.0.0.1:', '@localhost:');
}

export function describeStack(stack: RunningStack): string {
  const functionUrls = stack.functions.map((name) => `${forPeople(stack.urls.api)}/functions/v1/${name}`);
  const lines = [
    '',
    'Local stack is running:',
    `  API (SUPABASE_URL)   ${forPeople(stack.urls.api)}`,
    `  Postgres             ${stack.database.external ? redactUrl(stack.urls.db) : forPeople(stack.urls.db)}`,
    `  Mail catcher         ${stack.urls.mailUi ? forPeople(stack.urls.mailUi) : '(not started: SMTP_URL is set)'}`,
    `  SMTP                 ${stack.urls.mailUi ? forPeople(stack.urls.smtp) : redactUrl(stack.urls.smtp)}`,
    `  Edge functions       ${functionUrls.length ? functionUrls.join(`\n${' '.repeat(23)}`) : '(none)'}`,
    '',
    `  publishable key      ${stack.publishableKey}   (the site's VITE_SUPABASE_PUBLISHABLE_KEY)`,
    `  secret key           ${stack.secretKey}`,
    `  legacy anon key      ${stack.anonKey}`,
    `  legacy service_role  ${stack.serviceRoleKey}`,
    '',
  ];
  if (stack.database.external) lines.push('  DATABASE_URL is set: using that PostgreSQL server instead of PGlite.');
  if (!stack.urls.mailUi) lines.push('  SMTP_URL is set: the functions send mail there, not to the built-in catcher.');
  if (!stack.database.external) lines.push(`  psql: psql ${forPeople(stack.urls.db)}`);
  return lines.join('\n');
}

export interface Shutdown {
  /** True once Ctrl-C (or SIGTERM) arrived. */
  readonly requested: boolean;
  /** Hands over what to stop; if a signal came during start-up, stops right away. */
  ready(stop: () => Promise<void>): void;
}

/**
 * Ctrl-C (or SIGTERM) stops everything once and exits 0; a second one exits at once.
 * Installed before start-up, so a Ctrl-C during the first slow start (Deno downloading
 * packages) still ends with a clean stop instead of a half-written database.
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
  const onSignal = (signal: NodeJS.Signals) => {
    if (requested) {
      // The same signal often arrives twice (the terminal's process group, and tsx relaying
      // it to its child): only a later, deliberate one cuts the stop short.
      if (Date.now() - requestedAt < 1000) return;
      console.error(`\n${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    requested = true;
    requestedAt = Date.now();
    console.log(stop ? `\n${signal}: stopping…` : `\n${signal}: stopping once start-up has finished…`);
    run();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

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
