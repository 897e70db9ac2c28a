/**
 * axe-core on every page at phone and desktop width, with the WCAG 2.0, 2.1 and 2.2
 * A and AA rules: no violations. (The forms' success and error states are checked in
 * forms.test.ts, where those states are produced for real.)
 */
import { it } from 'vitest';
import { expectNoAxeViolations } from './support/a11y.ts';
import { openPage, siteUrl, sharedBrowser, type ViewportName, VIEWPORTS } from './support/browser.ts';
import { waitForHydration } from './support/hydration.ts';
import { describeE2e } from './support/context.ts';
import { routes } from './support/site.ts';

const browser = sharedBrowser();

const paths = [...routes.map((route) => route.path), '/gibt-es-nicht'];

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  describeE2e(`axe at ${VIEWPORTS[viewport].width} px`, () => {
    it.each(paths.map((path) => [path]))('%s has no WCAG A/AA violations', async (path) => {
      // Motion allowed: the home page is checked with its video and pause control showing.
      const { page, context, settle } = await openPage(browser(), viewport, { reducedMotion: 'no-preference' });
      try {
        await page.goto(siteUrl(path));
        await waitForHydration(page);
        await settle();
        await expectNoAxeViolations(page, `${path} at ${VIEWPORTS[viewport].width} px`);
      } finally {
        await context.close();
      }
    });

    if (viewport === 'mobile') {
      it('/ with the menu open has no WCAG A/AA violations', async () => {
        const { page, context } = await openPage(browser(), viewport);
        try {
          await page.goto(siteUrl('/'));
          await waitForHydration(page);
          await page.getByRole('button', { name: 'Menü öffnen' }).click();
          await page.getByRole('navigation', { name: 'Hauptnavigation mobil' }).waitFor({ state: 'visible' });
          await expectNoAxeViolations(page, '/ at 390 px with the menu open');
        } finally {
          await context.close();
        }
      });
    }
  });
}
