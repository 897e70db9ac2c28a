/**
 * A first view of the site, as fonts.test.ts and routes.test.ts check it: the page's own
 * style inline, the rest of the style sheet and the web fonts only after the largest paint,
 * and then exactly the two core font subsets (tools/fonts/charset.ts), no other font file;
 * the open page keeps its fallbacks (src/app/web-fonts.ts).
 */
import { expect, type Page } from '@playwright/test';

export function requestsOf(page: Page, type: 'font' | 'stylesheet'): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === type) files.push(new URL(request.url()).pathname.replace(/^\/assets\//, ''));
  });
  return files;
}

const CORE_FILES = [/^inter-core-[\w-]+\.woff2$/, /^lora-core-[\w-]+\.woff2$/];

interface PaintRecord {
  /** First contentful paint, the hero image's paint (a page's largest) and the first largest paint of any kind (an article's text), ms since navigation start. */
  fcp?: number;
  heroPaint?: number;
  firstLargestPaint?: number;
  /** When each web font family finished loading. */
  fontsLoaded: Record<string, number>;
  /** Whether <html> had the web-fonts class when the body began. */
  classAtBody?: boolean;
}

/** Records, from the first byte on, the paints and when each font finished loading. */
export async function recordPaints(page: Page): Promise<() => Promise<PaintRecord>> {
  await page.addInitScript(() => {
    const record: PaintRecord = { fontsLoaded: {} };
    (window as unknown as { __paints: PaintRecord }).__paints = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') record.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        record.firstLargestPaint ??= entry.startTime;
        if ((entry as LargestContentfulPaint).element?.matches('main img[fetchpriority="high"]')) record.heroPaint ??= entry.startTime;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    document.fonts.addEventListener('loadingdone', (event) => {
      for (const face of (event as FontFaceSetLoadEvent).fontfaces) record.fontsLoaded[face.family.replace(/"/g, '')] ??= performance.now();
    });
    // The parser adds <body> after the head's script has run, before anything can paint.
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      record.classAtBody = document.documentElement.classList.contains('web-fonts');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __paints: PaintRecord }).__paints);
}

/**
 * Whether the two core faces have loaded – what src/app/web-fonts.ts waits for before the
 * next page may show them. Not `document.fonts.check()`: it also answers true while the
 * faces are not declared yet (the whole style sheet comes after the largest paint), and a
 * navigation then would still find the fonts not loaded.
 */
export const coreFontsLoaded = (page: Page, families: readonly string[] = ['Inter Core', 'Lora Core']) =>
  page.evaluate(
    (wanted) => wanted.every((family) => [...document.fonts].some((face) => face.family.replace(/"/g, '') === family && face.status === 'loaded')),
    families,
  );

/** Start times of the page's font files, ms since navigation start. */
const fontRequestStarts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\.woff2$/.test(entry.name))
      .map((entry) => entry.startTime),
  );

/**
 * Starts recording a first view of `page` (call before its first navigation); the function
 * it answers checks it, once the page is open and hydrated. It scrolls the page to its end
 * (the whole page laid out, not only the first screen) and leaves it there.
 */
export async function watchFirstView(page: Page): Promise<(path: string) => Promise<void>> {
  const fonts = requestsOf(page, 'font');
  const styleSheets = requestsOf(page, 'stylesheet');
  const paints = await recordPaints(page);
  return async (path) => {
    expect(await page.locator('head style').count(), 'one inline style').toBe(1);
    expect(await page.locator('head link[rel="preload"][as="font"]').count(), 'no font is preloaded').toBe(0);
    await expect.poll(() => coreFontsLoaded(page)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.evaluate(() => document.fonts.ready);
    // Loaded, but the open page keeps its fallbacks: swapped in, text would move.
    await expect(page.locator('html')).not.toHaveClass(/\bweb-fonts\b/);
    const { fcp, heroPaint, firstLargestPaint, fontsLoaded, classAtBody } = await paints();
    expect(classAtBody, 'a first view starts in the fallback fonts').toBe(false);
    expect(fcp).toBeDefined();
    // A page with a hero paints it largest; an article has none, its text is the largest paint.
    const hasHero = (await page.locator('main img[fetchpriority="high"]').count()) > 0;
    const largestPaint = hasHero ? heroPaint : firstLargestPaint;
    expect(largestPaint, hasHero ? 'the hero image is the largest paint' : 'a largest paint').toBeDefined();
    // Neither font was asked for before the largest paint, so neither held it back.
    const starts = await fontRequestStarts(page);
    expect(starts).toHaveLength(2);
    for (const start of starts) expect(start, 'font request start vs. the largest paint').toBeGreaterThanOrEqual(largestPaint!);
    // The web fonts loaded are the two core faces (the local fallbacks aside).
    expect(Object.keys(fontsLoaded).filter((family) => !family.endsWith('Fallback')).sort()).toEqual(['Inter Core', 'Lora Core']);
    expect([...fonts].sort(), `font files of ${path}`).toHaveLength(2);
    for (const pattern of CORE_FILES) expect(fonts.some((file) => pattern.test(file)), `${pattern}`).toBe(true);
    // The rest of the style sheet, once.
    expect(styleSheets).toHaveLength(1);
    expect(styleSheets[0]).toMatch(/^index-[\w-]+\.css$/);
  };
}
