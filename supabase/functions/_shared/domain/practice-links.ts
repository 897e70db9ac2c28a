/**
 * How long the practice's links to an appointment work, written once: the links in the
 * practice's mails (the request's confirm and decline links, a wish's confirm-move and
 * decline-move, the practice link of the «Termin bestätigt» copy, of the digest and of a
 * renewal mail) must reach every step of the appointment's business from the inbox – its day,
 * its invoice («Rechnung senden» from the day on) and the invoice's payment («Als bezahlt
 * markieren», payable within INVOICE_PAYMENT_DAYS). So a link works
 * - at least STAFF_LINK_DAYS from the mail that carries it (a request booked for next week,
 *   a digest's open invoice), and
 * - at least until the end of the appointment's day plus the invoice's payment period plus
 *   PRACTICE_LINK_MARGIN_DAYS (an invoice sent some days late, a payment that comes late),
 * whichever lasts longer. After that the digest lists what is still open with fresh links
 * (an invoice unpaid after its payment period), and a lapsed link's page offers «Neuen Link
 * an die Praxis senden» (the renewal mail, budgeted below). A slot that has begun cannot be
 * confirmed anyway, so a long-lived confirm link decides nothing late.
 *
 * Also the renewal mail's budget (mail kind 'practice-link', docs/backend.md): a lapsed link
 * – or the calendar feed's view link – can ask for a fresh link mailed to the practice's own
 * address, and nowhere else; at most one per appointment in PRACTICE_LINK_RENEWAL_MINUTES,
 * PRACTICE_LINK_NETWORK_DAILY_MAX a day from one client network, PRACTICE_LINK_DAILY_CAP a
 * day in all. The database enforces it (public.owe_practice_link, generated constants).
 * Pure: imported by the functions and by the site (`@domain/practice-links`).
 */
import { addDays } from './availability.ts';
import { zurichInstant } from './dates.ts';
import { INVOICE_PAYMENT_DAYS } from './invoice.ts';

/** The least a practice link works, counted from the mail that carries it. */
export const STAFF_LINK_DAYS = 30;

/** Days after the invoice's payment period that an appointment's practice links still work: an invoice sent or paid late. */
export const PRACTICE_LINK_MARGIN_DAYS = 30;

/** Days after the appointment's day that its practice links work: the invoice's payment period and the margin. */
export const PRACTICE_LINK_DAYS_AFTER = INVOICE_PAYMENT_DAYS + PRACTICE_LINK_MARGIN_DAYS;

/**
 * The instant a practice link about an appointment on `day` (ISO, Zurich), sent at `sentAt`,
 * stops working: 00:00 Zurich time after the day PRACTICE_LINK_DAYS_AFTER days after `day`,
 * or STAFF_LINK_DAYS after `sentAt`, whichever is later. A token is good through the whole
 * second it names (action-tokens.ts), so its last valid second is this instant's and the
 * next is refused.
 */
export function practiceLinkExpiry(day: string, sentAt: Date): Date {
  const afterBusiness = zurichInstant(addDays(day, PRACTICE_LINK_DAYS_AFTER + 1), '00:00');
  const fromMail = new Date(Math.ceil(sentAt.getTime() / 1000) * 1000 + STAFF_LINK_DAYS * 86_400_000);
  return afterBusiness.getTime() >= fromMail.getTime() ? afterBusiness : fromMail;
}

/** The latest of the days a request or appointment is about (its wished days, its slot, a wished new slot). */
export function latestDay(...days: (string | null | undefined)[]): string {
  const known = days.filter((day): day is string => typeof day === 'string');
  if (known.length === 0) throw new Error('latestDay: no day');
  return known.reduce((latest, day) => (day > latest ? day : latest));
}

/** A lapsed link's renewal: at most one mail per appointment in this many minutes. */
export const PRACTICE_LINK_RENEWAL_MINUTES = 60;
/** …at most this many a day asked from one client network (its share of the day's cap)… */
export const PRACTICE_LINK_NETWORK_DAILY_MAX = 5;
/** …and at most this many a day in all: the practice's inbox is never flooded. */
export const PRACTICE_LINK_DAILY_CAP = 30;
