/**
 * Each prerendered page carries only the rules its visible markup uses (scripts/prerender/
 * critical-css.ts); the whole style sheet follows after the first paint. Nothing may look
 * different before it arrives: every element of the page (and its ::before, ::after,
 * ::placeholder and ::marker) must have the same computed style from the page's own rules
 * as from the whole sheet, at phone and desktop width – except inside a `hidden` element,
 * which only React opens, once the whole sheet applies (src/main.tsx), and the main content
 * after the end of a long page's first screen (src/lib/first-screen.ts), which must be below it.
 *
 * One page load per route serves both widths (and one context many routes): the page's own
 * rules are measured, the whole sheet is added and measured again, then removed before the
 * next width. The styles are
 * compared inside the page; only the differences cross to the test.
 *
 * Compared are the properties that some rule of either sheet declares (shorthands as their
 * longhands), not all of Chromium's computed properties. A property no author rule declares
 * has its browser default or its inherited value in both states; where that value follows
 * from another property (em from font-size, currentColor from color, a border width from
 * its style), that other property is declared, and compared. This halves the time of the
 * sweep, whose cost is reading computed values.
 */
import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { routes } from './support/site.ts';
import { FIRST_SCREEN_END_ATTRIBUTE } from '../src/lib/first-screen.ts';

// The tests here change nothing: the two workers may share this file's tests, so that a
// long sweep does not end the run on one worker alone.
test.describe.configure({ mode: 'parallel' });

const PSEUDOS = ['', '::before', '::after', '::placeholder', '::marker'] as const;

/**
 * The properties (longhands, custom properties left out: Tailwind's internals) that a rule
 * of the page's own sheets or of the whole style sheet at `wholeSheet` declares, kept in
 * the page for measureStyles. The whole sheet is parsed, not applied.
 */
function collectDeclaredProperties(page: Page, wholeSheet: string): Promise<number> {
  return page.evaluate(async (href) => {
    const declared = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if ('style' in rule) for (const property of (rule as CSSStyleRule).style) if (!property.startsWith('--')) declared.add(property);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    const whole = new CSSStyleSheet();
    whole.replaceSync(await (await fetch(href)).text());
    walk(whole.cssRules);
    const store = window as unknown as { pageStyleProperties?: string[] };
    store.pageStyleProperties = [...declared].sort();
    return declared.size;
  }, wholeSheet);
}

/**
 * Measures the declared properties (collectDeclaredProperties) of every element in <body>
 * and its pseudo elements, keeping them in the page as `before` or comparing them there
 * with `before` and answering the differences.
 */
