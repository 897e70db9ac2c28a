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
import { articlePath, categoryPath, pagePath, sitePages, type ArticlePage, type CategoryPage, type PageEntry } from './site-pages';

export * from './site-pages';

/**
 * The articles' slugs: their files' names. Only the names – every page loads this module,
 * and an article's facts are read where they are shown (src/content/article-index.ts); the
 * files themselves are the articles' lazily loaded pages (./routes.tsx).
 */
const articleSlugs = Object.keys(import.meta.glob('/src/content/articles/*.md')).map((file) => file.slice(file.lastIndexOf('/') + 1, -'.md'.length));

/** The filtered lists (the blog page again, its chips set to one category) and the articles. */
function blogPageRoutes(): PageEntry[] {
  const lists = articleCategories.map(
    (category): CategoryPage => ({
      id: `blog-${categorySlug(category)}`,
      path: categoryPath(category),
      module: 'src/routes/blog-page.tsx',
      category,
      heroImage: 'hero-blog',
    }),
  );
  const articles = articleSlugs.map(
    (slug): ArticlePage => ({
      id: `artikel-${slug}`,
      path: articlePath(slug),
      module: `src/content/articles/${slug}.md`,
      slug,
      hydration: 'islands',
    }),
  );
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

export const mainNavigation = headerNavigationOf(pageRoutes);
export const footerNavigation = footerNavigationOf(pageRoutes);

export const appointmentPath = pagePath('termin-vereinbaren');
