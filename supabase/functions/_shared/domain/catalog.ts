/**
 * What the practice offers and when: services, prices and the bookable time slots, shared
 * by the site (src/content/services.ts builds on it) and the edge functions (validation,
 * e-mails, calendar entries), so a label, price or time slot is written once. Who the
 * practice is lives next door, in practice.ts. Plain data: no Deno or browser APIs.
 */

export type ServiceValue = 'schlafberatung' | 'follow-up' | 'beratung-zuhause';

export interface ServiceCatalogEntry {
  value: ServiceValue;
  /** The readable label: shown, stored in appointment_requests.service and mailed. */
  label: string;
  /** The label as the English site and the English mails write it (the stored value stays `label`). */
  englishLabel: string;
  /**
   * Length in minutes for the practice's calendar entry. The home visit has no fixed
   * length; 120 minutes blocks the time a visit usually takes, including the drive.
   */
  durationMinutes: number;
  /** Price in whole francs; null means "Preis auf Anfrage". */
  priceChf: number | null;
}

export const serviceCatalog: readonly ServiceCatalogEntry[] = [
  { value: 'schlafberatung', label: 'Schlafberatung', englishLabel: 'Sleep counselling', durationMinutes: 60, priceChf: 190 },
  { value: 'follow-up', label: 'Follow-up Termin', englishLabel: 'Follow-up appointment', durationMinutes: 30, priceChf: 100 },
  { value: 'beratung-zuhause', label: 'Schlafberatung & Beratung zu Hause', englishLabel: 'Sleep counselling & home visit', durationMinutes: 120, priceChf: null },
];

/**
 * The 21 selectable start times: half-hourly 09:00–11:30 and 13:00–20:00, lunch break
 * 12:00–12:30 excluded. Written out, not computed, so the list reads like docs/product.md §9.
 * The database's private.is_time_slot() is generated from this list (`npm run db:rules`).
 */
export const timeSlots = [
  '09:00', '09:30', '10:00', '10:30', '11:00', '11:30',
  '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30',
  '17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00',
] as const;

export type TimeSlot = (typeof timeSlots)[number];

/** No-break space: "CHF" and the amount stay on one line, on the site and in the e-mails. */
const NBSP = '\u00a0';

/** 190 → 'CHF 190.–' (Swiss notation for whole francs), never broken across lines. */
export function formatChf(amount: number): string {
  return Number.isInteger(amount) ? `CHF${NBSP}${amount}.–` : `CHF${NBSP}${amount.toFixed(2)}`;
}
