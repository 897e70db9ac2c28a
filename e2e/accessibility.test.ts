/**
 * axe-core on every page at phone and desktop width, with the WCAG 2.0, 2.1 and 2.2
 * A and AA rules: no violations. (The forms' success and error states are checked in
 * forms.test.ts, where those states are produced for real.)
 */
import { expectNoAxeViolations } from './support/a11y.ts';
import { test, type ViewportName, VIEWPORTS } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { routes } from './support/site.ts';

const paths = [...routes.map((route) => route.path), '/gibt-es-nicht'];

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`axe at ${VIEWPORTS[viewport].width} px`, () => {
    test.use({ viewport: VIEWPORTS[viewport] });

    test.describe(() => {
      // Motion allowed: the home page is checked with its video and pause control showing.
      test.use({ reducedMotion: 'no-preference' });

      for (const path of paths) {
        test(`${path} has no WCAG A/AA violations`, async ({ page, watched }) => {
          await page.goto(path);
          await waitForHydration(page);
          await watched.settle();
          await expectNoAxeViolations(page, `${path} at ${VIEWPORTS[viewport].width} px`);
        });
      }
    });

    test('/schlafberatung with the price tooltip open has no WCAG A/AA violations', async ({ page }) => {
      await page.goto('/schlafberatung');
      await waitForHydration(page);
      await page.getByRole('main').getByRole('button', { name: 'Preis auf Anfrage' }).focus();
      await page.getByRole('tooltip').waitFor({ state: 'visible' });
      await expectNoAxeViolations(page, `/schlafberatung at ${VIEWPORTS[viewport].width} px with the tooltip open`);
    });

    if (viewport === 'mobile') {
      test('/ with the menu open has no WCAG A/AA violations', async ({ page }) => {
        await page.goto('/');
        await waitForHydration(page);
        await page.getByRole('button', { name: 'Menü öffnen' }).click();
        await page.getByRole('navigation', { name: 'Hauptnavigation mobil' }).waitFor({ state: 'visible' });
        await expectNoAxeViolations(page, '/ at 390 px with the menu open');
      });
    }
  });
}
