/**
 * The practice's business data. Everything a visitor reads about who we are and how to
 * reach us comes from here; change it here and every page, the footer, the JSON-LD and
 * the e-mails follow. The data is fictional sample data until the practice replaces it.
 */

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

export const practice = {
  name: 'Ruhepol Schlafberatung',
  tagline: 'Praxis für Schlafberatung und Liegediagnostik',
  phone: { display: '+41 44 555 27 80', e164: '+41445552780' } satisfies PhoneNumber,
  email: 'praxis@ruhepol-schlafberatung.ch',
  /** Where consultations take place (shown on /kontakt, in the footer and the JSON-LD). */
  practiceAddress: {
    street: 'Birmensdorferstrasse 42',
    postalCode: '8142',
    locality: 'Uitikon',
    region: 'ZH',
    country: 'CH',
  } satisfies PostalAddress,
  /** Registered office of the company (shown in the legal notice). */
  registeredAddress: {
    street: 'Badenerstrasse 318',
    postalCode: '8004',
    locality: 'Zürich',
    region: 'ZH',
    country: 'CH',
  } satisfies PostalAddress,
  /** Map link for the practice address; opens the visitor's map service, nothing is embedded. */
  mapUrl:
    'https://www.openstreetmap.org/search?query=Birmensdorferstrasse%2042%2C%208142%20Uitikon',
  appointmentsNote: 'Termine nach Vereinbarung',
  /** Promised time to reply to a message or confirm an appointment. */
  replyWithinHours: 24,
  /** How far ahead an appointment must be cancelled. */
  cancellationNoticeHours: 24,
  copyrightYear: 2025,
  founded: 2019,
} as const;

/** "Birmensdorferstrasse 42, 8142 Uitikon ZH" style lines, as the address is printed. */
export function addressLines(address: PostalAddress): [string, string] {
  return [address.street, `${address.postalCode} ${address.locality} ${address.region}`];
}
