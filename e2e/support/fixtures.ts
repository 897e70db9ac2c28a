/**
 * The suite's `test`: Playwright's own browser, context and page (Debian's Chromium with
 * the project's arguments, de-CH, Zurich time: playwright.config.ts), plus
 *
 * - `watched`: what a visitor would never want to see on `page`, recorded from its first
 *   request on: console errors, uncaught exceptions, requests that failed or answered with
 *   an error, and requests to any host but the site and its backend;
 * - `mailOutage`: a simulated mail outage that is always ended after the test, for tests
 *   tagged ALONE only;
 * - `turn`: every test's turn beside the others, or alone for a test tagged ALONE
 *   (support/alone.ts): the suite runs two workers;
 * - the Chromium check: without a browser every test is skipped with the hint how to get
 *   one, and fails instead under CI=true.
 */
import { test as base, type Page, type Request } from '@playwright/test';
import { ALONE, aloneTurn, sharedTurn } from './alone.ts';
import { canSimulateMailOutage, mailOutage } from './backend.ts';
import { e2e, e2eContext } from './context.ts';

export { expect } from '@playwright/test';

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  /** Network failures and HTTP answers ≥ 400. */
  failedRequests: string[];
  /** Requests to an origin other than the site's and the API's. */
  foreignRequests: string[];
}

export interface WatchedPage {
  problems: PageProblems;
  /** Every request URL, in order. */
  requests: string[];
  /** Resolves once no request has been open for `quietMs` (the page has loaded what it loads). */
  settle(quietMs?: number): Promise<void>;
}

/** Starts recording what goes wrong on the page; call before its first navigation. */
export function watchPage(page: Page): WatchedPage {
  const { siteUrl, legacySiteUrl, apiUrl } = e2e();
  const allowedOrigins = new Set([new URL(siteUrl).origin, new URL(legacySiteUrl).origin, new URL(apiUrl).origin]);
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], failedRequests: [], foreignRequests: [] };
  const requests: string[] = [];
  const open = new Set<Request>();
  let lastChange = Date.now();
  const done = (request: Request) => {
    open.delete(request);
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    open.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(String(error)));
  page.on('request', (request) => {
    const url = new URL(request.url());
    requests.push(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (!allowedOrigins.has(url.origin)) problems.foreignRequests.push(`${request.method()} ${request.url()}`);
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'failed';
    // The browser's own favicon fetch, cancelled because the test moved on to the next page
    // (seen under load): nothing a visitor meets. Any other failure, or a favicon that is
    // missing (HTTP 404, below), still counts.
    if (error === 'net::ERR_ABORTED' && new URL(request.url()).pathname === '/favicon.svg') return;
    problems.failedRequests.push(`${request.method()} ${request.url()}: ${error}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.failedRequests.push(`${response.request().method()} ${response.url()}: HTTP ${response.status()}`);
    }
  });
  async function settle(quietMs = 500) {
    const deadline = Date.now() + 20_000;
    while (open.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) throw new Error(`requests still open after 20 s: ${[...open].map((r) => r.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return { problems, requests, settle };
}

/**
 * Records every securitypolicyviolation event of `page` from the first byte of each document
 * on; call before its first navigation. Answers the violations of the document now open.
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

interface E2eFixtures {
  /** The problems recorded on `page` (see watchPage); attached to the report when the test fails. */
  watched: WatchedPage;
  /**
   * Switches on a simulated mail outage (Mailpit's chaos triggers refuse every message with
   * SMTP 554). The test is skipped where chaos is off (`supabase start`). Only for a test
   * tagged ALONE: the outage refuses every test's mails.
   */
  mailOutage: () => Promise<void>;
  /** Skips (locally) or fails (CI=true) every test when global setup found no Chromium. */
  chromiumCheck: void;
  /** Whether this test has the suite to itself (tagged ALONE), held from before its first fixture to after its last one's clean-up. */
  turn: boolean;
}

// Each fixture hands its value on with `provide` (Playwright's docs call it `use`, which
// the React hooks lint rule would take for React's use()). Fixtures without dependencies
// need the empty pattern: Playwright reads the fixtures a function wants from it.
export const test = base.extend<E2eFixtures>({
  // The site as the static server serves it: page.goto('/kontakt'), page.waitForURL('/') and
  // request.get('/…') go there. Nothing to serve when the suite is skipped.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    const context = e2eContext();
    await provide(context.skipReason === null ? context.siteUrl : undefined);
  },

  chromiumCheck: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, testInfo) => {
      const context = e2eContext();
      if (context.skipReason !== null) {
        if (context.fail) throw new Error(`needs Chromium: ${context.skipReason}`);
        testInfo.skip(true, `skipped: ${context.skipReason}`);
      }
      await provide();
    },
    // Before every other fixture of the test, so no browser is launched without one.
    { auto: true },
  ],

  turn: [
    // After the Chromium check: without a browser there is no suite to take a turn in.
    async ({ chromiumCheck: _checked }, provide, testInfo) => {
      const { lockDir } = e2e();
      const alone = testInfo.tags.includes(ALONE);
      const release = alone ? await aloneTurn(lockDir) : await sharedTurn(lockDir);
      try {
        await provide(alone);
      } finally {
        await release();
      }
    },
    // Before the test's other fixtures, and so torn down after them. Waiting for the turn
    // (for tests that run alone) does not count against the test's own time.
    { auto: true, timeout: 300_000 },
  ],

  watched: async ({ page }, provide, testInfo) => {
    const watched = watchPage(page);
    await provide(watched);
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('page problems', { body: JSON.stringify(watched.problems, null, 2), contentType: 'application/json' });
    }
  },

  mailOutage: async ({ turn: alone }, provide, testInfo) => {
    if (!alone) throw new Error(`A test that simulates a mail outage refuses every test's mails: tag it ${ALONE} (support/alone.ts).`);
    testInfo.skip(!(await canSimulateMailOutage()), "Mailpit's chaos API is off (supabase start): no outage to simulate");
    await provide(() => mailOutage(true));
    // A test that stopped before its submission must not leave the outage on for the next one.
    await mailOutage(false);
  },
});
