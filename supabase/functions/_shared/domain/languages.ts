/**
 * The languages a visitor may use the site in, and so the language of what they send and
 * of every mail to them (docs/decisions/011-two-languages.md). The practice's own mails
 * stay German and name the visitor's language. The database's copy of the rule
 * (private.is_language, the `language` columns' check) is generated from this list
 * (scripts/db-rules). Plain data: every page loads it (src/lib/language.ts).
 */
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What a row without a language is in, and what the spec's inserts store. */
export const DEFAULT_LANGUAGE: Language = 'de';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The visitor's language as the practice's German mails name it. */
export const LANGUAGE_NAMES_FOR_PRACTICE: Record<Language, string> = { de: 'Deutsch', en: 'Englisch' };
