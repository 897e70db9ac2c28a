/**
 * What a visitor downloads who starts using a form: Lighthouse measures a page until it
 * is loaded, but the form pages fetch the Supabase client and start the proof worker
 * only on the first focus, tap or key (src/components/forms/use-prefetch-supabase.ts,
 * form-proof.ts). This opens the page in Chromium (no throttling: only which scripts load
 * matters here, not when), waits for hydration, focuses the first text field, waits until
 * the network is quiet and lists every script the page and its workers loaded from the site.
 *
 * No backend runs during the bench: the Supabase calls the focus makes are answered here,
 * at the network boundary, as the functions answer them – a real challenge (altcha-lib,
 * the functions' own parameters) for the form proof, so the worker starts and solves it,
 * and an empty answer to the day's start times (nothing marked taken).
 */
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { chromium, type Page } from 'playwright-core';
import { CHALLENGE_TTL_SECONDS, PROOF_ALGORITHM, PROOF_COST, PROOF_COUNTER } from '../../supabase/functions/_shared/forms/form-proof-parameters.ts';
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

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

/** Answers the form page's Supabase calls as the backend would (see above). */
async function answerSupabase(page: Page, supabaseUrl: string): Promise<void> {
  await page.route(`${supabaseUrl}/**`, async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const fn = /\/functions\/v1\/([^/?]+)/.exec(request.url())?.[1];
    if (fn && request.method() === 'GET') {
      const challenge = await createChallenge({
        algorithm: PROOF_ALGORITHM,
        cost: PROOF_COST,
        counter: PROOF_COUNTER.min,
        deriveKey,
        data: { fn },
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
        hmacSignatureSecret: 'bench/challenge',
        hmacKeySignatureSecret: 'bench/derived-key',
      });
      return route.fulfill({ status: 200, headers: CORS, json: { challenge } });
    }
    return route.fulfill({ status: 200, headers: CORS, json: [] });
  });
}

/** The script URLs (of `origin`) a page at `url` and its workers have loaded once its first form field was focused. */
export async function scriptsAfterFirstUse(url: string, chromePath: string, supabaseUrl: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    await answerSupabase(page, supabaseUrl);
    const { origin } = new URL(url);
    const scripts = new Set<string>();
    const isSiteScript = (scriptUrl: string) => scriptUrl.startsWith(`${origin}/`) && new URL(scriptUrl).pathname.endsWith('.js');
    page.on('response', (response) => {
      if (isSiteScript(response.url())) scripts.add(response.url());
    });
    // A worker's own script, in case the page's network events do not carry it.
    page.on('worker', (worker) => {
      if (isSiteScript(worker.url())) scripts.add(worker.url());
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
