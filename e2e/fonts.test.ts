/**
 * What a page needs to paint, as a visitor gets it: the style sheet inline (no request of
 * its own, and none later when the app loads its chunks), the text set from the two core
 * font subsets (tools/fonts/charset.ts), preloaded, and no other font file; a character
 * outside the subsets (a name typed into a form) still gets Inter, from the Fontsource
 * segment the browser then fetches for it alone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { routes } from './support/site.ts';

function requestsOf(page: Page, type: 'font' | 'stylesheet'): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === type) files.push(new URL(request.url()).pathname.replace(/^\/assets\//, ''));
  });
  return files;
}

const CORE_FILES = [/^inter-core-[\w-]+\.woff2$/, /^lora-core-[\w-]+\.woff2$/];

test.describe('style and web fonts', () => {
  for (const route of routes) {
    test(`${route.path} has its style inline and loads the two core subsets, nothing else`, async ({ page }) => {
      const fonts = requestsOf(page, 'font');
      const styleSheets = requestsOf(page, 'stylesheet');
      await page.goto(route.path);
      await waitForHydration(page);
      // The whole page laid out, not only the first screen.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.evaluate(() => document.fonts.ready);
      await expect.poll(() => fonts.length).toBeGreaterThanOrEqual(2);
      expect([...fonts].sort(), `font files of ${route.path}`).toHaveLength(2);
      for (const pattern of CORE_FILES) expect(fonts.some((file) => pattern.test(file)), `${pattern}`).toBe(true);
      // Preloaded with the page, so they load beside the style sheet, not after it.
      const preloaded = await page.locator('head link[rel="preload"][as="font"]').evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname.replace(/^\/assets\//, '')),
      );
      expect(preloaded.sort()).toEqual([...fonts].sort());
      // One face of each family in use (the local, metric-matched fallbacks aside).
      const loadedWebFonts = () =>
        [...document.fonts].filter((f) => f.status === 'loaded' && !f.family.endsWith('Fallback')).map((f) => f.family).sort();
      expect(await page.evaluate(loadedWebFonts)).toEqual([
        'Inter Variable',
        'Lora Variable',
      ]);
      expect(styleSheets, 'style sheet requests (the style is inline)').toEqual([]);
      expect(await page.locator('head style').count()).toBe(1);
    });
  }

  test('a character outside the subsets is drawn from the full Inter, fetched for it', async ({ page }) => {
    const fonts = requestsOf(page, 'font');
    await page.goto('/kontakt');
    await waitForHydration(page);
    const name = page.getByRole('textbox', { name: /^Vorname/ });
    await name.fill('Søren Łukasz');
    await expect.poll(() => fonts.some((file) => /^inter-latin-wght-normal-/.test(file))).toBe(true);
    await expect.poll(() => fonts.some((file) => /^inter-latin-ext-wght-normal-/.test(file))).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"', 'øŁ'))).toBe(true);
  });
});
