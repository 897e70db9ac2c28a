/**
 * Browser, contexts and pages for the tests, and a watcher that records what a visitor
 * would never want to see: console errors, uncaught exceptions, requests that failed or
 * answered with an error, and requests to any host but the site and its backend.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/chromium.ts';
import { afterAll, beforeAll } from 'vitest';
import { canRun, e2e } from './context.ts';

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: e2e().chromePath, args: CHROMIUM_ARGS, headless: true, timeout: 60_000 });
}

/**
 * One browser for a test file: launched before its tests (where they can run), closed
 * after them. A getter, because the browser exists only once `beforeAll` has run.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (canRun) browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is only there inside a test.');
    return browser;
  };
}

export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  /** Network failures and HTTP answers ≥ 400. */
  failedRequests: string[];
  /** Requests to an origin other than the site's and the API's. */
  foreignRequests: string[];
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
  /** Every request URL, in order. */
  requests: string[];
  /** Resolves once no request has been open for `quietMs` (the page has loaded what it loads). */
  settle(quietMs?: number): Promise<void>;
}

export async function openPage(
  browser: Browser,
  viewport: ViewportName,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
    ...options,
  });
  const page = await context.newPage();
  // Fail within seconds, not the default 30 s, when something never appears.
  page.setDefaultTimeout(15_000);
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
  page.on('requestfailed', (request) =>
    problems.failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`),
  );
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
  return { context, page, problems, requests, settle };
}

export function siteUrl(path: string): string {
  return new URL(path, e2e().siteUrl).href;
}
