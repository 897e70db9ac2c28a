import { practice } from '@/content/practice';
import { articleCategories, categorySlug, type ArticleMeta } from '@/content/article-meta';

/**
 * The site's own pages and the shapes of the page registry (src/app/router/route-table.ts,
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
  article?: undefined;
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
  article?: undefined;
}

/**
 * An article of the blog, /blog/<slug>: listed and in sitemap.xml, without a hero image
 * (its title is the largest paint), with the facts its <head> describes it by.
 */
export interface ArticlePage extends PageEntryBase {
  article: ArticleMeta;
  unlisted?: false;
  heroImage?: undefined;
  navLabel?: undefined;
  footerLabel?: undefined;
}

export type PageEntry = ListedPage | ArticlePage | UnlistedPage;

const { locality, region } = practice.practiceAddress;
const reply = practice.replyWithinHours;

/** The site's own pages (the blog's articles and filtered lists follow from the articles). */
export const sitePages = [
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
  {
    id: 'newsletter-bestaetigen',
    path: '/newsletter/bestaetigen',
    module: 'src/routes/newsletter-link-page.tsx',
    title: 'Newsletter bestätigen',
    description: `Die Anmeldung zum Newsletter der ${practice.name} bestätigen: Diese Seite öffnen Sie über den Link in unserer Bestätigungs-E-Mail.`,
    unlisted: true,
  },
  {
    id: 'newsletter-abmelden',
    path: '/newsletter/abmelden',
    module: 'src/routes/newsletter-link-page.tsx',
    title: 'Newsletter abbestellen',
    description: `Den Newsletter der ${practice.name} abbestellen: Diese Seite öffnen Sie über den Link am Ende jeder Newsletter-E-Mail.`,
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
export function isListed(route: PageEntry): route is ListedPage | ArticlePage {
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
