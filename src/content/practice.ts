/**
 * The practice as the site presents it: the facts (name, phone, e-mail, addresses, the
 * promised reply and cancellation times) come from the domain module the edge functions
 * share (supabase/functions/_shared/domain/practice.ts, `@domain/practice`), so pages,
 * footer, JSON-LD and e-mails always agree; this file adds only the site's own copy
 * around them (tagline, map link, notes). Fictional sample data until the practice
 * replaces it.
 */
import { localized } from './copy';
import * as practiceEn from './en/practice';
import {
  cancellationNoticeHours,
  practiceContact,
  replyWithinHours,
  type PhoneNumber,
  type PostalAddress,
} from '@domain/practice';

export type { PhoneNumber, PostalAddress };

export const practice = {
  name: practiceContact.name,
  tagline: 'Praxis für Schlafberatung und Liegediagnostik',
  phone: practiceContact.phone,
  email: practiceContact.email,
  /** Where consultations take place (shown on /kontakt, in the footer and the JSON-LD). */
  practiceAddress: practiceContact.practiceAddress,
  /** Registered office of the company (shown in the legal notice). */
  registeredAddress: practiceContact.registeredAddress,
  /** Map link for the practice address; opens the visitor's map service, nothing is embedded. */
  mapUrl:
    'https://www.openstreetmap.org/search?query=Birmensdorferstrasse%2042%2C%208142%20Uitikon',
  appointmentsNote: 'Termine nach Vereinbarung',
  /** Promised time to reply to a message or confirm an appointment (the e-mails promise the same). */
  replyWithinHours,
  /** How far ahead an appointment must be cancelled. */
  cancellationNoticeHours,
  copyrightYear: 2025,
  founded: 2019,
} as const;

/** "Birmensdorferstrasse 42, 8142 Uitikon ZH" style lines, as the address is printed. */
export function addressLines(address: Pick<PostalAddress, 'street' | 'postalCode' | 'locality' | 'region'>): [string, string] {
  return [address.street, `${address.postalCode} ${address.locality} ${address.region}`];
}

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(practiceCopy)`. */
export const practiceCopy = localized({ practice }, practiceEn);
