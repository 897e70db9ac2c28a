/**
 * The bookable services as the site shows them: what the appointment form offers, what
 * the sidebar lists with prices, what the JSON-LD names. `value` travels in the form;
 * `label` is what is stored and mailed (docs/product.md §3: the readable label is stored). Labels,
 * prices, lengths and time slots come from the catalogue the edge functions share.
 */
import { localized } from './copy';
import type { BookableService } from './types';
import * as servicesEn from './en/services';
import {
  formatChf,
  serviceCatalog,
  timeSlots,
  type ServiceValue,
  type TimeSlot,
} from '@domain/catalog';

export { timeSlots, type ServiceValue, type TimeSlot };

export type { BookableService } from './types';

/** Display texts for the services of the shared catalogue (label, price, length live there). */
const serviceTexts: Record<ServiceValue, Pick<BookableService, 'durationLabel' | 'description'>> = {
  schlafberatung: {
    durationLabel: 'ca. 60 Minuten',
    description: 'Ausführliche Erstberatung mit Anamnese und Körpervermessung, ca. 60 Minuten.',
  },
  'follow-up': {
    durationLabel: '30 Minuten',
    description: 'Nachkontrolle und Feinanpassung Ihres Schlafsystems, 30 Minuten.',
  },
  'beratung-zuhause': {
    durationLabel: 'Dauer nach Absprache',
    description:
      'Schlafberatung in der Praxis und anschliessende Beratung bei Ihnen zu Hause, direkt an Ihrem Bett.',
  },
};

export const bookableServices: readonly BookableService[] = serviceCatalog.map((entry) => ({
  ...entry,
  ...serviceTexts[entry.value],
}));

/** The bookable service with this value; throws if the catalogue no longer offers it. */
export function findBookableService(value: ServiceValue): BookableService {
  const service = bookableServices.find((s) => s.value === value);
  if (!service) throw new Error(`Unknown bookable service: ${value}`);
  return service;
}

export const priceOnRequest = {
  label: 'Preis auf Anfrage',
  explanation:
    'Der Preis richtet sich nach Anfahrtsweg und Aufwand. Wir nennen ihn Ihnen verbindlich, bevor wir den Termin bestätigen.',
} as const;

/** "CHF 190.–" or "Preis auf Anfrage". */
export function servicePriceText(service: BookableService): string {
  return service.priceChf === null ? priceOnRequest.label : formatChf(service.priceChf);
}

export function timeSlotLabel(slot: TimeSlot): string {
  return `${slot} Uhr`;
}

/**
 * A service as a request or an invoice stores it – the catalogue's label, which is German
 * (docs/product.md §3) – in this module's language; a label the catalogue no longer knows
 * stays as stored.
 */
export function storedServiceLabel(stored: string): string {
  return stored;
}

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(servicesCopy)`. */
export const servicesCopy = localized({ bookableServices, findBookableService, priceOnRequest, servicePriceText, storedServiceLabel, timeSlotLabel }, servicesEn);
