/**
 * The legal notice (/impressum). Company facts are in `legalEntity`; address, phone and
 * e-mail come from practice.ts. `legalNoticePage.details` is the ready-made list of facts
 * (label + lines, optional link), so the page needs no formatting logic of its own.
 */
import { localized } from './copy';
import * as legalNoticeEn from './en/legal-notice';
import { addressLines, practice } from './practice';
import type { BindingNote, PageHero, TextSection } from './types';
import { company } from './company';

/** The company's facts (./company.ts) with the register's name as the German notice writes it. */
export const legalEntity = {
  ...company,
  commercialRegister: 'Handelsregister des Kantons Zürich',
} as const;

export interface LegalNoticeDetail {
  label: string;
  /** One or more lines; render each on its own line. */
  lines: readonly string[];
  /** tel:/mailto: link for the value, if it is one. */
  href?: string;
}

export interface LegalNoticePage {
  hero: PageHero & { title: 'Impressum' };
  /** Heading of the company facts block. */
  detailsTitle: string;
  /** Company facts in display order (a definition list). */
  details: readonly LegalNoticeDetail[];
  /** Legal sections below the facts: disclaimer, links, copyright, applicable law. */
  sections: readonly TextSection[];
  /** A translation's note that this German notice is binding (types.ts, BindingNote). */
  bindingNote?: BindingNote;
}

export const legalNoticePage: LegalNoticePage = {
  hero: {
    title: 'Impressum',
    lead: 'Angaben zum Betreiber dieser Website und rechtliche Hinweise.',
  },
  detailsTitle: 'Verantwortlich für den Inhalt',
  details: [
    { label: 'Firma', lines: [legalEntity.companyName] },
    { label: 'Sitz', lines: addressLines(legalEntity.registeredAddress) },
    { label: 'Geschäftsführerin', lines: [legalEntity.managingDirector] },
    { label: 'Telefon', lines: [practice.phone.display], href: `tel:${practice.phone.e164}` },
    { label: 'E-Mail', lines: [practice.email], href: `mailto:${practice.email}` },
    { label: 'Handelsregister', lines: [legalEntity.commercialRegister, `Firmennummer ${legalEntity.registerNumber}`] },
    { label: 'UID', lines: [legalEntity.uid] },
    { label: 'Mehrwertsteuernummer', lines: [legalEntity.vatNumber] },
  ],
  sections: [
    {
      title: 'Haftungsausschluss',
      paragraphs: [
        'Wir prüfen die Inhalte dieser Website sorgfältig. Dennoch übernehmen wir keine Gewähr für die inhaltliche Richtigkeit, Genauigkeit, Aktualität, Zuverlässigkeit und Vollständigkeit der Informationen.',
        'Haftungsansprüche gegen uns wegen Schäden materieller oder immaterieller Art, die aus dem Zugriff auf die veröffentlichten Informationen, deren Nutzung oder Nichtnutzung, durch Missbrauch der Verbindung oder durch technische Störungen entstanden sind, werden ausgeschlossen, soweit dies nach schweizerischem Recht zulässig ist.',
        'Alle Angebote auf dieser Website sind unverbindlich. Wir behalten uns vor, Teile der Seiten oder das gesamte Angebot ohne besondere Ankündigung zu verändern, zu ergänzen, zu löschen oder die Veröffentlichung zeitweise oder endgültig einzustellen.',
      ],
    },
    {
      title: 'Hinweis zu Gesundheitsthemen',
      paragraphs: [
        `Die ${legalEntity.companyName} ist keine Arztpraxis. Unsere Beratungen und die Texte auf dieser Website dienen der allgemeinen Information und ersetzen keine ärztliche Untersuchung, Diagnose oder Behandlung. Bei anhaltenden Beschwerden lassen Sie diese bitte ärztlich abklären.`,
      ],
    },
    {
      title: 'Haftung für Links',
      paragraphs: [
        'Verweise und Links auf Websites Dritter liegen ausserhalb unseres Verantwortungsbereichs. Für deren Inhalte sind ausschliesslich die jeweiligen Betreiber verantwortlich. Zum Zeitpunkt der Verlinkung waren keine rechtswidrigen Inhalte erkennbar.',
        'Der Zugriff auf verlinkte Websites und deren Nutzung erfolgen auf eigene Gefahr. Werden uns Rechtsverletzungen bekannt, entfernen wir die betreffenden Links umgehend.',
      ],
    },
    {
      title: 'Urheberrechte',
      paragraphs: [
        `Die Urheber- und alle anderen Rechte an Texten, Bildern, Illustrationen, Videos und anderen Dateien auf dieser Website gehören ausschliesslich der ${legalEntity.companyName} oder den ausdrücklich genannten Rechteinhabern. Sie sind durch das schweizerische Bundesgesetz über das Urheberrecht und verwandte Schutzrechte (URG) geschützt.`,
        'Für die Vervielfältigung, Bearbeitung oder Verbreitung von Inhalten ist vorgängig die schriftliche Zustimmung der Rechteinhaber einzuholen. Das Zitieren kurzer Textpassagen mit Quellenangabe bleibt im gesetzlich erlaubten Rahmen gestattet.',
      ],
    },
    {
      title: 'Anwendbares Recht und Gerichtsstand',
      paragraphs: [
        `Für diese Website und ihre Nutzung gilt ausschliesslich schweizerisches Recht. Gerichtsstand ist ${legalEntity.registeredAddress.locality}, soweit das Gesetz nicht zwingend einen anderen Gerichtsstand vorsieht.`,
      ],
    },
  ],
};

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(legalNoticeCopy)`. */
export const legalNoticeCopy = localized({ legalEntity, legalNoticePage }, legalNoticeEn);
