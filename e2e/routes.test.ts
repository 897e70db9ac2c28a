/**
 * Every route at phone and desktop width, as a visitor meets it on a static host: no text
 * of the first screen moving more than 1 px when the web fonts arrive, at desktop width the
 * first view's style and fonts only after the largest paint (support/first-view.ts), the
 * spec's texts, header and footer, a header that stays put while scrolling, no WCAG 2.0, 2.1 or 2.2 A/AA
 * violation (axe, with the home page's video and pause control showing), the menu, no
 * Content-Security-Policy violation (the shipped headers: csp.test.ts), and a clean console
 * and network (nothing fails, nothing goes to a third party). One page load per route and
 * width does all of it: a page load is what the browser suite spends its time on (other
 * states' axe checks: accessibility.test.ts).
 */
import type { Page } from '@playwright/test';
import { expect, recordCspViolations, test, type ViewportName, VIEWPORTS, type WatchedPage } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { footerTexts, headerNavigation, normalizeText, routes, type RouteExpectation } from './support/site.ts';
import { priceOnRequest } from '../src/content/services.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { measureFontArrival } from '../scripts/bench/font-shift.ts';
import { watchFirstView } from './support/first-view.ts';
import { uiText } from '../src/content/ui-text.ts';

// Every test here is a page load of its own that changes nothing: the two workers may share
// this file's tests, so that a long sweep does not end the run on one worker alone.
test.describe.configure({ mode: 'parallel' });

/** How far text of the first screen may move when the web fonts arrive (scripts/bench/font-shift.ts). */
const MAX_FONT_SHIFT_PX = 1;

async function visibleText(page: Page, selector: string): Promise<string> {
  return normalizeText(await page.locator(selector).first().innerText());
}

function expectCleanPage({ problems }: WatchedPage) {
  expect(problems.pageErrors, 'uncaught exceptions').toEqual([]);
  expect(problems.consoleErrors, 'console errors').toEqual([]);
  expect(problems.failedRequests, 'failed requests').toEqual([]);
  expect(problems.foreignRequests, 'requests to other hosts').toEqual([]);
}

/** Where the menu should lead from this route: the next page of the navigation. */
function menuTarget(route: RouteExpectation) {
  const index = headerNavigation.findIndex((item) => item.path === route.path);
  return headerNavigation[(index + 1) % headerNavigation.length]!;
}

async function expectSticky(page: Page) {
  const header = page.getByRole('banner');
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(scrollable, 'the page is long enough to scroll').toBeGreaterThan(200);
  await page.evaluate((y) => window.scrollTo(0, y), Math.min(1200, scrollable));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const box = await header.boundingBox();
  expect(box, 'header box').not.toBeNull();
  expect(Math.abs(box!.y), 'header top after scrolling').toBeLessThanOrEqual(1);
  // Visible, not merely positioned: the header is what is on top at its own centre.
  const onTop = await page.evaluate(([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('header')), [
    box!.x + 24,
    box!.y + box!.height / 2,
  ]);
  expect(onTop, 'header on top of the content after scrolling').toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function expectPageContent(page: Page, route: RouteExpectation) {
  const h1 = page.getByRole('heading', { level: 1 });
  expect(await h1.count(), 'one h1').toBe(1);
  expect(normalizeText(await h1.innerText())).toBe(normalizeText(route.h1));
  const main = await visibleText(page, 'main');
  const missing = route.texts.filter((text) => !main.includes(normalizeText(text)));
  expect(missing, `texts missing on ${route.path}`).toEqual([]);
  for (const { role, name, count } of route.counts ?? []) {
    expect(await page.getByRole('main').getByRole(role, { name }).count(), `${role} "${name}"`).toBe(count);
  }
}

async function expectHeaderAndFooter(page: Page, viewport: ViewportName) {
  await expect.poll(() => page.getByRole('banner').isVisible()).toBe(true);
  const footer = page.getByRole('contentinfo');
  // The site's footer, not an article's own (its author line).
  const footerText = await visibleText(page, 'footer:not(article footer)');
  const missing = footerTexts.filter((text) => !footerText.includes(normalizeText(text)));
  expect(missing, 'footer texts missing').toEqual([]);
  expect(await footer.getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe('/impressum');

  const desktopNav = page.getByRole('navigation', { name: uiText.header.mainNavigation, exact: true });
  const menuButton = page.getByRole('button', { name: uiText.header.openMenu });
  if (viewport === 'desktop') {
    expect(await desktopNav.isVisible(), 'navigation in the header').toBe(true);
    for (const item of headerNavigation) {
      expect(await desktopNav.getByRole('link', { name: item.label, exact: true }).getAttribute('href')).toBe(item.path);
    }
    const booking = page.getByRole('banner').getByRole('link', { name: 'Termin vereinbaren' });
    expect(await booking.isVisible(), 'booking button in the header').toBe(true);
    expect(await booking.getAttribute('href')).toBe('/termin-vereinbaren');
    expect(await menuButton.isVisible(), 'no menu button at desktop width').toBe(false);
  } else {
    expect(await desktopNav.isVisible(), 'the inline navigation gives way to the menu').toBe(false);
    expect(await menuButton.isVisible(), 'menu button').toBe(true);
  }
}

async function expectMenuNavigation(page: Page, route: RouteExpectation) {
  const target = menuTarget(route);
  const toggle = page.getByRole('button', { name: new RegExp(`^(${uiText.header.openMenu}|${uiText.header.closeMenu})$`) });
  const menu = page.getByRole('navigation', { name: uiText.header.mobileNavigation });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await menu.isVisible()).toBe(false);

  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  expect(await toggle.getAttribute('aria-label')).toBe(uiText.header.closeMenu);
  expect(await menu.isVisible(), 'menu open').toBe(true);
  for (const item of headerNavigation) {
    expect(await menu.getByRole('link', { name: item.label, exact: true }).isVisible()).toBe(true);
  }
  expect(await menu.getByRole('link', { name: 'Termin vereinbaren' }).getAttribute('href')).toBe('/termin-vereinbaren');

  await menu.getByRole('link', { name: target.label, exact: true }).click();
  await page.waitForURL(target.path);
  const targetRoute = routes.find((r) => r.path === target.path)!;
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).innerText().then(normalizeText))
    .toBe(normalizeText(targetRoute.h1));
  expect(await toggle.getAttribute('aria-expanded'), 'menu closed after choosing').toBe('false');
  expect(await menu.isVisible()).toBe(false);
}

