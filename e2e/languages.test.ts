/**
 * The site in both languages (docs/decisions/011-two-languages.md): every route of the
 * German site and of the English one opens with its own `<html lang>`, its heading and no
 * text of the other language's copy; the header's switch names each language in its own
 * language and leads to the same page in the other; every English page passes axe. One
 * pair per test, each of its pages loaded once, so both workers share the sweep.
 */
import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { waitForHydration } from './support/hydration.ts';
import { ENGLISH_ARTICLES_DIR, readArticlesSync } from '../scripts/articles/article-source.ts';
import { articleCategories } from '../src/content/article-meta.ts';
import { onlyIn } from '../src/content/all-copy.ts';
import { uiTextCopy } from '../src/content/ui-text.ts';
import { languageNames, languages, languageTags, type Language } from '../src/lib/language.ts';
import { articlePath, blogPath, categoryPath, sitePages } from '../src/lib/site-pages.ts';
import { practiceContact } from '../supabase/functions/_shared/domain/practice.ts';

test.describe.configure({ mode: 'parallel' });
test.use({ viewport: VIEWPORTS.desktop });

/** A page in both languages: its path in each. */
type LanguagePair = Record<Language, string>;

const german = readArticlesSync();
const english = readArticlesSync(ENGLISH_ARTICLES_DIR);

/** The registry's pages, the blog's filtered lists and the articles that have a translation, each pair once. */
const pairs: LanguagePair[] = [
  ...sitePages.filter((page) => page.language === 'de').map((page) => page.alternates as LanguagePair),
  ...articleCategories.map((category) => ({ de: categoryPath(category, 'de'), en: categoryPath(category, 'en') })),
  ...english.flatMap((article) => {
    const original = german.find((candidate) => candidate.slug === article.translationOf);
    return original ? [{ de: articlePath(original.slug, 'de'), en: articlePath(article.slug, 'en') }] : [];
  }),
];

/** The texts of the other language's copy, but not the practice's name, which is a name in both. */
const foreignTexts = Object.fromEntries(
  languages.map((language) => [language, onlyIn(language === 'de' ? 'en' : 'de').filter((text) => !practiceContact.name.includes(text))]),
) as Record<Language, string[]>;

/** Texts of the other language's copy the page shows: a short one as a whole element's text, a longer one anywhere. */
async function foreignTextsShown(page: Page, language: Language): Promise<string[]> {
  // One pass in the page: the texts of the visible elements without child elements (visible
  // as Playwright's :visible means it: a box of some size, not hidden by its style), and the
  // body's rendered text.
  const { texts, whole } = await page.evaluate(() => {
    const leaves = [...document.body.querySelectorAll('*')].filter((element) => {
      if (element.childElementCount > 0) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true });
    });
    return { texts: leaves.map((element) => (element.textContent ?? '').trim()).filter(Boolean), whole: document.body.innerText.replace(/\u00ad/g, '') };
  });
  const elements = new Set(texts);
  return foreignTexts[language].filter((text) => (text.length >= 20 ? whole.includes(text) : elements.has(text)));
}

/**
 * The open page is the pair's page in `language`, as its own document: its `<html lang>`,
 * its heading, no text of the other language, axe for an English page, and the switch
 * marking it and linking the pair's other page. Returns that link.
 */
async function expectPageIn(page: Page, pair: LanguagePair, language: Language) {
  const other = languages.find((candidate) => candidate !== language)!;
  expect(await page.locator('html').getAttribute('lang')).toBe(languageTags[language]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForHydration(page);
  expect(await foreignTextsShown(page, language), `texts of the other language on ${pair[language]}`).toEqual([]);
  if (language === 'en') await expectNoAxeViolations(page, pair[language]);

  const { uiText } = uiTextCopy[language];
  const switcher = page.getByRole('banner').getByRole('navigation', { name: uiText.header.languageSwitch });
  // The open language is named and marked, not linked; the other one is a link to the pair.
  await expect(switcher.getByText(languageNames[language], { exact: true })).toHaveAttribute('aria-current', 'true');
  const link = switcher.getByRole('link', { name: languageNames[other], exact: true });
  expect(await link.getAttribute('href')).toBe(pair[other]);
  expect(await link.getAttribute('hreflang')).toBe(languageTags[other]);
  return link;
}

test('the sweep covers every site page, list and translated article, each pair once', () => {
  expect(pairs).toHaveLength(sitePages.length / 2 + articleCategories.length + english.filter((article) => article.translationOf).length);
  expect(new Set(pairs.map((pair) => pair.en)).size).toBe(pairs.length);
  expect(pairs).toEqual(expect.arrayContaining([{ de: '/', en: '/en' }, { de: blogPath('de'), en: blogPath('en') }]));
});

// Each page is opened once: every other pair from its German page, the others from their
// English one, so that the switch is followed in both directions across the site; the
// page it leads to is a document of its own (a plain link), checked like the first.
pairs.forEach((pair, index) => {
  const [first, second]: [Language, Language] = index % 2 === 0 ? ['de', 'en'] : ['en', 'de'];
  test(`${pair[first]} and ${pair[second]}: each in its language only, the switch leads from one to the other`, async ({ page, watched }) => {
    const response = await page.goto(pair[first]);
    expect(response?.status()).toBe(200);
    const link = await expectPageIn(page, pair, first);
    await link.click();
    await page.waitForURL(pair[second]);
    await expectPageIn(page, pair, second);
    await watched.settle();
    expect(watched.problems.pageErrors).toEqual([]);
  });
});

test.describe('at phone width', () => {
  test.use({ viewport: VIEWPORTS.mobile });

  test('the menu holds the switch, and it leads to the same page in English', async ({ page }) => {
    await page.goto('/kontakt');
    await waitForHydration(page);
    const { uiText } = uiTextCopy.de;
    await page.getByRole('button', { name: uiText.header.openMenu }).click();
    const menu = page.getByRole('navigation', { name: uiText.header.mobileNavigation });
    await menu.getByRole('link', { name: languageNames.en, exact: true }).click();
    await page.waitForURL('/en/contact');
    expect(await page.locator('html').getAttribute('lang')).toBe(languageTags.en);
  });
});

test('an unknown path under /en/ is answered with the English 404 page', async ({ page }) => {
  const response = await page.goto('/en/does-not-exist');
  expect(response?.status()).toBe(404);
  expect(await page.locator('html').getAttribute('lang')).toBe(languageTags.en);
  const { uiText } = uiTextCopy.en;
  await expect(page.getByRole('main').getByRole('link', { name: uiText.notFound.homeLink })).toHaveAttribute('href', '/en');
});
