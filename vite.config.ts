import { fileURLToPath, URL } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import { configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SUPABASE_URL } from './scripts/stack/local-config.ts';
import { articlePages } from './scripts/articles/vite-articles.ts';

/**
 * Where the forms send to, and with which public key: the project's publishable key
 * (`sb_publishable_…`), or for a project that still has only legacy keys its anon key.
 * Development and tests fall back to the local stack without any set-up; a production
 * build must be told, or it stops: a site whose forms point at localhost would look fine
 * and lose every request.
 */
function supabaseEnv(command: string, mode: string, isSsrBuild: boolean | undefined): Record<string, string> {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  const key = env.VITE_SUPABASE_PUBLISHABLE_KEY || env.VITE_SUPABASE_ANON_KEY;
  const missing = [!env.VITE_SUPABASE_URL && 'VITE_SUPABASE_URL', !key && 'VITE_SUPABASE_PUBLISHABLE_KEY'].filter(Boolean);
  const isProductionBuild = command === 'build' && mode === 'production';
  if (isProductionBuild && !isSsrBuild && missing.length > 0) {
    throw new Error(
      `Production build stopped: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set.\n` +
        'Set them to your Supabase project (Dashboard → Project Settings → API Keys), e.g. in .env:\n' +
        '  VITE_SUPABASE_URL=https://<project-ref>.supabase.co\n  VITE_SUPABASE_PUBLISHABLE_KEY=sb_publishable_…\n' +
        '(a project with only legacy keys: VITE_SUPABASE_ANON_KEY=<anon key> instead)\n' +
        'For a build against the local stack: cp .env.example .env',
    );
  }
  return {
    VITE_SUPABASE_URL: env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL,
    VITE_SUPABASE_PUBLISHABLE_KEY: key || LOCAL_PUBLISHABLE_KEY,
  };
}

/**
 * React Router 7 ships a development and a production build, but its package exports name
 * only the development one, whose developer warnings (and their texts) then end up in
 * every page's JavaScript (remix-run/react-router#14102, open). The browser build takes
 * the production files, which differ only in that switch; the dev server, the tests and
 * the build-time rendering keep the package as exported (with the warnings).
 */
function reactRouterProductionBuild(): { find: RegExp; replacement: string }[] {
  const production = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
  return [
    { find: /^react-router$/, replacement: production('index.mjs') },
    { find: /^react-router\/dom$/, replacement: production('dom-export.mjs') },
  ];
}

/** What both test projects share (`test.projects` below). */
const testDefaults = {
  globals: true,
  setupFiles: ['./src/test/setup.ts', './tests/support/unit-waits.ts'],
  // The build the build and nginx tests share (scripts/prerender/shared-build.ts).
  globalSetup: ['./tests/support/vitest-global-setup.ts'],
  css: false,
  // npm test runs vitest beside Playwright and Deno, two files at a time, on two cores: a
  // jsdom test of one second alone may take five then. (The backend suites set their own,
  // tests/integration/stack-harness.ts; Testing Library's waits: tests/support/unit-waits.ts.)
  testTimeout: 20_000,
  // The backend suites run PGlite (Postgres compiled to WebAssembly) in the test process, a
  // database per suite. V8 compiles its hot functions a second time with its optimising
  // compiler, which a suite of a few seconds does not earn back: with Liftoff, V8's baseline
  // compiler, alone tests/integration took 111 instead of 152 CPU-s (docs/development.md,
  // «Where the time goes»).
  execArgv: ['--liftoff-only'],
};

export default defineConfig(({ command, mode, isSsrBuild }) => {
  const supabase = supabaseEnv(command, mode, isSsrBuild);
  return {
    plugins: [articlePages(), react(), tailwindcss()],
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        // The domain module the site shares with the edge functions (the practice's facts,
        // catalogue and slots, dates, escaping, field rules, schemas, wire types): the same
        // files run in Vite and in Deno. The only thing src/ may import from supabase/
        // (eslint.config.js enforces it).
        { find: '@domain', replacement: fileURLToPath(new URL('./supabase/functions/_shared/domain', import.meta.url)) },
        ...(command === 'build' && !isSsrBuild ? reactRouterProductionBuild() : []),
      ],
    },
    define: Object.fromEntries(
      Object.entries(supabase).map(([name, value]) => [`import.meta.env.${name}`, JSON.stringify(value)]),
    ),
    server: { port: 5173 },
    // The form-proof worker (src/components/forms/proof-worker.ts) imports altcha-lib: an ES
    // module worker, which every browser the site supports runs.
    worker: { format: 'es' },
    build: {
      // Prerendering needs the manifest to find each route's chunks for <link rel="modulepreload">.
      // Every browser the site supports knows modulepreload; the polyfill would be dead weight.
      modulePreload: { polyfill: false },
      manifest: true,
      target: 'es2022',
    },
    test: {
      // Two projects. `unit`: a process of its own for each test file (forks, isolated): the
      // jsdom files keep module state – Radix loaded or not – that must not leak into the
      // next file. vitest's vmForks pool would be cheaper, but it sets `isolate: false` and
      // keeps our modules' state from one file to the next in its worker (with one worker,
      // 18 tests of 10 files failed: docs/development.md, «Where the time goes»).
      // `integration`: the backend suites, which share their worker's modules (each still
      // starts a stack of its own): loading the stack's modules and compiling PGlite's
      // WebAssembly once per worker instead of once per file. npm test runs both; the
      // browser tests in e2e/ run under Playwright instead: playwright.config.ts.
      projects: [
        {
          extends: true,
          test: {
            ...testDefaults,
            name: 'unit',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/**/*.test.ts', 'tools/**/*.test.ts'],
            exclude: [...configDefaults.exclude, 'tests/integration/**'],
          },
        },
        {
          extends: true,
          test: {
            ...testDefaults,
            name: 'integration',
            environment: 'node',
            include: ['tests/integration/**/*.test.ts'],
            isolate: false,
          },
        },
      ],
    },
  };
});
