/**
 * The rules of one form field, as plain functions: the field schemas (schemas.ts) call
 * `fieldProblem`, and both the functions and the browser (src/components/forms/field-check.ts)
 * check with those schemas, so a value the form lets through is one the function accepts.
 * The database's CHECKs enforce the same rules (supabase/migrations;
 * tests/integration/contract.test.ts compares them code point by code point).
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

/** The WHATWG rule for <input type="email">, which the forms rely on. */
const BROWSER_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** private.is_email() in the migration: additionally a dot after the @ (the browser accepts "a@b"). */
const DATABASE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

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

/** Postgres counts characters (code points), JavaScript's length counts UTF-16 units. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

export type FieldKind = 'line' | 'text' | 'email';

export type FieldProblem = 'not_well_formed' | 'control_character' | 'blank' | 'too_long' | 'not_an_email';

/**
 * What is wrong with a filled-in value of a field of this kind, or null. Whether the
 * field may be empty is the caller's part (required, or null for an optional field).
 */
export function fieldProblem(kind: FieldKind, value: string, maxLength: number): FieldProblem | null {
  if (kind === 'email') {
    if (characterCount(value) > maxLength) return 'too_long';
    return BROWSER_EMAIL.test(value) && DATABASE_EMAIL.test(value) ? null : 'not_an_email';
  }
  // A lone surrogate cannot be stored as UTF-8; Postgres would refuse it with a 500.
  if (!isWellFormed(value)) return 'not_well_formed';
  if ((kind === 'line' ? SINGLE_LINE_FORBIDDEN : MULTI_LINE_FORBIDDEN).test(value)) return 'control_character';
  if (value.trim() === '') return 'blank';
  if (characterCount(value) > maxLength) return 'too_long';
  return null;
}

/** The contact form's name is first and last name joined by one space. */
export const CONTACT_NAME_MAX = FIELD_LIMITS.name * 2 + 1;
