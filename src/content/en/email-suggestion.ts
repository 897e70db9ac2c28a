/** English copy of the e-mail typo hint; the shape is the German module's (../email-suggestion.ts). */

export const emailSuggestionTexts = {
  question: (address: string) => `Did you mean ${address}?`,
  take: 'Use this',
} as const;
