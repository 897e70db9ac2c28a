/**
 * The blog: its articles (Markdown files in src/content/articles, rendered at build time –
 * docs/content-editing.md says how to add one) and the texts of the list page.
 */
import { localized } from './copy';
import * as blogEn from './en/blog';
import type { ArticleCategory, ArticleMeta } from './article-meta';
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS, NEWSLETTER_PENDING_DAYS } from '@domain/newsletter';
import type { ClosingCta, PageHero } from './types';

export { blogCategories, type BlogCategoryChip } from './article-meta';

export type BlogArticle = ArticleMeta;
export type BlogCategory = ArticleCategory;

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
    text: 'Erhalten Sie eine kurze E-Mail, sobald im Blog ein neuer Artikel erscheint.',
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
        `Falls diese Adresse noch nicht angemeldet ist, erhält sie in der Regel innert Minuten eine E-Mail mit einem Bestätigungslink, bei grossem Andrang etwas später. Hat sie in den letzten ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tagen schon eine erhalten, senden wir keine weitere: Bestätigen Sie mit deren Link, solange er gilt (${NEWSLETTER_PENDING_DAYS} Tage). Kommt bis morgen keine an, melden Sie sich bitte noch einmal an. Erst nach Ihrer Bestätigung senden wir Ihnen den Newsletter.`,
    },
  },
  closingCta: {
    title: 'Lieber persönlich beraten lassen?',
    text: 'Kein Artikel ersetzt den Blick auf Ihren Körper und Ihr Bett. In einer Schlafberatung klären wir Ihre Fragen ganz konkret.',
    primary: { label: 'Termin vereinbaren', to: '/termin-vereinbaren' },
    secondary: { label: 'Kontakt aufnehmen', to: '/kontakt' },
  },
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

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(blogCopy)`. */
export const blogCopy = localized({ articlePageText, blogPage }, blogEn);
