/**
 * The paths of the site's pages that the functions' mails link to, per language
 * (docs/decisions/011-two-languages.md): the one home of each pair. A mail to a visitor
 * links the pages of the visitor's language (the stored row's `language`); the practice's
 * own mails stay German and link the German pages. The functions build every such link
 * from here (lifecycle/action-links.ts, my-data/links.ts, sleep-diary/links.ts,
 * newsletter/links.ts); the site's page registry (src/lib/site-pages.ts) reads the same
 * pairs, so a page and the links to it cannot drift apart. A signed token rides in the
 * fragment (`<path>#<token>`) in both languages alike. Plain data: no Deno or browser APIs.
 */
import type { Language } from './languages.ts';

export const LINKED_PAGE_PATHS = {
  /** The action page: a signed link's appointment (confirm, decline, cancel, move, the practice's page). */
  action: { de: '/termin/aktion', en: '/en/appointment/action' },
  /** «Meine Daten» / "My data": what is stored about a mailbox. */
  myData: { de: '/meine-daten', en: '/en/my-data' },
  /** The sleep diary of a confirmed appointment. */
  sleepDiary: { de: '/schlaftagebuch', en: '/en/sleep-diary' },
  /** The newsletter's double opt-in. */
  newsletterConfirm: { de: '/newsletter/bestaetigen', en: '/en/newsletter/confirm' },
  /** The newsletter's unsubscription page. */
  newsletterUnsubscribe: { de: '/newsletter/abmelden', en: '/en/newsletter/unsubscribe' },
  /** The blog: an article is `<path>/<slug>` (the newsletter's announcements). */
  blog: { de: '/blog', en: '/en/blog' },
  /** The booking page, for the mails' «book again» links. */
  booking: { de: '/termin-vereinbaren', en: '/en/book-an-appointment' },
} as const satisfies Record<string, Record<Language, `/${string}`>>;

export type LinkedPage = keyof typeof LINKED_PAGE_PATHS;

/** The path of `page` in `language`: linkedPagePath('myData', 'en') → '/en/my-data'. */
export function linkedPagePath<Page extends LinkedPage, L extends Language>(page: Page, language: L): (typeof LINKED_PAGE_PATHS)[Page][L] {
  return LINKED_PAGE_PATHS[page][language];
}
