import { articleCategories, categorySlug, type ArticleCategory } from '@/content/article-meta';
import type { HydrationMode } from '@/lib/hydration-mode';

/**
 * The site's own pages and the shapes of the page registry (src/lib/route-table.ts,
 * which adds the blog's articles and filtered lists). Kept apart so that Node scripts (the
 * benchmark) can read the site's pages without the articles, which only Vite can list.
 */
interface PageEntryBase {
  id: string;
  path: `/${string}`;
  /**
   * The page's component (default export), in its own chunk; also what the prerender step
   * preloads. An article's module is its Markdown file (scripts/articles/vite-articles.ts).
   */
  module: `src/routes/${string}-page.tsx` | `src/content/articles/${string}.md`;
  /**
   * 'islands' for a page whose only interactive parts are islands (the header's menu, the
   * hero's video; src/app/islands): its prerendered markup stays as it is and the browser
   * loads React for those parts alone, without the router (about 20 KB less); a link from
   * it loads the next page's document. Leave it out ('app') for a page with forms,
   * tooltips or a token: the whole app hydrates it.
   */
  hydration?: HydrationMode;
}

/**
 * One of the site's own pages. Its title and description for <head> are copy, in
 * src/content/page-meta.ts by the page's id: only the <head> builder reads them, and every
 * page loads this registry.
 */
interface SitePage extends PageEntryBase {
  slug?: undefined;
  category?: undefined;
}

/** A page of the site: in search results and sitemap.xml, with a hero. */
export interface ListedPage extends SitePage {
  /** Base name of the hero image in public/media: the page's largest paint, preloaded in <head>. */
  heroImage: string;
  /** Label in the header navigation (and the footer's page list). */
  navLabel?: string;
  /** Label in the footer's page list only. Pages with neither are reached by calls to action. */
  footerLabel?: string;
  unlisted?: false;
}

/**
 * A page only a link in an e-mail leads to (the appointment action page): prerendered, so
 * a static host serves it, but `noindex`, not in sitemap.xml and in no navigation. It
 * shows no hero – the type says so, so nothing preloads an image it would not paint.
 */
export interface UnlistedPage extends SitePage {
  unlisted: true;
  heroImage?: undefined;
  navLabel?: undefined;
  footerLabel?: undefined;
}

/**
 * An article of the blog, /blog/<slug>: listed and in sitemap.xml, without a hero image
 * (its title is the largest paint). Only its slug is here: every page loads this registry,
 * and the article's facts (title, excerpt, date …) are read where they are shown – its page,
 * the blog's list, the <head> builder (src/content/article-index.ts).
 */
export interface ArticlePage extends PageEntryBase {
  slug: string;
  category?: undefined;
  unlisted?: false;
  heroImage?: undefined;
  navLabel?: undefined;
  footerLabel?: undefined;
}

/** The blog's list filtered by a category, /blog/kategorie/<name>: the blog page again, with its hero. */
export interface CategoryPage extends PageEntryBase {
  category: ArticleCategory;
  heroImage: string;
  slug?: undefined;
  unlisted?: false;
  navLabel?: undefined;
  footerLabel?: undefined;
}

export type PageEntry = ListedPage | ArticlePage | CategoryPage | UnlistedPage;

/** The site's own pages (the blog's articles and filtered lists follow from the articles). */
export const sitePages = [
  {
    id: 'home',
    path: '/',
    module: 'src/routes/home-page.tsx',
    heroImage: 'hero-home',
    navLabel: 'Home',
    hydration: 'islands',
  },
  {
    id: 'schlafberatung',
    path: '/schlafberatung',
    module: 'src/routes/sleep-counselling-page.tsx',
    heroImage: 'hero-schlafberatung',
    navLabel: 'Schlafberatung',
  },
  {
    id: 'uber-uns',
    path: '/uber-uns',
    module: 'src/routes/about-page.tsx',
    heroImage: 'hero-uber-uns',
    navLabel: 'Über uns',
    hydration: 'islands',
  },
  {
    id: 'kontakt',
    path: '/kontakt',
    module: 'src/routes/contact-page.tsx',
    heroImage: 'hero-kontakt',
    navLabel: 'Kontakt',
  },
  {
    id: 'termin-vereinbaren',
    path: '/termin-vereinbaren',
    module: 'src/routes/appointment-page.tsx',
    heroImage: 'hero-termin',
  },
  {
    id: 'blog',
    path: '/blog',
    module: 'src/routes/blog-page.tsx',
    heroImage: 'hero-blog',
    footerLabel: 'Blog',
  },
  {
    id: 'impressum',
    path: '/impressum',
    module: 'src/routes/legal-notice-page.tsx',
    heroImage: 'hero-rechtliches',
    footerLabel: 'Impressum',
    hydration: 'islands',
  },
  {
    id: 'datenschutz',
    path: '/datenschutz',
    module: 'src/routes/privacy-page.tsx',
    heroImage: 'hero-rechtliches',
    footerLabel: 'Datenschutz',
    hydration: 'islands',
  },
  {
    id: 'termin-aktion',
    path: '/termin/aktion',
    module: 'src/routes/appointment-action-page.tsx',
    unlisted: true,
  },
  {
    id: 'newsletter-bestaetigen',
    path: '/newsletter/bestaetigen',
    module: 'src/routes/newsletter-link-page.tsx',
    unlisted: true,
  },
  {
    id: 'newsletter-abmelden',
    path: '/newsletter/abmelden',
    module: 'src/routes/newsletter-link-page.tsx',
    unlisted: true,
  },
  {
    id: 'meine-daten',
    path: '/meine-daten',
    module: 'src/routes/my-data-page.tsx',
    unlisted: true,
  },
  {
    id: 'schlaftagebuch',
    path: '/schlaftagebuch',
    module: 'src/routes/sleep-diary-page.tsx',
    unlisted: true,
  },
] as const satisfies readonly PageEntry[];

/** The blog's address of an article. */
export function articlePath(slug: string): `/blog/${string}` {
  return `/blog/${slug}`;
}

/** The address of the blog's list filtered by a category («Alle» is /blog itself). */
export function categoryPath(category: (typeof articleCategories)[number]): `/blog/${string}` {
  return `/blog/kategorie/${categorySlug(category)}`;
}

/** Whether search engines may know the page (sitemap.xml lists it; an unlisted one says noindex). */
export function isListed(route: PageEntry): route is ListedPage | ArticlePage | CategoryPage {
  return !route.unlisted;
}

/** The site's own pages' ids (pagePath takes these). */
export type PageId = (typeof sitePages)[number]['id'];
/** The site's paths. Links in content may only point here. */
export type SitePath = (typeof sitePages)[number]['path'] | `/blog/${string}`;

export function pagePath(id: PageId): SitePath {
  const route = sitePages.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown page id: ${id}`);
  return route.path;
}
