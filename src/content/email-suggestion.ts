/**
 * Under an e-mail field whose address looks mistyped (src/components/forms/email-suggestion.ts):
 * the question with the address meant, and the button that puts it into the field.
 */
export const emailSuggestionTexts = {
  question: (address: string) => `Meinten Sie ${address}?`,
  take: 'Übernehmen',
} as const;
