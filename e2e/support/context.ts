/**
 * What global-setup.ts hands to every test file: the addresses of the running site and
 * stack, or why the suite cannot run (no Chromium) – and `describeE2e`, which turns the
 * latter into skipped tests locally and failed ones under CI.
 */
import { describe, inject, it } from 'vitest';

export type E2eContext =
  /** No Chromium: skipped locally, failed under CI=true (with the reason either way). */
  | { skipReason: string; fail: boolean }
  | {
      skipReason: null;
      chromePath: string;
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
      /** Where the functions send the practice's e-mails. */
      practiceEmail: string;
    };

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

type RunningE2e = Extract<E2eContext, { skipReason: null }>;

const provided = inject('e2e');

/** Whether the browser suites can run here (file-level hooks check it before starting a browser). */
export const canRun = provided.skipReason === null;

function cannotRun(reason: string, fail: boolean) {
  return (name: string, _body: () => void) =>
    fail
      ? describe(name, () => {
          it('needs Chromium', () => {
            throw new Error(reason);
          });
        })
      : describe.skip(name, () => {
          it(`skipped: ${reason}`, () => {});
        });
}

/**
 * `describe` for the browser suites. Without Chromium the suite does not run: it is
 * skipped on a developer's machine and fails under CI=true, saying how to get one; the
 * other projects run either way.
 */
export const describeE2e: (name: string, body: () => void) => void =
  provided.skipReason === null ? describe : cannotRun(provided.skipReason, provided.fail);

/** The running environment; only call inside tests or hooks (they do not run when skipped). */
export function e2e(): RunningE2e {
  if (provided.skipReason !== null) throw new Error(provided.skipReason);
  return provided;
}
