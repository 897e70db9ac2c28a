/**
 * The links in the appointment e-mails (confirm, decline, cancel, move, the practice link to
 * an appointment's page) and the practice's calendar feeds (view): the site's action page
 * with a signed token in the fragment (`<site>/termin/aktion#<token>`). Browsers never send
 * a fragment to a server, so the token reaches no access log and no Referer; the page POSTs
 * it to appointment-action. The practice's links work until the appointment's business is
 * done (../domain/practice-links.ts). The visitor's links open the page of the request's
 * language (`/en/appointment/action#<token>` for an English request); the practice's links
 * and the calendar feeds' are German. The paths: ../domain/link-paths.ts. Pure: the secret,
 * the site and the clock are passed in.
 */
import { signActionToken, type AppointmentAction } from './action-tokens.ts';
import { zurichInstant } from '../domain/dates.ts';
import { DEFAULT_LANGUAGE, type Language } from '../domain/languages.ts';
import { LINKED_PAGE_PATHS } from '../domain/link-paths.ts';
import { cancellationNoticeHours } from '../domain/practice.ts';
import { latestDay, practiceLinkExpiry, STAFF_LINK_DAYS } from '../domain/practice-links.ts';
import { sleepDiaryUrl } from '../sleep-diary/links.ts';

/** The action page's German path on the site (the practice's links; every language's: LINKED_PAGE_PATHS.action). */
export const ACTION_PAGE_PATH = LINKED_PAGE_PATHS.action.de;
/** The bookings page's German path, for "book again" links (every language's: LINKED_PAGE_PATHS.booking). */
export const BOOKING_PAGE_PATH = LINKED_PAGE_PATHS.booking.de;

/** The least the practice's links work from their mail; how long they work is domain/practice-links.ts. */
export { STAFF_LINK_DAYS };

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
  /** Until when they work (staffLinksExpiry), as the mail says. */
  until: Date;
}

