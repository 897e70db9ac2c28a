/**
 * Who the practice is and how visitors reach it: the one source for the site
 * (src/content/practice.ts builds on it, as src/content/services.ts builds on
 * catalog.ts) and for the e-mails and calendar entries of the edge functions, which are
 * deployed without the site's src/ folder. Plain data: no Deno or browser APIs.
 */
import { practiceName } from './catalog.ts';

export interface PostalAddress {
  street: string;
  postalCode: string;
  locality: string;
  /** Swiss canton abbreviation, shown after the locality ("Uitikon ZH"). */
  region: string;
  country: 'CH';
}

export interface PhoneNumber {
  /** As printed: "+41 44 555 27 80". */
  display: string;
  /** E.164 for tel: links: "+41445552780". */
  e164: string;
}

/** Where consultations take place. */
const practiceAddress: PostalAddress = {
  street: 'Birmensdorferstrasse 42',
  postalCode: '8142',
  locality: 'Uitikon',
  region: 'ZH',
  country: 'CH',
};

/** "Birmensdorferstrasse 42, 8142 Uitikon ZH" */
export function addressLine(address: PostalAddress): string {
  return `${address.street}, ${address.postalCode} ${address.locality} ${address.region}`;
}

export const practiceContact = {
  name: practiceName,
  phone: { display: '+41 44 555 27 80', e164: '+41445552780' } satisfies PhoneNumber,
  email: 'praxis@ruhepol-schlafberatung.ch',
  practiceAddress,
  /** The practice address on one line, as the e-mails print it. */
  address: addressLine(practiceAddress),
  website: 'https://www.ruhepol-schlafberatung.ch',
  /** Domain of the calendar entries' UIDs, so they never collide with other senders' events. */
  calendarDomain: 'ruhepol-schlafberatung.ch',
} as const;
