/**
 * The web fonts over a visit. A first view (its own style inline, the rest of the style
 * sheet and exactly the two core font subsets only after the largest paint, its fallbacks
 * kept) is checked on every route's page load in routes.test.ts (support/first-view.ts).
 * The next view of the visit (a page inside the site, a reload, a page reached from this
 * site) paints in the web fonts at once. A character outside the subsets (a name typed into
 * a form) still gets Inter, from the Fontsource segment the browser then fetches for it alone.
 */
import { expect, test } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { coreFontsLoaded, recordPaints, requestsOf } from './support/first-view.ts';

test.describe('style and web fonts', () => {
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
