/**
 * «Meine Daten» (the page /meine-daten, the function my-data): how long its links work. The
 * functions read them here; the database's copy of the requested link's lifetime is
 * generated from this file (`npm run db:rules`, 20261122000100_rules.sql): an outbox mail
 * with such a link is not sent any more once the link would have expired. Pure.
 */
import { LINKED_PAGE_PATHS } from './link-paths.ts';

/** The function's name (supabase/functions/my-data), which the page calls. */
export const MY_DATA_FUNCTION = 'my-data';

/** The page's path on the site (src/lib/route-table.ts, id 'meine-daten'). */
export const MY_DATA_PAGE_PATH = LINKED_PAGE_PATHS.myData.de;

/**
 * A link asked for on the page («Link senden») works this many hours: long enough to open
 * the mail the same day, short enough that a forwarded or leaked mail soon says nothing.
 */
export const MY_DATA_REQUESTED_LINK_HOURS = 24;

/**
 * The link in every mail to a visitor works this many days: as long as the practice's own
 * links in a request's mail (STAFF_LINK_DAYS), so a mail kept a while still leads to the
 * data; an older mail's visitor asks for a fresh link on the page.
 */
export const MY_DATA_MAIL_LINK_DAYS = 30;

/**
 * The address key: what «Meine Daten» finds a person's data by – the address exactly as
 * typed, trimmed, with its domain in lower case (a domain is case-insensitive, RFC 5321
 * 2.4; a local part is the receiving server's to read, so `Anna+x@…` stays another address
 * than `anna@…`). Split at the last '@'. The folded mailbox key (mailboxKey, rate-limit.ts)
 * serves the limits only: a link asked for a tagged address must never open the untagged
 * one's data, where `+` may not be sub-addressing at all. The database's
 * private.address_key is generated from this (`npm run db:rules`); the token of a «Meine
 * Daten» link names it.
 */
export function addressKey(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}
