/**
 * Under an e-mail field whose address looks mistyped (src/components/forms/email-suggestion.ts):
 * the question with the address meant, and the button that puts it into the field.
 */
import { localized } from './copy';
import * as emailSuggestionEn from './en/email-suggestion';
export const emailSuggestionTexts = {
  question: (address: string) => `Meinten Sie ${address}?`,
  take: 'Übernehmen',
} as const;

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(emailSuggestionCopy)`. */
export const emailSuggestionCopy = localized({ emailSuggestionTexts }, emailSuggestionEn);
