/**
 * Turns Lighthouse results (LHR JSON) into the benchmark's figures: per run the numbers
 * we compare, per route and variant their medians, the targets of docs/performance.md checked
 * against them, and the terminal table. Pure functions, no I/O.
 */
import { languages } from '../../src/lib/language.ts';
import { pagePath } from '../../src/lib/site-pages.ts';

export const VARIANTS = ['prerendered', 'spa', 'noscript', 'tiny'] as const;
export type Variant = (typeof VARIANTS)[number];
/** Measured unless --variants says otherwise; the SPA comparison is on request (it adds a third to the run). */
export const DEFAULT_VARIANTS: readonly Variant[] = ['prerendered', 'noscript', 'tiny'];
/** The tiny static page is one page, measured once per run under this route. */
export const TINY_ROUTE = '/';

/** 1 KB = 1024 bytes, as Lighthouse counts ("KiB"). */

export const KB = 1024;

export const TARGETS = {
  minPerformance: 100,
  /** Accessibility, best practices and SEO. */
  minOtherCategories: 100,
  maxCls: 0,
  /** Median LCP of every route (Lighthouse mobile, simulated slow 4G). */
  maxLcpMs: 900,
  /** Transferred (gzipped) JavaScript of the page as loaded (docs/performance.md: 75.5 KB, the islands alone). */
  maxJsBytes: { '/': 90 * KB, [pagePath('home', 'en')]: 90 * KB } as Record<string, number>,
  /** Gzipped JavaScript once the visitor has started to use the form (first-use.ts), in both languages. */
  maxFirstUseJsBytes: Object.fromEntries(
    languages.flatMap((language) => [pagePath('kontakt', language), pagePath('termin-vereinbaren', language)].map((path) => [path, 150 * KB])),
  ) as Record<string, number>,
  /** Each route's HTML document, gzipped: it has to arrive in the first round trip. */
  maxDocumentGzipBytes: 14 * KB,
  /** How far any text of the first screen moves when the web fonts replace the fallbacks (font-shift.ts). */
  maxFontShiftPx: 1,
} as const;

/**
 * What the bench measures beside Lighthouse, per route: the size of the document as the
 * build ships it, and the largest movement of first-screen text when the web fonts arrive.
 */
export type PageFacts = Record<
  string,
  {
    documentGzipBytes: number;
    fontShiftPx?: number;
    fontShiftWorst?: string;
    /** What a swap of the web fonts into the open page would move (not done: font-shift.ts). */
    switchShiftPx?: number;
    switchShiftWorst?: string;
  }
>;

/** The small part of a Lighthouse result this module reads. */
export interface Lhr {
  lighthouseVersion: string;
  requestedUrl?: string;
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  environment?: { hostUserAgent?: string; benchmarkIndex?: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode?: string;
      numericValue?: number;
      displayValue?: string;
      details?: { type?: string; items?: unknown[] };
    }
  >;
}

export interface RunMetrics {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /**
   * Gzipped bytes of the JavaScript / CSS files the page loaded, as a compressing host
   * sends them, without HTTP headers: what the JS budgets are about. (The local server
   * speaks HTTP/1.1 and repeats ~0.6 KB of security headers on every response; an
   * HTTP/2 host compresses repeated headers away.)
   */
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** Bytes of the web font files the page loaded (woff2: compressed already, sent as they are). */
  fontFileBytes: number;
  /** Transferred bytes by resource type, headers included (Lighthouse's resource-summary). */
  jsBytes: number;
  cssBytes: number;
  fontBytes: number;
  imageBytes: number;
  documentBytes: number;
  totalBytes: number;
  /** Audits that cost points: "category/audit-id (display value)". */
  failing: string[];
  lcpElement?: string;
  /** LCP phases in ms: TTFB, load delay, load time, render delay. */
  lcpPhases?: Record<string, number>;
  benchmarkIndex?: number;
  /** The machine's 1-minute load average after the run (the bench adds it). */
  load1?: number;
}

export type MetricName = Exclude<keyof RunMetrics, 'failing' | 'lcpElement' | 'lcpPhases' | 'benchmarkIndex' | 'load1'>;
const METRICS: MetricName[] = [
  'performance',
  'accessibility',
  'bestPractices',
  'seo',
  'fcp',
  'lcp',
  'tbt',
  'cls',
  'jsGzipBytes',
  'cssGzipBytes',
  'fontFileBytes',
  'jsBytes',
  'cssBytes',
  'fontBytes',
  'imageBytes',
  'documentBytes',
  'totalBytes',
];

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Lhr, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

