/**
 * What each page says of itself in <head> and in search results: its title and
 * description, by its id in the page registry (src/lib/site-pages.ts), and the 404
 * page's. The blog's articles and filtered lists take theirs from the articles
 * (src/content/article-index.ts). Only the <head> builder and the prerender step read this.
 */
import { localized } from './copy';
import * as pageMetaEn from './en/page-meta';
import type { PageId } from '@/lib/site-pages';
import { practice } from './practice';

export interface PageMeta {
  title: string;
  /** 120–160 characters, for search results and link previews. */
  description: string;
}

/** What the practice's structured data (JSON-LD, on the home page) says in words. */
export const structuredDataText = {
  areaServed: 'Kanton Zürich',
  offerCatalogName: 'Leistungen',
};

export const notFoundMeta: PageMeta = {
  title: 'Seite nicht gefunden',
  description: `Diese Seite gibt es nicht (mehr). Zurück zur Startseite der ${practice.name}.`,
};

const { locality, region } = practice.practiceAddress;
const reply = practice.replyWithinHours;

/** Titles are short (the practice name is added by the head builder); descriptions 120–160 characters. */
export const sitePageMeta: Record<PageId, PageMeta> = {
  home: {
    title: 'Schlafberatung und Liegediagnostik bei Zürich',
    description: `Rücken- oder Nackenschmerzen nach dem Schlafen? Zertifizierte Schlafberatung, Körpervermessung und Liege-Monitoring in ${locality} ${region}, nahe Zürich.`,
  },
  schlafberatung: {
    title: 'Schlafberatung',
    description: 'Schlafberatung mit Anamnese, Körpervermessung und optionalem Liege-Monitoring: So finden wir heraus, was Ihr Körper im Liegen braucht. Unabhängig und verständlich.',
  },
  'uber-uns': {
    title: 'Über uns',
    description: `Zwei zertifizierte Schlafberater in ${locality} ${region} seit ${practice.founded}: unsere Mission, unser Team, unsere Werte und Qualifikationen.`,
  },
  kontakt: {
    title: 'Kontakt',
    description: `Schreiben Sie uns oder rufen Sie an: Wir antworten innerhalb von ${reply} Stunden. Praxis in ${locality} ${region}, kostenlose Parkplätze hinter dem Haus.`,
  },
  'termin-vereinbaren': {
    title: 'Termin vereinbaren',
    description: `Fragen Sie Ihren Termin für Schlafberatung, Follow-up oder Beratung zu Hause online an. Wir bestätigen Ihren Termin innerhalb von ${reply} Stunden.`,
  },
  blog: {
    title: 'Blog',
    description: 'Tipps und Hintergründe rund um gesunden Schlaf: richtiges Liegen, Kissen und Matratzen, Schlafhygiene und Liege-Monitoring, verständlich erklärt.',
  },
  impressum: {
    title: 'Impressum',
    description: `Impressum der ${practice.name} GmbH: Firmensitz in Zürich, Geschäftsführung, Kontakt, Handelsregistereintrag und UID-Nummer.`,
  },
  datenschutz: {
    title: 'Datenschutzerklärung',
    description: 'Wie wir Angaben aus dem Kontakt- und dem Terminformular bearbeiten: Zweck, Empfänger, Aufbewahrung und Ihre Rechte nach dem Schweizer Datenschutzgesetz.',
  },
  'termin-aktion': {
    title: 'Terminanfrage',
    description: `Eine Terminanfrage bestätigen, ablehnen oder absagen: Diese Seite öffnen Sie über den persönlichen Link in einer E-Mail der ${practice.name}.`,
  },
  'newsletter-bestaetigen': {
    title: 'Newsletter bestätigen',
    description: `Die Anmeldung zum Newsletter der ${practice.name} bestätigen: Diese Seite öffnen Sie über den Link in unserer Bestätigungs-E-Mail.`,
  },
  'meine-daten': {
    title: 'Meine Daten',
    description: 'Ihre gespeicherten Daten ansehen, herunterladen und löschen.',
  },
  schlaftagebuch: {
    title: 'Schlaftagebuch',
    description: 'Ihr Schlaftagebuch vor dem Termin: jeden Morgen die Nacht eintragen, mit Ihrer Einwilligung.',
  },
  'newsletter-abmelden': {
    title: 'Newsletter abbestellen',
    description: `Den Newsletter der ${practice.name} abbestellen: Diese Seite öffnen Sie über den Link am Ende jeder Newsletter-E-Mail.`,
  },
};

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(pageMetaCopy)`. */
export const pageMetaCopy = localized({ notFoundMeta, sitePageMeta, structuredDataText }, pageMetaEn);
