/**
 * Copy of the home page (/). The service cards come from service-cards.ts, the
 * testimonials from testimonials.ts; this module holds everything else.
 */
import { localized } from './copy';
import * as homeEn from './en/home';
import { practice } from './practice';
import { serviceCards, type ServiceCard } from './service-cards';
import { lukasBrunner, professionalAssociation, sandraHuber } from './team';
import type { ClosingCta, Cta, IconItem, PageHero } from './types';
import { Award, Clock, HeartHandshake, House, Ruler, ShieldCheck } from './icons';

export interface HomePage {
  hero: PageHero & {
    /** Booking button. */
    primaryCta: Cta;
    /** Secondary link, to /schlafberatung. */
    secondaryCta: Cta;
  };
  intro: {
    /** Small overline above the title. */
    eyebrow: string;
    title: string;
    text: string;
  };
  services: {
    title: string;
    lead: string;
    /** The three cards; show icon, title, description and link to `to`. */
    items: readonly [ServiceCard, ServiceCard, ServiceCard];
  };
  benefits: {
    title: string;
    lead: string;
    items: readonly [IconItem, IconItem, IconItem, IconItem, IconItem, IconItem];
  };
  /** Heading of the testimonials section; the quotes are `testimonials` in testimonials.ts. */
  testimonials: {
    title: string;
    lead: string;
  };
  closingCta: ClosingCta;
}

export const homePage: HomePage = {
  hero: {
    title: 'Endlich wieder schmerzfrei schlafen',
    lead:
      'Wachen Sie mit Rücken- oder Nackenschmerzen auf? Wir finden heraus, wie Sie liegen, was Ihr Körper braucht, und begleiten Sie zu einem Bett, das Sie wirklich erholen lässt.',
    primaryCta: { label: 'Termin vereinbaren', to: '/termin-vereinbaren' },
    secondaryCta: { label: 'Mehr zur Schlafberatung', to: '/schlafberatung' },
  },
  intro: {
    eyebrow: `Schlafberatung in ${practice.practiceAddress.locality}`,
    title: 'Guter Schlaf beginnt mit richtigem Liegen',
    text:
      'Viele Beschwerden am Morgen entstehen in der Nacht: Die Schulter sinkt zu wenig ein, das Becken zu tief, der Nacken liegt schief. Als zertifizierte Schlafberaterin und zertifizierter Schlafberater schauen wir genau hin, messen nach und erklären Ihnen verständlich, was sich ändern lässt. Unabhängig, ohne Verkaufsdruck und mit viel Zeit für Ihre Fragen.',
  },
  services: {
    title: 'Unsere Leistungen',
    lead: 'Von der ersten Beratung bis zur Nachkontrolle: Wir begleiten Sie Schritt für Schritt zu erholsameren Nächten.',
    items: serviceCards,
  },
  benefits: {
    title: 'Warum Ruhepol?',
    lead: 'Was Sie bei uns erwarten dürfen, vom ersten Anruf bis zur ersten schmerzfreien Nacht.',
    items: [
      {
        icon: Award,
        title: 'Zertifizierte Fachleute',
        text: `${sandraHuber.name} und ${lukasBrunner.name} sind zertifiziert und Mitglied im ${professionalAssociation}.`,
      },
      {
        icon: Ruler,
        title: 'Messen statt raten',
        text: 'Unsere Empfehlungen stützen sich auf die Vermessung Ihres Körpers und auf Ihr tatsächliches Liegeverhalten.',
      },
      {
        icon: HeartHandshake,
        title: 'Unabhängige Beratung',
        text: 'Wir empfehlen, was zu Ihnen passt. Sie entscheiden in Ruhe, ob und wo Sie etwas kaufen.',
      },
      {
        icon: Clock,
        title: 'Zeit für Sie',
        text: 'Die Erstberatung dauert rund eine Stunde. So bleibt Raum für Ihre Geschichte und Ihre Fragen.',
      },
      {
        icon: House,
        title: 'Auch bei Ihnen zu Hause',
        text: 'Auf Wunsch beraten wir Sie direkt an Ihrem eigenen Bett und passen vor Ort an.',
      },
      {
        icon: ShieldCheck,
        title: 'Begleitung mit Nachkontrolle',
        text: 'Bei einem Nachtermin prüfen wir gemeinsam, ob die Veränderung wirkt, und justieren fein nach.',
      },
    ],
  },
  testimonials: {
    title: 'Das sagen unsere Kundinnen und Kunden',
    lead: 'Drei Rückmeldungen von Menschen, die wieder besser schlafen.',
  },
  closingCta: {
    title: 'Bereit für ruhigere Nächte?',
    text: `Vereinbaren Sie eine Schlafberatung oder schreiben Sie uns. Wir melden uns innerhalb von ${practice.replyWithinHours} Stunden bei Ihnen.`,
    primary: { label: 'Termin vereinbaren', to: '/termin-vereinbaren' },
    secondary: { label: 'Kontakt aufnehmen', to: '/kontakt' },
  },
};

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(homeCopy)`. */
export const homeCopy = localized({ homePage }, homeEn);
