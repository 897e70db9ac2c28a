/**
 * The three service cards (Schlafberatung, Liegediagnostik, Prävention & Begleitung).
 * Shown on the home page (icon, title, description, link) and on /schlafberatung (plus
 * the highlights). Defined once so both pages say the same thing.
 */
import { Moon, Ruler, ShieldCheck, type ContentIcon } from './icons';
import { bookableServices, servicePriceText, type BookableService, type ServiceValue } from './services';
import type { SitePath } from './types';

export type ServiceCardId = 'schlafberatung' | 'liegediagnostik' | 'praevention-begleitung';

export interface ServiceCard {
  /** Stable id; /schlafberatung uses it as the anchor of the matching card. */
  id: ServiceCardId;
  icon: ContentIcon;
  title: string;
  /** One or two sentences (Service.description in docs/product.md §3). */
  description: string;
  /** Where the card links to from the home page. */
  to: SitePath;
  /** Three short bullet points for the detailed view on /schlafberatung. */
  highlights: readonly string[];
}

/** The bookable service with this value; throws if services.ts no longer offers it. */
export function findBookableService(value: ServiceValue): BookableService {
  const service = bookableServices.find((s) => s.value === value);
  if (!service) throw new Error(`Unknown bookable service: ${value}`);
  return service;
}

const firstConsultation = findBookableService('schlafberatung');
const followUp = findBookableService('follow-up');
const atHome = findBookableService('beratung-zuhause');

export const serviceCards: readonly [ServiceCard, ServiceCard, ServiceCard] = [
  {
    id: 'schlafberatung',
    icon: Moon,
    title: 'Schlafberatung',
    description:
      'Im persönlichen Gespräch klären wir, wie Sie schlafen, wo es schmerzt und was Ihr Bett dazu beiträgt. Sie gehen mit einem klaren Plan nach Hause.',
    to: '/schlafberatung',
    highlights: [
      `Erstberatung von rund ${firstConsultation.durationMinutes} Minuten, ${servicePriceText(firstConsultation)}`,
      'Ausführliche Anamnese zu Schlaf, Beschwerden und Gewohnheiten',
      'Konkrete Empfehlungen für Matratze, Unterfederung und Kissen',
    ],
  },
  {
    id: 'liegediagnostik',
    icon: Ruler,
    title: 'Liegediagnostik',
    description:
      'Mit einer genauen Körpervermessung sehen wir, welche Unterstützung Schultern, Becken und Wirbelsäule im Liegen brauchen. Auf Wunsch ergänzen wir sie mit einem mehrnächtigen Liege-Monitoring.',
    to: '/schlafberatung',
    highlights: [
      'Körpervermessung von Schulterbreite, Beckenbreite und Wirbelsäulenverlauf',
      'Optional: mehrnächtiges Liege-Monitoring in Ihrem eigenen Bett',
      'Verständliche Auswertung, die wir gemeinsam mit Ihnen besprechen',
    ],
  },
  {
    id: 'praevention-begleitung',
    icon: ShieldCheck,
    title: 'Prävention & Begleitung',
    description:
      'Wir bleiben an Ihrer Seite, bis Sie gut liegen: mit Nachkontrollen, Feinanpassungen und Tipps, damit die Beschwerden gar nicht erst zurückkommen.',
    to: '/schlafberatung',
    highlights: [
      `${followUp.label} für Nachkontrolle und Feinanpassung, ${followUp.durationMinutes} Minuten, ${servicePriceText(followUp)}`,
      `Beratung bei Ihnen zu Hause, direkt an Ihrem Bett (${servicePriceText(atHome)})`,
      'Weiterverweisung an Netzwerkpartner, nur mit Ihrem Einverständnis',
    ],
  },
];
