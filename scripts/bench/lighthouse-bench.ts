/**
 * `npm run bench`: Lighthouse (mobile preset, simulated throttling) on every route of the
 * built site, side by side with the same pages as prerendered HTML without scripts (the
 * floor for this content), a tiny static page (the floor of the network itself) and, on
 * request, a client-rendered SPA. Medians of N runs go to bench-results/lighthouse-<date>.json
 * and into a table with the document's size, the text's movement when the web fonts arrive
 * (font-shift.ts) and the JS and font bytes per route; the targets (docs/performance.md)
 * are checked. A measurement, not a test.
 *
 *   npm run bench                                  3 runs × (8 routes × 2 variants + the tiny page)
 *   npm run bench -- --runs 1 --routes /,/kontakt  a quick look
 *   npm run bench -- --variants prerendered,spa,noscript,tiny --save-reports
 *
 * Lighthouse runs as a child process, one at a time; the static servers live in this
 * process and never wait on it (a synchronous Lighthouse call would stall them and
 * inflate every timing).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { articlePath, categoryPath, isListed, sitePages } from '../../src/lib/site-pages.ts';
import { ENGLISH_ARTICLES_DIR, readArticlesSync } from '../articles/article-source.ts';
import { CHROMIUM_ARGS, findChromium } from '../chromium.ts';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SUPABASE_URL } from '../stack/local-config.ts';
import { createStaticServer } from '../static-server.ts';
import {
  checkTargets,
  formatComparisonTable,
  formatFirstUse,
  formatMainTable,
  formatMisses,
  formatMs,
  metricsFromLhr,
  summarize,
  TARGETS,
  TINY_ROUTE,
  VARIANTS,
  DEFAULT_VARIANTS,
  countedRequests,
  type Lhr,
  type PageFacts,
  type Results,
  type RunMetrics,
  type Variant,
} from './lighthouse-report.ts';
import { scriptsAfterFirstUse } from './first-use.ts';
import { fontShiftByRoute } from './font-shift.ts';
import { writeNoscriptVariant, writeTinyPage } from './variants.ts';

const root = path.resolve(import.meta.dirname, '../..');
const LIGHTHOUSE_CLI = path.join(root, 'node_modules/lighthouse/cli/index.js');
const CHROME_FLAGS = CHROMIUM_ARGS.join(' ');
const CATEGORIES = 'performance,accessibility,best-practices,seo';
const RUN_TIMEOUT_MS = 180_000;

const usage = `Usage: npm run bench -- [--runs N] [--routes /,/kontakt] [--variants prerendered,noscript,tiny,spa] [--save-reports] [--strict]
  --runs N          Lighthouse runs per route and variant (default 3; medians are reported)
  --routes LIST     comma-separated paths (default: every listed page and the newest article)
  --variants LIST   which variants to measure (default: prerendered,noscript,tiny; ratios need noscript / tiny; spa on request)
  --save-reports    keep every Lighthouse JSON report under bench-results/
  --strict          exit with status 1 when a target is missed`;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
    variants: { type: 'string' },
    'save-reports': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(usage);
  process.exit(0);
}

const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a whole number ≥ 1, got "${args.runs}".\n${usage}`);
// By default the site's listed pages in both languages and the newest article of each
// (every article is the same template); an unlisted page (reached from e-mails, no hero),
// another article or a filtered list (the blog page again) can still be named with --routes.
const articlePaths = readArticlesSync().map((article) => articlePath(article.slug));
const englishArticlePaths = readArticlesSync(ENGLISH_ARTICLES_DIR).map((article) => articlePath(article.slug, 'en'));
const routes = args.routes
  ? args.routes.split(',').map((r) => r.trim()).filter(Boolean)
  : [...sitePages.filter(isListed).map((r) => r.path as string), articlePaths[0]!, englishArticlePaths[0]!];
const knownRoutes = new Set<string>([
  ...sitePages.map((r) => r.path),
  ...articlePaths,
  ...englishArticlePaths,
  categoryPath('Tipps', 'de'),
  categoryPath('Tipps', 'en'),
]);
for (const route of routes) {
  if (!knownRoutes.has(route)) fail(`Unknown route "${route}". Pages: ${[...knownRoutes].join(', ')}`);
}
const variants = (args.variants ? args.variants.split(',').map((v) => v.trim()) : [...DEFAULT_VARIANTS]) as Variant[];
for (const variant of variants) {
  if (!VARIANTS.includes(variant)) fail(`Unknown variant "${variant}". Variants: ${VARIANTS.join(', ')}`);
}
if (!existsSync(LIGHTHOUSE_CLI)) fail('Lighthouse is not installed: run `npm install` (it is a dev dependency).');
const chromium = findChromium();
if ('missing' in chromium) fail(chromium.missing);
const CHROME_PATH = chromium.path;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The child process running now, so an interrupt can stop it. */
let current: ReturnType<typeof spawn> | undefined;

