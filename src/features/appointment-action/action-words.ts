/**
 * The words the action page's plain functions (./action-state.ts, ./earlier-state.ts,
 * ./offer-state.ts) write with, in one language: the page's copy, the offers' copy and the
 * dates. Those functions take the page's language (its path says it: useLanguage) and read
 * the words here, so no text of one language is fixed when a module loads. Components read
 * the same copy with useCopy.
 */
import { appointmentActionCopy } from '@/content/appointment-action';
import { dateFormatsCopy } from '@/content/dates';
import { servicesCopy } from '@/content/services';
import type { Language } from '@/lib/language';
import { useLanguage } from '@/lib/page-links';

type PageCopy = (typeof appointmentActionCopy)[Language];

export interface ActionWords {
  copy: PageCopy['appointmentActionPage'];
  offerTexts: PageCopy['offerTexts'];
  dates: (typeof dateFormatsCopy)[Language];
  /** A service as the request stores it (the catalogue's German label), in this language. */
  serviceLabel: (stored: string) => string;
}

function wordsOf(language: Language): ActionWords {
  const { appointmentActionPage, offerTexts } = appointmentActionCopy[language];
  return {
    copy: appointmentActionPage,
    offerTexts,
    dates: dateFormatsCopy[language],
    serviceLabel: servicesCopy[language].storedServiceLabel,
  };
}

const words: Readonly<Record<Language, ActionWords>> = { de: wordsOf('de'), en: wordsOf('en') };

/** The words of `language`. */
export function actionWords(language: Language): ActionWords {
  return words[language];
}

/** The open page's words (its language from its path). */
export function useActionWords(): ActionWords {
  return words[useLanguage()];
}
