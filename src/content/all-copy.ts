/**
 * Every copy module's texts in both languages, by module name: what the tests read to
 * check that a page of one language shows no text of the other (e2e/languages.test.ts,
 * scripts/prerender/build-output.test.ts). Not imported by the site. The dates (./dates.ts)
 * are functions, not texts, and are left out.
 */
import type { Language } from '@/lib/language';
import type { Localized } from './copy';
import { aboutCopy } from './about';
import { appointmentActionCopy } from './appointment-action';
import { appointmentCopy } from './appointment';
import { articleCategoriesCopy } from './article-categories';
import { blogCopy } from './blog';
import { contactCopy } from './contact';
import { emailSuggestionCopy } from './email-suggestion';
import { formNoticesCopy } from './form-notices';
import { homeCopy } from './home';
import { invoiceCopy } from './invoice';
import { legalNoticeCopy } from './legal-notice';
import { myDataInvoicesCopy } from './my-data-invoices';
import { myDataCopy } from './my-data';
import { newsletterCopy } from './newsletter';
import { pageMetaCopy } from './page-meta';
import { practiceCopy } from './practice';
import { privacyCopy } from './privacy';
import { serviceCardsCopy } from './service-cards';
import { servicesCopy } from './services';
import { sleepCounsellingCopy } from './sleep-counselling';
import { sleepDiaryCopy } from './sleep-diary';
import { teamCopy } from './team';
import { testimonialsCopy } from './testimonials';
import { uiTextCopy } from './ui-text';

export const allCopy: Record<string, Localized<unknown>> = {
  'about': aboutCopy,
  'appointment-action': appointmentActionCopy,
  'appointment': appointmentCopy,
  'article-categories': articleCategoriesCopy,
  'blog': blogCopy,
  'contact': contactCopy,
  'email-suggestion': emailSuggestionCopy,
  'form-notices': formNoticesCopy,
  'home': homeCopy,
  'invoice': invoiceCopy,
  'legal-notice': legalNoticeCopy,
  'my-data-invoices': myDataInvoicesCopy,
  'my-data': myDataCopy,
  'newsletter': newsletterCopy,
  'page-meta': pageMetaCopy,
  'practice': practiceCopy,
  'privacy': privacyCopy,
  'service-cards': serviceCardsCopy,
  'services': servicesCopy,
  'sleep-counselling': sleepCounsellingCopy,
  'sleep-diary': sleepDiaryCopy,
  'team': teamCopy,
  'testimonials': testimonialsCopy,
  'ui-text': uiTextCopy,
};

/** Keys whose strings are addresses, ids or settings, not visible text. */
const NOT_TEXT = new Set(['to', 'href', 'src', 'id', 'value', 'autoComplete', 'mapUrl', 'e164', 'email', 'icon', 'slug', 'date', 'image', 'country', 'kind']);

/** Every visible text of a language's copy (strings only; functions and non-text keys left out). */
export function copyTexts(language: Language): Set<string> {
  const texts = new Set<string>();
  const walk = (value: unknown, key?: string) => {
    if (typeof value === 'string') {
      if (!NOT_TEXT.has(key ?? '') && !value.startsWith('/') && !/^https?:/.test(value)) texts.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value && typeof value === 'object' && !('$$typeof' in value)) {
      for (const [name, item] of Object.entries(value)) walk(item, name);
    }
  };
  for (const copy of Object.values(allCopy)) walk(copy[language]);
  return texts;
}

/**
 * The texts of one language that the other does not share, of at least `minLength`
 * characters (shorter ones – «OK», a name – say nothing about the language).
 */
export function onlyIn(language: Language, minLength = 8): string[] {
  const other = copyTexts(language === 'de' ? 'en' : 'de');
  return [...copyTexts(language)].filter((text) => text.length >= minLength && !other.has(text));
}
