/**
 * The blog as a visitor uses it: the chips filter the list (the address says which, with
 * and without JavaScript), «Lesen» opens the article, and the articles and filtered lists
 * pass axe (every one at phone width, each template at desktop width).
 */
import { expectNoAxeViolations } from './support/a11y.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { blogArticles, routes } from './support/site.ts';
import { articleCategories, categorySlug } from '../src/content/article-meta.ts';
import { blogPage } from '../src/content/blog.ts';
import type { Page } from '@playwright/test';

// Every test here is a page load of its own that changes nothing: the two workers may share
// this file's tests, so that a long sweep does not end the run on one worker alone.
test.describe.configure({ mode: 'parallel' });

const cardTitles = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 }).allInnerTexts();
const titlesOf = (category: string) => blogArticles.filter((a) => a.category === category).map((a) => a.title);
/** A card's «Lesen» link: its name is «Lesen», then the article's title (Chromium puts a space before the colon). */
const readLink = (page: Page, title: string) =>
  page.getByRole('link', { name: new RegExp(`^Lesen ?: ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
const chip = (page: Page, name: string) => page.getByRole('navigation', { name: 'Kategorien' }).getByRole('link', { name, exact: true });

test('the chips filter the list, the address says which, and «Alle» brings every article back', async ({ page }) => {
  await page.goto('/blog');
  await waitForHydration(page);
  await chip(page, 'Gesundheit').click();
  await expect(page).toHaveURL(/\/blog\/kategorie\/gesundheit#kategorien$/);
  await expect.poll(() => cardTitles(page)).toEqual(titlesOf('Gesundheit'));
  await expect(chip(page, 'Gesundheit')).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Blog: Gesundheit – Ruhepol Schlafberatung');
  // The list is in view after the filter, not the top of the page.
  await expect(page.getByRole('navigation', { name: 'Kategorien' })).toBeInViewport();

  // The address can be shared: opened anew, it shows the same list.
  await page.goto('/blog/kategorie/technologie');
  expect(await cardTitles(page)).toEqual(titlesOf('Technologie'));

  await waitForHydration(page);
  await chip(page, 'Alle').click();
  await expect(page).toHaveURL(/\/blog#kategorien$/);
  await expect.poll(() => cardTitles(page)).toEqual(blogArticles.filter((a) => a.featured).concat(blogArticles.filter((a) => !a.featured)).map((a) => a.title));
});

test('«Lesen» opens the article; its links lead on inside the site', async ({ page }) => {
  const article = blogArticles.find((a) => a.slug === 'ablauf-schlafberatung')!;
  await page.goto('/blog');
  await waitForHydration(page);
  await readLink(page, article.title).click();
  await expect(page).toHaveURL(/\/blog\/ablauf-schlafberatung$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  await expect(page).toHaveTitle(`${article.title} – Ruhepol Schlafberatung`);
  await page.getByRole('region', { name: blogPage.closingCta.title }).getByRole('link', { name: blogPage.closingCta.primary.label }).click();
  await expect(page).toHaveURL(/\/termin-vereinbaren$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the chips and «Lesen» are plain links to prerendered pages', async ({ page }) => {
    await page.goto('/blog');
    await chip(page, 'Tipps').click();
    await expect(page).toHaveURL(/\/blog\/kategorie\/tipps#kategorien$/);
    expect(await cardTitles(page)).toEqual(titlesOf('Tipps'));
    await expect(chip(page, 'Tipps')).toHaveAttribute('aria-current', 'page');
    await readLink(page, titlesOf('Tipps')[0]!).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titlesOf('Tipps')[0]!);
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Quellen' })).toBeVisible();
  });
});

/**
 * axe on every article and filtered list that routes.test.ts does not already check at
 * phone width, where text reflows and targets are smallest. routes.test.ts checks one
 * article and one list (each template) at both widths; what differs between articles
 * (links, images, headings) does not depend on the width, and each axe run is one more
 * page load of a CPU-bound suite.
 */
const checkedByRoutes = new Set(routes.map((route) => route.path));
const blogPaths = [...blogArticles.map((a) => `/blog/${a.slug}`), ...articleCategories.map((category) => `/blog/kategorie/${categorySlug(category)}`)].filter(
  (path) => !checkedByRoutes.has(path),
);

test.describe(`axe at ${VIEWPORTS.mobile.width} px`, () => {
  test.use({ viewport: VIEWPORTS.mobile });
  // One page for all of them: a context per article would cost more than its axe run.
  test(`the articles and lists routes.test.ts does not load have no WCAG A/AA violations`, async ({ page }) => {
    expect(blogPaths.length, 'articles and lists to check').toBeGreaterThan(0);
    for (const path of blogPaths) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page, `${path} at ${VIEWPORTS.mobile.width} px`);
    }
  });
});
