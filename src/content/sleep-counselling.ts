/**
 * Copy of /schlafberatung: what the counselling is, how it runs, what it contains.
 * The three service cards are shared with the home page (service-cards.ts); their
 * highlights are shown on this page only and live here.
 */
import { localized } from './copy';
import * as sleepCounsellingEn from './en/sleep-counselling';
import { practice } from './practice';
import { serviceCards, type ServiceCard, type ServiceCardId } from './service-cards';
import { findBookableService, servicePriceText } from './services';
import { professionalAssociation } from './team';
import type { ClosingCta, IconItem, ImageRef, PageHero } from './types';
import { Bed, ClipboardList, HeartHandshake } from './icons';

export interface ProcessStep<Title extends string> {
  title: Title;
  text: string;
}

export type ExplainerId = 'koerpervermessung' | 'schlafsystem';

export interface Explainer {
  /** Stable id, usable as an HTML anchor. */
  id: ExplainerId;
  title: string;
  paragraphs: readonly string[];
  image: ImageRef;
}

export interface SleepCounsellingPage {
  hero: PageHero;
  services: {
    title: string;
    lead: string;
    /** The shared cards; here shown with their `highlights`. `to` points to this page itself, so it is not rendered as a link here. */
    items: readonly [ServiceCard, ServiceCard, ServiceCard];
    /** Three short bullet points per card, shown below its description. */
    highlights: Readonly<Record<ServiceCardId, readonly [string, string, string]>>;
  };
  /** Heading of the price list (the prices themselves come from the catalogue). */
  pricesTitle: string;
  process: {
    title: string;
    lead: string;
    /** Always Analyse, Diagnose, Lösung, in that order; the UI numbers them 1–3. */
    steps: readonly [ProcessStep<'Analyse'>, ProcessStep<'Diagnose'>, ProcessStep<'Lösung'>];
  };
  /** What the client gains; a checkmark list. */
  benefits: {
    title: string;
    items: readonly string[];
  };
  /** What the advisors are trained and experienced in; a checkmark list. */
  competences: {
    title: string;
    lead: string;
    items: readonly string[];
  };
  /** Two longer texts with an illustration each: body measurement, tailor-made sleep systems. */
  explainers: readonly [Explainer, Explainer];
  /** What a consultation contains. */
  consultation: {
    title: string;
    lead: string;
    items: readonly [IconItem, IconItem, IconItem];
    /** Short note that the practice is not a medical practice; show below the items. */
    disclaimer: string;
  };
  closingCta: ClosingCta;
}

const firstConsultation = findBookableService('schlafberatung');
const followUp = findBookableService('follow-up');
const atHome = findBookableService('beratung-zuhause');