type TableItem = Record<string, unknown>;

function resourceBytes(lhr: Lhr, type: string): number {
  const items = (lhr.audits['resource-summary']?.details?.items ?? []) as TableItem[];
  const item = items.find((i) => i.resourceType === type);
  return typeof item?.transferSize === 'number' ? item.transferSize : 0;
}

/** A request from Lighthouse's network log. */
export interface LoggedRequest {
  url: string;
  resourceType: string;
  transferSize: number;
}

const COUNTED_TYPES = new Set(['Script', 'Stylesheet', 'Font']);

/** The scripts, style sheets and fonts the page loaded. */
export function countedRequests(lhr: Lhr): LoggedRequest[] {
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as TableItem[];
  return items
    .filter((i) => COUNTED_TYPES.has(i.resourceType as string) && typeof i.url === 'string')
    .map((i) => ({ url: i.url as string, resourceType: i.resourceType as string, transferSize: Number(i.transferSize ?? 0) }));
}

/** Sum of body sizes by type; a request without a known body size counts with its transfer size. */
function bodyBytes(lhr: Lhr, resourceType: string, bodySizes: ReadonlyMap<string, number>): number {
  return countedRequests(lhr)
    .filter((r) => r.resourceType === resourceType)
    .reduce((sum, r) => sum + (bodySizes.get(r.url) ?? r.transferSize), 0);
}

