/**
 * The links in the appointment e-mails: the site's action page with a signed token in the
 * fragment (`<site>/termin/aktion#<token>`). Browsers never send a fragment to a server,
 * so the token reaches no access log and no Referer; the page POSTs it to
 * appointment-action. Pure: the secret, the site and the clock are passed in.
 */
import { signActionToken, type AppointmentAction } from './action-tokens.ts';
import { zurichInstant } from '../domain/dates.ts';

/** The action page's path on the site (src/app/router/route-table.ts, id 'termin-aktion'). */
export const ACTION_PAGE_PATH = '/termin/aktion';
/** The bookings page, for "book again" links. */
export const BOOKING_PAGE_PATH = '/termin-vereinbaren';

/** How long the practice's links in a request's e-mail work. Long enough for holidays; a slot that has begun is refused anyway. */
export const STAFF_LINK_DAYS = 30;

export interface LinkSettings {
  /** ACTION_TOKEN_SECRET. */
  secret: string;
  /** The site's origin, without a trailing slash (SITE_URL). */
  siteUrl: string;
}

export interface StaffLinks {
  confirmPreferred: string;
  /** Only when the visitor gave an alternative date. */
  confirmAlternative: string | null;
  decline: string;
}

export async function actionUrl(settings: LinkSettings, requestId: string, action: AppointmentAction, expiresAt: Date): Promise<string> {
  const token = await signActionToken(settings.secret, { requestId, action, expiresAt: Math.floor(expiresAt.getTime() / 1000) });
  return `${settings.siteUrl}${ACTION_PAGE_PATH}#${token}`;
}

/** The practice's links for a new request, valid STAFF_LINK_DAYS from `now`. */
export async function staffLinks(
  settings: LinkSettings,
  request: { id: string; alternative_date: string | null },
  now: Date,
): Promise<StaffLinks> {
  const expiresAt = new Date(now.getTime() + STAFF_LINK_DAYS * 86_400_000);
  return {
    confirmPreferred: await actionUrl(settings, request.id, 'confirm-preferred', expiresAt),
    confirmAlternative: request.alternative_date === null
      ? null
      : await actionUrl(settings, request.id, 'confirm-alternative', expiresAt),
    decline: await actionUrl(settings, request.id, 'decline', expiresAt),
  };
}

/** The visitor's cancel link for a confirmed appointment: it works until the appointment starts (the page then says to call). */
export function cancelLink(settings: LinkSettings, appointment: { id: string; confirmed_date: string; confirmed_time: string }): Promise<string> {
  return actionUrl(settings, appointment.id, 'cancel', zurichInstant(appointment.confirmed_date, appointment.confirmed_time));
}

export function bookingUrl(settings: Pick<LinkSettings, 'siteUrl'>): string {
  return `${settings.siteUrl}${BOOKING_PAGE_PATH}`;
}