export const sleepCounsellingPage: SleepCounsellingPage = {
  hero: {
    title: 'Schlafberatung',
    lead:
      'Wir finden heraus, warum Sie nicht erholt aufwachen, und zeigen Ihnen, wie Sie richtig liegen. Persönlich, messbar und ohne Verkaufsdruck.',
  },
  pricesTitle: 'Angebote und Preise',
  services: {
    title: 'Unsere Leistungen im Überblick',
    lead: 'Drei Bausteine, die aufeinander aufbauen. Sie wählen, wie weit wir Sie begleiten.',
    items: serviceCards,
    highlights: {
      schlafberatung: [
        `Erstberatung von rund ${firstConsultation.durationMinutes} Minuten, ${servicePriceText(firstConsultation)}`,
        'Ausführliche Anamnese zu Schlaf, Beschwerden und Gewohnheiten',
        'Konkrete Empfehlungen für Matratze, Unterfederung und Kissen',
      ],
      liegediagnostik: [
        'Körpervermessung von Schulterbreite, Beckenbreite und Wirbelsäulenverlauf',
        'Optional: mehrnächtiges Liege-Monitoring in Ihrem eigenen Bett',
        'Verständliche Auswertung, die wir gemeinsam mit Ihnen besprechen',
      ],
      'praevention-begleitung': [
        `${followUp.label} für Nachkontrolle und Feinanpassung, ${followUp.durationMinutes} Minuten, ${servicePriceText(followUp)}`,
        `Beratung bei Ihnen zu Hause, direkt an Ihrem Bett (${servicePriceText(atHome)})`,
        'Weiterverweisung an Netzwerkpartner, nur mit Ihrem Einverständnis',
      ],
    },
  },
  process: {
    title: 'In drei Schritten zu besserem Schlaf',
    lead: 'Jede Beratung folgt demselben klaren Ablauf, damit Sie jederzeit wissen, woran Sie sind.',
    steps: [
      {
        title: 'Analyse',
        text:
          'Im Erstgespräch hören wir zu: Wie schlafen Sie, wann treten die Beschwerden auf, welches Bett nutzen Sie heute? In einer ausführlichen Anamnese halten wir Ihre Schlafgewohnheiten und Ihre Vorgeschichte fest.',
      },
      {
        title: 'Diagnose',
        text:
          'Mit der Körpervermessung und, wenn Sie möchten, einem mehrnächtigen Liege-Monitoring sehen wir, wie Ihr Körper im Liegen gestützt wird und wo er zu wenig Halt oder zu wenig Raum bekommt.',
      },
      {
        title: 'Lösung',
        text:
          'Sie erhalten konkrete, schriftlich festgehaltene Empfehlungen für Matratze, Unterfederung, Kissen und Liegeposition. Bei einem Nachtermin prüfen wir gemeinsam, ob die Veränderung wirkt.',
      },
    ],
  },
  benefits: {
    title: 'Ihre Vorteile',
    items: [
      'Individuelle Empfehlungen auf Grundlage Ihrer Messwerte',
      'Unabhängige Beratung ohne Kaufzwang',
      'Schriftliche Zusammenfassung zum Mitnehmen',
      'Verständliche Erklärungen statt Fachjargon',
      'Nachkontrolle und Feinanpassung nach einigen Wochen',
      'Beratung in der Praxis oder bei Ihnen zu Hause',
    ],
  },
  competences: {
    title: 'Unsere Kompetenzen',
    lead: 'Was Sie von Ihrer Schlafberaterin und Ihrem Schlafberater erwarten können.',
    items: [
      `Zertifizierung als Schlafberater/in beim ${professionalAssociation}`,
      'Körpervermessung und ergonomische Liegeanalyse',
      'Auswertung von mehrnächtigem Liege-Monitoring',
      'Fundiertes Wissen zu Matratzen, Unterfederungen und Kissen',
      'Beratung zu Schlafhygiene und Schlafgewohnheiten',
      'Erfahrung mit Rücken-, Nacken- und Schulterbeschwerden im Liegen',
      'Zusammenarbeit mit Ärztinnen, Ärzten und Physiotherapie-Praxen in der Region',
    ],
  },
  explainers: [
    {
      id: 'koerpervermessung',
      title: 'Warum die Körpervermessung so wichtig ist',
      paragraphs: [
        'Jeder Körper ist anders gebaut. Breite Schultern brauchen in Seitenlage mehr Raum zum Einsinken, ein schmales Becken weniger. Liegt die Schulter zu hoch oder sinkt das Becken zu tief ein, verdreht sich die Wirbelsäule, Nacht für Nacht und oft über Stunden.',
        'Bei der Körpervermessung erfassen wir unter anderem Körpergrösse, Schulterbreite, Beckenbreite und Taille sowie den Verlauf Ihrer Wirbelsäule im Stehen und im Liegen. Die Messung dauert rund eine Viertelstunde, ist schmerzfrei und findet in bequemer Kleidung statt.',
        'Aus den Messwerten leiten wir ab, wie nachgiebig oder stützend die einzelnen Zonen Ihrer Liegefläche sein sollten und welche Kissenhöhe Ihren Nacken entlastet. So beruhen unsere Empfehlungen auf Ihrem Körper und nicht auf Durchschnittswerten oder Werbeversprechen.',
        'Wer es genau wissen möchte, ergänzt die Vermessung mit einem mehrnächtigen Liege-Monitoring: Eine dünne Sensormatte unter dem Leintuch zeichnet auf, wie Sie liegen und wie oft Sie die Position wechseln. Die Auswertung besprechen wir anschliessend gemeinsam.',
      ],
      image: {
        src: '/media/illustration-koerpervermessung.svg',
        alt: 'Illustration: Eine stehende Person, an Schultern, Wirbelsäule und Becken sind Messlinien eingezeichnet.',
      },
    },
    {
      id: 'schlafsystem',
      title: 'Massgeschneiderte Schlafsysteme',
      paragraphs: [
        'Ein Schlafsystem besteht aus drei Teilen, die zusammenspielen: der Unterfederung, der Matratze und dem Kissen. Erst wenn alle drei auf Ihren Körper abgestimmt sind, liegt die Wirbelsäule in Rücken- und Seitenlage entspannt und gerade.',
        'Massgeschneidert heisst bei uns: Zonen, Härtegrad und Kissenhöhe werden nach Ihren Messwerten gewählt und, wo möglich, einstellbar gehalten. Verändert sich Ihr Körper oder Ihre Schlafposition, lässt sich das System nachjustieren, statt dass Sie alles neu kaufen müssen.',
        'Nicht immer braucht es ein neues Bett. Oft genügt ein passendes Kissen oder eine angepasste Unterfederung. Wir sagen Ihnen ehrlich, was sich lohnt und was nicht. Ob und wo Sie etwas kaufen, entscheiden Sie.',
      ],
      image: {
        src: '/media/illustration-schlafsystem.svg',
        alt: 'Illustration: Aufbau eines Schlafsystems aus Unterfederung, Matratze mit Liegezonen und Kissen.',
      },
    },
  ],
  consultation: {
    title: 'Das beinhaltet eine Beratung',
    lead: `Die Erstberatung dauert rund ${firstConsultation.durationMinutes} Minuten und kostet ${servicePriceText(firstConsultation)}. Sie umfasst drei Teile:`,
    items: [
      {
        icon: ClipboardList,
        title: 'Bedarfsabklärung mit Anamnese und Körpervermessung',
        text:
          'Wir besprechen Ihre Beschwerden, Ihre Schlafgewohnheiten und Ihr heutiges Bett und vermessen Ihren Körper. So entsteht ein vollständiges Bild Ihrer Ausgangslage.',
      },
      {
        icon: Bed,
        title: 'Richtiges Liegen',
        text:
          'Wir zeigen Ihnen, welche Liegeposition Ihren Rücken und Nacken entlastet, und wie Matratze, Unterfederung und Kissen dafür eingestellt sein sollten. Sie probieren es direkt bei uns aus.',
      },
      {
        icon: HeartHandshake,
        title: 'Richtige Prävention',
        text:
          'Sie erhalten einfache Tipps für den Alltag, damit die Beschwerden nicht zurückkehren. Wo es sinnvoll ist, empfehlen wir Fachpersonen aus unserem Netzwerk; eine Weiterverweisung an Netzwerkpartner erfolgt nur mit Ihrem Einverständnis.',
      },
    ],
    disclaimer:
      'Wir sind keine Arztpraxis und stellen keine medizinischen Diagnosen. Unsere Beratung ersetzt keine ärztliche Behandlung. Bei anhaltenden Beschwerden lassen Sie diese bitte ärztlich abklären.',
  },
  closingCta: {
    title: 'Lassen Sie uns gemeinsam hinschauen',
    text: `Buchen Sie Ihre Erstberatung online oder rufen Sie uns an unter ${practice.phone.display}. Wir bestätigen Ihren Termin innerhalb von ${practice.replyWithinHours} Stunden.`,
    primary: { label: 'Termin vereinbaren', to: '/termin-vereinbaren' },
    secondary: { label: 'Fragen? Kontakt aufnehmen', to: '/kontakt' },
  },
};

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(sleepCounsellingCopy)`. */
export const sleepCounsellingCopy = localized({ sleepCounsellingPage }, sleepCounsellingEn);