function failingAudits(lhr: Lhr): string[] {
  const failing: string[] = [];
  for (const [categoryId, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      // Performance metrics are scored on a curve: name them only when clearly below "good".
      if (categoryId === 'performance' && audit.score >= 0.9) continue;
      failing.push(`${categoryId}/${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  return failing;
}

/** The LCP element and its phases, from the largest-contentful-paint-element audit. */
function lcpDetails(lhr: Lhr): Pick<RunMetrics, 'lcpElement' | 'lcpPhases'> {
  const tables = (lhr.audits['largest-contentful-paint-element']?.details?.items ?? []) as {
    items?: TableItem[];
  }[];
  const node = tables[0]?.items?.[0]?.node as { snippet?: string; selector?: string } | undefined;
  const phases: Record<string, number> = {};
  for (const row of tables[1]?.items ?? []) {
    if (typeof row.phase === 'string' && typeof row.timing === 'number') phases[row.phase] = Math.round(row.timing);
  }
  return {
    lcpElement: node?.snippet?.slice(0, 160) ?? node?.selector,
    lcpPhases: Object.keys(phases).length > 0 ? phases : undefined,
  };
}

/**
 * One run's figures. `bodySizes` maps a script, style sheet or font URL to the size of the
 * file served there, gzipped where the build keeps a gzip copy (the bench computes it from the build).
 */
export function metricsFromLhr(lhr: Lhr, bodySizes: ReadonlyMap<string, number> = new Map()): RunMetrics {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcp: numeric(lhr, 'first-contentful-paint'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    jsGzipBytes: bodyBytes(lhr, 'Script', bodySizes),
    cssGzipBytes: bodyBytes(lhr, 'Stylesheet', bodySizes),
    fontFileBytes: bodyBytes(lhr, 'Font', bodySizes),
    jsBytes: resourceBytes(lhr, 'script'),
    cssBytes: resourceBytes(lhr, 'stylesheet'),
    fontBytes: resourceBytes(lhr, 'font'),
    imageBytes: resourceBytes(lhr, 'image'),
    documentBytes: resourceBytes(lhr, 'document'),
    totalBytes: resourceBytes(lhr, 'total'),
    failing: failingAudits(lhr),
    ...lcpDetails(lhr),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface RouteSummary {
  /** Median of each metric over the runs, taken metric by metric. */
  median: Record<MetricName, number>;
  runs: RunMetrics[];
  /** Failing audits with the number of runs they failed in, e.g. "seo/canonical": 3. */
  failing: Record<string, number>;
  /** LCP element and phases of the run whose LCP is the median one. */
  lcpElement?: string;
  lcpPhases?: Record<string, number>;
}

export function summarize(runs: RunMetrics[]): RouteSummary {
  if (runs.length === 0) throw new Error('summarize: no runs');
  const medians = Object.fromEntries(METRICS.map((m) => [m, median(runs.map((r) => r[m]))])) as Record<MetricName, number>;
  const failing: Record<string, number> = {};
  for (const run of runs) {
    // Display values differ from run to run; count by audit.
    for (const entry of new Set(run.failing.map((f) => f.replace(/ \(.*\)$/, '')))) failing[entry] = (failing[entry] ?? 0) + 1;
  }
  const byLcp = [...runs].sort((a, b) => a.lcp - b.lcp);
  const medianRun = byLcp[Math.floor((byLcp.length - 1) / 2)]!;
  return { median: medians, runs, failing, lcpElement: medianRun.lcpElement, lcpPhases: medianRun.lcpPhases };
}

export type Results = Partial<Record<Variant, Record<string, RouteSummary>>>;

export interface Miss {
  route: string;
  target: string;
  value: string;
  /** What Lighthouse blames, where it says. */
  why?: string;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

/** Gzipped JavaScript per form page after the first focus in its form (first-use.ts). */
export type FirstUse = Record<string, { jsGzipBytes: number; scripts: number }>;

/** The performance targets (docs/performance.md), checked on the prerendered variant's medians. */
export function checkTargets(results: Results, firstUse: FirstUse = {}, pages: PageFacts = {}): Miss[] {
  const misses: Miss[] = [];
  const site = results.prerendered ?? {};
  for (const [route, summary] of Object.entries(site)) {
    const m = summary.median;
    const failingIn = (category: string) =>
      Object.keys(summary.failing)
        .filter((f) => f.startsWith(`${category}/`))
        .map((f) => f.slice(category.length + 1))
        .join(', ') || undefined;
    if (m.performance < TARGETS.minPerformance) {
      misses.push({ route, target: `performance ≥ ${TARGETS.minPerformance}`, value: String(m.performance), why: failingIn('performance') });
    }
    for (const [key, category, label] of [
      ['accessibility', 'accessibility', 'accessibility'],
      ['bestPractices', 'best-practices', 'best practices'],
      ['seo', 'seo', 'SEO'],
    ] as const) {
      if (m[key] < TARGETS.minOtherCategories) {
        misses.push({ route, target: `${label} = 100`, value: String(m[key]), why: failingIn(category) });
      }
    }
    if (m.cls > TARGETS.maxCls) misses.push({ route, target: 'CLS 0', value: formatCls(m.cls) });
    if (m.lcp > TARGETS.maxLcpMs) {
      const floor = results.noscript?.[route]?.median.lcp;
      misses.push({
        route,
        target: `LCP ≤ ${formatMs(TARGETS.maxLcpMs)}`,
        value: `${formatMs(m.lcp)}${floor === undefined ? '' : ` (no-script floor ${formatMs(floor)})`}`,
        why: summary.lcpPhases ? Object.entries(summary.lcpPhases).map(([k, v]) => `${k} ${v} ms`).join(', ') : undefined,
      });
    }
    const budget = TARGETS.maxJsBytes[route];
    if (budget !== undefined && m.jsGzipBytes > budget) {
      misses.push({ route, target: `JS ≤ ${budget / KB} KB`, value: `${formatKb(m.jsGzipBytes)} KB gzipped` });
    }
  }
  for (const [route, { documentGzipBytes, fontShiftPx, fontShiftWorst }] of Object.entries(pages)) {
    if (documentGzipBytes > TARGETS.maxDocumentGzipBytes) {
      misses.push({ route, target: `document ≤ ${TARGETS.maxDocumentGzipBytes / KB} KB`, value: `${formatKb(documentGzipBytes)} KB gzipped` });
    }
    if (fontShiftPx !== undefined && fontShiftPx > TARGETS.maxFontShiftPx) {
      misses.push({ route, target: `font shift ≤ ${TARGETS.maxFontShiftPx} px`, value: `${fontShiftPx.toFixed(1)} px`, why: fontShiftWorst });
    }
  }
  for (const [route, { jsGzipBytes }] of Object.entries(firstUse)) {
    const budget = TARGETS.maxFirstUseJsBytes[route];
    if (budget !== undefined && jsGzipBytes > budget) {
      misses.push({ route, target: `JS after first use ≤ ${budget / KB} KB`, value: `${formatKb(jsGzipBytes)} KB gzipped` });
    }
  }
  return misses;
}

export const formatMs = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(2)} s`);
export const formatKb = (bytes: number) => (Number.isNaN(bytes) ? '–' : (bytes / KB).toFixed(1));
/** CLS to three decimals, but a non-zero shift never shows as a bare "0.000". */
export const formatCls = (cls: number) =>
  Number.isNaN(cls) ? '–' : cls === 0 ? '0' : cls < 0.001 ? `<0.001 (${cls.toExponential(1)})` : cls.toFixed(3);

function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * The prerendered site per route: scores, LCP beside the tiny static page's and the
 * no-script floor's (as ratios), the document's gzipped size and what it took on the wire
 * (headers included, as Lighthouse simulates it: a new connection's first round trip holds
 * 10 × 1460 bytes), how far text moved when the web fonts arrived, then the bytes of
 * JavaScript, fonts and CSS. The tiny static page is the last row.
 */
export function formatMainTable(results: Results, pages: PageFacts = {}): string {
  const site = results.prerendered ?? {};
  const tiny = results.tiny?.[TINY_ROUTE]?.median;
  const header = ['route', 'perf', 'a11y', 'bp', 'seo', 'LCP', 'LCP/tiny', 'LCP/floor', 'doc KB', 'doc sent', 'font shift', 'CLS', 'TBT', 'JS KB', 'font KB', 'CSS KB'];
  const rows = Object.entries(site).map(([route, { median: m }]) => {
    const floor = results.noscript?.[route]?.median.lcp;
    const page = pages[route];
    return [
      route,
      String(m.performance),
      String(m.accessibility),
      String(m.bestPractices),
      String(m.seo),
      formatMs(m.lcp),
      tiny === undefined ? '–' : `${ratio(m.lcp, tiny.lcp).toFixed(2)}×`,
      floor === undefined ? '–' : `${ratio(m.lcp, floor).toFixed(2)}×`,
      page ? formatKb(page.documentGzipBytes) : '–',
      formatKb(m.documentBytes),
      page?.fontShiftPx === undefined ? '–' : `${page.fontShiftPx.toFixed(1)} px`,
      formatCls(m.cls),
      `${Math.round(m.tbt)} ms`,
      formatKb(m.jsGzipBytes),
      formatKb(m.fontFileBytes),
      formatKb(m.cssGzipBytes),
    ];
  });
  if (tiny) {
    rows.push([
      'tiny static page',
      String(tiny.performance),
      String(tiny.accessibility),
      String(tiny.bestPractices),
      String(tiny.seo),
      formatMs(tiny.lcp),
      '1.00×',
      '–',
      '–',
      formatKb(tiny.documentBytes),
      '–',
      formatCls(tiny.cls),
      `${Math.round(tiny.tbt)} ms`,
      formatKb(tiny.jsGzipBytes),
      formatKb(tiny.fontFileBytes),
      formatKb(tiny.cssGzipBytes),
    ]);
  }
  return renderTable(header, rows);
}

/** The comparison variants, so the ratios can be read back to numbers; the tiny page is the last row. */
export function formatComparisonTable(results: Results): string {
  const header = ['route', 'spa perf', 'spa LCP', 'spa CLS', 'spa TBT', 'spa JS KB', 'floor perf', 'floor LCP', 'floor CLS'];
  const routes = new Set([...Object.keys(results.spa ?? {}), ...Object.keys(results.noscript ?? {})]);
  const tiny = results.tiny?.[TINY_ROUTE]?.median;
  const rows = [...routes].map((route) => {
    const spa = results.spa?.[route]?.median;
    const floor = results.noscript?.[route]?.median;
    return [
      route,
      spa ? String(spa.performance) : '–',
      spa ? formatMs(spa.lcp) : '–',
      spa ? formatCls(spa.cls) : '–',
      spa ? `${Math.round(spa.tbt)} ms` : '–',
      spa ? formatKb(spa.jsGzipBytes) : '–',
      floor ? String(floor.performance) : '–',
      floor ? formatMs(floor.lcp) : '–',
      floor ? formatCls(floor.cls) : '–',
    ];
  });
  if (tiny) rows.push(['tiny static page', '–', '–', '–', '–', '–', String(tiny.performance), formatMs(tiny.lcp), formatCls(tiny.cls)]);
  return renderTable(header, rows);
}

export function formatMisses(misses: Miss[]): string {
  if (misses.length === 0) return 'All targets met.';
  return [
    `${misses.length} target${misses.length === 1 ? '' : 's'} missed:`,
    ...misses.map((m) => `  ${m.route}: ${m.target} – got ${m.value}${m.why ? ` [${m.why}]` : ''}`),
  ].join('\n');
}

/** Each page with a form: its JavaScript once the visitor has started to use the form. */
export function formatFirstUse(firstUse: Record<string, { jsGzipBytes: number }>): string {
  const lines = Object.entries(firstUse).map(([route, { jsGzipBytes }]) => `  ${route.padEnd(19)} ${formatKb(jsGzipBytes)} KB`);
  return ['JS after the first focus in a form (page load + what that focus fetches: the Supabase client and the proof worker):', ...lines].join('\n');
}
