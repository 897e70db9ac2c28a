/**
 * The page registry: every page of the site is one entry here, and everything else is
 * derived from it – the router (the lazy chunk comes from `module`), the header and
 * footer navigation, the <head> (title, description, the preloaded hero image), the
 * prerender list and sitemap.xml. The page's component renders the hero named here
 * (components/sections/hero.tsx reads it), so the image preloaded in <head> is the one
 * on screen. Adding a page: one entry in ./site-pages.ts, its title and description in src/content/page-meta.ts, and its component in src/routes. A page
 * that only e-mails link to is `unlisted`: prerendered, but kept out of search results,
 * the sitemap and the navigation. The blog's articles and its filtered lists are entries
 * too, made from the articles' files (blogPageRoutes below): an article is added by adding its file.
 */
import { articleCategories, categorySlug } from '@/content/article-meta';
import { languages, type Language } from './language';
import { articlePath, categoryPath, pagePath, sitePages, type ArticlePage, type CategoryPage, type PageEntry } from './site-pages';

export * from './site-pages';

/**
 * The articles' slugs: their files' names. Only the names – every page loads this module,
 * and an article's facts are read where they are shown (src/content/article-index.ts); the
 * files themselves are the articles' lazily loaded pages (./routes.tsx). An English
 * article's file also says which German one it translates (`?translation`, a slug).
 */
const slugOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.md'.length);
const germanSlugs = Object.keys(import.meta.glob('/src/content/articles/*.md')).map(slugOf);
const englishArticles = Object.entries(
  import.meta.glob<string | null>('/src/content/articles/en/*.md', { eager: true, query: '?translation', import: 'default' }),
).map(([file, translationOf]) => ({ slug: slugOf(file), translationOf }));

/** The filtered lists (the blog page again, its chips set to one category) and the articles, in both languages. */
function blogPageRoutes(): PageEntry[] {
  const lists = languages.flatMap((language) =>
    articleCategories.map(
      (category): CategoryPage => ({
        id: `blog-${categorySlug(category)}`,
        path: categoryPath(category, language),
        language,
        alternates: { de: categoryPath(category, 'de'), en: categoryPath(category, 'en') },
        module: 'src/routes/blog-page.tsx',
        category,
        heroImage: 'hero-blog',
      }),
    ),
  );
  const translationOf = new Map(englishArticles.flatMap(({ slug, translationOf }) => (translationOf ? [[translationOf, slug] as const] : [])));
  for (const german of translationOf.keys()) {
    if (!germanSlugs.includes(german)) throw new Error(`An English article translates «${german}», which is not in src/content/articles`);
  }
  const article = (slug: string, language: Language, alternates: ArticlePage['alternates']): ArticlePage => ({
    id: `artikel-${slug}`,
    path: articlePath(slug, language),
    language,
    alternates,
    module: `src/content/articles/${language === 'en' ? 'en/' : ''}${slug}.md`,
    slug,
    hydration: 'islands',
  });
  const articles = [
    ...germanSlugs.map((slug) => {
      const english = translationOf.get(slug);
      return article(slug, 'de', { de: articlePath(slug, 'de'), ...(english && { en: articlePath(english, 'en') }) });
    }),
    ...englishArticles.map(({ slug, translationOf: german }) =>
      article(slug, 'en', { en: articlePath(slug, 'en'), ...(german && { de: articlePath(german, 'de') }) }),
    ),
  ];
  return [...lists, ...articles];
}

export const pageRoutes: readonly PageEntry[] = [...sitePages, ...blogPageRoutes()];

export type PageRoute = PageEntry;


/** The route for a pathname, tolerating a trailing slash as static hosts serve it. */
export function findPageRoute(pathname: string, routes: readonly PageEntry[] = pageRoutes): PageEntry | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((r) => r.path === normalized);
}

export interface NavigationLink {
  path: string;
  label: string;
}

/** The header navigation: pages with a navLabel, in registry order (an unlisted page has none). */
export function headerNavigationOf(routes: readonly PageEntry[]): NavigationLink[] {
  return routes.flatMap((r) => (r.navLabel ? [{ path: r.path, label: r.navLabel }] : []));
}

/** The footer's page list: the header's pages, then those with a footerLabel. */
export function footerNavigationOf(routes: readonly PageEntry[]): NavigationLink[] {
  return [
    ...headerNavigationOf(routes),
    ...routes.flatMap((r) => (r.footerLabel ? [{ path: r.path, label: r.footerLabel }] : [])),
  ];
}

const routesIn = (language: Language) => pageRoutes.filter((route) => route.language === language);

/** The header navigation of each language. */
export const mainNavigation: Readonly<Record<Language, NavigationLink[]>> = {
  de: headerNavigationOf(routesIn('de')),
  en: headerNavigationOf(routesIn('en')),
};
/** The footer's page list of each language. */
export const footerNavigation: Readonly<Record<Language, NavigationLink[]>> = {
  de: footerNavigationOf(routesIn('de')),
  en: footerNavigationOf(routesIn('en')),
};

/** The booking page (the header's button, the heroes' default call to action) in a language. */
export const appointmentPath = (language: Language = 'de') => pagePath('termin-vereinbaren', language);

/**
 * The same page in the other language, for the language switch: its pair, or – for a page
 * without one (an article not translated, an unknown path) – the other language's home page.
 */
export function pairedPath(pathname: string, language: Language): string {
  return findPageRoute(pathname)?.alternates[language] ?? pagePath('home', language);
}
