/**
 * The links in the appointment e-mails (confirm, decline, cancel, move) and the practice's
 * calendar feeds (view): the site's action page with a signed token in the fragment (`<site>/termin/aktion#<token>`). Browsers never send a fragment to a server,
 * so the token reaches no access log and no Referer; the page POSTs it to
 * appointment-action. Pure: the secret, the site and the clock are passed in.
 */
import { signActionToken, type AppointmentAction } from './action-tokens.ts';
import { zurichInstant } from '../domain/dates.ts';
import { cancellationNoticeHours } from '../domain/practice.ts';
import { sleepDiaryUrl } from '../sleep-diary/links.ts';

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

/** The practice's links to decide a visitor's wish to move an appointment. */
export interface MoveLinks {
  confirmMove: string;
  declineMove: string;
}

/** The visitor's links for a confirmed appointment. */
export interface VisitorLinks {
  cancel: string;
  /** Null inside the last cancellationNoticeHours before the start: then only a call can change it. */
  requestMove: string | null;
  /** «Früherer Termin gewünscht» (the confirmation only): like requestMove, null inside the notice. */
  earlier?: string | null;
  /** «Schlaftagebuch führen» (the confirmation and the moved confirmation): valid until the day after the appointment. */
  sleepDiary?: string;
}

export async function actionUrl(settings: LinkSettings, requestId: string, action: AppointmentAction, expiresAt: Date, number?: number): Promise<string> {
  const token = await signActionToken(settings.secret, {
    requestId,
    action,
    expiresAt: Math.floor(expiresAt.getTime() / 1000),
    // The fifth field: take-earlier's and take-offer's offer, the move actions' wish.
    ...(number === undefined ? {} : action === 'take-offer' || action === 'take-earlier' ? { offer: number } : { move: number }),
  });
  return `${settings.siteUrl}${ACTION_PAGE_PATH}#${token}`;
}

const staffExpiry = (now: Date) => new Date(now.getTime() + STAFF_LINK_DAYS * 86_400_000);

/** The practice's links for a new request, valid STAFF_LINK_DAYS from `now`. */
export async function staffLinks(
  settings: LinkSettings,
  request: { id: string; alternative_date: string | null },
  now: Date,
): Promise<StaffLinks> {
  const expiresAt = staffExpiry(now);
  return {
    confirmPreferred: await actionUrl(settings, request.id, 'confirm-preferred', expiresAt),
    confirmAlternative: request.alternative_date === null
      ? null
      : await actionUrl(settings, request.id, 'confirm-alternative', expiresAt),
    decline: await actionUrl(settings, request.id, 'decline', expiresAt),
  };
}

/**
 * The practice's links for the visitor's wish number `move_count`, valid STAFF_LINK_DAYS
 * from `now`. They decide that wish only: after a later one they show the current state.
 */
export async function moveLinks(settings: LinkSettings, request: { id: string; move_count: number }, now: Date): Promise<MoveLinks> {
  const expiresAt = staffExpiry(now);
  return {
    confirmMove: await actionUrl(settings, request.id, 'confirm-move', expiresAt, request.move_count),
    declineMove: await actionUrl(settings, request.id, 'decline-move', expiresAt, request.move_count),
  };
}

/**
 * The practice's link in a calendar feed's entry: the action page showing the request,
 * with no button (a `view` token decides nothing), valid until `expiresAt`. A calendar
 * provider that keeps the feed keeps this link too; it shows what the page shows (name,
 * service, slots, state, advisor – never the e-mail address, phone or message).
 */
export function viewLink(settings: LinkSettings, requestId: string, expiresAt: Date): Promise<string> {
  return actionUrl(settings, requestId, 'view', expiresAt);
}

type ConfirmedSlot = { id: string; confirmed_date: string; confirmed_time: string };

/** The visitor's cancel link for a confirmed appointment: it works until the appointment starts (the page then says to call). */
export function cancelLink(settings: LinkSettings, appointment: ConfirmedSlot): Promise<string> {
  return actionUrl(settings, appointment.id, 'cancel', zurichInstant(appointment.confirmed_date, appointment.confirmed_time));
}

/**
 * The visitor's link to ask for another slot: like the cancel link it works until the
 * appointment starts (inside the notice the page says to call) and acts on the appointment
 * as it is then – after a move, on the new slot.
 */
export function requestMoveLink(settings: LinkSettings, appointment: ConfirmedSlot): Promise<string> {
  return actionUrl(settings, appointment.id, 'request-move', zurichInstant(appointment.confirmed_date, appointment.confirmed_time));
}

/**
 * The visitor's link to ask for an earlier time («Früherer Termin gewünscht»,
 * docs/appointment-lifecycle.md «An earlier time»): it works until the appointment starts,
 * like the cancel link; inside the notice the page says the wish cannot be made any more.
 */
export function earlierLink(settings: LinkSettings, appointment: ConfirmedSlot): Promise<string> {
  return actionUrl(settings, appointment.id, 'earlier', zurichInstant(appointment.confirmed_date, appointment.confirmed_time));
}

/** Whether the appointment starts more than cancellationNoticeHours after `now`: the visitor may still cancel or move it online. */
export function beforeNotice(appointment: { confirmed_date: string; confirmed_time: string }, now: Date): boolean {
  const start = zurichInstant(appointment.confirmed_date, appointment.confirmed_time).getTime();
  return now.getTime() < start - cancellationNoticeHours * 3_600_000;
}

/** The confirmation's, the reminder's and the move mails' links: cancel always, request-move only before the notice. */
export async function visitorLinks(settings: LinkSettings, appointment: ConfirmedSlot, now: Date): Promise<VisitorLinks> {
  return {
    cancel: await cancelLink(settings, appointment),
    requestMove: beforeNotice(appointment, now) ? await requestMoveLink(settings, appointment) : null,
    earlier: beforeNotice(appointment, now) ? await earlierLink(settings, appointment) : null,
    sleepDiary: await sleepDiaryUrl(settings, appointment),
  };
}

export function bookingUrl(settings: Pick<LinkSettings, 'siteUrl'>): string {
  return `${settings.siteUrl}${BOOKING_PAGE_PATH}`;
}
