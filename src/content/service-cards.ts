/**
 * The three service cards (Schlafberatung, Liegediagnostik, Prävention & Begleitung).
 * Shown on the home page (icon, title, description, link) and on /schlafberatung (there
 * with three highlights each, which are that page's copy: sleep-counselling.ts). Defined
 * once so both pages say the same thing.
 */
import { localized } from './copy';
import * as serviceCardsEn from './en/service-cards';
import { Moon, Ruler, ShieldCheck, type ContentIcon } from './icons';
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
}

export const serviceCards: readonly [ServiceCard, ServiceCard, ServiceCard] = [
  {
    id: 'schlafberatung',
    icon: Moon,
    title: 'Schlafberatung',
    description:
      'Im persönlichen Gespräch klären wir, wie Sie schlafen, wo es schmerzt und was Ihr Bett dazu beiträgt. Sie gehen mit einem klaren Plan nach Hause.',
    to: '/schlafberatung',
  },
  {
    id: 'liegediagnostik',
    icon: Ruler,
    title: 'Liegediagnostik',
    description:
      'Mit einer genauen Körpervermessung sehen wir, welche Unterstützung Schultern, Becken und Wirbelsäule im Liegen brauchen. Auf Wunsch ergänzen wir sie mit einem mehrnächtigen Liege-Monitoring.',
    to: '/schlafberatung',
  },
  {
    id: 'praevention-begleitung',
    icon: ShieldCheck,
    title: 'Prävention & Begleitung',
    description:
      'Wir bleiben an Ihrer Seite, bis Sie gut liegen: mit Nachkontrollen, Feinanpassungen und Tipps, damit die Beschwerden gar nicht erst zurückkommen.',
    to: '/schlafberatung',
  },
];

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(serviceCardsCopy)`. */
export const serviceCardsCopy = localized({ serviceCards }, serviceCardsEn);
