/**
 * Every page is prerendered: with JavaScript switched off, each route still shows its
 * content, navigation and footer, and the forms say how to reach the practice instead.
 */
import { expect, test, type ViewportName, VIEWPORTS } from './support/fixtures.ts';
import { footerTexts, normalizeText, routes } from './support/site.ts';

const noScriptNote = 'Das Formular braucht JavaScript.';

test.use({ javaScriptEnabled: false });

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`without JavaScript at ${VIEWPORTS[viewport].width} px`, () => {
    test.use({ viewport: VIEWPORTS[viewport] });

    for (const route of routes) {
      test(`${route.path} shows its content`, async ({ page, watched }) => {
        const { problems } = watched;
        const response = await page.goto(route.path);
        expect(response?.status()).toBe(200);
        expect(normalizeText(await page.getByRole('heading', { level: 1 }).innerText())).toBe(normalizeText(route.h1));
        const main = normalizeText(await page.getByRole('main').innerText());
        expect(main).toContain(normalizeText(route.keyText));
        const footer = normalizeText(await page.getByRole('contentinfo').innerText());
        for (const text of footerTexts) expect(footer).toContain(normalizeText(text));
        expect(await page.getByRole('banner').isVisible()).toBe(true);
        // Forms cannot send without JavaScript; they say so, and their button stays off.
        const hasForm = ['/kontakt', '/termin-vereinbaren', '/blog', '/blog/kategorie/tipps'].includes(route.path);
        expect(main.includes(normalizeText(noScriptNote)), 'no-script note').toBe(hasForm);
        if (hasForm) expect(await page.getByRole('main').locator('button[type=submit]').isDisabled()).toBe(true);
        expect(problems.failedRequests).toEqual([]);
      });
    }
  });
}
