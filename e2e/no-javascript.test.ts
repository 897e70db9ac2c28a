/**
 * Every page is prerendered: with JavaScript switched off, each route still shows its
 * content, navigation and footer, and the forms say how to reach the practice instead.
 */
import { expect, it } from 'vitest';
import { openPage, siteUrl, sharedBrowser, type ViewportName, VIEWPORTS } from './support/browser.ts';
import { describeE2e } from './support/context.ts';
import { footerTexts, normalizeText, routes } from './support/site.ts';

const browser = sharedBrowser();

const noScriptNote = 'Das Formular braucht JavaScript.';

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  describeE2e(`without JavaScript at ${VIEWPORTS[viewport].width} px`, () => {
    it.each(routes.map((route) => [route.path, route] as const))('%s shows its content', async (_path, route) => {
      const { page, context, problems } = await openPage(browser(), viewport, { javaScriptEnabled: false });
      try {
        const response = await page.goto(siteUrl(route.path));
        expect(response?.status()).toBe(200);
        expect(normalizeText(await page.getByRole('heading', { level: 1 }).innerText())).toBe(normalizeText(route.h1));
        const main = normalizeText(await page.getByRole('main').innerText());
        expect(main).toContain(normalizeText(route.keyText));
        const footer = normalizeText(await page.getByRole('contentinfo').innerText());
        for (const text of footerTexts) expect(footer).toContain(normalizeText(text));
        expect(await page.getByRole('banner').isVisible()).toBe(true);
        // Forms cannot send without JavaScript; they say so, and their button stays off.
        const hasForm = route.path === '/kontakt' || route.path === '/termin-vereinbaren';
        expect(main.includes(normalizeText(noScriptNote)), 'no-script note').toBe(hasForm);
        if (hasForm) expect(await page.getByRole('main').locator('button[type=submit]').isDisabled()).toBe(true);
        expect(problems.failedRequests).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
