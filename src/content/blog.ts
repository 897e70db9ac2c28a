/**
 * The static blog list on /blog. Articles are teasers only: there are no article pages
 * yet, so the "Lesen" button and the category chips have no behaviour (docs/product.md §2).
 */
import { lukasBrunner, sandraHuber } from './team';
import type { ClosingCta, PageHero } from './types';

/** Chip labels in display order; 'Alle' is the (non-filtering) default chip. */
export const blogCategories = ['Alle', 'Gesundheit', 'Beratung', 'Tipps', 'Technologie'] as const;

export type BlogCategoryChip = (typeof blogCategories)[number];

export interface BlogArticle {
  /** Stable slug, usable as React key and future URL segment. */
  id: string;
  title: string;
  /** Two or three sentences shown on the card. */
  excerpt: string;
  category: 'Gesundheit' | 'Beratung' | 'Tipps' | 'Technologie';
  /** ISO date 'YYYY-MM-DD'; the UI formats it as 31.12.2025. */
  date: string;
  author: string;
  /** Estimated reading time as displayed, e.g. '5 Min.'. */
  readTime: string;
  /** Featured articles appear in the upper section, the others in "Alle Artikel". */
  featured: boolean;
}

export type BlogCategory = BlogArticle['category'];

/** Newest first. Exactly two are featured. */
export const blogArticles: readonly BlogArticle[] = [
  {
    id: 'nackenverspannung-am-morgen',
    title: 'Nacken verspannt nach dem Aufwachen? Was dahinterstecken kann',
    excerpt:
      'Ein zu hohes oder zu flaches Kissen ist eine häufige Ursache für einen steifen Nacken am Morgen. Wir zeigen, woran Sie das erkennen, und warum Sie anhaltende Beschwerden ärztlich abklären lassen sollten.',
    category: 'Gesundheit',
    date: '2025-11-18',
    author: sandraHuber.name,
    readTime: '6 Min.',
    featured: true,
  },
  {
    id: 'schlafhygiene-gewohnheiten',
    title: 'Schlafhygiene: Sieben kleine Gewohnheiten für ruhigere Nächte',
    excerpt:
      'Regelmässige Zeiten, ein kühles Schlafzimmer und ein Abend ohne Bildschirm: Kleine Veränderungen wirken oft mehr als gedacht. Sieben Tipps, die sich leicht in den Alltag einbauen lassen.',
    category: 'Tipps',
    date: '2025-10-02',
    author: sandraHuber.name,
    readTime: '4 Min.',
    featured: false,
  },
  {
    id: 'liege-monitoring-sensoren',
    title: 'Liege-Monitoring: Was Sensoren über Ihre Nächte verraten',
    excerpt:
      'Eine dünne Sensormatte unter dem Leintuch zeichnet über mehrere Nächte auf, wie Sie liegen und wie oft Sie sich drehen. Wie das funktioniert, welche Daten entstehen und was wir daraus ablesen können.',
    category: 'Technologie',
    date: '2025-08-19',
    author: lukasBrunner.name,
    readTime: '7 Min.',
    featured: false,
  },
  {
    id: 'rueckenschmerzen-matratze',
    title: 'Warum Rückenschmerzen am Morgen oft mit der Matratze zu tun haben',
    excerpt:
      'Sinkt das Becken zu tief ein oder fehlt der Schulter der Raum, arbeitet die Rückenmuskulatur die ganze Nacht. Wir erklären, wie Matratze und Unterfederung zusammenspielen und wann ein Wechsel sinnvoll ist.',
    category: 'Gesundheit',
    date: '2025-05-06',
    author: lukasBrunner.name,
    readTime: '5 Min.',
    featured: true,
  },
  {
    id: 'kissen-schlafposition',
    title: 'Welches Kissen passt zu meiner Schlafposition?',
    excerpt:
      'Seitenschläferinnen brauchen ein anderes Kissen als Rückenschläfer. Mit einem einfachen Test vor dem Spiegel finden Sie heraus, ob Ihr Kissen die richtige Höhe hat.',
    category: 'Tipps',
    date: '2025-03-12',
    author: sandraHuber.name,
    readTime: '4 Min.',
    featured: false,
  },
  {
    id: 'ablauf-schlafberatung',
    title: 'So läuft eine Schlafberatung bei uns ab',
    excerpt:
      'Vom ersten Gespräch über die Körpervermessung bis zur Nachkontrolle: Wir beschreiben Schritt für Schritt, was Sie bei einer Schlafberatung erwartet und wie Sie sich darauf vorbereiten können.',
    category: 'Beratung',
    date: '2025-01-21',
    author: lukasBrunner.name,
    readTime: '5 Min.',
    featured: false,
  },
];

export interface BlogPage {
  hero: PageHero;
  /** Heading of the featured section. */
  featuredTitle: string;
  /** Heading of the section with the non-featured articles. */
  allTitle: string;
  /** Label of the (inactive) button on every card. */
  readLabel: string;
  /** Shown once on the page and as the tooltip of every inactive 'Lesen' button. */
  articlesPendingNote: string;
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
    /** Honest note under the form: the newsletter is not active yet. */
    note: string;
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
  articlesPendingNote: 'Die vollständigen Artikel erscheinen in Kürze.',
  readTimeLabel: 'Lesezeit',
  authorPrefix: 'von',
  categoriesLabel: 'Kategorien',
  newsletter: {
    title: 'Newsletter',
    text: 'Erhalten Sie neue Artikel und saisonale Schlaftipps bequem per E-Mail, etwa viermal im Jahr.',
    inputLabel: 'E-Mail-Adresse',
    placeholder: 'ihre.email@beispiel.ch',
    buttonLabel: 'Abonnieren',
    note: 'Unser Newsletter startet in Kürze und ist noch nicht aktiv. Über dieses Feld wird derzeit nichts gespeichert oder versendet.',
  },
  closingCta: {
    title: 'Lieber persönlich beraten lassen?',
    text: 'Kein Artikel ersetzt den Blick auf Ihren Körper und Ihr Bett. In einer Schlafberatung klären wir Ihre Fragen ganz konkret.',
    primary: { label: 'Termin vereinbaren', to: '/termin-vereinbaren' },
    secondary: { label: 'Kontakt aufnehmen', to: '/kontakt' },
  },
};
