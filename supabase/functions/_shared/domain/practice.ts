/**
 * The practice's facts: its name, phone, e-mail, addresses, website and the promises the
 * site and the e-mails make (reply within 24 hours, cancel up to 24 hours before). The one
 * place to change them: the site (src/content/practice.ts adds its copy around them) and the
 * edge functions' e-mails and calendar entries read them from here. What it offers, at which
 * price and when, is in catalog.ts. Plain data: no Deno or browser APIs.
 */

/** Name the e-mails are signed with. */
export const practiceName = 'Ruhepol Schlafberatung';

/** Promised time to confirm an appointment or answer a message, in hours. */
export const replyWithinHours = 24;

/** Appointments can be cancelled until this many hours before they start (online and by phone). */
export const cancellationNoticeHours = 24;

export interface PostalAddress {
  street: string;
  postalCode: string;
  locality: string;
  /** Swiss canton abbreviation, shown after the locality ("Uitikon ZH"). */
  region: string;
  country: 'CH';
}

export interface PhoneNumber {
  /** As printed: "+41 44 555 27 80", its groups joined by no-break spaces so that it never breaks across lines. */
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

/** Registered office of the company (shown in the legal notice). */
const registeredAddress: PostalAddress = {
  street: 'Badenerstrasse 318',
  postalCode: '8004',
  locality: 'Zürich',
  region: 'ZH',
  country: 'CH',
};

/**
 * What the invoices' QR bill needs (domain/invoice.ts): the account the visitors pay into and
 * the creditor's name and address as the payment part prints them (the registered office).
 * DEMO_IBAN is the Swiss banks' published example account (valid check digits, nobody's
 * money): the local stack and the tests use it, and `npm run check:deploy` refuses it – and
 * any IBAN whose check digits fail or that is not Swiss or Liechtenstein – for production.
 * Change `iban` here before the first invoice goes out.
 */
export const DEMO_IBAN = 'CH9300762011623852957';

export interface InvoiceCreditor {
  /** An ordinary CH/LI IBAN (not a QR-IBAN: the reference is ISO 11649 «RF…»), without spaces. */
  iban: string;
  name: string;
  street: string;
  buildingNumber: string;
  postalCode: string;
  locality: string;
  country: 'CH';
}

export const practiceBilling: InvoiceCreditor = {
  iban: DEMO_IBAN,
  name: practiceName,
  street: 'Badenerstrasse',
  buildingNumber: '318',
  postalCode: registeredAddress.postalCode,
  locality: registeredAddress.locality,
  country: 'CH',
};

/** "Birmensdorferstrasse 42, 8142 Uitikon ZH" */
export function addressLine(address: PostalAddress): string {
  return `${address.street}, ${address.postalCode} ${address.locality} ${address.region}`;
}

export const practiceContact = {
  name: practiceName,
  phone: { display: '+41\u00a044\u00a0555\u00a027\u00a080', e164: '+41445552780' } satisfies PhoneNumber,
  email: 'praxis@ruhepol-schlafberatung.ch',
  /** Where consultations take place. */
  practiceAddress,
  registeredAddress,
  /** The practice address on one line, as the e-mails print it. */
  address: addressLine(practiceAddress),
  website: 'https://www.ruhepol-schlafberatung.ch',
  /** Domain of the calendar entries' UIDs, so they never collide with other senders' events. */
  calendarDomain: 'ruhepol-schlafberatung.ch',
} as const;

/**
 * The practice's advisors, who share one schedule: each confirmed appointment belongs to
 * one of them (capacity.ts). The id is stored in appointment_requests.advisor and names
 * their calendar feed; the site's profiles (src/content/team.ts) take the name from here.
 * The database's list (private.advisor_ids) is generated from this one.
 */
export const practiceAdvisors = [
  { id: 'sandra-huber', name: 'Sandra Huber' },
  { id: 'lukas-brunner', name: 'Lukas Brunner' },
] as const;

export type AdvisorId = (typeof practiceAdvisors)[number]['id'];

/** The ids in the practice's order, as a non-empty tuple (for z.enum). */
export const advisorIds = practiceAdvisors.map((advisor) => advisor.id) as [AdvisorId, ...AdvisorId[]];

export function isAdvisorId(value: unknown): value is AdvisorId {
  return practiceAdvisors.some((advisor) => advisor.id === value);
}

/** The advisor's name, e.g. for the mails and calendar entries. */
export function advisorName(id: AdvisorId): string {
  return practiceAdvisors.find((advisor) => advisor.id === id)!.name;
}
