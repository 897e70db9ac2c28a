/**
 * What a visitor downloads who starts using a form: Lighthouse measures a page until it
 * is loaded, but the form pages fetch the Supabase client only on the first focus, tap
 * or key (src/components/forms/use-prefetch-supabase.ts). This opens the page in Chromium
 * (no throttling: only which scripts load matters here, not when), waits for hydration,
 * focuses the first text field, waits until the network is quiet and lists every script
 * the page loaded from the site.
 */
import { chromium, type Page } from 'playwright-core';
import { waitForHydration } from '../../e2e/support/hydration.ts';
import { CHROMIUM_ARGS } from '../chromium.ts';

/** How long the network must stay idle before the page counts as settled. */
const QUIET_MS = 1000;
const TIMEOUT_MS = 30_000;

/** Resolves once no request has been in flight for QUIET_MS. */
function networkQuiet(page: Page): Promise<void> {
  return new Promise((resolve, reject) => {
    let inFlight = 0;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      if (inFlight === 0) timer = setTimeout(done, QUIET_MS);
    };
    const started = () => {
      inFlight++;
      clearTimeout(timer);
    };
    const ended = () => {
      inFlight = Math.max(0, inFlight - 1);
      arm();
    };
    const giveUp = setTimeout(() => {
      cleanUp();
      reject(new Error(`the network did not go quiet within ${TIMEOUT_MS / 1000} s`));
    }, TIMEOUT_MS);
    function cleanUp() {
      clearTimeout(timer);
      clearTimeout(giveUp);
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    }
    function done() {
      cleanUp();
      resolve();
    }
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    arm();
  });
}

/** The script URLs (of `origin`) a page at `url` has loaded once its first form field was focused. */
export async function scriptsAfterFirstUse(url: string, chromePath: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    const { origin } = new URL(url);
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.url().startsWith(`${origin}/`)) scripts.add(response.url());
    });
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    await waitForHydration(page, TIMEOUT_MS);
    await networkQuiet(page);
    const field = page.locator('main form').getByRole('textbox').first();
    await field.focus({ timeout: TIMEOUT_MS });
    await networkQuiet(page);
    return [...scripts];
  } finally {
    await browser.close();
  }
}
