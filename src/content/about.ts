/**
 * Copy of /uber-uns. The advisors are defined in team.ts; the address shown in the
 * location block is `practice.practiceAddress` (format it with `addressLines`).
 */
import { localized } from './copy';
import * as aboutEn from './en/about';
import { practice } from './practice';
import { advisors, lukasBrunner, professionalAssociation, sandraHuber, type Advisor } from './team';
import type { ClosingCta, IconItem, ImageRef, PageHero, TextSection } from './types';
import { Calendar, HeartHandshake, Moon, Ruler, Search, Smile, type ContentIcon } from './icons';

export interface TeamRole {
  icon: ContentIcon;
  /** The role, e.g. "Schlafberaterin". */
  title: string;
  /** The person in the role, if the card names one. */
  name?: string;
  text: string;
  image?: ImageRef;
}

export interface AboutPage {
  hero: PageHero;
  mission: TextSection;
  /** Title and text next to the address; the address itself is practice.practiceAddress. */
  location: {
    title: string;
    text: string;
  };
  /** Heading above the two advisor profiles. */
  advisorsTitle: string;
  advisors: readonly [Advisor, Advisor];
  values: {
    title: string;
    items: readonly [IconItem, IconItem, IconItem];
  };
  team: {
    title: string;
    lead: string;
    roles: readonly [TeamRole, TeamRole, TeamRole];
  };
  qualifications: {
    title: string;
    items: readonly string[];
  };
  closingCta: ClosingCta;
}

const { locality } = practice.practiceAddress;

export const aboutPage: AboutPage = {
  hero: {
    title: 'Über uns',
    lead: `Seit ${practice.founded} helfen wir Menschen aus ${locality} und der Region Zürich, wieder erholt und ohne Schmerzen aufzuwachen.`,
  },
  mission: {
    title: 'Unsere Mission',
    paragraphs: [
      'Wir sind überzeugt: Wer gut liegt, schläft besser und startet mit mehr Energie in den Tag. Trotzdem schlafen viele Menschen jahrelang auf einem Bett, das nicht zu ihrem Körper passt, und gewöhnen sich an Verspannungen, die nicht sein müssten.',
      'Deshalb nehmen wir uns Zeit, messen genau und erklären verständlich. Wir verkaufen keine Betten und haben keine Verkaufsziele. Unser Ziel ist erreicht, wenn Sie wissen, was Ihr Körper im Liegen braucht, und wieder gerne ins Bett gehen.',
    ],
  },
  location: {
    title: 'Unsere Praxis',
    text: `Sie finden uns in ${locality}, nur wenige Minuten von Zürich entfernt. Die Praxis ist ruhig gelegen, gut mit dem Bus erreichbar, und hinter dem Haus stehen kostenlose Parkplätze zur Verfügung.`,
  },
  advisorsTitle: 'Ihre Schlafberaterin und Ihr Schlafberater',
  advisors,
  values: {
    title: 'Unsere Werte',
    items: [
      {
        icon: Search,
        title: 'Genauigkeit',
        text: 'Wir messen, bevor wir empfehlen. Jede Empfehlung lässt sich auf Ihre Messwerte und Ihr Liegeverhalten zurückführen.',
      },
      {
        icon: HeartHandshake,
        title: 'Ehrlichkeit',
        text: 'Wir beraten unabhängig und sagen Ihnen offen, wenn ein neues Kissen reicht oder wenn eine ärztliche Abklärung sinnvoller ist als ein neues Bett.',
      },
      {
        icon: Smile,
        title: 'Menschlichkeit',
        text: 'Schlafprobleme sind belastend. Wir hören zu, nehmen Ihre Erfahrungen ernst und begegnen Ihnen mit Ruhe und Respekt.',
      },
    ],
  },
  team: {
    title: 'Unser Team',
    lead: 'Drei Rollen, ein Ziel: dass Sie sich vom ersten Anruf bis zur Nachkontrolle gut aufgehoben fühlen.',
    roles: [
      {
        icon: Moon,
        title: 'Schlafberaterin',
        name: sandraHuber.name,
        text: 'Führt die Erstberatungen, klärt Ihren Bedarf mit einer ausführlichen Anamnese ab und begleitet Sie bis zur Nachkontrolle.',
        image: sandraHuber.image,
      },
      {
        icon: Ruler,
        title: 'Schlafberater & Liegediagnostik',
        name: lukasBrunner.name,
        text: 'Verantwortet Körpervermessung und Liege-Monitoring und übersetzt die Messwerte in konkrete Empfehlungen für Ihr Schlafsystem.',
        image: lukasBrunner.image,
      },
      {
        icon: Calendar,
        title: 'Praxisorganisation',
        text: `Koordiniert Ihre Termine, beantwortet Anfragen innerhalb von ${practice.replyWithinHours} Stunden und sorgt dafür, dass in der Praxis alles bereit ist, wenn Sie kommen.`,
        image: {
          src: '/media/team/praxisorganisation.svg',
          alt: 'Illustration zur Praxisorganisation',
        },
      },
    ],
  },
  qualifications: {
    title: 'Unsere Qualifikationen',
    items: [
      `Zertifizierung als Schlafberater/in beim ${professionalAssociation}`,
      `Mitgliedschaft im ${professionalAssociation} mit jährlicher Fortbildungspflicht`,
      'Weiterbildungen in Ergonomie und Biomechanik des Liegens',
      'Schulung in Körpervermessung und Auswertung von Liege-Monitoring',
      'Grundlagen der Schlafphysiologie und Schlafhygiene',
      `Langjährige Erfahrung als medizinische Masseurin (${sandraHuber.name})`,
      `Studium der Bewegungswissenschaften (${lukasBrunner.name})`,
    ],
  },
  closingCta: {
    title: 'Lernen Sie uns persönlich kennen',
    text: 'Bei einer Erstberatung in unserer Praxis lernen Sie uns und unsere Arbeitsweise am besten kennen.',
    primary: { label: 'Termin vereinbaren', to: '/termin-vereinbaren' },
    secondary: { label: 'Kontakt aufnehmen', to: '/kontakt' },
  },
};

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(aboutCopy)`. */
export const aboutCopy = localized({ aboutPage }, aboutEn);
