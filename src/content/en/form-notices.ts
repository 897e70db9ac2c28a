/**
 * English copy of the texts the two forms share (failure and queued notices, the label while
 * sending, the privacy line, field problems and hints); the shape is the German module's
 * (../form-notices.ts).
 */
import { PHONE_DIGITS_MIN } from '@domain/field-rules';
import { practice } from './practice';

export const sendFailedNotice = {
  title: 'Sending failed',
  description: 'Something went wrong. Please try again or contact us directly.',
} as const;

/** Stored, but its e-mail to the practice waits for the daily mail cap: not "sent", and the phone for what cannot wait. */
export const storedQueuedNotice = {
  title: 'Request saved',
  description: `We have saved your request. Because we are receiving a great many requests, it will reach us with a delay today; we will get back to you as soon as we can. If it is urgent, please call us on ${practice.phone.display}.`,
} as const;

export const sendingLabel = 'Sending...';

/** `text`, then the link label, then a full stop. */
export const privacyNote = {
  text: 'We use your details only to answer your request. You can read more in our',
  linkLabel: 'privacy policy',
} as const;

export const noScriptNote =
  'This form needs JavaScript. You can also reach us by phone or e-mail (see the bottom of the page).';

/** What a field says when its value would be refused by the form's function. */
export const fieldProblemTexts = {
  blank: 'Please fill in this field.',
  tooLong: (maxLength: number) => `Please shorten the text to no more than ${maxLength} characters.`,
  overLimit: (length: number, limit: number) =>
    `Your text has ${length} characters, ${length - limit} more than the ${limit} allowed. Please shorten it.`,
  notAnEmail: 'Please enter a complete e-mail address, e.g. name@example.ch.',
  notAName:
    'Please enter only your name here: letters, spaces, hyphens, apostrophes or full stops – no digits, addresses or links.',
  nameScript:
    'Please write your name in Latin, Greek or Cyrillic letters (e.g. “Müller”, “Παπαδόπουλος”, “Иванов”). Unfortunately, we cannot print other scripts on our invoices.',
  invisibleCharacters: 'This field contains invisible control or formatting characters. Please type the text again.',
  notAPhone: `Please enter a phone number with at least ${PHONE_DIGITS_MIN} digits, e.g. 079 123 45 67. Spaces, / - . and brackets are allowed, and a + only at the start.`,
} as const;

/** Under a field from the start, where its rule is not what a visitor would guess. */
export const fieldHints = {
  phone: 'Including the area code, e.g. 079 123 45 67 or +41 79 123 45 67; spaces, / - . and brackets are allowed.',
} as const;