/** Runs a command without blocking this process; rejects with its output if it fails. */
function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    current = child;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // SIGINT lets Lighthouse close the Chromium it started.
    const timer = timeoutMs ? setTimeout(() => child.kill('SIGINT'), timeoutMs) : undefined;
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      if (code === 0) resolve();
      else reject(new Error(`${command} ${commandArgs.slice(0, 2).join(' ')} … ended with ${signal ?? `code ${code}`}\n${output.slice(-2000)}`));
    });
  });
}

const buildEnv = { ...process.env, VITE_SUPABASE_URL: LOCAL_SUPABASE_URL, VITE_SUPABASE_PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY };

async function buildVariants(workDir: string): Promise<Record<Variant, string>> {
  const dirs = Object.fromEntries(VARIANTS.map((v) => [v, path.join(workDir, v)])) as Record<Variant, string>;
  if (variants.includes('prerendered') || variants.includes('noscript')) {
    console.log('Building the site (prerendered) …');
    await run('npx', ['tsx', 'scripts/build.ts', '--out-dir', dirs.prerendered], buildEnv);
  }
  if (variants.includes('noscript')) {
    await writeNoscriptVariant(dirs.prerendered, dirs.noscript);
  }
  if (variants.includes('spa')) {
    console.log('Building the client-rendered variant (spa) …');
    await run('npx', ['tsx', 'scripts/build.ts', '--spa', '--out-dir', dirs.spa], buildEnv);
  }
  if (variants.includes('tiny')) await writeTinyPage(dirs.tiny);
  return dirs;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

async function lighthouse(url: string, reportFile: string): Promise<Lhr> {
  await run(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      '--output=json',
      `--output-path=${reportFile}`,
      '--quiet',
      `--only-categories=${CATEGORIES}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { ...process.env, CHROME_PATH },
    RUN_TIMEOUT_MS,
  );
  return JSON.parse(await readFile(reportFile, 'utf8')) as Lhr;
}

/** The built file behind a URL path: the file itself or its folder's index.html. */
async function builtFile(dir: string, pathname: string): Promise<string | undefined> {
  const candidate = path.join(dir, path.normalize(decodeURIComponent(pathname)));
  for (const file of [candidate, path.join(candidate, 'index.html')]) {
    if ((await stat(file).catch(() => undefined))?.isFile()) return file;
  }
  return undefined;
}

/** Gzipped size of a file of the build as the server sends it: its *.gz copy (undefined: not a file of `dir`). */
async function gzipSizeOf(url: string, origin: string, dir: string): Promise<number | undefined> {
  if (!url.startsWith(`${origin}/`)) return undefined;
  const file = await builtFile(dir, new URL(url).pathname);
  if (!file) return undefined;
  // No copy: gzip did not make it smaller, so it goes out as it is.
  return ((await stat(`${file}.gz`).catch(() => undefined)) ?? (await stat(file))).size;
}

/** Size of each script, style sheet (gzipped) and font file the page loaded. */
async function bodySizes(lhr: Lhr, origin: string, dir: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const { url } of countedRequests(lhr)) {
    const size = await gzipSizeOf(url, origin, dir);
    if (size !== undefined) sizes.set(url, size);
  }
  return sizes;
}

/** Routes whose prerendered page has a form: their JavaScript is measured again after the form's first use. */
async function formRoutes(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    const file = await builtFile(dir, route);
    if (file && (await readFile(file, 'utf8')).includes('<form')) found.push(route);
  }
  return found;
}

/** Gzipped JavaScript of each form page once a visitor has focused its first field (first-use.ts). */
async function measureFirstUse(origin: string, dir: string): Promise<Record<string, { jsGzipBytes: number; scripts: number }>> {
  const measured: Record<string, { jsGzipBytes: number; scripts: number }> = {};
  for (const route of await formRoutes(dir)) {
    const scripts = await scriptsAfterFirstUse(`${origin}${route}`, CHROME_PATH, LOCAL_SUPABASE_URL);
    let jsGzipBytes = 0;
    for (const url of scripts) jsGzipBytes += (await gzipSizeOf(url, origin, dir)) ?? 0;
    measured[route] = { jsGzipBytes, scripts: scripts.length };
  }
  return measured;
}

/**
 * Per route, beside Lighthouse: the gzipped document as the build ships it, how far the
 * first screen's text moves when the web fonts arrive, and how far a swap into the open
 * page would move it (font-shift.ts; Chromium at 390 and 1280 px, the larger of the two).
 */
async function measurePages(origin: string, dir: string): Promise<PageFacts> {
  const shifts = await fontShiftByRoute(origin, routes, CHROME_PATH);
  const facts: PageFacts = {};
  const describe = (shift: { worst: string; viewport: string; rewraps: string[] }) =>
    [shift.worst && `${shift.worst} at ${shift.viewport}`, ...shift.rewraps].filter(Boolean).join('; ');
  for (const route of routes) {
    const shift = shifts[route];
    facts[route] = {
      documentGzipBytes: (await gzipSizeOf(`${origin}${route}`, origin, dir)) ?? Number.NaN,
      fontShiftPx: shift?.arrival.maxPx,
      fontShiftWorst: shift ? describe(shift.arrival) : undefined,
      switchShiftPx: shift?.switch.maxPx,
      switchShiftWorst: shift ? describe(shift.switch) : undefined,
    };
  }
  return facts;
}

const slug = (route: string) => (route === '/' ? 'home' : route.slice(1).replace(/\//g, '-'));
const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '').replace('T', '-');
const resultsDir = path.join(root, 'bench-results');

const [load1] = os.loadavg();
if (load1! > os.cpus().length * 0.5) {
  console.warn(`Note: the machine is busy (load ${load1!.toFixed(1)} on ${os.cpus().length} cores); timings will be slower than usual.`);
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'site-bench-'));
const servers: Server[] = [];
async function cleanUp() {
  current?.kill('SIGINT');
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await rm(workDir, { recursive: true, force: true });
}
process.once('SIGINT', () => {
  console.error('\nInterrupted.');
  void cleanUp().finally(() => process.exit(130));
});

try {
  const started = Date.now();
  const dirs = await buildVariants(workDir);
  const origins = {} as Record<Variant, string>;
  for (const variant of variants) {
    // Gzipped as every real host sends it (the build's *.gz copies); uncompressed transfer sizes would mislead.
    const server = createStaticServer(dirs[variant]);
    servers.push(server);
    origins[variant] = `http://127.0.0.1:${await listen(server)}`;
  }
  const reportsDir = args['save-reports'] ? path.join(resultsDir, `lighthouse-${stamp}`) : path.join(workDir, 'reports');
  await mkdir(reportsDir, { recursive: true });

  const collected: Partial<Record<Variant, Record<string, RunMetrics[]>>> = {};
  let lighthouseVersion = '';
  let userAgent = '';
  // The tiny page is one page: measured once per run, not once per route.
  const measuredRoutes = (variant: Variant, route: string) => variant !== 'tiny' || route === routes[0];
  const total = runs * (routes.length * variants.filter((v) => v !== 'tiny').length + (variants.includes('tiny') ? 1 : 0));
  let done = 0;
  // Lighthouse itself keeps about one core busy; more than that means another job competed.
  const loads: number[] = [];
  // Runs interleave variants and routes, so a slow moment of the machine hits all alike.
  for (let i = 1; i <= runs; i++) {
    for (const route of routes) {
      for (const variant of variants) {
        if (!measuredRoutes(variant, route)) continue;
        const pagePath = variant === 'tiny' ? TINY_ROUTE : route;
        const reportFile = path.join(reportsDir, `${variant}-${slug(pagePath)}-${i}.json`);
        let metrics: RunMetrics | undefined;
        for (let attempt = 1; !metrics; attempt++) {
          try {
            const lhr = await lighthouse(`${origins[variant]}${pagePath}`, reportFile);
            metrics = metricsFromLhr(lhr, await bodySizes(lhr, origins[variant], dirs[variant]));
            lighthouseVersion = lhr.lighthouseVersion;
            userAgent = lhr.environment?.hostUserAgent ?? userAgent;
          } catch (error) {
            if (attempt >= 2) throw error;
            console.warn(`  ${variant} ${route} run ${i} failed, retrying: ${(error as Error).message.split('\n')[0]}`);
          }
        }
        metrics.load1 = os.loadavg()[0]!;
        loads.push(metrics.load1);
        ((collected[variant] ??= {})[pagePath] ??= []).push(metrics);
        done++;
        console.log(
          `[${String(done).padStart(String(total).length)}/${total}] ${variant.padEnd(11)} ${pagePath.padEnd(19)} run ${i}: ` +
            `perf ${metrics.performance}, LCP ${formatMs(metrics.lcp)}, TBT ${Math.round(metrics.tbt)} ms`,
        );
      }
    }
  }

  const results: Results = {};
  for (const variant of variants) {
    results[variant] = Object.fromEntries(Object.entries(collected[variant]!).map(([route, measured]) => [route, summarize(measured)]));
  }
  const firstUse = variants.includes('prerendered') ? await measureFirstUse(origins.prerendered, dirs.prerendered) : {};
  const pages = variants.includes('prerendered') ? await measurePages(origins.prerendered, dirs.prerendered) : {};
  const misses = checkTargets(results, firstUse, pages);
  const chromium = /(?:HeadlessChrome|Chrome)\/([\d.]+)/.exec(userAgent)?.[1];
  const report = {
    date: new Date().toISOString(),
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      chromium,
      lighthouse: lighthouseVersion,
      settings: 'Lighthouse mobile preset (default), simulated throttling; static server with gzip',
    },
    options: { runs, routes, variants },
    loadAverage: { min: Math.min(...loads), max: Math.max(...loads) },
    targets: TARGETS,
    results,
    /** Pages with a form: JavaScript after the first focus in it (page load + what that focus fetches). */
    firstUse,
    /** Per route: the gzipped document and the largest move of first-screen text when the web fonts arrive. */
    pages,
    misses,
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  await mkdir(resultsDir, { recursive: true });
  const resultFile = path.join(resultsDir, `lighthouse-${stamp}.json`);
  await writeFile(resultFile, `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\nPrerendered site, medians of ${runs} run${runs === 1 ? '' : 's'} (Lighthouse ${lighthouseVersion}, mobile, Chromium ${chromium}, ${os.cpus().length} cores):\n`);
  if (results.prerendered) console.log(formatMainTable(results, pages));
  if (results.spa || results.noscript || results.tiny) {
    console.log(`\nComparison variants (floor: prerendered HTML without scripts; spa: client-rendered shell; tiny: a heading and a sentence):\n\n${formatComparisonTable(results)}`);
  }
  if (Object.keys(firstUse).length > 0) console.log(`\n${formatFirstUse(firstUse)}`);
  console.log(`\n${results.prerendered ? formatMisses(misses) : 'No prerendered variant measured: targets not checked.'}`);
  console.log(`\nWritten: ${path.relative(root, resultFile)}${args['save-reports'] ? ` and ${path.relative(root, reportsDir)}/` : ''} (${report.durationSeconds} s)`);
  if (Math.max(...loads) > os.cpus().length) {
    console.warn(
      `Warning: load average reached ${Math.max(...loads).toFixed(1)} on ${os.cpus().length} cores during the run; ` +
        'another job competed for the CPU, so TBT and the simulated timings are pessimistic. Run again on a quiet machine.',
    );
  }
  if (args.strict && misses.length > 0) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
