/**
 * axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules at phone and desktop width, on
 * what routes.test.ts does not load: the not-found page, the price tooltip open, the
 * mobile menu open. (Every route itself: routes.test.ts, in the same page load as its
 * content; the forms' success and error states: forms.test.ts, where they are produced
 * for real; the blog's articles and lists: blog.test.ts.)
 */
import { expectNoAxeViolations } from './support/a11y.ts';
import { test, type ViewportName, VIEWPORTS } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { priceOnRequest } from '../src/content/services.ts';
import { uiText } from '../src/content/ui-text.ts';

// Every test here is a page load of its own that changes nothing: the two workers may share
// this file's tests, so that a long sweep does not end the run on one worker alone.
test.describe.configure({ mode: 'parallel' });

const NOT_FOUND = '/gibt-es-nicht';

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`axe at ${VIEWPORTS[viewport].width} px`, () => {
    test.use({ viewport: VIEWPORTS[viewport] });

    test(`${NOT_FOUND} (not found) has no WCAG A/AA violations`, async ({ page, watched }) => {
      await page.goto(NOT_FOUND);
      await waitForHydration(page);
      await watched.settle();
      await expectNoAxeViolations(page, `${NOT_FOUND} at ${VIEWPORTS[viewport].width} px`);
    });

    test('/schlafberatung with the price tooltip open has no WCAG A/AA violations', async ({ page }) => {
      await page.goto('/schlafberatung');
      await waitForHydration(page);
      await page.getByRole('main').getByRole('button', { name: priceOnRequest.label }).focus();
      await page.getByRole('tooltip').waitFor({ state: 'visible' });
      await expectNoAxeViolations(page, `/schlafberatung at ${VIEWPORTS[viewport].width} px with the tooltip open`);
    });

    if (viewport === 'mobile') {
      test('/ with the menu open has no WCAG A/AA violations', async ({ page }) => {
        await page.goto('/');
        await waitForHydration(page);
        await page.getByRole('button', { name: uiText.header.openMenu }).click();
        await page.getByRole('navigation', { name: uiText.header.mobileNavigation }).waitFor({ state: 'visible' });
        await expectNoAxeViolations(page, '/ at 390 px with the menu open');
      });
    }
  });
}
