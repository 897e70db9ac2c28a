import { screen } from '@testing-library/react';

/**
 * The texts of one language's copy that the other writes otherwise, walked in parallel
 * through both copies (a text the same in both – a name, «Status» – says nothing), of at
 * least 8 characters, spaces as a reader sees them: none may show on the other language's
 * page. `germanTexts(germanCopy, englishCopy)`.
 */
export function germanTexts(de: unknown, en: unknown): string[] {
  if (typeof de === 'string') return de.length >= 8 && de !== en ? [de.replace(/\s+/g, ' ')] : [];
  if (de === null || typeof de !== 'object') return [];
  return Object.entries(de).flatMap(([key, value]) => germanTexts(value, (en as Record<string, unknown> | undefined)?.[key]));
}

/** The page's own text (not the layout's), with its spaces as a reader sees them. */
export const mainText = () => screen.getByRole('main').textContent!.replace(/\s+/g, ' ');
