// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  checkTargets,
  formatCls,
  formatComparisonTable,
  formatFirstUse,
  formatMainTable,
  formatMs,
  median,
  metricsFromLhr,
  summarize,
  TARGETS,
  type Lhr,
  type RunMetrics,
} from './lighthouse-report.ts';
import { stripScripts } from './variants.ts';

function lhr(overrides: { perf?: number; lcp?: number; cls?: number; js?: number; failingSeo?: boolean } = {}): Lhr {
  const { perf = 1, lcp = 900, cls = 0, js = 50_000, failingSeo = false } = overrides;
  return {
    lighthouseVersion: '12.8.2',
    categories: {
      performance: { score: perf, auditRefs: [{ id: 'largest-contentful-paint', weight: 25 }] },
      accessibility: { score: 1, auditRefs: [] },
      'best-practices': { score: 1, auditRefs: [] },
      seo: { score: failingSeo ? 0.92 : 1, auditRefs: [{ id: 'canonical', weight: 1 }] },
    },
    audits: {
      'largest-contentful-paint': { score: lcp > 2500 ? 0.5 : 1, numericValue: lcp, displayValue: `${lcp / 1000} s` },
      'first-contentful-paint': { score: 1, numericValue: lcp - 150 },
      'total-blocking-time': { score: 1, numericValue: 10 },
      'cumulative-layout-shift': { score: 1, numericValue: cls },
      canonical: { score: failingSeo ? 0 : 1 },
      'network-requests': {
        score: null,
        details: {
          items: [
            { url: 'http://127.0.0.1:1/', resourceType: 'Document', transferSize: 5_000 },
            { url: 'http://127.0.0.1:1/assets/index.js', resourceType: 'Script', transferSize: js / 2 },
            { url: 'http://127.0.0.1:1/assets/page.js', resourceType: 'Script', transferSize: js / 2 },
            { url: 'http://127.0.0.1:1/assets/index.css', resourceType: 'Stylesheet', transferSize: 9_000 },
            { url: 'http://127.0.0.1:1/assets/inter-core.woff2', resourceType: 'Font', transferSize: 24_000 },
          ],
        },
      },
      'resource-summary': {
        score: null,
        details: {
          items: [
            { resourceType: 'total', transferSize: js + 60_000 },
            { resourceType: 'script', transferSize: js },
            { resourceType: 'stylesheet', transferSize: 9_000 },
          ],
        },
      },
      'largest-contentful-paint-element': {
        score: null,
        details: {
          items: [
            { items: [{ node: { snippet: '<img src="/media/hero-home-sm.webp">' } }] },
            { items: [{ phase: 'TTFB', timing: 450.4 }, { phase: 'Render Delay', timing: 900 }] },
          ],
        },
      },
    },
  };
}

describe('metricsFromLhr', () => {
  it('reads scores as 0–100, the metrics, transfer sizes by type, the LCP element and its phases', () => {
    const m = metricsFromLhr(lhr({ js: 80_000, perf: 0.99, lcp: 1500 }));
    expect(m).toMatchObject({ performance: 99, accessibility: 100, seo: 100, lcp: 1500, jsBytes: 80_000, cssBytes: 9_000 });
    // Without known body sizes the byte figures fall back to the transfer sizes.
    expect(m).toMatchObject({ jsGzipBytes: 80_000, cssGzipBytes: 9_000, fontFileBytes: 24_000 });
    expect(m.lcpElement).toContain('hero-home-sm.webp');
    expect(m.lcpPhases).toEqual({ TTFB: 450, 'Render Delay': 900 });
    expect(m.failing).toEqual([]);
  });

  it('counts scripts, style sheets and fonts by the size of their files, without HTTP headers', () => {
    const sizes = new Map([
      ['http://127.0.0.1:1/assets/index.js', 30_000],
      ['http://127.0.0.1:1/assets/page.js', 2_000],
      ['http://127.0.0.1:1/assets/index.css', 8_500],
      ['http://127.0.0.1:1/assets/inter-core.woff2', 23_260],
    ]);
    expect(metricsFromLhr(lhr({ js: 80_000 }), sizes)).toMatchObject({ jsGzipBytes: 32_000, cssGzipBytes: 8_500, fontFileBytes: 23_260, jsBytes: 80_000 });
  });

  it('names the audits that cost points', () => {
    expect(metricsFromLhr(lhr({ failingSeo: true, lcp: 3000 })).failing).toEqual([
      'performance/largest-contentful-paint (3 s)',
      'seo/canonical',
    ]);
  });

  it('refuses a run Lighthouse reports as broken', () => {
    expect(() => metricsFromLhr({ ...lhr(), runtimeError: { code: 'NO_FCP', message: 'no paint' } })).toThrow(/NO_FCP/);
  });
});

describe('median and summarize', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('takes each metric’s median on its own and counts failing audits per run', () => {
    const runs: RunMetrics[] = [lhr({ lcp: 1400 }), lhr({ lcp: 2000, failingSeo: true }), lhr({ lcp: 1600 })].map((run) => metricsFromLhr(run));
    const summary = summarize(runs);
    expect(summary.median.lcp).toBe(1600);
    expect(summary.failing).toEqual({ 'seo/canonical': 1 });
  });
});

