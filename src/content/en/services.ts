/**
 * English copy of ../services.ts (the bookable services as /en/book-an-appointment,
 * /en/sleep-counselling and the JSON-LD show them). Values, prices, lengths and time slots
 * come from the same shared catalogue; labels and texts are English.
 */
import { formatChf, serviceCatalog, type ServiceValue, type TimeSlot } from '@domain/catalog';
import type { BookableService } from '../types';

/** The time slots are the same in both languages. */
export { timeSlots } from '@domain/catalog';

/** English display texts for the services of the shared catalogue (value, English label, price, length live there). */
const serviceTexts: Record<ServiceValue, Pick<BookableService, 'durationLabel' | 'description'>> = {
  schlafberatung: {
    durationLabel: 'about 60 minutes',
    description: 'Detailed first consultation with case history and body measurement, about 60 minutes.',
  },
  'follow-up': {
    durationLabel: '30 minutes',
    description: 'Follow-up check and fine adjustment of your sleep system, 30 minutes.',
  },
  'beratung-zuhause': {
    durationLabel: 'Length by arrangement',
    description:
      'Sleep counselling at the practice, followed by a consultation in your own home, right at your bed.',
  },
};

export const bookableServices: readonly BookableService[] = serviceCatalog.map((entry) => ({
  ...entry,
  label: entry.englishLabel,
  ...serviceTexts[entry.value],
}));

/** The bookable service with this value; throws if the catalogue no longer offers it. */
export function findBookableService(value: ServiceValue): BookableService {
  const service = bookableServices.find((s) => s.value === value);
  if (!service) throw new Error(`Unknown bookable service: ${value}`);
  return service;
}

export const priceOnRequest = {
  label: 'Price on request',
  explanation:
    'The price depends on the travel distance and the work involved. We will give you a binding quote before we confirm the appointment.',
} as const;

/** "CHF 190.–" or "Price on request". */
export function servicePriceText(service: Pick<BookableService, 'priceChf'>): string {
  return service.priceChf === null ? priceOnRequest.label : formatChf(service.priceChf);
}

/** "14:00": English reads the 24-hour time without a word after it. */
export function timeSlotLabel(slot: TimeSlot): string {
  return slot;
}

/** A service as stored (the catalogue's German label) in English; a label the catalogue no longer knows stays as stored. */
export function storedServiceLabel(stored: string): string {
  const entry = serviceCatalog.find((service) => service.label === stored);
  return entry ? findBookableService(entry.value).label : stored;
}
