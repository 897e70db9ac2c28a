/**
 * What each page must show, by docs/product.md §2. Headings, labels and names as short as
 * the spec spells them are written here; the sentences, names, numbers and addresses come
 * from the content modules the site renders, so that a page is checked for the words the
 * site writes (tests/architecture/pasted-names.test.ts keeps them from being pasted here).
 */
import { appointmentPage } from '../../src/content/appointment.ts';
import { blogPage } from '../../src/content/blog.ts';
import { contactPage } from '../../src/content/contact.ts';
import { readArticlesSync } from '../../scripts/articles/article-source.ts';
import { privacyPage } from '../../src/content/privacy.ts';
import { homePage } from '../../src/content/home.ts';
import { legalEntity } from '../../src/content/legal-notice.ts';
import { addressLines, practice } from '../../src/content/practice.ts';
import { sleepCounsellingPage } from '../../src/content/sleep-counselling.ts';
import { testimonials } from '../../src/content/testimonials.ts';
import { lukasBrunner, sandraHuber } from '../../src/content/team.ts';

const [practiceStreet, practiceTown] = addressLines(practice.practiceAddress);
/** The articles as the site lists them (read from their files: the site's own list needs Vite). */
export const blogArticles = readArticlesSync();
const tips = blogArticles.filter((article) => article.category === 'Tipps');
const pillowArticle = blogArticles.find((article) => article.slug === 'kissen-schlafposition')!;
const [registeredStreet, registeredTown] = addressLines(legalEntity.registeredAddress);

export interface RouteExpectation {
  path: string;
  /** The page's one h1. */
  h1: string;
  /** Texts that must be visible in the page's main content (case-insensitive: some are set in capitals by CSS). */
  texts: string[];
  /** The most telling of them, for the check without JavaScript. */
  keyText: string;
  /** Elements counted by role and accessible name, e.g. the three 5-star ratings. */
  counts?: { role: 'img' | 'button' | 'article' | 'link'; name: string | RegExp; count: number }[];
}

export const routes: RouteExpectation[] = [
  {
    path: '/',
    h1: homePage.hero.title,
    texts: [
      'Termin vereinbaren',
      'Mehr zur Schlafberatung',
      // The three service cards.
      'Schlafberatung',
      'Liegediagnostik',
      'Prävention & Begleitung',
      // Six benefit points, three testimonials, five stars each.
      ...homePage.benefits.items.map((item) => item.title),
      ...testimonials.map((testimonial) => testimonial.name),
      homePage.closingCta.title,
      'Kontakt aufnehmen',
    ],
    keyText: 'Prävention & Begleitung',
    counts: [{ role: 'img', name: '5 von 5 Sternen', count: 3 }],
  },
  {
    path: '/schlafberatung',
    h1: 'Schlafberatung',
    texts: [
      'Liegediagnostik',
      'Prävention & Begleitung',
      'Analyse',
      'Diagnose',
      'Lösung',
      sleepCounsellingPage.benefits.title,
      sleepCounsellingPage.competences.title,
      ...sleepCounsellingPage.explainers.map((explainer) => explainer.title),
      ...sleepCounsellingPage.consultation.items.map((item) => item.title),
    ],
    keyText: 'Analyse',
  },
  {
    path: '/uber-uns',
    h1: 'Über uns',
    texts: [
      'Unsere Mission',
      practiceStreet,
      sandraHuber.name,
      lukasBrunner.name,
      'Unsere Werte',
      'Genauigkeit',
      'Ehrlichkeit',
      'Menschlichkeit',
      'Unser Team',
      'Praxisorganisation',
      'Unsere Qualifikationen',
    ],
    keyText: 'Unsere Mission',
  },
  {
    path: '/kontakt',
    h1: 'Wir sind für Sie da',
    texts: [
      'Kontakt',
      practice.phone.display,
      practice.email,
      'Antwort innerhalb von 24 Stunden',
      practiceStreet,
      'Uitikon',
      'Termine nach Vereinbarung',
      'Schreiben Sie uns',
      'Nachricht senden',
      'Anfahrt',
      // By car and by bus.
      ...contactPage.directions.items.map((item) => item.text),
      'Termin online buchen',
    ],
    keyText: 'Schreiben Sie uns',
  },
  {
    path: '/termin-vereinbaren',
    h1: 'Ihr Weg zu besserem Schlaf',
    texts: [
      'Persönliche Angaben',
      'Gewünschte Leistung',
      'Wunschtermin',
      'Alternativtermin',
      appointmentPage.form.requiredNote,
      'Termin anfragen',
      'Direkter Kontakt',
      'Unsere Services',
      'CHF 190.–',
      'CHF 100.–',
      'Preis auf Anfrage',
      'Wichtige Hinweise',
      // Cancelling, clothing, parking, no preparation.
      ...appointmentPage.sidebar.notes.items.map((item) => item.text),
    ],
    keyText: 'Wichtige Hinweise',
  },
  {
    path: '/blog',
    h1: 'Blog',
    texts: [
      'Alle',
      'Gesundheit',
      'Beratung',
      'Tipps',
      'Technologie',
      blogPage.featuredTitle,
      blogPage.allTitle,
      ...blogArticles.map((article) => article.title),
      blogPage.newsletter.title,
      blogPage.newsletter.buttonLabel,
    ],
    keyText: blogArticles[0]!.title,
    // Six articles, each with its 'Lesen' link.
    counts: [{ role: 'link', name: /^Lesen/, count: 6 }],
  },
  // The blog's other pages share two templates: one filtered list and one article stand for
  // them here (e2e/blog.test.ts checks every article and list for accessibility).
  {
    path: '/blog/kategorie/tipps',
    h1: 'Blog',
    texts: [blogPage.allTitle, ...tips.map((article) => article.title), blogPage.newsletter.title],
    keyText: tips[0]!.title,
    counts: [{ role: 'link', name: /^Lesen/, count: tips.length }],
  },
  {
    path: `/blog/${pillowArticle.slug}`,
    h1: pillowArticle.title,
    texts: [pillowArticle.excerpt, pillowArticle.author, 'Der Spiegeltest', 'Quellen', blogPage.closingCta.title],
    keyText: 'Der Spiegeltest',
  },
  {
    path: '/impressum',
    h1: 'Impressum',
    texts: [
      legalEntity.companyName,
      registeredStreet,
      registeredTown,
      legalEntity.managingDirector,
      practice.email,
      practice.phone.display,
      legalEntity.commercialRegister,
      legalEntity.uid,
    ],
    keyText: legalEntity.companyName,
  },
  {
    path: '/datenschutz',
    h1: 'Datenschutzerklärung',
    texts: privacyPage.sections.map((section) => section.title),
    keyText: 'Kontaktformular',
  },
];

/** Header navigation, in order (spec: Home, Schlafberatung, Über uns, Kontakt + the booking button). */
export const headerNavigation = [
  { label: 'Home', path: '/' },
  { label: 'Schlafberatung', path: '/schlafberatung' },
  { label: 'Über uns', path: '/uber-uns' },
  { label: 'Kontakt', path: '/kontakt' },
] as const;

export const footerTexts = [practiceStreet, practiceTown, practice.phone.display, practice.email, '© 2025'];

/** Lower-case, single-spaced, without soft hyphens: how the tests compare visible text. */
export function normalizeText(text: string): string {
  return text.replace(/\u00ad/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}
