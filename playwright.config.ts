/**
 * The browser tests (e2e/, README: Browser tests): the production build in headless
 * Chromium against the local stack. `npx playwright test` (or `npm run test:e2e`).
 *
 * No browser is downloaded: Playwright drives Debian's Chromium (or CHROME_PATH) through
 * `executablePath`. Without one, global setup says so and every test is skipped – or fails
 * under CI=true (e2e/support/fixtures.ts).
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.ts';
import { VIEWPORTS } from './e2e/support/fixtures.ts';

const chromium = findChromium();
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.test.ts',
  // One build, one stack, two static servers for every file (e2e/global-setup.ts).
  globalSetup: './e2e/global-setup.ts',
  // Two browsers at once, each working through whole files in their order. The tests share
  // the stack: each books days and uses addresses of its own, and a test that switches off
  // what all share (a mail outage) is tagged ALONE and runs with no other beside it
  // (e2e/support/alone.ts). Not a second project with `dependencies`: Playwright runs a
  // dependency project whole, so `npx playwright test forms.test.ts` would run every test.
  // The read-only sweeps (routes, page-style, fonts, …) let both workers share their tests
  // (`test.describe.configure({ mode: 'parallel' })`), so no long file ends the run alone.
  workers: 2,
  fullyParallel: false,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  timeout: 60_000,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // Traces of retried tests (and other artifacts), one folder per test.
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: 'path' in chromium ? chromium.path : undefined,
      args: CHROMIUM_ARGS,
      timeout: 60_000,
    },
    viewport: VIEWPORTS.desktop,
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
    // Fail within seconds, not at the test's timeout, when something never appears.
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'on-first-retry',
  },
});
