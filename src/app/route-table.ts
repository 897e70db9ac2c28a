/**
 * Every page of the site in one table: the router, the navigation, the <head> tags, the
 * prerender step and sitemap.xml all read it, so a path or a title is written once.
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
  path: `/${string}`;
  /** Label in the header navigation; pages without one are reached from the footer or a CTA. */
  navLabel?: string;
  title: string;
  description: string;
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
    title: 'Ruhepol Schlafberatung – Schlafberatung und Liegediagnostik in Uitikon bei Zürich',
    description:
      'Rücken- oder Nackenschmerzen nach dem Schlafen? Zertifizierte Schlafberatung, Liegediagnostik mit Körpervermessung und Prävention in Uitikon ZH, nahe Zürich.',
    heroImage: 'hero-home',
    module: 'src/routes/home-page.tsx',
  },
  {
    id: 'schlafberatung',
    path: '/schlafberatung',
    navLabel: 'Schlafberatung',
    title: 'Schlafberatung und Liegediagnostik – Ruhepol Schlafberatung',
    description:
      'So läuft die Schlafberatung ab: Analyse, Diagnose, Lösung. Anamnese, Körpervermessung und ein Schlafsystem, das zu Ihrem Körper passt.',
    heroImage: 'hero-schlafberatung',
    module: 'src/routes/schlafberatung-page.tsx',
  },
  {
    id: 'uber-uns',
    path: '/uber-uns',
    navLabel: 'Über uns',
    title: 'Über uns – Ruhepol Schlafberatung',
    description:
      'Zwei zertifizierte Schlafberater in Uitikon ZH: unsere Mission, unser Team, unsere Werte und Qualifikationen.',
    heroImage: 'hero-uber-uns',
    module: 'src/routes/uber-uns-page.tsx',
  },
  {
    id: 'kontakt',
    path: '/kontakt',
    navLabel: 'Kontakt',
    title: 'Kontakt – Ruhepol Schlafberatung',
    description:
      'Schreiben Sie uns oder rufen Sie an: Wir antworten innerhalb von 24 Stunden. Praxis in Uitikon ZH, kostenlose Parkplätze.',
    heroImage: 'hero-kontakt',
    module: 'src/routes/kontakt-page.tsx',
  },
  {
    id: 'termin-vereinbaren',
    path: '/termin-vereinbaren',
    title: 'Termin vereinbaren – Ruhepol Schlafberatung',
    description:
      'Fragen Sie Ihren Termin für Schlafberatung, Follow-up oder Beratung zu Hause online an. Wir bestätigen innerhalb von 24 Stunden.',
    heroImage: 'hero-termin',
    module: 'src/routes/termin-page.tsx',
  },
  {
    id: 'blog',
    path: '/blog',
    title: 'Blog – Ruhepol Schlafberatung',
    description:
      'Wissen rund um gesunden Schlaf: Artikel zu Gesundheit, Beratung, Tipps und Technologie von unseren Schlafberatern.',
    heroImage: 'hero-blog',
    module: 'src/routes/blog-page.tsx',
  },
  {
    id: 'impressum',
    path: '/impressum',
    title: 'Impressum – Ruhepol Schlafberatung',
    description: 'Impressum der Ruhepol Schlafberatung GmbH, Zürich: Kontakt, Handelsregister und UID.',
    heroImage: 'hero-rechtliches',
    module: 'src/routes/impressum-page.tsx',
  },
  {
    id: 'datenschutz',
    path: '/datenschutz',
    title: 'Datenschutzerklärung – Ruhepol Schlafberatung',
    description:
      'Wie wir Ihre Angaben aus dem Kontakt- und dem Terminformular bearbeiten, wer sie erhält, wie lange wir sie aufbewahren und welche Rechte Sie haben.',
    heroImage: 'hero-rechtliches',
    module: 'src/routes/datenschutz-page.tsx',
  },
] as const satisfies readonly PageRoute[];

export const notFoundRoute = {
  title: 'Seite nicht gefunden – Ruhepol Schlafberatung',
  description: 'Diese Seite gibt es nicht (mehr). Zurück zur Startseite der Ruhepol Schlafberatung.',
  heroImage: 'hero-rechtliches',
} as const;

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
