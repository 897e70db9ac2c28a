import { practice } from '@/content/practice';

/**
 * The page registry: every page of the site is one entry here, and everything else is
 * derived from it – the router (the lazy chunk comes from `module`), the header and
 * footer navigation, the <head> (title, description, the preloaded hero image), the
 * prerender list and sitemap.xml. The page's component renders the hero named here
 * (components/sections/hero.tsx reads it), so the image preloaded in <head> is the one
 * on screen. Adding a page: one entry below plus its component in src/routes. A page
 * that only e-mails link to is `unlisted`: prerendered, but kept out of search results,
 * the sitemap and the navigation.
 */
interface PageEntryBase {
  id: string;
  path: `/${string}`;
  /** The page's component (default export), in its own chunk; also what the prerender step preloads. */
  module: `src/routes/${string}-page.tsx`;
  /** For the browser tab and search results: short; the practice name is added by the head builder. */
  title: string;
  /** 120–160 characters, for search results and link previews. */
  description: string;
}

/** A page of the site: in search results and sitemap.xml, with a hero. */
export interface ListedPage extends PageEntryBase {
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
export interface UnlistedPage extends PageEntryBase {
  unlisted: true;
  heroImage?: undefined;
  navLabel?: undefined;
  footerLabel?: undefined;
}

export type PageEntry = ListedPage | UnlistedPage;

const { locality, region } = practice.practiceAddress;
const reply = practice.replyWithinHours;

export const pageRoutes = [
  {
    id: 'home',
    path: '/',
    module: 'src/routes/home-page.tsx',
    title: 'Schlafberatung und Liegediagnostik bei Zürich',
    description: `Rücken- oder Nackenschmerzen nach dem Schlafen? Zertifizierte Schlafberatung, Körpervermessung und Liege-Monitoring in ${locality} ${region}, nahe Zürich.`,
    heroImage: 'hero-home',
    navLabel: 'Home',
  },
  {
    id: 'schlafberatung',
    path: '/schlafberatung',
    module: 'src/routes/sleep-counselling-page.tsx',
    title: 'Schlafberatung',
    description:
      'Schlafberatung mit Anamnese, Körpervermessung und optionalem Liege-Monitoring: So finden wir heraus, was Ihr Körper im Liegen braucht. Unabhängig und verständlich.',
    heroImage: 'hero-schlafberatung',
    navLabel: 'Schlafberatung',
  },
  {
    id: 'uber-uns',
    path: '/uber-uns',
    module: 'src/routes/about-page.tsx',
    title: 'Über uns',
    description: `Zwei zertifizierte Schlafberater in ${locality} ${region} seit ${practice.founded}: unsere Mission, unser Team, unsere Werte und Qualifikationen.`,
    heroImage: 'hero-uber-uns',
    navLabel: 'Über uns',
  },
  {
    id: 'kontakt',
    path: '/kontakt',
    module: 'src/routes/contact-page.tsx',
    title: 'Kontakt',
    description: `Schreiben Sie uns oder rufen Sie an: Wir antworten innerhalb von ${reply} Stunden. Praxis in ${locality} ${region}, kostenlose Parkplätze hinter dem Haus.`,
    heroImage: 'hero-kontakt',
    navLabel: 'Kontakt',
  },
  {
    id: 'termin-vereinbaren',
    path: '/termin-vereinbaren',
    module: 'src/routes/appointment-page.tsx',
    title: 'Termin vereinbaren',
    description: `Fragen Sie Ihren Termin für Schlafberatung, Follow-up oder Beratung zu Hause online an. Wir bestätigen Ihren Termin innerhalb von ${reply} Stunden.`,
    heroImage: 'hero-termin',
  },
  {
    id: 'blog',
    path: '/blog',
    module: 'src/routes/blog-page.tsx',
    title: 'Blog',
    description:
      'Tipps und Hintergründe rund um gesunden Schlaf: richtiges Liegen, Kissen und Matratzen, Schlafhygiene und Liege-Monitoring, verständlich erklärt.',
    heroImage: 'hero-blog',
    footerLabel: 'Blog',
  },
  {
    id: 'impressum',
    path: '/impressum',
    module: 'src/routes/legal-notice-page.tsx',
    title: 'Impressum',
    description: `Impressum der ${practice.name} GmbH: Firmensitz in Zürich, Geschäftsführung, Kontakt, Handelsregistereintrag und UID-Nummer.`,
    heroImage: 'hero-rechtliches',
    footerLabel: 'Impressum',
  },
  {
    id: 'datenschutz',
    path: '/datenschutz',
    module: 'src/routes/privacy-page.tsx',
    title: 'Datenschutzerklärung',
    description:
      'Wie wir Angaben aus dem Kontakt- und dem Terminformular bearbeiten: Zweck, Empfänger, Aufbewahrung und Ihre Rechte nach dem Schweizer Datenschutzgesetz.',
    heroImage: 'hero-rechtliches',
    footerLabel: 'Datenschutz',
  },
  {
    id: 'termin-aktion',
    path: '/termin/aktion',
    module: 'src/routes/appointment-action-page.tsx',
    title: 'Terminanfrage',
    description: `Eine Terminanfrage bestätigen, ablehnen oder absagen: Diese Seite öffnen Sie über den persönlichen Link in einer E-Mail der ${practice.name}.`,
    unlisted: true,
  },
] as const satisfies readonly PageEntry[];

export type PageRoute = PageEntry;

/** Whether search engines may know the page (sitemap.xml lists it; an unlisted one says noindex). */
export function isListed(route: PageEntry): route is ListedPage {
  return !route.unlisted;
}

/**
 * The site's pages without the unlisted ones, for the tests and the benchmark. Marked
 * pure: the browser bundle never uses it, so the bundler drops it there.
 */
export const listedPageRoutes: readonly ListedPage[] = /* @__PURE__ */ (pageRoutes as readonly PageEntry[]).filter(isListed);

export type PageId = (typeof pageRoutes)[number]['id'];
/** The site's paths. Links in content may only point here. */
export type SitePath = (typeof pageRoutes)[number]['path'];

export function pagePath(id: PageId): SitePath {
  const route = pageRoutes.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown page id: ${id}`);
  return route.path;
}

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

export const bookingPath = pagePath('termin-vereinbaren');
