/** An address that does not exist: the host answers 404 with the site's own 404 page. */
import { expect, it } from 'vitest';
import { openPage, siteUrl, sharedBrowser } from './support/browser.ts';
import { waitForHydration } from './support/hydration.ts';
import { describeE2e } from './support/context.ts';
import { normalizeText } from './support/site.ts';

const browser = sharedBrowser();

describeE2e('404', () => {
  it.each([['/gibt-es-nicht'], ['/blog/ein-artikel-den-es-nicht-gibt']])(
    '%s is served with status 404, shows the page and logs the path',
    async (path) => {
      const { page, context, problems } = await openPage(browser(), 'mobile');
      try {
        const response = await page.goto(siteUrl(path));
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
        await page.waitForURL(siteUrl('/'));
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).innerText().then(normalizeText))
          .toBe(normalizeText('Endlich wieder schmerzfrei schlafen'));
      } finally {
        await context.close();
      }
    },
  );
});
