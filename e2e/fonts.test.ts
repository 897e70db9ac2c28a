/**
 * What a page needs to paint, as a visitor gets it: the style its markup uses inline, the
 * rest of the style sheet and the web fonts only after the largest paint, and then exactly
 * the two core font subsets (tools/fonts/charset.ts), no other font file; the open page
 * keeps its fallbacks. The next view of the visit (a page inside the site, a reload, a
 * page reached from this site) paints in the web fonts at once. A
 * character outside the subsets (a name typed into a form) still gets Inter, from the
 * Fontsource segment the browser then fetches for it alone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { routes } from './support/site.ts';

// Every test here is a page load of its own that changes nothing: the two workers may share
// this file's tests, so that a long sweep does not end the run on one worker alone.
test.describe.configure({ mode: 'parallel' });

function requestsOf(page: Page, type: 'font' | 'stylesheet'): string[] {
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
async function recordPaints(page: Page): Promise<() => Promise<PaintRecord>> {
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
const coreFontsLoaded = (page: Page, families: readonly string[] = ['Inter Core', 'Lora Core']) =>
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

test.describe('style and web fonts', () => {
  for (const route of routes) {
    test(`${route.path}: its own style inline, the whole sheet and the two core fonts only after the largest paint, fonts kept for the next page`, async ({ page }) => {
      const fonts = requestsOf(page, 'font');
      const styleSheets = requestsOf(page, 'stylesheet');
      const paints = await recordPaints(page);
      await page.goto(route.path);
      expect(await page.locator('head style').count()).toBe(1);
      expect(await page.locator('head link[rel="preload"][as="font"]').count(), 'no font is preloaded').toBe(0);
      await waitForHydration(page);
      await expect.poll(() => coreFontsLoaded(page)).toBe(true);
      // The whole page laid out, not only the first screen.
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
      expect([...fonts].sort(), `font files of ${route.path}`).toHaveLength(2);
      for (const pattern of CORE_FILES) expect(fonts.some((file) => pattern.test(file)), `${pattern}`).toBe(true);
      // The rest of the style sheet, once, after the paint.
      expect(styleSheets).toHaveLength(1);
      expect(styleSheets[0]).toMatch(/^index-[\w-]+\.css$/);
    });
  }

  test('the next page inside the site shows the web fonts as it renders', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(() => coreFontsLoaded(page)).toBe(true);
    await expect(page.locator('html')).not.toHaveClass(/\bweb-fonts\b/);
    await page.getByRole('banner').getByRole('link', { name: 'Kontakt', exact: true }).first().click();
    await expect(page).toHaveURL(/\/kontakt$/);
    await expect(page.locator('html')).toHaveClass(/\bweb-fonts\b/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-family', /^"Lora Core"/);
    await expect(page.locator('body')).toHaveCSS('font-family', /^"Inter Core"/);
  });

  test('a later view of the visit paints in the web fonts from the start', async ({ page, baseURL }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(() => coreFontsLoaded(page)).toBe(true);

    // A page reached from this site (a link followed before the app took over, or opened in a new tab) …
    let paints = await recordPaints(page);
    await page.goto('/kontakt', { referer: `${baseURL}/` });
    await waitForHydration(page);
    let record = await paints();
    expect(record.classAtBody, 'class set before the body is parsed').toBe(true);
    for (const family of ['Inter Core', 'Lora Core']) {
      expect(record.fontsLoaded[family], `${family} loaded`).toBeDefined();
      expect(record.fontsLoaded[family]!, `${family} loaded before the first paint`).toBeLessThanOrEqual(record.fcp!);
    }

    // … and a reload.
    paints = await recordPaints(page);
    await page.reload();
    await waitForHydration(page);
    record = await paints();
    expect(record.classAtBody).toBe(true);
    for (const family of ['Inter Core', 'Lora Core']) expect(record.fontsLoaded[family]!).toBeLessThanOrEqual(record.fcp!);
  });

  test('a page opened from elsewhere (a search result, a link in a mail) is a first view', async ({ page }) => {
    const paints = await recordPaints(page);
    await page.goto('/blog', { referer: 'https://www.google.ch/' });
    await waitForHydration(page);
    expect((await paints()).classAtBody).toBe(false);
    await expect(page.locator('html')).not.toHaveClass(/\bweb-fonts\b/);
  });

  test('a character outside the subsets is drawn from the full Inter, fetched for it', async ({ page, baseURL }) => {
    const fonts = requestsOf(page, 'font');
    // A page reached from the site, so it is set in the web fonts.
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(() => coreFontsLoaded(page, ['Inter Core'])).toBe(true);
    await page.goto('/kontakt', { referer: `${baseURL}/` });
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveClass(/\bweb-fonts\b/);
    const name = page.getByRole('textbox', { name: /^Vorname/ });
    await name.fill('Søren Łukasz');
    await expect.poll(() => fonts.some((file) => /^inter-latin-wght-normal-/.test(file))).toBe(true);
    await expect.poll(() => fonts.some((file) => /^inter-latin-ext-wght-normal-/.test(file))).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"', 'øŁ'))).toBe(true);
  });
});
