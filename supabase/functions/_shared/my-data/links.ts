/**
 * The «Meine Daten» links: the site's page with a signed token in the fragment
 * (`<site>/meine-daten#<token>`, `<site>/en/my-data#<token>` in an English mail:
 * ../domain/link-paths.ts), as the action page's links – a fragment reaches no access log
 * and no Referer. The link in every mail to a visitor (../mail/my-data-footer.ts) works
 * MY_DATA_MAIL_LINK_DAYS, the one asked for on the page MY_DATA_REQUESTED_LINK_HOURS. The
 * token is the same in both languages: only the page it opens differs. Pure.
 */
import { DEFAULT_LANGUAGE, type Language } from '../domain/languages.ts';
import { LINKED_PAGE_PATHS } from '../domain/link-paths.ts';
import { addressKey, MY_DATA_MAIL_LINK_DAYS, MY_DATA_REQUESTED_LINK_HOURS } from '../domain/my-data.ts';
import type { LinkSettings } from '../lifecycle/action-links.ts';
import { signMyDataToken } from './tokens.ts';

export async function myDataUrl(settings: LinkSettings, email: string, expiresAt: Date, language: Language = DEFAULT_LANGUAGE): Promise<string> {
  const token = await signMyDataToken(settings.secret, { address: addressKey(email), expiresAt: Math.floor(expiresAt.getTime() / 1000) });
  return `${settings.siteUrl}${LINKED_PAGE_PATHS.myData[language]}#${token}`;
}

/**
 * The link in a mail to a visitor: valid MY_DATA_MAIL_LINK_DAYS from `now`, rounded up to
 * the next whole hour, so the mail's retries (the same idempotency key) carry the same link
 * within the hour; to the page of the mail's language.
 */
export function mailMyDataUrl(settings: LinkSettings, email: string, now: Date, language: Language = DEFAULT_LANGUAGE): Promise<string> {
  const hour = 3_600_000;
  const expiry = Math.ceil((now.getTime() + MY_DATA_MAIL_LINK_DAYS * 86_400_000) / hour) * hour;
  return myDataUrl(settings, email, new Date(expiry), language);
}

/** The link asked for on the page: valid MY_DATA_REQUESTED_LINK_HOURS after it was asked for, to the page of the language it was asked in. */
export function requestedMyDataUrl(settings: LinkSettings, email: string, askedAt: Date, language: Language = DEFAULT_LANGUAGE): Promise<string> {
  return myDataUrl(settings, email, new Date(askedAt.getTime() + MY_DATA_REQUESTED_LINK_HOURS * 3_600_000), language);
}
