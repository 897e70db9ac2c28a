/**
 * Title and description of every page, for the browser tab, search results and link
 * previews. Titles are short; the practice name is appended (or, on the home page,
 * prepended) by the head builder. Kept apart from the page copy so the navigation and
 * <head> code does not pull every page's text into the first download.
 */
import { practice } from './practice';
import type { SitePath } from './types';

export interface PageMeta {
  title: string;
  /** 120–160 characters, for search results and link previews. */
  description: string;
}

const { locality, region } = practice.practiceAddress;

export const pageMeta: Record<SitePath, PageMeta> = {
  '/': {
    title: 'Schlafberatung und Liegediagnostik bei Zürich',
    description: `Rücken- oder Nackenschmerzen nach dem Schlafen? Zertifizierte Schlafberatung, Körpervermessung und Liege-Monitoring in ${locality} ${region}, nahe Zürich.`,
  },
  '/schlafberatung': {
    title: 'Schlafberatung',
    description:
      'Schlafberatung mit Anamnese, Körpervermessung und optionalem Liege-Monitoring: So finden wir heraus, was Ihr Körper im Liegen braucht. Unabhängig und verständlich.',
  },
  '/uber-uns': {
    title: 'Über uns',
    description: `Zwei zertifizierte Schlafberater in ${locality} ${region} seit ${practice.founded}: unsere Mission, unser Team, unsere Werte und Qualifikationen.`,
  },
  '/kontakt': {
    title: 'Kontakt',
    description: `Schreiben Sie uns oder rufen Sie an: Wir antworten innerhalb von ${practice.replyWithinHours} Stunden. Praxis in ${locality} ${region}, kostenlose Parkplätze hinter dem Haus.`,
  },
  '/termin-vereinbaren': {
    title: 'Termin vereinbaren',
    description: `Fragen Sie Ihren Termin für Schlafberatung, Follow-up oder Beratung zu Hause online an. Wir bestätigen Ihren Termin innerhalb von ${practice.replyWithinHours} Stunden.`,
  },
  '/blog': {
    title: 'Blog',
    description:
      'Tipps und Hintergründe rund um gesunden Schlaf: richtiges Liegen, Kissen und Matratzen, Schlafhygiene und Liege-Monitoring, verständlich erklärt.',
  },
  '/impressum': {
    title: 'Impressum',
    description: `Impressum der ${practice.name} GmbH: Firmensitz in Zürich, Geschäftsführung, Kontakt, Handelsregistereintrag und UID-Nummer.`,
  },
  '/datenschutz': {
    title: 'Datenschutzerklärung',
    description:
      'Wie wir Angaben aus dem Kontakt- und dem Terminformular bearbeiten: Zweck, Empfänger, Aufbewahrung und Ihre Rechte nach dem Schweizer Datenschutzgesetz.',
  },
};

export const notFoundMeta: PageMeta = {
  title: 'Seite nicht gefunden',
  description: `Diese Seite gibt es nicht (mehr). Zurück zur Startseite der ${practice.name}.`,
};
