/**
 * Which Chromium the project drives (browser tests, benchmark, media generator), and how
 * it is started. Nothing downloads a browser: the system's (Debian's `chromium`) or CHROME_PATH.
 */
import { accessSync, constants } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

const HOW_TO_GET_ONE =
  'This needs Chromium (browser tests, npm run bench, npm run media). On Debian or Ubuntu: `apt-get install -y chromium` ' +
  `(installs ${DEFAULT_CHROMIUM}); anywhere else set CHROME_PATH to a Chrome or Chromium executable, ` +
  'e.g. CHROME_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" npm test.';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findChromium(env: NodeJS.ProcessEnv = process.env): { path: string } | { missing: string } {
  const configured = env.CHROME_PATH?.trim();
  if (configured) {
    return isExecutable(configured)
      ? { path: configured }
      : { missing: `CHROME_PATH is set to ${configured}, which is not an executable file. ${HOW_TO_GET_ONE}` };
  }
  if (isExecutable(DEFAULT_CHROMIUM)) return { path: DEFAULT_CHROMIUM };
  return { missing: `No Chromium found at ${DEFAULT_CHROMIUM} and CHROME_PATH is not set. ${HOW_TO_GET_ONE}` };
}

/**
 * Headless, no sandbox (containers and CI run as root), no GPU, and none of the browser's
 * own traffic (updates, sync, field trials), so every request a test sees is the page's.
 * Playwright gives every launch a fresh, temporary user-data-dir of its own.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
