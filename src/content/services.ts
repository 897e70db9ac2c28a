import { formatChf } from '../lib/format';

/**
 * The bookable services: what the appointment form offers, what the sidebar lists with
 * prices, what the e-mails and the JSON-LD name. `value` travels in the form; `label` is
 * what is stored and mailed (the spec stores the readable label).
 */

export type ServiceValue = 'schlafberatung' | 'follow-up' | 'beratung-zuhause';

export interface BookableService {
  value: ServiceValue;
  label: string;
  /** Length as shown to visitors. */
  durationLabel: string;
  /**
   * Length in minutes for the practice's calendar entry. The home visit has no fixed
   * length; 120 minutes blocks the time a visit usually takes, including the drive.
   */
  durationMinutes: number;
  /** Price in whole francs; null means "Preis auf Anfrage". */
  priceChf: number | null;
  description: string;
}

export const bookableServices: readonly BookableService[] = [
  {
    value: 'schlafberatung',
    label: 'Schlafberatung',
    durationLabel: 'ca. 60 Minuten',
    durationMinutes: 60,
    priceChf: 190,
    description: 'Ausführliche Erstberatung mit Anamnese und Körpervermessung, ca. 60 Minuten.',
  },
  {
    value: 'follow-up',
    label: 'Follow-up Termin',
    durationLabel: '30 Minuten',
    durationMinutes: 30,
    priceChf: 100,
    description: 'Nachkontrolle und Feinanpassung Ihres Schlafsystems, 30 Minuten.',
  },
  {
    value: 'beratung-zuhause',
    label: 'Schlafberatung & Beratung zu Hause',
    durationLabel: 'Dauer nach Absprache',
    durationMinutes: 120,
    priceChf: null,
    description:
      'Schlafberatung in der Praxis und anschliessende Beratung bei Ihnen zu Hause, direkt an Ihrem Bett.',
  },
] as const;

export const priceOnRequest = {
  label: 'Preis auf Anfrage',
  explanation:
    'Der Preis richtet sich nach Anfahrtsweg und Aufwand. Wir nennen ihn Ihnen verbindlich, bevor wir den Termin bestätigen.',
} as const;

/** "CHF 190.–" or "Preis auf Anfrage". */
export function servicePriceText(service: BookableService): string {
  return service.priceChf === null ? priceOnRequest.label : formatChf(service.priceChf);
}

/**
 * The 21 selectable start times: half-hourly 09:00–11:30 and 13:00–20:00, lunch break
 * 12:00–12:30 excluded. Written out, not computed, so the list reads like the spec.
 */
export const timeSlots = [
  '09:00', '09:30', '10:00', '10:30', '11:00', '11:30',
  '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30',
  '17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00',
] as const;

export type TimeSlot = (typeof timeSlots)[number];

export function timeSlotLabel(slot: TimeSlot): string {
  return `${slot} Uhr`;
}
