/**
 * What global-setup.ts hands to the test workers: the addresses of the running site and
 * stack, or why the suite cannot run (no Chromium). It travels as JSON in the environment
 * variable E2E_CONTEXT, which global setup sets in the runner process and every worker
 * inherits (Playwright starts the workers after global setup).
 */

export const E2E_CONTEXT_VARIABLE = 'E2E_CONTEXT';

export type E2eContext =
  /** No Chromium: skipped locally, failed under CI=true (with the reason either way; support/fixtures.ts). */
  | { skipReason: string; fail: boolean }
  | {
      skipReason: null;
      /** Origin of the static server with the built site, e.g. http://127.0.0.1:40123. */
      siteUrl: string;
      /** The same site built with only the legacy anon key (VITE_SUPABASE_ANON_KEY). */
      legacySiteUrl: string;
      /** The stack's API gateway (VITE_SUPABASE_URL of the build). */
      apiUrl: string;
      /** postgres:// URL of the stack's database. */
      dbUrl: string;
      /** The mail catcher: Mailpit's API (…/api/v1/…) and, on the stand-in, its inbox page. */
      mailUrl: string;
      /** The keys the two builds carry. */
      publishableKey: string;
      anonKey: string;
      /** The project's secret key: what the scheduled reminder job calls its function with. */
      secretKey: string;
      /** The functions' ACTION_TOKEN_SECRET, to make links the e-mails would carry (a cancel inside 24 h). */
      actionTokenSecret: string;
      /** Where the functions send the practice's e-mails. */
      practiceEmail: string;
      /** The folder of the lock that lets a test run alone (support/alone.ts). */
      lockDir: string;
    };

type RunningE2e = Extract<E2eContext, { skipReason: null }>;

let provided: E2eContext | undefined;

/** What global setup provided; throws when the tests were started without it. */
export function e2eContext(): E2eContext {
  if (provided) return provided;
  const json = process.env[E2E_CONTEXT_VARIABLE];
  if (!json) {
    throw new Error(`${E2E_CONTEXT_VARIABLE} is not set: run the browser tests with \`npx playwright test\` (its globalSetup, e2e/global-setup.ts, sets it).`);
  }
  provided = JSON.parse(json) as E2eContext;
  return provided;
}

/** The running environment; only call inside tests and fixtures (they do not run when the suite is skipped). */
export function e2e(): RunningE2e {
  const context = e2eContext();
  if (context.skipReason !== null) throw new Error(context.skipReason);
  return context;
}
