/**
 * «Meine Daten» (the page /meine-daten, the function my-data): how long its links work. The
 * functions read them here; the database's copy of the requested link's lifetime is
 * generated from this file (`npm run db:rules`, 20261122000100_rules.sql): an outbox mail
 * with such a link is not sent any more once the link would have expired. Pure.
 */

/** The function's name (supabase/functions/my-data), which the page calls. */
export const MY_DATA_FUNCTION = 'my-data';

/** The page's path on the site (src/app/router/route-table.ts, id 'meine-daten'). */
export const MY_DATA_PAGE_PATH = '/meine-daten';

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
