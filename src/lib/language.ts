/**
 * The site's two languages (docs/decisions/011-two-languages.md): German under `/`, with the
 * product specification's routes, and English under `/en/`. A page's language is read from
 * its path alone – never from the browser – so a prerendered page is the same for every
 * visitor and hydrates as it was built.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@domain/languages';

export type { Language };
export const languages = LANGUAGES;

/** The language of `/` and of every path outside `/en/`; also hreflang's x-default. */
export const defaultLanguage: Language = DEFAULT_LANGUAGE;

/** The English site's prefix: `/en` is its home page, `/en/…` its other pages. */
export const ENGLISH_PREFIX = '/en';

export function languageOfPath(pathname: string): Language {
  return pathname === ENGLISH_PREFIX || pathname.startsWith(`${ENGLISH_PREFIX}/`) ? 'en' : 'de';
}

/** `<html lang>` and hreflang: the language as spoken in Switzerland (the practice's region). */
export const languageTags: Record<Language, string> = { de: 'de-CH', en: 'en-CH' };

/** Open Graph's og:locale. */
export const ogLocales: Record<Language, string> = { de: 'de_CH', en: 'en_GB' };

/** Each language as it names itself: the language switch's labels (no flags, which name countries). */
export const languageNames: Record<Language, string> = { de: 'Deutsch', en: 'English' };
