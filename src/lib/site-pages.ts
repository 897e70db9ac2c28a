import { categorySlug, type articleCategories, type ArticleCategory } from '@/content/article-meta';
import type { HydrationMode } from '@/lib/hydration-mode';
import { languages, type Language } from '@/lib/language';
import { LINKED_PAGE_PATHS } from '@domain/link-paths';

/**
 * The site's own pages and the shapes of the page registry (src/lib/route-table.ts,
 * which adds the blog's articles and filtered lists). Kept apart so that Node scripts (the
 * benchmark) can read the site's pages without the articles, which only Vite can list.
 */
interface PageEntryBase {
  /** The page's id, the same in both languages (its title and description are found by it). */
  id: string;
  path: `/${string}`;
  /** The language of the page's copy; its path says it too (src/lib/language.ts). */
  language: Language;
  /**
   * The same page in each language, this one included: hreflang, the language switch. An
   * English article without a German original, or the reverse, has only its own.
   */
  alternates: Partial<Record<Language, `/${string}`>>;
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

/** What the registry writes of one of the site's own pages: its path and labels in each language. */
type SitePageSource = Omit<ListedPage | UnlistedPage, 'path' | 'language' | 'alternates' | 'navLabel' | 'footerLabel'> & {
  paths: Record<Language, `/${string}`>;
  navLabel?: Record<Language, string>;
  footerLabel?: Record<Language, string>;
};

/**
 * The site's own pages, each with its path in both languages (the German ones are the
 * product specification's routes). The pages the functions' mails link to take their
 * paths from @domain/link-paths, which the mails build their links with. The blog's articles and filtered lists follow from the
 * articles.
 */
export const sitePageSources = [
  {
    id: 'home',
    paths: { de: '/', en: '/en' },
    module: 'src/routes/home-page.tsx',
    heroImage: 'hero-home',
    navLabel: { de: 'Home', en: 'Home' },
    hydration: 'islands',
  },
  {
    id: 'schlafberatung',
    paths: { de: '/schlafberatung', en: '/en/sleep-counselling' },
    module: 'src/routes/sleep-counselling-page.tsx',
    heroImage: 'hero-schlafberatung',
    navLabel: { de: 'Schlafberatung', en: 'Sleep counselling' },
  },
  {
    id: 'uber-uns',
    paths: { de: '/uber-uns', en: '/en/about-us' },
    module: 'src/routes/about-page.tsx',
    heroImage: 'hero-uber-uns',
    navLabel: { de: 'Über uns', en: 'About us' },
    hydration: 'islands',
  },
  {
    id: 'kontakt',
    paths: { de: '/kontakt', en: '/en/contact' },
    module: 'src/routes/contact-page.tsx',
    heroImage: 'hero-kontakt',
    navLabel: { de: 'Kontakt', en: 'Contact' },
  },
  {
    id: 'termin-vereinbaren',
    paths: LINKED_PAGE_PATHS.booking,
    module: 'src/routes/appointment-page.tsx',
    heroImage: 'hero-termin',
  },
  {
    id: 'blog',
    paths: LINKED_PAGE_PATHS.blog,
    module: 'src/routes/blog-page.tsx',
    heroImage: 'hero-blog',
    footerLabel: { de: 'Blog', en: 'Blog' },
  },
  {
    id: 'impressum',
    paths: { de: '/impressum', en: '/en/legal-notice' },
    module: 'src/routes/legal-notice-page.tsx',
    heroImage: 'hero-rechtliches',
    footerLabel: { de: 'Impressum', en: 'Legal notice' },
    hydration: 'islands',
  },
  {
    id: 'datenschutz',
    paths: { de: '/datenschutz', en: '/en/privacy' },
    module: 'src/routes/privacy-page.tsx',
    heroImage: 'hero-rechtliches',
    footerLabel: { de: 'Datenschutz', en: 'Privacy' },
    hydration: 'islands',
  },
  {
    id: 'termin-aktion',
    paths: LINKED_PAGE_PATHS.action,
    module: 'src/routes/appointment-action-page.tsx',
    unlisted: true,
  },
  {
    id: 'newsletter-bestaetigen',
    paths: LINKED_PAGE_PATHS.newsletterConfirm,
    module: 'src/routes/newsletter-link-page.tsx',
    unlisted: true,
  },
  {
    id: 'newsletter-abmelden',
    paths: LINKED_PAGE_PATHS.newsletterUnsubscribe,
    module: 'src/routes/newsletter-link-page.tsx',
    unlisted: true,
  },
  {
    id: 'meine-daten',
    paths: LINKED_PAGE_PATHS.myData,
    module: 'src/routes/my-data-page.tsx',
    unlisted: true,
  },
  {
    id: 'schlaftagebuch',
    paths: LINKED_PAGE_PATHS.sleepDiary,
    module: 'src/routes/sleep-diary-page.tsx',
    unlisted: true,
  },
] as const satisfies readonly SitePageSource[];

/** The site's own pages, one entry per language. */
export const sitePages: readonly (ListedPage | UnlistedPage)[] = sitePageSources.flatMap((source: SitePageSource) =>
  languages.map((language): ListedPage | UnlistedPage => {
    const { paths, navLabel, footerLabel, ...page } = source;
    return {
      ...page,
      path: paths[language],
      language,
      alternates: paths,
      ...(navLabel && { navLabel: navLabel[language] }),
      ...(footerLabel && { footerLabel: footerLabel[language] }),
    } as ListedPage | UnlistedPage;
  }),
);

/** The blog's list: /blog, /en/blog. */
export function blogPath(language: Language = 'de'): `/${string}` {
  return LINKED_PAGE_PATHS.blog[language];
}

/** The blog's address of an article. */
export function articlePath(slug: string, language: Language = 'de'): `/${string}` {
  return `${blogPath(language)}/${slug}`;
}

/** The address of the blog's list filtered by a category («Alle» is the blog page itself). */
export function categoryPath(category: (typeof articleCategories)[number], language: Language = 'de'): `/${string}` {
  return `${blogPath(language)}/${language === 'en' ? 'category' : 'kategorie'}/${categorySlug(category, language)}`;
}

/** Whether search engines may know the page (sitemap.xml lists it; an unlisted one says noindex). */
export function isListed(route: PageEntry): route is ListedPage | ArticlePage | CategoryPage {
  return !route.unlisted;
}

/** The site's own pages' ids (pagePath takes these). */
export type PageId = (typeof sitePageSources)[number]['id'];
/** The site's paths, in both languages. Links in content may only point here. */
export type SitePath = (typeof sitePageSources)[number]['paths'][Language] | `/blog/${string}` | `/en/blog/${string}`;

/** A page's path in a language (German unless told). */
export function pagePath(id: PageId, language: Language = 'de'): SitePath {
  const source = sitePageSources.find((r) => r.id === id);
  if (!source) throw new Error(`Unknown page id: ${id}`);
  return source.paths[language];
}
