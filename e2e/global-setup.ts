/**
 * Once for the whole browser suite (playwright.config.ts `globalSetup`): finds Chromium,
 * starts the static servers, the embedded local stack (or takes a running backend,
 * tests/support/backend-target.ts) and serves the run's build of the site against it
 * twice (publishable key; legacy anon key), then hands the addresses to the test workers
 * as JSON in E2E_CONTEXT (support/context.ts). The function it returns is the global
 * teardown.
 *
 * Order matters: the static server comes first because its origin has to be in the
 * functions' ALLOWED_ORIGINS, and the build is configured last because it carries the
 * stack's API address in the bundle (VITE_SUPABASE_URL), exactly as a production build
 * carries the hosted project's. The build itself is made once per run, while the stack
 * starts (scripts/prerender/shared-build.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFunctionsSettings } from '../scripts/stack/start-stack.ts';
import { startBackendTarget, wantsRunningBackend, type BackendTarget } from '../tests/support/backend-target.ts';
import { HOST, listen } from '../scripts/stack/ports.ts';
import { createStaticServer } from '../scripts/static-server.ts';
import { findChromium } from '../scripts/chromium.ts';
import { configuredBuild, siteBuild } from '../scripts/prerender/shared-build.ts';
import { shareRunFolder } from '../scripts/run-shared.ts';
import { E2E_CONTEXT_VARIABLE, type E2eContext } from './support/context.ts';

function log(message: string) {
  console.log(`[e2e] ${message}`);
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

/** Set in this (the runner's) process before the workers start, so every worker inherits it. */
function provide(context: E2eContext) {
  process.env[E2E_CONTEXT_VARIABLE] = JSON.stringify(context);
}

const E2E_ACTION_TOKEN_SECRET = 'e2e-action-token-secret-not-secret';

/** A build and a stack start take a minute or two (more beside the other suites); a setup that hangs should not hang the run. */
const SETUP_TIMEOUT_MS = 420_000;

function withDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`[e2e] global setup took longer than ${SETUP_TIMEOUT_MS / 1000} s`)), SETUP_TIMEOUT_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export default async function setup() {
  const chromium = findChromium();
  if ('missing' in chromium) {
    // The tests report it (support/fixtures.ts): skipped here, failed under CI.
    const fail = process.env.CI === 'true';
    console.warn(`\n[e2e] ${fail ? 'FAILING (CI=true)' : 'SKIPPED'}: ${chromium.missing}\n`);
    provide({ skipReason: chromium.missing, fail });
    return;
  }

  const cleanups: (() => Promise<unknown>)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => console.error('[e2e] while tearing down:', error));
    }
  };

  const start = async (): Promise<E2eContext> => {
    cleanups.push(await shareRunFolder());
    // Started now, built while the stack starts; awaited (and its failure seen) below.
    const building = siteBuild();
    building.catch(() => {});
    // Two builds of the same site: one with the publishable key (what a project created
    // today has), one with only the legacy anon key (an older project). Each is served by
    // its own static server: files only, no SPA rewrites (an unknown path gets 404.html).
    // Against a running backend (TEST_BACKEND=supabase-start) they take the fixed ports
    // that supabase/functions/.env.example allows as origins.
    const running = wantsRunningBackend();
    const serveBuild = async (port: number) => {
      const outDir = await mkdtemp(path.join(tmpdir(), 'e2e-site-'));
      cleanups.push(() => rm(outDir, { recursive: true, force: true }));
      const server: Server = createStaticServer(outDir);
      const boundPort = await listen(server, port);
      cleanups.push(
        () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      );
      return { outDir, url: `http://${HOST}:${boundPort}` };
    };
    const site = await serveBuild(running ? 4173 : 0);
    const legacySite = await serveBuild(running ? 4174 : 0);

    const backend: BackendTarget = await timed(running ? 'running backend from the environment' : 'local stack started', () =>
      startBackendTarget({
        ports: { gateway: 0, db: 0, mailUi: 0, smtp: 0 },
        dataDir: null,
        isolateDatabase: true,
        smtpUrl: null,
        quiet: true,
        functionsEnv: {
          ALLOWED_ORIGINS: `${site.url},${legacySite.url}`,
          // Every submission of the suite comes from one browser on one address: the
          // production limit (5 per 10 minutes) would stop it halfway. The bot check
          // (MIN_FORM_MS) stays on; the tests wait like a person would.
          RATE_LIMIT_MAX: '1000',
          RATE_LIMIT_DAILY_MAX: '1000',
          // One client may spend a twentieth of each shared daily cap; the suite is one client.
          DAILY_MAIL_CAP: '100000',
          ACK_DAILY_CAP: '100000',
          RATE_LIMIT_SALT: 'e2e-salt-not-secret',
          FORM_PROOF_SECRET: 'e2e-form-proof-secret-not-secret',
          ACTION_TOKEN_SECRET: E2E_ACTION_TOKEN_SECRET,
          // The links in the appointment e-mails lead to the build under test.
          SITE_URL: site.url,
        },
      }),
    );
    cleanups.push(() => backend.stop());

    await timed('site built (or built by another suite of the run)', () => building);
    // Each copy carries exactly one key, as a build given only that one.
    await configuredBuild(site.outDir, { supabaseUrl: backend.apiUrl, key: backend.publishableKey });
    await configuredBuild(legacySite.outDir, { supabaseUrl: backend.apiUrl, key: backend.anonKey });
    log(`site on ${site.url} (legacy-key build on ${legacySite.url}), Chromium ${chromium.path}`);

    // The lock that lets a test run with no other beside it (support/alone.ts).
    const lockDir = await mkdtemp(path.join(tmpdir(), 'e2e-lock-'));
    cleanups.push(() => rm(lockDir, { recursive: true, force: true }));

    return {
      skipReason: null,
      siteUrl: site.url,
      legacySiteUrl: legacySite.url,
      apiUrl: backend.apiUrl,
      dbUrl: backend.dbUrl,
      mailUrl: backend.mailUrl,
      publishableKey: backend.publishableKey,
      anonKey: backend.anonKey,
      secretKey: backend.secretKey,
      // A running backend has the settings of supabase/functions/.env; the stand-in gets ours.
      actionTokenSecret: running ? readFunctionsSettings().ACTION_TOKEN_SECRET! : E2E_ACTION_TOKEN_SECRET,
      practiceEmail: readFunctionsSettings().PRACTICE_EMAIL!,
      lockDir,
    };
  };

  try {
    provide(await withDeadline(start()));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