function measureStyles(page: Page, phase: 'before' | 'after'): Promise<string[]> {
  return page.evaluate(
    ({ pseudos, phase, endAttribute }) => {
      const label = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 3).join('.')}`;
      // Not the hidden parts (the mobile menu, tooltips' texts): the page's own rules leave
      // them out (critical-css.ts); only React shows them, after the whole sheet applies.
      // On a long page, not the main content after the end of its first screen (checked to
      // be below it): it waits for the whole sheet. The footer is compared.
      const end = document.querySelector(`[${endAttribute}]`);
      const waits = (el: Element) => !!end && !!(end.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) && !!end.closest('main')?.contains(el);
      // Not the scripts: the starter (src/app/starter) appends the entry's <script> to <body>
      // when the first paint is done or 3 s have passed, which may fall between the two
      // measurements; a script has no style to compare.
      const elements = [...document.querySelectorAll('body *')].filter(
        (el) => el.tagName !== 'SCRIPT' && !el.closest('[hidden]:not([hidden="until-found"])') && !waits(el),
      );
      const properties = (window as unknown as { pageStyleProperties: string[] }).pageStyleProperties;
      const all = (style: CSSStyleDeclaration) => properties.map((property) => `${property}:${style.getPropertyValue(property)}`);
      // What holds the end of the first screen grows or shrinks with what follows it, below the first screen.
      const ownHeight = (el: Element, values: string[]) => (end && el.contains(end) ? values.filter((entry) => !/^(height|block-size):/.test(entry)) : values);
      // A pseudo element that is not there is measured by what would make it appear:
      // ::before/::after by their content, ::marker by the element's display, ::placeholder
      // only on fields. Everything of one that is there is compared.
      const absent = (el: Element, pseudo: string, style: CSSStyleDeclaration): string[] | null => {
        if (pseudo === '::before' || pseudo === '::after') {
          const content = style.getPropertyValue('content');
          return content === 'none' || content === 'normal' ? [`content:${content}`] : null;
        }
        if (pseudo === '::marker') {
          const display = getComputedStyle(el).getPropertyValue('display');
          return display.includes('list-item') ? null : [`(display):${display}`];
        }
        if (pseudo === '::placeholder') return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? null : [];
        return null;
      };
      const styles = elements.map((el) =>
        pseudos.map((pseudo) => {
          const style = getComputedStyle(el, pseudo || null);
          return absent(el, pseudo, style) ?? ownHeight(el, all(style));
        })
      );
      const store = window as unknown as { pageStyleBefore?: string[][][] };
      if (phase === 'before') {
        store.pageStyleBefore = styles;
        return [];
      }
      const before = store.pageStyleBefore!;
      if (before.length !== styles.length) return [`${before.length} elements before, ${styles.length} after`];
      const differences: string[] = [];
      styles.forEach((perPseudo, i) =>
        perPseudo.forEach((values, p) => {
          const was = before[i]![p]!;
          if (was.join(';') === values.join(';')) return;
          const old = new Map(was.map((entry) => [entry.slice(0, entry.indexOf(':')), entry]));
          for (const entry of values) {
            const property = entry.slice(0, entry.indexOf(':'));
            if (old.get(property) !== entry) differences.push(`${label(elements[i]!)} ${pseudos[p]}${old.get(property) ?? property} → ${entry}`);
          }
        })
      );
      return differences;
    },
    { pseudos: PSEUDOS, phase, endAttribute: FIRST_SCREEN_END_ATTRIBUTE },
  );
}

const PAGES = [...routes.map((r) => r.path), '/termin/aktion', '/gibt-es-nicht'];

/** Screens taller than the two the styles are compared at: a 12.9-inch tablet upright, a 1440p monitor. */
const TALL_SCREENS = [
  { width: 1024, height: 1366 },
  { width: 2560, height: 1440 },
];

/** Both widths of one page: its own rules measured, the whole sheet added, measured again, removed. */
async function expectSameStyle(page: Page, route: string) {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto(route);
  const wholeSheet = await page.locator('link[rel="stylesheet"][type="text/x-after-first-paint"]').getAttribute('href');
  expect(wholeSheet, `the deferred style sheet link on ${route}`).toBeTruthy();
  // Tailwind's sheet declares well over a hundred: a handful would mean the walk missed rules.
  expect(await collectDeclaredProperties(page, wholeSheet!)).toBeGreaterThan(100);
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // Where a page marks the end of its first screen, it is below the first screen.
    // (Also on the tall screens of a tablet held upright and a large desktop monitor.)
    for (const screen of [viewport, ...(name === 'desktop' ? TALL_SCREENS : [])]) {
      await page.setViewportSize(screen);
      const endTop = await page.evaluate((attribute) => document.querySelector(`[${attribute}]`)?.getBoundingClientRect().top, FIRST_SCREEN_END_ATTRIBUTE);
      if (endTop !== undefined) expect.soft(endTop, `${route}: the end of the first screen at ${screen.width} × ${screen.height}`).toBeGreaterThanOrEqual(screen.height);
    }
    await page.setViewportSize(viewport);
    await measureStyles(page, 'before');
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const deferred = document.querySelector('link[rel="stylesheet"][type="text/x-after-first-paint"]');
          if (!deferred) return reject(new Error('no deferred style sheet link'));
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.id = 'whole-style-sheet';
          sheet.href = deferred.getAttribute('href')!;
          sheet.onload = () => resolve();
          sheet.onerror = () => reject(new Error('the style sheet did not load'));
          document.head.append(sheet);
        }),
    );
    const differences = await measureStyles(page, 'after');
    expect.soft(differences.slice(0, 20), `${route}: ${differences.length} differences at ${name} width`).toEqual([]);
    // Back to the page's own rules for the next width.
    await page.evaluate(() => document.getElementById('whole-style-sheet')?.remove());
  }
}

// Two tests, half of the pages each, one page (and context) for each half: the two workers
// share them, and a context per page would cost more than its load.
for (const [half, pages] of [PAGES.filter((_, i) => i % 2 === 0), PAGES.filter((_, i) => i % 2 === 1)].entries()) {
  test(`${pages.join(', ')} look the same before the whole style sheet as after it, at phone and desktop width (${half + 1} of 2)`, async ({ page }) => {
    // Without the entry script nothing loads the whole sheet (or the web fonts) by itself.
    await page.route(/\/assets\/index-[\w-]+\.js$/, (request) => request.abort());
    for (const route of pages) await expectSameStyle(page, route);
  });
}