async function expectDesktopNavigation(page: Page, route: RouteExpectation) {
  const target = menuTarget(route);
  await page.getByRole('navigation', { name: uiText.header.mainNavigation, exact: true }).getByRole('link', { name: target.label, exact: true }).click();
  await page.waitForURL(target.path);
  const targetRoute = routes.find((r) => r.path === target.path)!;
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).innerText().then(normalizeText))
    .toBe(normalizeText(targetRoute.h1));
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`every route at ${VIEWPORTS[viewport].width} px`, () => {
    // Motion allowed: the home page is checked with its video and pause control showing.
    test.use({ viewport: VIEWPORTS[viewport], reducedMotion: 'no-preference' });

    for (const route of routes) {
      test(`${route.path}: fonts arrive without moving text; its content, header, footer and menu; no WCAG A/AA or CSP violations`, async ({ page, watched }) => {
        const cspViolations = await recordCspViolations(page);
        // At desktop width also what the first view asks for, and when (support/first-view.ts).
        const expectFirstView = viewport === 'desktop' ? await watchFirstView(page) : null;
        // The page opens with its font files held back, as on a slow line: the first screen
        // is recorded in the fallback fonts, then again once the files have arrived
        // (scripts/bench/font-shift.ts). It ends hydrated, with the web fonts loaded.
        const fonts = await measureFontArrival(page, route.path);
        expect(fonts.status).toBe(200);
        expect(fonts.rewraps, 'texts whose lines break elsewhere once the web fonts are there').toEqual([]);
        expect(fonts.maxPx, `moved most when the web fonts arrived: ${fonts.worst}`).toBeLessThanOrEqual(MAX_FONT_SHIFT_PX);
        if (expectFirstView) {
          await expectFirstView(route.path);
          await page.evaluate(() => window.scrollTo(0, 0));
        }

        await expectPageContent(page, route);
        await expectHeaderAndFooter(page, viewport);
        await expectSticky(page);
        await watched.settle();
        await expectNoAxeViolations(page, `${route.path} at ${VIEWPORTS[viewport].width} px`);
        expect(await cspViolations(), `CSP violations on ${route.path}`).toEqual([]);
        if (viewport === 'mobile') await expectMenuNavigation(page, route);
        else await expectDesktopNavigation(page, route);

        // Whatever the page loads after the first paint (chunks, images, the video) is done.
        await watched.settle();
        expect(await cspViolations(), `CSP violations after the navigation from ${route.path}`).toEqual([]);
        expectCleanPage(watched);
      });
    }
  });
}

/** The requests for Radix Tooltip's chunk, which a page fetches on the first use of a tooltip. */
const radixTooltipRequests = ({ requests }: WatchedPage) => requests.filter((url) => /\/assets\/tooltip-radix-[\w-]+\.js$/.test(url));

test.describe('tooltips, used for the first time', () => {
  test.describe(() => {
    test.use({ viewport: VIEWPORTS.desktop });

    test('/schlafberatung: resting the pointer on "Preis auf Anfrage" fetches Radix Tooltip and opens it above the button', async ({ page, watched }) => {
      await page.goto('/schlafberatung');
      await waitForHydration(page);
      await watched.settle();
      expect(radixTooltipRequests(watched), 'nothing of Radix Tooltip before').toEqual([]);
      const trigger = page.getByRole('main').getByRole('button', { name: 'Preis auf Anfrage' });
      await trigger.scrollIntoViewIfNeeded();
      await trigger.hover();
      // The delay itself (TOOLTIP_DELAY_MS) is checked on a fixed clock in tooltip.test.tsx.
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toHaveText(priceOnRequest.explanation, { timeout: 5000 });
      expect(radixTooltipRequests(watched)).toHaveLength(1);
      const [tip, button] = [await tooltip.boundingBox(), await trigger.boundingBox()];
      expect(tip && button && tip.y + tip.height <= button.y + 1, 'the tooltip sits above its button').toBe(true);

      await page.mouse.move(5, 300, { steps: 5 });
      await expect(tooltip).toBeHidden();
      await watched.settle();
      expectCleanPage(watched);
    });
  });

  test.describe(() => {
    test.use({ viewport: VIEWPORTS.mobile, hasTouch: true });

    test('/termin-vereinbaren: a tap on "Preis auf Anfrage" shows the explanation', async ({ page, watched }) => {
      await page.goto('/termin-vereinbaren');
      await waitForHydration(page);
      await watched.settle();
      expect(radixTooltipRequests(watched), 'nothing of Radix Tooltip before').toEqual([]);
      await page.getByRole('main').getByRole('button', { name: 'Preis auf Anfrage' }).tap();
      await expect(page.getByRole('tooltip')).toHaveText(priceOnRequest.explanation, { timeout: 5000 });
      const tip = await page.getByRole('tooltip').boundingBox();
      expect(tip && tip.x >= 0 && tip.x + tip.width <= VIEWPORTS.mobile.width, 'the tooltip fits the screen').toBe(true);
      await watched.settle();
      expectCleanPage(watched);
    });
  });
});
