/**
 * Each prerendered page carries only the rules its markup uses (scripts/prerender/
 * critical-css.ts); the whole style sheet follows after the first paint. Nothing may look
 * different before it arrives: every element of the page (and its ::before, ::after,
 * ::placeholder and ::marker) must have the same computed style from the page's own rules
 * as from the whole sheet, at phone and desktop width.
 */
import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { routes } from './support/site.ts';

const PSEUDOS = ['', '::before', '::after', '::placeholder', '::marker'] as const;

/** Every computed property of every element in <body>, custom properties left out (Tailwind's internals). */
function computedStyles(page: Page) {
  return page.evaluate((pseudos) => {
    const label = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 3).join('.')}`;
    return [...document.querySelectorAll('body *')].map((el) => {
      const values: Record<string, string> = {};
      for (const pseudo of pseudos) {
        const style = getComputedStyle(el, pseudo || null);
        for (const property of style) if (!property.startsWith('--')) values[`${pseudo}${property}`] = style.getPropertyValue(property);
      }
      return { label: label(el), values };
    });
  }, PSEUDOS);
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`the page's own style at ${name} width`, () => {
    test.use({ viewport });

    for (const route of [...routes.map((r) => r.path), '/termin/aktion', '/gibt-es-nicht']) {
      test(`${route} looks the same before the whole style sheet as after it`, async ({ page }) => {
        // Without the entry script nothing loads the whole sheet (or the web fonts) by itself.
        await page.route(/\/assets\/index-[\w-]+\.js$/, (request) => request.abort());
        await page.goto(route);
        const before = await computedStyles(page);
        await page.evaluate(
          () =>
            new Promise<void>((resolve, reject) => {
              const deferred = document.querySelector('link[rel="stylesheet"][type="text/x-after-first-paint"]');
              if (!deferred) return reject(new Error('no deferred style sheet link'));
              const sheet = document.createElement('link');
              sheet.rel = 'stylesheet';
              sheet.href = deferred.getAttribute('href')!;
              sheet.onload = () => resolve();
              sheet.onerror = () => reject(new Error('the style sheet did not load'));
              document.head.append(sheet);
            }),
        );
        const after = await computedStyles(page);
        expect(after.length).toBe(before.length);
        const differences: string[] = [];
        before.forEach(({ label, values }, i) => {
          for (const [property, value] of Object.entries(values)) {
            if (after[i]!.values[property] !== value) differences.push(`${label} ${property}: ${value} → ${after[i]!.values[property]}`);
          }
        });
        expect(differences.slice(0, 20), `${differences.length} differences`).toEqual([]);
      });
    }
  });
}