/** The practice's links to decide a visitor's wish to move an appointment. */
export interface MoveLinks {
  confirmMove: string;
  declineMove: string;
  /** Until when they work (moveLinksExpiry), as the mail says. */
  until: Date;
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

/** A signed link to the action page in `language` (German unless a visitor's link names the request's). */
export async function actionUrl(
  settings: LinkSettings,
  requestId: string,
  action: AppointmentAction,
  expiresAt: Date,
  number?: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<string> {
  const token = await signActionToken(settings.secret, {
    requestId,
    action,
    expiresAt: Math.floor(expiresAt.getTime() / 1000),
    // The fifth field: take-earlier's and take-offer's offer, the move actions' wish.
    ...(number === undefined ? {} : action === 'take-offer' || action === 'take-earlier' ? { offer: number } : { move: number }),
  });
  return `${settings.siteUrl}${LINKED_PAGE_PATHS.action[language]}#${token}`;
}

/** Until when the practice's links of a request work (practiceLinkExpiry): the latest of its wished days counts. */
export function staffLinksExpiry(request: { preferred_date: string; alternative_date: string | null }, now: Date): Date {
  return practiceLinkExpiry(latestDay(request.preferred_date, request.alternative_date), now);
}

/** The practice's links for a new request, valid by the practice links' rule (domain/practice-links.ts). */
export async function staffLinks(
  settings: LinkSettings,
  request: { id: string; preferred_date: string; alternative_date: string | null },
  now: Date,
): Promise<StaffLinks> {
  const expiresAt = staffLinksExpiry(request, now);
  return {
    confirmPreferred: await actionUrl(settings, request.id, 'confirm-preferred', expiresAt),
    confirmAlternative: request.alternative_date === null
      ? null
      : await actionUrl(settings, request.id, 'confirm-alternative', expiresAt),
    decline: await actionUrl(settings, request.id, 'decline', expiresAt),
    until: expiresAt,
  };
}

/** The appointment a wish to move is about: its slot now and the wished one. */
export interface MoveWishDays {
  id: string;
  move_count: number;
  confirmed_date: string | null;
  move_date: string | null;
}

/** Until when the practice's links of a wish to move work: the later of the current and the wished day counts. */
export function moveLinksExpiry(request: MoveWishDays, now: Date): Date {
  return practiceLinkExpiry(latestDay(request.confirmed_date, request.move_date), now);
}

/**
 * The practice's links for the visitor's wish number `move_count`, valid by the practice
 * links' rule. They decide that wish only: after a later one they show the current state.
 */
export async function moveLinks(settings: LinkSettings, request: MoveWishDays, now: Date): Promise<MoveLinks> {
  const expiresAt = moveLinksExpiry(request, now);
  return {
    confirmMove: await actionUrl(settings, request.id, 'confirm-move', expiresAt, request.move_count),
    declineMove: await actionUrl(settings, request.id, 'decline-move', expiresAt, request.move_count),
    until: expiresAt,
  };
}

/** Until when the practice link of an appointment on `day`, sent at `now`, works (practiceLinkExpiry). */
export const practiceLinkExpiryOf = (appointment: { confirmed_date: string }, now: Date) => practiceLinkExpiry(appointment.confirmed_date, now);

/**
 * The practice's link to an appointment (action `practice`): its page for the practice –
 * the appointment, the visitor's sleep diary, the invoice with «Rechnung senden», «Rechnung
 * erneut senden» and «Als bezahlt markieren» – deciding nothing about the appointment. In
 * the practice's mails only («Termin bestätigt», the digest, a renewal), never in a feed or
 * a visitor's mail; valid by the practice links' rule. After an erasure the page shows the
 * kept invoice (the function finds it by the appointment's id).
 */
export function practiceLink(settings: LinkSettings, appointment: { id: string; confirmed_date: string }, now: Date): Promise<string> {
  return actionUrl(settings, appointment.id, 'practice', practiceLinkExpiryOf(appointment, now));
}

/**
 * The link in a calendar feed's entry: the action page showing the entry's schedule (time,
 * service, advisor) and nothing the visitor wrote, deciding nothing and mailing no visitor
 * (a `view` token: appointment-action answers it with the entry only), valid until
 * `expiresAt`. A calendar provider that keeps the feed keeps this link too, as does everyone
 * the calendar is shared with: it opens no health data and acts on nothing. Its one button,
 * «Link an die Praxis senden», mails the practice's own address a practice link.
 */
export function viewLink(settings: LinkSettings, requestId: string, expiresAt: Date): Promise<string> {
  return actionUrl(settings, requestId, 'view', expiresAt);
}

/** A confirmed appointment, as its visitor's links need it: they open the page of its language. */
type ConfirmedSlot = { id: string; confirmed_date: string; confirmed_time: string; language: Language };

/** A visitor's link for a confirmed appointment: the action page of its language, working until the appointment starts. */
function untilStart(settings: LinkSettings, appointment: ConfirmedSlot, action: AppointmentAction): Promise<string> {
  const start = zurichInstant(appointment.confirmed_date, appointment.confirmed_time);
  return actionUrl(settings, appointment.id, action, start, undefined, appointment.language);
}

/** The visitor's cancel link for a confirmed appointment: it works until the appointment starts (the page then says to call). */
export function cancelLink(settings: LinkSettings, appointment: ConfirmedSlot): Promise<string> {
  return untilStart(settings, appointment, 'cancel');
}

/**
 * The visitor's link to ask for another slot: like the cancel link it works until the
 * appointment starts (inside the notice the page says to call) and acts on the appointment
 * as it is then – after a move, on the new slot.
 */
export function requestMoveLink(settings: LinkSettings, appointment: ConfirmedSlot): Promise<string> {
  return untilStart(settings, appointment, 'request-move');
}

/**
 * The visitor's link to ask for an earlier time («Früherer Termin gewünscht»,
 * docs/appointment-lifecycle.md «An earlier time»): it works until the appointment starts,
 * like the cancel link; inside the notice the page says the wish cannot be made any more.
 */
export function earlierLink(settings: LinkSettings, appointment: ConfirmedSlot): Promise<string> {
  return untilStart(settings, appointment, 'earlier');
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

/** The booking page in `language`, for the mails' «book again» links. */
export function bookingUrl(settings: Pick<LinkSettings, 'siteUrl'>, language: Language = DEFAULT_LANGUAGE): string {
  return `${settings.siteUrl}${LINKED_PAGE_PATHS.booking[language]}`;
}
