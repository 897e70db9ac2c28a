/**
 * The pieces of a mail to a visitor in each language (docs/decisions/011-two-languages.md):
 * the greeting, the reply hint, the signature, the HTML document's language, a service with
 * its price and a requested slot – German as ./layout.ts has always written them (its
 * constants, unchanged), English next to them in the same shape, so a piece missing in
 * English does not compile. The mail builders pick the pieces of the row's language with
 * `mailLayout(language)`; the practice's mails stay German and keep using ./layout.ts.
 * Pure: no network, no environment.
 */
import { formatChf } from '../domain/catalog.ts';
import * as germanDates from '../domain/dates.ts';
import * as englishDates from '../domain/english-dates.ts';
import { escapeHtml } from '../domain/html.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES_FOR_PRACTICE, type Language } from '../domain/languages.ts';
import { practiceContact } from '../domain/practice.ts';
import {
  type Field,
  findService,
  htmlDocument as germanHtmlDocument,
  htmlSignature as germanHtmlSignature,
  NOT_GIVEN,
  REPLY_HINT,
  requestedSlot as germanRequestedSlot,
  serviceWithPrice as germanServiceWithPrice,
  signatureLines as germanSignatureLines,
} from './layout.ts';

/** The date formats a mail uses, by the same names in both languages (../domain/dates.ts, ../domain/english-dates.ts). */
export type DateFormats = Pick<
  typeof germanDates,
  'formatDateLong' | 'formatDateShort' | 'formatTime' | 'formatDateTimeLong' | 'formatSlotLong' | 'formatInstantLong'
>;

export const DATE_FORMATS: Record<Language, DateFormats> = { de: germanDates, en: englishDates };

/** What a visitor's mail is built of, in one language. */
export interface MailLayout {
  /** The first line: with the visitor's name where the mail may repeat it, else without. */
  greeting(name: string | null): string;
  /** How a visitor reaches the practice about any automatic mail. */
  replyHint: string;
  signatureLines: readonly string[];
  htmlSignature(): string;
  /** The whole HTML document, `<html lang>` in the mail's language. */
  htmlDocument(title: string, body: string): string;
  /** The stored (German) service label in the language, with its price. */
  serviceWithPrice(label: string): string;
  /** The stored service label in the language, without its price (the invoice). */
  serviceName(label: string): string;
  /** A requested slot, which may lack a time or a day. */
  requestedSlot(date: string | null, time: string | null): string;
  notGiven: string;
}

export const ENGLISH_PRICE_ON_REQUEST = 'Price on request';

/** The stored label in English; a label the catalogue no longer has stays as stored. */
export function englishServiceName(label: string): string {
  const service = findService(label);
  return service ? service.englishLabel : label;
}

/** 'Sleep counselling – CHF 190.–' or 'Sleep counselling & home visit – Price on request'. */
export function englishServiceWithPrice(label: string): string {
  const service = findService(label);
  if (!service) return label;
  return `${service.englishLabel} – ${service.priceChf === null ? ENGLISH_PRICE_ON_REQUEST : formatChf(service.priceChf)}`;
}

export const ENGLISH_SIGNATURE_LINES: readonly string[] = [
  'Kind regards',
  practiceContact.name,
  practiceContact.address,
  `Phone ${practiceContact.phone.display}`,
  practiceContact.email,
  practiceContact.website,
];

export const ENGLISH_REPLY_HINT = `If you have any questions, call us on ${practiceContact.phone.display} or simply reply to this e-mail.`;

/** The German document with its language tag in English (en-GB); otherwise the same markup. */
function englishHtmlDocument(title: string, body: string): string {
  return germanHtmlDocument(title, body).replace('<html lang="de-CH">', '<html lang="en-GB">');
}

export const MAIL_LAYOUTS: Record<Language, MailLayout> = {
  de: {
    greeting: (name) => (name === null ? 'Guten Tag' : `Guten Tag ${name}`),
    replyHint: REPLY_HINT,
    signatureLines: germanSignatureLines,
    htmlSignature: germanHtmlSignature,
    htmlDocument: germanHtmlDocument,
    serviceWithPrice: germanServiceWithPrice,
    serviceName: (label) => label,
    requestedSlot: germanRequestedSlot,
    notGiven: NOT_GIVEN,
  },
  en: {
    greeting: (name) => (name === null ? 'Hello' : `Dear ${name}`),
    replyHint: ENGLISH_REPLY_HINT,
    signatureLines: ENGLISH_SIGNATURE_LINES,
    htmlSignature: () => `<p style="margin:24px 0 0">${ENGLISH_SIGNATURE_LINES.map(escapeHtml).join('<br>')}</p>`,
    htmlDocument: englishHtmlDocument,
    serviceWithPrice: englishServiceWithPrice,
    serviceName: englishServiceName,
    requestedSlot: (date, time) => {
      if (date === null) return time === null ? 'none' : `${englishDates.formatTime(time)} (no date)`;
      return englishDates.formatSlotLong(date, time);
    },
    notGiven: 'not given',
  },
};

/** The pieces of a visitor's mail in `language`. */
export const mailLayout = (language: Language): MailLayout => MAIL_LAYOUTS[language];

/** The label of the visitor's language in the practice's (German) mails. */
export const LANGUAGE_LABEL_FOR_PRACTICE = 'Sprache';

/**
 * The practice's mails about a visitor's request name the visitor's language when it is
 * not German («Sprache: Englisch»), so the practice answers and calls in it; a German
 * request's mails stay as the spec writes them (German is what the practice assumes).
 */
export function languageFieldsForPractice(language: Language): Field[] {
  return language === DEFAULT_LANGUAGE ? [] : [{ label: LANGUAGE_LABEL_FOR_PRACTICE, value: LANGUAGE_NAMES_FOR_PRACTICE[language] }];
}

/** The same as a line of text («Sprache: Englisch»; none for German), for the practice's calendar entries. */
export function languageLineForPractice(language: Language): string[] {
  return languageFieldsForPractice(language).map((field) => `${field.label}: ${field.value}`);
}
