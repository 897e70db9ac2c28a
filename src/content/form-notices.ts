/**
 * Texts the two forms share: the failure notice (docs/product.md §8), the notice for a
 * request stored while the day's mail cap holds its e-mail back, the label while sending,
 * and the privacy line under each submit button.
 */
import { localized } from './copy';
import * as formNoticesEn from './en/form-notices';
import { PHONE_DIGITS_MIN } from '@domain/field-rules';
import { practice } from './practice';

export const sendFailedNotice = {
  title: 'Fehler beim Senden',
  description: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut oder kontaktieren Sie uns direkt.',
} as const;

/**
 * The function stored the request but answered that its e-mail to the practice waits for
 * the daily mail cap (202 `{ queued: true }`; it is delivered automatically within 24
 * hours). Not "gesendet", which would be untrue today; the phone for what cannot wait.
 */
export const storedQueuedNotice = {
  title: 'Anfrage gespeichert',
  description: `Ihre Anfrage ist bei uns gespeichert. Wegen sehr vieler Anfragen erreicht sie uns heute verzögert; wir melden uns so bald wie möglich. Wenn es eilt, erreichen Sie uns unter ${practice.phone.display}.`,
} as const;

export const sendingLabel = 'Wird gesendet...';

export const privacyNote = {
  text: 'Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu beantworten. Mehr dazu in unserer',
  linkLabel: 'Datenschutzerklärung',
} as const;

export const noScriptNote =
  'Das Formular braucht JavaScript. Sie erreichen uns auch per Telefon oder E-Mail (siehe unten auf der Seite).';

/**
 * What a field says when its value would be refused by the form's function (the same
 * field schemas, @domain/schemas): shown by the browser next to the field, like its
 * own "please fill in" message, before anything is sent.
 */
export const fieldProblemTexts = {
  blank: 'Bitte füllen Sie dieses Feld aus.',
  tooLong: (maxLength: number) => `Bitte kürzen Sie den Text auf höchstens ${maxLength} Zeichen.`,
  /** While the visitor edits a text longer than its field takes (a paste, say): nothing is cut. */
  overLimit: (length: number, limit: number) =>
    `Ihr Text hat ${length} Zeichen, ${length - limit} mehr als die ${limit} möglichen. Bitte kürzen Sie ihn.`,
  notAnEmail: 'Bitte geben Sie eine vollständige E-Mail-Adresse ein, z. B. name@beispiel.ch.',
  /** A name with a digit, @, a link or a domain (field-rules.ts, isPersonName). */
  notAName: 'Bitte geben Sie hier nur Ihren Namen ein: Buchstaben, Leerzeichen, Bindestrich, Apostroph oder Punkt – keine Ziffern, Adressen oder Links.',
  /**
   * A name with letters of a script the invoice PDF cannot print (field-rules.ts,
   * NAME_OTHER_SCRIPT): Hebrew, Arabic, Chinese, Japanese, Korean, Indic scripts and others.
   */
  nameScript:
    'Bitte schreiben Sie Ihren Namen mit lateinischen, griechischen oder kyrillischen Buchstaben (z. B. «Müller», «Παπαδόπουλος», «Иванов»). Andere Schriften können wir auf unseren Rechnungen leider nicht drucken.',
  invisibleCharacters: 'Dieses Feld enthält unsichtbare Steuer- oder Formatzeichen. Bitte tippen Sie den Text neu ein.',
  /** A phone that is not digits with the usual separators (field-rules.ts, isPhoneNumber). */
  notAPhone: `Bitte geben Sie eine Telefonnummer mit mindestens ${PHONE_DIGITS_MIN} Ziffern ein, z. B. 079 123 45 67. Erlaubt sind Leerzeichen, / - . und Klammern, ein + nur am Anfang.`,
} as const;

/**
 * What a field says under it from the start, where its rule is not what a visitor would
 * guess: the phone takes digits only (the booking form needs it, the contact form not).
 */
export const fieldHints = {
  phone: 'Mit Vorwahl, z. B. 079 123 45 67 oder +41 79 123 45 67; Leerzeichen, / - . und Klammern sind erlaubt.',
} as const;

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(formNoticesCopy)`. */
export const formNoticesCopy = localized({ fieldHints, fieldProblemTexts, noScriptNote, privacyNote, sendFailedNotice, sendingLabel, storedQueuedNotice }, formNoticesEn);
