/**
 * Every page is prerendered: with JavaScript switched off, each route still shows its
 * content, navigation and footer, and the forms say how to reach the practice instead.
 */
import { expect, test, type ViewportName, VIEWPORTS } from './support/fixtures.ts';
import { footerTexts, normalizeText, routes } from './support/site.ts';

// Every test here is a page load of its own that changes nothing: the two workers may share
// this file's tests, so that a long sweep does not end the run on one worker alone.
test.describe.configure({ mode: 'parallel' });

const noScriptNote = 'Das Formular braucht JavaScript.';

test.use({ javaScriptEnabled: false });

// One page load per route serves both widths: without JavaScript nothing but CSS answers a
// change of width, so the page is checked at phone width, widened, and checked again.
for (const route of routes) {
  test(`${route.path} shows its content at ${VIEWPORTS.mobile.width} and ${VIEWPORTS.desktop.width} px`, async ({ page, watched }) => {
    const { problems } = watched;
    await page.setViewportSize(VIEWPORTS.mobile);
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
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
    expect(problems.failedRequests).toEqual([]);
  });
}
