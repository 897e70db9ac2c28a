/**
 * The blog: its articles (Markdown files in src/content/articles, rendered at build time –
 * docs/content-editing.md says how to add one) and the texts of the list page.
 */
import { byPublication, type ArticleCategory, type ArticleMeta } from './article-meta';
import type { ClosingCta, PageHero } from './types';

export { blogCategories, type BlogCategoryChip } from './article-meta';

export type BlogArticle = ArticleMeta;
export type BlogCategory = ArticleCategory;

/**
 * Every article's facts, newest first (the `?meta` import is the front matter and the
 * reading time without the text: scripts/articles/vite-articles.ts).
 */
export const blogArticles: readonly BlogArticle[] = Object.values(
  import.meta.glob<BlogArticle>('/src/content/articles/*.md', { eager: true, query: '?meta', import: 'default' }),
).sort(byPublication);

export interface BlogPage {
  hero: PageHero;
  /** Heading of the featured section. */
  featuredTitle: string;
  /** Heading of the section with the non-featured articles. */
  allTitle: string;
  /** Label of the link on every card to the article. */
  readLabel: string;
  /** Screen-reader label before the read time ('Lesezeit: 5 Min.'). */
  readTimeLabel: string;
  /** Prefix for the author line on a card, e.g. "von Sandra Huber". */
  authorPrefix: string;
  /** Accessible label of the category chip group. */
  categoriesLabel: string;
  newsletter: {
    title: string;
    text: string;
    /** Visible or screen-reader label of the e-mail input. */
    inputLabel: string;
    placeholder: string;
    buttonLabel: string;
    /** Under the form: what happens next, with a link to the privacy notice. */
    privacyNote: { text: string; linkLabel: string };
    /** After sending: the same words whether or not the address was already subscribed. */
    successNotice: { title: string; description: string };
  };
  closingCta: ClosingCta;
}

export const blogPage: BlogPage = {
  hero: {
    title: 'Blog',
    lead: 'Wissenswertes rund um Schlaf, Liegen und Erholung, aus unserer täglichen Beratungspraxis.',
  },
  featuredTitle: 'Empfohlene Artikel',
  allTitle: 'Alle Artikel',
  readLabel: 'Lesen',
  readTimeLabel: 'Lesezeit',
  authorPrefix: 'von',
  categoriesLabel: 'Kategorien',
  newsletter: {
    title: 'Newsletter',
    text: 'Erhalten Sie neue Artikel und saisonale Schlaftipps bequem per E-Mail, etwa viermal im Jahr.',
    inputLabel: 'E-Mail-Adresse',
    placeholder: 'ihre.email@beispiel.ch',
    buttonLabel: 'Abonnieren',
    privacyNote: {
      text: 'Sie erhalten zuerst eine E-Mail mit einem Bestätigungslink; abmelden können Sie sich in jeder Ausgabe mit einem Klick. Mehr dazu in unserer',
      linkLabel: 'Datenschutzerklärung',
    },
    successNotice: {
      title: 'Fast geschafft',
      description:
        'Falls diese Adresse noch nicht angemeldet ist, erhalten Sie in wenigen Minuten eine E-Mail mit einem Bestätigungslink. Erst nach Ihrer Bestätigung senden wir Ihnen den Newsletter.',
    },
  },
  closingCta: {
    title: 'Lieber persönlich beraten lassen?',
    text: 'Kein Artikel ersetzt den Blick auf Ihren Körper und Ihr Bett. In einer Schlafberatung klären wir Ihre Fragen ganz konkret.',
    primary: { label: 'Termin vereinbaren', to: '/termin-vereinbaren' },
    secondary: { label: 'Kontakt aufnehmen', to: '/kontakt' },
  },
};

/** The description (search results, link previews) of the list filtered by each category. */
export const blogCategoryPages: Record<BlogCategory, string> = {
  Gesundheit:
    'Rücken- oder Nackenbeschwerden nach dem Schlafen: woran es liegen kann, was Sie selbst prüfen können und wann ärztlicher Rat nötig ist.',
  Beratung:
    'Wie eine Schlafberatung bei uns abläuft: vom ersten Gespräch über die Körpervermessung bis zur Nachkontrolle, Schritt für Schritt erklärt.',
  Tipps:
    'Praktische Tipps für ruhigere Nächte: das passende Kissen zur Schlafposition, gute Schlafgewohnheiten und kleine Veränderungen mit Wirkung.',
  Technologie:
    'Liege-Monitoring mit Sensoren: wie Messungen über mehrere Nächte zeigen, wie Sie liegen, und was wir daraus für Ihre Beratung ablesen.',
};

/** The texts around an article on its page (/blog/<slug>). */
export const articlePageText = {
  /** The link back to the list, above the title. */
  backLabel: 'Alle Artikel',
  /** Before the author's name and role under the article. */
  writtenBy: 'Geschrieben von',
  /** The reading time as shown: '5 Min.'. */
  readTime: (minutes: number) => `${minutes} Min.`,
} as const;
