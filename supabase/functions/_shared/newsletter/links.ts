/**
 * The newsletter's addresses, each to the site's page in the subscriber's language
 * (../domain/link-paths.ts; the English blog under /en/blog): the site's confirm and unsubscribe pages with a signed token
 * in the fragment (browsers never send a fragment to a server: the token reaches no access
 * log and no Referer; the page POSTs it to the function), an article's page, and the
 * one-click address of RFC 8058 for the List-Unsubscribe header – the function itself,
 * `<SUPABASE_URL>/functions/v1/newsletter?unsubscribe=<token>` (a header cannot carry a
 * fragment, and the mail provider posts to it directly). Pure: the settings are passed in.
 */
import { NEWSLETTER_FUNCTION, ONE_CLICK_PARAMETER } from '../domain/newsletter.ts';
import type { Language } from '../domain/languages.ts';
import { LINKED_PAGE_PATHS, linkedPagePath } from '../domain/link-paths.ts';
import { signNewsletterToken } from './tokens.ts';

export interface NewsletterLinkSettings {
  /** ACTION_TOKEN_SECRET (the tokens' key is derived from it: tokens.ts). */
  secret: string;
  /** The site's origin, without a trailing slash (SITE_URL). */
  siteUrl: string;
  /**
   * The project's API URL as the functions see it (SUPABASE_URL): `https://<ref>.supabase.co`
   * hosted, the gateway's address in the local stack. The one-click address is below it.
   */
  apiUrl: string;
}

/** An article's page in each language: `/blog/<slug>`, `/en/blog/<slug>` (the English articles' own slugs). */
export const BLOG_PATHS: Record<Language, string> = LINKED_PAGE_PATHS.blog;

/** The confirmation mail's link to the confirm page of the subscriber's language, valid until the unconfirmed address expires. */
export async function confirmUrl(settings: NewsletterLinkSettings, subscriberId: string, expiresAt: Date, language: Language): Promise<string> {
  const token = await signNewsletterToken(settings.secret, {
    purpose: 'confirm',
    subscriberId,
    expiresAt: Math.floor(expiresAt.getTime() / 1000),
  });
  return `${settings.siteUrl}${linkedPagePath('newsletterConfirm', language)}#${token}`;
}

export interface UnsubscribeLinks {
  /** The visible «Newsletter abbestellen» link: the site's page, which asks the function. */
  page: string;
  /** RFC 8058's one-click address (List-Unsubscribe): the function, POST without a key. */
  oneClick: string;
}

/** The unsubscribe links; the visible one opens the page of the subscriber's language. */
export async function unsubscribeLinks(settings: NewsletterLinkSettings, subscriberId: string, language: Language): Promise<UnsubscribeLinks> {
  const token = await signNewsletterToken(settings.secret, { purpose: 'unsubscribe', subscriberId, expiresAt: null });
  const base = settings.apiUrl.replace(/\/+$/, '');
  return {
    page: `${settings.siteUrl}${linkedPagePath('newsletterUnsubscribe', language)}#${token}`,
    oneClick: `${base}/functions/v1/${NEWSLETTER_FUNCTION}?${ONE_CLICK_PARAMETER}=${encodeURIComponent(token)}`,
  };
}

/** An article's page; `language` is the article's (an English subscriber is told of English articles only). */
export function articleUrl(settings: Pick<NewsletterLinkSettings, 'siteUrl'>, slug: string, language: Language): string {
  return `${settings.siteUrl}${BLOG_PATHS[language]}/${encodeURIComponent(slug)}`;
}
