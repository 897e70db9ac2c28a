/**
 * The rules of one form field, as plain functions: the field schemas (schemas.ts) call
 * `fieldProblem`, and both the functions and the browser (src/components/forms/field-check.ts)
 * check with those schemas, so a value the form lets through is one the function accepts.
 * The database's CHECKs enforce the same rules (supabase/migrations;
 * tests/integration/contract.test.ts compares them code point by code point, and address
 * by address). What each rule is for: docs/security-and-limits.md.
 */
import { FIELD_LIMITS } from './field-limits.ts';

/**
 * One-line fields (names, phone, subject, e-mail) refuse every control and format
 * character and the Unicode line/paragraph separators: CR/LF end up in mail headers,
 * U+202E (right-to-left override) turns text around in the practice's mail client,
 * U+200B makes a name that looks empty, U+2028 breaks lines where none may be. The
 * database's checks refuse the same set (private.forbidden_in_line in the migrations).
 */
export const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/**
 * A message keeps its line breaks and tabs, and the format characters real text needs
 * (the zero-width joiner of emoji and of many scripts, soft hyphens); it refuses the other
 * control characters (NUL above all), the line/paragraph separators and the bidirectional
 * embeddings, overrides and isolates that can make text read differently than it is.
 */
export const MULTI_LINE_FORBIDDEN = /(?![\t\n\r])[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;

/**
 * What shows nothing on screen: white space (JavaScript's \s, which is what trim() strips),
 * the default-ignorable code points (zero-width characters, variation selectors, the Hangul
 * fillers U+115F, U+1160, U+3164 and U+FFA0, tag characters …) and U+2800 BRAILLE PATTERN
 * BLANK. A value made only of these is blank, in every field (private.looks_blank).
 */
export const BLANK_LOOKING = /^[\s\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** True when the text shows nothing: empty, or white space and invisible characters only. */
export function looksBlank(value: string): boolean {
  return BLANK_LOOKING.test(value);
}

/**
 * An e-mail address, in one tight grammar that the function, the form and the database
 * (private.is_mail_address, the same pattern) share – a subset of what the browser's
 * <input type="email"> accepts:
 *
 *   address = local "@" domain          at most 254 characters
 *   local   = atom *("." atom)          at most 64 characters (RFC 5321)
 *   atom    = 1*( A-Z a-z 0-9 ! # $ % & ' * + / = ? ^ _ ` { | } ~ - )
 *   domain  = label 1*("." label)       at least two labels
 *   label   = alnum [ *61(alnum / "-") alnum ]
 *
 * Refused therefore: a dot at the start or end of the local part or two in a row, a
 * trailing dot after the domain (`a@x.ch.`), anything around the address (`<a@x.ch>`,
 * `a@x.ch,`), comments, groups and quoted local parts (`a(c)@x.ch`, `g:a@x.ch;`,
 * `"a b"@x.ch`), addresses without a dot in the domain, IP literals, non-ASCII (a
 * browser sends an international domain as punycode).
 */
export const MAIL_ADDRESS_PATTERN =
  "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*" +
  '@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$';
const MAIL_ADDRESS = new RegExp(MAIL_ADDRESS_PATTERN);
/** RFC 5321's limit on the part before the @. */
export const MAIL_LOCAL_PART_MAX = 64;

/** Whether `value` is an address of the one grammar (MAIL_ADDRESS_PATTERN), at most `maxLength` long. */
export function isMailAddress(value: string, maxLength: number = FIELD_LIMITS.email): boolean {
  return value.length <= maxLength && MAIL_ADDRESS.test(value) && value.indexOf('@') <= MAIL_LOCAL_PART_MAX;
}

/**
 * A name: letters and combining marks, spaces, apostrophes (' ’ ʼ), hyphens (- ‐), dots and
 * the middle dot that joins names (·); at least one letter; no default-ignorable character
 * (the Hangul fillers are letters that show nothing); and no dot followed directly by two
 * letters, so nothing that reads as a domain (`bit.ly`, `x.ch`). No digits, no @, no colon
 * or slash: a name cannot carry a link, a phone number or an address into a mail that
 * greets someone with it (docs/security-and-limits.md). Initials keep their dots: `J. R.`,
 * `H.P.`. The letters and marks are those of the scripts the invoice prints (NAME_OTHER_SCRIPT).
 */
export const NAME_CHARACTERS = /^[\p{L}\p{M} '\u2019\u02BC.\-\u2010\u00B7]+$/u;
/** A letter: given NAME_CHARACTERS, what is neither punctuation, space nor a mark (ʼ U+02BC is a letter to Unicode, an apostrophe here). */
export const NAME_LETTER = /[^ '\u2019\u02BC.\-\u2010\u00B7\p{M}]/u;
export const NAME_INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/** A dot followed by two characters that are not punctuation or space (letters or marks, given NAME_CHARACTERS). */
export const NAME_DOMAIN_LIKE = /\.[^ '\u2019\u02BC.\-\u2010\u00B7]{2}/u;
/**
 * A letter or mark of a script the invoice PDF cannot print (invoices/invoice-pdf.ts prints
 * the name in an embedded Noto Sans subset, tools/fonts/invoice-name-font.ts). A name's
 * letters and marks come from U+0041–U+052F (Basic Latin to Cyrillic Supplement: every
 * European diacritic, IPA letters, Greek, Cyrillic; not the Coptic letters U+03E2–U+03EF,
 * which Noto Sans lacks) and U+1E00–U+1FFF (Latin Extended Additional, for Vietnamese and
 * Welsh; Greek Extended, for polytonic Greek); the combining accents U+0300–U+036F lie in the
 * first range, so a name typed with them (NFD) passes and prints composed (NFC).
 *
 * Refused, because a PDF would misprint them: the right-to-left scripts (Hebrew, Arabic),
 * which need the bidirectional algorithm and Arabic joining that pdfkit does not do; the
 * Indic and South-East Asian scripts, which need reordering and shaping it does only in
 * part; Chinese, Japanese and Korean, whose fonts run to many megabytes (a function may
 * bundle 20 MB); and the rest (Armenian, Georgian, Ethiopic …, full-width Latin, the rarer
 * Latin and Cyrillic extensions), which the font does not cover. The form says so at the
 * field (fieldProblemTexts.nameScript); a visitor writes the name in Latin letters.
 */
export const NAME_OTHER_SCRIPT = /(?![\u0041-\u03E1\u03F0-\u052F\u1E00-\u1FFF])[\p{L}\p{M}]/u;

/** Why a value is not a name: a letter of a script the invoice cannot print, or not made like a name at all. */
export function personNameProblem(value: string): 'name_script' | 'not_a_name' | null {
  // The script first: a name in Hebrew is not mended by leaving out a digit.
  if (NAME_OTHER_SCRIPT.test(value)) return 'name_script';
  const madeLikeAName =
    NAME_CHARACTERS.test(value) && NAME_LETTER.test(value) && !NAME_INVISIBLE.test(value) && !NAME_DOMAIN_LIKE.test(value);
  return madeLikeAName ? null : 'not_a_name';
}

/**
 * Whether one character may stand in a name (the rule's classes, taken one code point at a
 * time; whether a name is made of them is isPersonName's): the set the invoice's name font
 * covers (tools/fonts/invoice-name-font.ts).
 */
export function isNameCharacter(character: string): boolean {
  return NAME_CHARACTERS.test(character) && !NAME_OTHER_SCRIPT.test(character) && !NAME_INVISIBLE.test(character);
}

/** Whether `value` is made like a name, in a script the invoice prints (the characters alone; blank and length are fieldProblem's). */
export function isPersonName(value: string): boolean {
  return personNameProblem(value) === null;
}

/**
 * A phone number as people write it: ASCII digits, at least PHONE_DIGITS_MIN of them, with
 * the usual separators between them – spaces (also the no-break and narrow no-break space
 * a number copied from a web page or a signature brings along), `/`, `-`, `.` and
 * parentheses – and a `+` only as the first character (`+41 79 123 45 67`,
 * `044/123 45 67`, `(044) 123-45-67`, `+41 (0)79 123 45 67`). No letters, no other
 * punctuation or symbol: the practice calls the number back from its digest and its mails,
 * so what is stored must be a number it can dial, not a word, a link or an emoji. Six
 * digits is the shortest a Swiss or foreign number with its area code has; the length limit
 * (FIELD_LIMITS.phone) bounds the rest. The same pattern is the database's
 * (private.is_phone_number, generated).
 */
export const PHONE_DIGITS_MIN = 6;
/** The separators a phone number may have between its digits (a character class's contents). */
const PHONE_SEPARATORS = String.raw` \u00A0\u202F/.()\-`;
export const PHONE_NUMBER = new RegExp(`^\\+?(?:[${PHONE_SEPARATORS}]*[0-9]){${PHONE_DIGITS_MIN}}[0-9${PHONE_SEPARATORS}]*$`, 'u');

/** Whether `value` is written like a phone number (PHONE_NUMBER; blank and length are fieldProblem's). */
export function isPhoneNumber(value: string): boolean {
  return PHONE_NUMBER.test(value);
}

/**
 * No lone surrogate (String.prototype.isWellFormed, written out for browsers before 2023):
 * iterating by code points yields a lone surrogate as a unit of its own.
 */
function isWellFormed(value: string): boolean {
  for (const character of value) {
    const code = character.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) return false;
  }
  return true;
}

/** Why Postgres would refuse a text (storableProblem). */
export type StorableProblem = 'not_well_formed' | 'control_character';

/**
 * What Postgres cannot store in text or jsonb, whatever the field: a lone surrogate (UTF-16
 * that names no character, so it has no UTF-8, and jsonb refuses its `\ud800` escape) and NUL
 * (text cannot hold it, jsonb refuses `\u0000`). Postgres answers both with 22P02, which a
 * function that passed them on answered with a 500. The one rule for every text a function
 * takes: fieldProblem applies it to the forms' fields, nightProblem to the diary's note, and
 * every other string of a function's wire schema is built on field-schemas.ts storableString.
 */
export function storableProblem(value: string): StorableProblem | null {
  if (!isWellFormed(value)) return 'not_well_formed';
  return value.includes('\u0000') ? 'control_character' : null;
}

/** Postgres counts characters (code points), JavaScript's length counts UTF-16 units. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** 'line': one line of text (the subject); 'name': a person's name; 'phone': a phone number; 'text': several lines. */
export type FieldKind = 'line' | 'name' | 'phone' | 'text' | 'email';

export type FieldProblem = 'not_well_formed' | 'control_character' | 'blank' | 'too_long' | 'not_an_email' | 'not_a_name' | 'name_script' | 'not_a_phone';

/**
 * What is wrong with a filled-in value of a field of this kind, or null. Whether the
 * field may be empty is the caller's part (required, or null for an optional field).
 */
export function fieldProblem(kind: FieldKind, value: string, maxLength: number): FieldProblem | null {
  if (kind === 'email') {
    if (characterCount(value) > maxLength) return 'too_long';
    return isMailAddress(value, maxLength) ? null : 'not_an_email';
  }
  // The e-mail grammar above is ASCII without controls: stricter than storableProblem.
  const unstorable = storableProblem(value);
  if (unstorable) return unstorable;
  if ((kind === 'text' ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value)) return 'control_character';
  if (looksBlank(value)) return 'blank';
  if (characterCount(value) > maxLength) return 'too_long';
  // The shapes after the length: a value over its limit is asked to be shorter first, whatever it holds.
  if (kind === 'name') return personNameProblem(value);
  if (kind === 'phone' && !isPhoneNumber(value)) return 'not_a_phone';
  return null;
}

/** The contact form's name is first and last name joined by one space. */
export const CONTACT_NAME_MAX = FIELD_LIMITS.name * 2 + 1;
