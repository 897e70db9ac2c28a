/**
 * Every page is prerendered: with JavaScript switched off, each route still shows its
 * content, navigation and footer, and the forms say how to reach the practice instead.
 */
import { expect, test, type ViewportName, VIEWPORTS } from './support/fixtures.ts';
import { footerTexts, normalizeText, routes } from './support/site.ts';

const noScriptNote = 'Das Formular braucht JavaScript.';

test.use({ javaScriptEnabled: false });

// One page, every route: a page load per route serves both widths (without JavaScript
// nothing but CSS answers a change of width, so the page is checked at phone width, widened,
// and checked again). A context per route would cost more than the loads themselves.
test(`every route shows its content at ${VIEWPORTS.mobile.width} and ${VIEWPORTS.desktop.width} px`, async ({ page, watched }) => {
  const { problems } = watched;
  for (const route of routes) {
    await page.setViewportSize(VIEWPORTS.mobile);
    const response = await page.goto(route.path);
    expect(response?.status(), route.path).toBe(200);
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      const at = `${route.path} at ${VIEWPORTS[viewport].width} px`;
      expect(normalizeText(await page.getByRole('heading', { level: 1 }).innerText()), at).toBe(normalizeText(route.h1));
      const main = normalizeText(await page.getByRole('main').innerText());
      expect(main, at).toContain(normalizeText(route.keyText));
      const footer = normalizeText(await page.getByRole('contentinfo').innerText());
      for (const text of footerTexts) expect(footer, at).toContain(normalizeText(text));
      expect(await page.getByRole('banner').isVisible(), at).toBe(true);
      // Forms cannot send without JavaScript; they say so, and their button stays off.
      const hasForm = ['/kontakt', '/termin-vereinbaren', '/blog', '/blog/kategorie/tipps'].includes(route.path);
      expect(main.includes(normalizeText(noScriptNote)), `no-script note, ${at}`).toBe(hasForm);
      if (hasForm) expect(await page.getByRole('main').locator('button[type=submit]').isDisabled(), at).toBe(true);
    }
    // What the wider screen brought into view (lazy images) loads before the next route:
    // leaving earlier would abort it.
    await watched.settle();
  }
  expect(problems.failedRequests).toEqual([]);
});