describe('checkTargets', () => {
  const summary = (overrides: Parameters<typeof lhr>[0]) => summarize([metricsFromLhr(lhr(overrides))]);

  it('passes a site that meets every target', () => {
    const firstUse = { '/kontakt': { jsGzipBytes: 150 * 1024, scripts: 12 } };
    expect(
      checkTargets({ prerendered: { '/': summary({ lcp: TARGETS.maxLcpMs, js: TARGETS.maxJsBytes['/'] }) }, noscript: { '/': summary({ lcp: 800 }) } }, firstUse),
    ).toEqual([]);
  });

  it('flags each miss with the value and, where known, the reason', () => {
    const misses = checkTargets(
      {
        prerendered: {
          '/': summary({ perf: 0.99, cls: 0.002, js: 120 * 1024 }),
          '/kontakt': summary({ failingSeo: true, lcp: TARGETS.maxLcpMs + 10 }),
        },
        noscript: { '/': summary({ lcp: 700 }), '/kontakt': summary({ lcp: 950 }) },
      },
      { '/kontakt': { jsGzipBytes: 151 * 1024, scripts: 12 }, '/termin-vereinbaren': { jsGzipBytes: 149 * 1024, scripts: 14 } },
      {
        '/': { documentGzipBytes: 14 * 1024, fontShiftPx: 1 },
        '/kontakt': { documentGzipBytes: 14 * 1024 + 1, fontShiftPx: 1.4, fontShiftWorst: 'h1 left +1.4 px' },
      },
    );
    expect(misses.map((m) => `${m.route} ${m.target}`)).toEqual([
      '/ performance ≥ 100',
      '/ CLS 0',
      `/ JS ≤ ${TARGETS.maxJsBytes['/']! / 1024} KB`,
      '/kontakt SEO = 100',
      `/kontakt LCP ≤ ${(TARGETS.maxLcpMs / 1000).toFixed(2)} s`,
      '/kontakt document ≤ 14 KB',
      '/kontakt font shift ≤ 1 px',
      '/kontakt JS after first use ≤ 150 KB',
    ]);
    expect(misses.find((m) => m.target.startsWith('font shift'))?.why).toBe('h1 left +1.4 px');
    expect(misses.find((m) => m.target === 'SEO = 100')?.why).toBe('canonical');
    const lcpMiss = misses.find((m) => m.target.startsWith('LCP'));
    expect(lcpMiss?.value).toBe(`${formatMs(TARGETS.maxLcpMs + 10)} (no-script floor 0.95 s)`);
    expect(lcpMiss?.why).toBe('TTFB 450 ms, Render Delay 900 ms');
  });
});

describe('formatting', () => {
  it('never shows a non-zero layout shift as zero', () => {
    expect(formatCls(0)).toBe('0');
    expect(formatCls(0.00015)).toBe('<0.001 (1.5e-4)');
    expect(formatCls(0.1234)).toBe('0.123');
  });

  it('prints one row per route with the bytes and the LCP ratios to the floor and the tiny page', () => {
    const results = {
      prerendered: { '/': summarize([metricsFromLhr(lhr({ lcp: 1500, perf: 0.99 }))]) },
      noscript: { '/': summarize([metricsFromLhr(lhr({ lcp: 1200 }))]) },
      tiny: { '/': summarize([metricsFromLhr(lhr({ lcp: 600 }))]) },
    };
    const table = formatMainTable(results, { '/': { documentGzipBytes: 13.5 * 1024, fontShiftPx: 0.4 } });
    expect(table.split('\n')[0]).toMatch(/^route\s+perf\s+a11y\s+bp\s+seo\s+LCP\s+LCP\/tiny\s+LCP\/floor\s+doc KB\s+doc sent\s+font shift\s+CLS/);
    expect(table.split('\n')[2]).toMatch(/^\/\s+99\s+100\s+100\s+100\s+1\.50 s\s+2\.50×\s+1\.25×\s+13\.5\s+\d+\.\d\s+0\.4 px\s+0\s+10 ms\s+48\.8\s+23\.4\s+8\.8$/);
    expect(table.split('\n').at(-1)).toMatch(/^tiny static page\s+100\s+100\s+100\s+100\s+0\.60 s\s+1\.00×\s+–\s+–/);
    expect(formatComparisonTable(results).split('\n').at(-1)).toMatch(/^tiny static page\s.*\s100\s+0\.60 s\s+0$/);
  });
});

describe('stripScripts (the no-script floor)', () => {
  it('removes every script element and modulepreload, and nothing else', () => {
    const html = [
      '<head>',
      '    <link rel="preload" as="image" href="/media/hero.webp">',
      '    <script type="application/ld+json">{"a":"</"}</script>',
      '    <template id="page-modules"><link rel="modulepreload" crossorigin href="/assets/a.js"><link rel="modulepreload" crossorigin href="/assets/b.js"></template>',
      '    <script type="module" crossorigin src="/assets/index.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
      '</head>',
    ].join('\n');
    const stripped = stripScripts(html);
    expect(stripped).not.toMatch(/<script|modulepreload/);
    expect(stripped).toContain('<link rel="preload" as="image" href="/media/hero.webp">');
    expect(stripped).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
  });
});

describe('formatFirstUse', () => {
  it('lists each form page with its JavaScript in KB of 1024 bytes', () => {
    const text = formatFirstUse({ '/kontakt': { jsGzipBytes: 175_104 }, '/termin-vereinbaren': { jsGzipBytes: 190_464 } });
    expect(text.split('\n')).toEqual([
      'JS after the first focus in a form (page load + what that focus fetches: the Supabase client and the proof worker):',
      '  /kontakt            171.0 KB',
      '  /termin-vereinbaren 186.0 KB',
    ]);
  });
});
