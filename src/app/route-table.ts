import type { SitePath } from '@/content/types';

/**
 * Every page of the site in one table: the router, the navigation, the <head> tags, the
 * prerender step and sitemap.xml all read it, so a path is written once. Titles and
 * descriptions are copy and live in src/content/page-meta.ts, keyed by path.
 */

export type PageId =
  | 'home'
  | 'schlafberatung'
  | 'uber-uns'
  | 'kontakt'
  | 'termin-vereinbaren'
  | 'blog'
  | 'impressum'
  | 'datenschutz';

export interface PageRoute {
  id: PageId;
  path: SitePath;
  /** Label in the header navigation; pages without one are reached from the footer or a CTA. */
  navLabel?: string;
  /** Base name of the hero image in public/media, preloaded as the page's LCP element. */
  heroImage: string;
  /** Source module of the page, for the prerender step's <link rel="modulepreload">. */
  module: `src/routes/${string}.tsx`;
}

export const pageRoutes = [
  {
    id: 'home',
    path: '/',
    navLabel: 'Home',
    heroImage: 'hero-home',
    module: 'src/routes/home-page.tsx',
  },
  {
    id: 'schlafberatung',
    path: '/schlafberatung',
    navLabel: 'Schlafberatung',
    heroImage: 'hero-schlafberatung',
    module: 'src/routes/schlafberatung-page.tsx',
  },
  {
    id: 'uber-uns',
    path: '/uber-uns',
    navLabel: 'Über uns',
    heroImage: 'hero-uber-uns',
    module: 'src/routes/uber-uns-page.tsx',
  },
  {
    id: 'kontakt',
    path: '/kontakt',
    navLabel: 'Kontakt',
    heroImage: 'hero-kontakt',
    module: 'src/routes/kontakt-page.tsx',
  },
  {
    id: 'termin-vereinbaren',
    path: '/termin-vereinbaren',
    heroImage: 'hero-termin',
    module: 'src/routes/termin-page.tsx',
  },
  {
    id: 'blog',
    path: '/blog',
    heroImage: 'hero-blog',
    module: 'src/routes/blog-page.tsx',
  },
  {
    id: 'impressum',
    path: '/impressum',
    heroImage: 'hero-rechtliches',
    module: 'src/routes/impressum-page.tsx',
  },
  {
    id: 'datenschutz',
    path: '/datenschutz',
    heroImage: 'hero-rechtliches',
    module: 'src/routes/datenschutz-page.tsx',
  },
] as const satisfies readonly PageRoute[];

export const notFoundHeroImage = 'hero-rechtliches';

export function pagePath(id: PageId): string {
  const route = pageRoutes.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown page id: ${id}`);
  return route.path;
}

/** The route for a pathname, tolerating a trailing slash as static hosts serve it. */
export function findPageRoute(pathname: string): PageRoute | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return pageRoutes.find((r) => r.path === normalized);
}

export const mainNavigation = pageRoutes.filter(
  (r): r is Extract<(typeof pageRoutes)[number], { navLabel: string }> => 'navLabel' in r,
);

export const bookingPath = pagePath('termin-vereinbaren');
