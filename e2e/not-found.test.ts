/** An address that does not exist: the host answers 404 with the site's own 404 page. */
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { normalizeText } from './support/site.ts';
import { homePage } from '../src/content/home.ts';

test.use({ viewport: VIEWPORTS.mobile });

test.describe('404', () => {
  for (const path of ['/gibt-es-nicht', '/blog/ein-artikel-den-es-nicht-gibt']) {
    test(`${path} is served with status 404, shows the page and logs the path`, async ({ page, watched }) => {
      const { problems } = watched;
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('404');
      expect(await page.getByText('Oops! Page not found', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('main').getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('banner').isVisible()).toBe(true);
      expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
      await expect.poll(() => problems.consoleErrors.filter((text) => text.includes(path))).toHaveLength(1);
      expect(problems.pageErrors).toEqual([]);

      // The link leads home within the app.
      await page.getByRole('main').getByRole('link', { name: 'Zurück zur Startseite' }).click();
      await page.waitForURL('/');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText().then(normalizeText))
        .toBe(normalizeText(homePage.hero.title));
    });
  }
});
