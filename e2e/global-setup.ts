/**
 * Once for the whole e2e project: finds Chromium, starts the static server, the embedded
 * local stack and builds the site against that stack, then hands the addresses to the
 * test files (vitest's provide/inject, see support/context.ts).
 *
 * Order matters: the static server comes first because its origin has to be in the
 * functions' ALLOWED_ORIGINS, and the build comes last because it bakes the stack's API
 * address into the bundle (VITE_SUPABASE_URL), exactly as a production build bakes in the
 * hosted project's.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { DEFAULT_FUNCTIONS_ENV, startStack, type RunningStack } from '../scripts/stack/start-stack.ts';
import { HOST, listen } from '../scripts/stack/ports.ts';
import { createStaticServer } from '../scripts/static-server.ts';
import { findChromium } from '../scripts/chromium.ts';
import type { E2eContext } from './support/context.ts';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

function log(message: string) {
  console.log(`[e2e] ${message}`);
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if ('missing' in chromium) {
    // The tests report it (support/context.ts): skipped here, failed under CI.
    const fail = process.env.CI === 'true';
    console.warn(`\n[e2e] ${fail ? 'FAILING (CI=true)' : 'SKIPPED'}: ${chromium.missing}\n`);
    project.provide('e2e', { skipReason: chromium.missing, fail } satisfies E2eContext);
    return;
  }

  const cleanups: (() => Promise<unknown>)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => console.error('[e2e] while tearing down:', error));
    }
  };

  try {
    const outDir = await mkdtemp(path.join(tmpdir(), 'e2e-site-'));
    cleanups.push(() => rm(outDir, { recursive: true, force: true }));

    // Serves files only (no SPA rewrites): an unknown path gets 404.html with status 404.
    const server: Server = createStaticServer(outDir);
    const sitePort = await listen(server, 0);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    const siteUrl = `http://${HOST}:${sitePort}`;

    const stack: RunningStack = await timed('local stack started', () =>
      startStack({
        ports: { gateway: 0, db: 0, mailUi: 0, smtp: 0 },
        dataDir: null,
        isolateDatabase: true,
        smtpUrl: null,
        quiet: true,
        functionsEnv: {
          ALLOWED_ORIGINS: siteUrl,
          PRACTICE_EMAIL: DEFAULT_FUNCTIONS_ENV.PRACTICE_EMAIL,
          // Every submission of the suite comes from one browser on one address: the
          // production limit (5 per 10 minutes) would stop it halfway. The bot check
          // (MIN_FORM_MS) stays on; the tests wait like a person would.
          RATE_LIMIT_MAX: '1000',
          RATE_LIMIT_SALT: 'e2e-salt',
        },
      }),
    );
    cleanups.push(() => stack.stop());

    await timed(`site built against ${stack.urls.api}`, () =>
      run('npx', ['tsx', 'scripts/build.ts', '--out-dir', outDir], {
        cwd: root,
        env: {
          ...process.env,
          // Vitest sets NODE_ENV=test, which would give Vite a development build of React
          // (StrictMode's double effects included): test what visitors get.
          NODE_ENV: 'production',
          VITE_SUPABASE_URL: stack.urls.api,
          VITE_SUPABASE_ANON_KEY: stack.anonKey,
          VITE_SITE_URL: siteUrl,
        },
      }),
    );
    log(`site on ${siteUrl}, Chromium ${chromium.path}`);

    project.provide('e2e', {
      skipReason: null,
      chromePath: chromium.path,
      siteUrl,
      apiUrl: stack.urls.api,
      dbUrl: stack.urls.db,
      mailUrl: stack.urls.mailUi!,
      practiceEmail: DEFAULT_FUNCTIONS_ENV.PRACTICE_EMAIL,
    } satisfies E2eContext);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
