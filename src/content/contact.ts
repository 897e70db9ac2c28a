/**
 * Copy of the contact page (/kontakt): hero, the four info cards, the form's texts, the
 * location box, directions and the closing call to action. Phone, e-mail and address
 * come from practice.ts.
 */
import { localized } from './copy';
import * as contactEn from './en/contact';
import { Bus, Calendar, Car, Mail, MapPin, Phone, type ContentIcon } from './icons';
import { addressLines, practice } from './practice';
import type { Cta, FormFieldCopy, PageHero } from './types';
import { pagePath } from '@/lib/site-pages';

export interface InfoCard {
  icon: ContentIcon;
  title: string;
  lines: readonly string[];
  /** tel:, mailto: or a map link; the first line becomes the link text. */
  href?: string;
}


const [street, town] = addressLines(practice.practiceAddress);

export const contactPage = {
  hero: {
    subtitle: 'Kontakt',
    title: 'Wir sind für Sie da',
    lead: `Sie haben Fragen zu Schlafberatung, Liegediagnostik oder zu Ihrem Termin? Schreiben Sie uns oder rufen Sie an – wir antworten innerhalb von ${practice.replyWithinHours} Stunden.`,
  } satisfies PageHero & { subtitle: string },
  /** Title of the section with the four cards (a heading for screen readers' outline). */
  infoCardsTitle: 'So erreichen Sie uns',
  infoCards: [
    { icon: Phone, title: 'Telefon', lines: [practice.phone.display, 'Mo–Fr, 9–18 Uhr'], href: `tel:${practice.phone.e164}` },
    {
      icon: Mail,
      title: 'E-Mail',
      lines: [practice.email, `Antwort innerhalb von ${practice.replyWithinHours} Stunden`],
      href: `mailto:${practice.email}`,
    },
    { icon: MapPin, title: 'Adresse', lines: [street, town] },
    { icon: Calendar, title: 'Termine', lines: [practice.appointmentsNote, 'auch abends bis 20 Uhr'] },
  ] satisfies readonly InfoCard[],
  form: {
    title: 'Schreiben Sie uns',
    lead: 'Füllen Sie das Formular aus; Felder mit * sind Pflichtfelder.',
    fields: {
      vorname: { label: 'Vorname', autoComplete: 'given-name' },
      nachname: { label: 'Nachname', autoComplete: 'family-name' },
      email: { label: 'E-Mail', placeholder: 'name@beispiel.ch', autoComplete: 'email' },
      telefon: { label: 'Telefon', placeholder: '+41 79 123 45 67', autoComplete: 'tel' },
      betreff: { label: 'Betreff' },
      nachricht: { label: 'Nachricht', placeholder: 'Wie können wir Ihnen helfen?' },
    } satisfies Record<string, FormFieldCopy>,
    submitLabel: 'Nachricht senden',
    successNotice: {
      title: 'Nachricht gesendet!',
      description: 'Vielen Dank für Ihre Anfrage. Wir melden uns innerhalb von 24 Stunden bei Ihnen.',
    },
  },
  location: {
    title: 'So finden Sie uns',
    imageAlt: `Schematische Karte mit der Lage der Praxis an der ${street} in ${town}`,
    mapLinkLabel: 'Adresse in der Karte öffnen',
    mapLinkNote: 'öffnet OpenStreetMap in einem neuen Tab',
  },
  directions: {
    title: 'Anfahrt',
    items: [
      { icon: Car, title: 'Mit dem Auto', text: 'Kostenlose Parkplätze direkt hinter dem Gebäude.' },
      {
        icon: Bus,
        title: 'Mit dem Bus',
        text: 'Die Bushaltestelle erreichen Sie in 2 Minuten zu Fuss.',
      },
    ] satisfies readonly { icon: ContentIcon; title: string; text: string }[],
  },
  closingCta: {
    title: 'Lieber gleich einen Termin?',
    text: 'Wählen Sie Ihre Wunschzeit online – wir bestätigen Ihren Termin innerhalb von 24 Stunden.',
    primary: { label: 'Termin online buchen', to: pagePath('termin-vereinbaren') } satisfies Cta,
  },
} as const;

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(contactCopy)`. */
export const contactCopy = localized({ contactPage }, contactEn);
