/**
 * What the action page says and offers for a request, by the link's action and the
 * request's status (docs/appointment-lifecycle.md): plain functions of the view, so each
 * case reads in one place and the component only lays it out.
 */
import type { Language } from '@/lib/language';
import type { AppointmentActionView, AppointmentSlot, ScheduledAppointment, SlotWarning } from '@domain/wire-types';
import { type BookedSpan, spanAvailability, spanEnd, type SpanAvailability } from '@domain/capacity';
import { advisorName, type AdvisorId } from '@domain/practice';
import { actionWords, type ActionWords } from './action-words';
import { describeEarlier, earlierProducedByLink } from './earlier-state';
import { describeTakeOffer, isTakenByLink } from './offer-state';

/**
 * 'Freitag, 11. Dezember 2026, 09:30 Uhr', or the date followed by '(keine Uhrzeit gewählt)', as the e-mails write it
 * (in English 'Friday, 11 December 2026, 09:30' or '… (no time chosen)').
 */
export function slotText(slot: AppointmentSlot, language: Language): string {
  return actionWords(language).dates.formatSlotLong(slot.date, slot.time);
}

/** The one thing the page lets the person do. `resend` sends the e-mail of a change already stored. */
export type Control =
  | 'confirm'
  | 'decline'
  | 'cancel'
  | 'resend'
  | 'request-move'
  | 'confirm-move'
  | 'decline-move'
  | 'earlier'
  | 'take-earlier'
  | 'end-earlier'
  | 'take-offer';

export interface ViewDescription {
  /** The page's h1. */
  headline: string;
  /** What the state means for this link. */
  lines: string[];
  control: Control | null;
  /** The practice's phone is the way on (too late to cancel online, a request still open). */
  callUs: boolean;
  /** Offer the booking page (the visitor has no appointment). */
  bookAgain: boolean;
}

/** Whether the confirmed slot is the one this link confirms (the link's slot may have no time). */
function confirmsThisSlot(view: AppointmentActionView): boolean {
  const { confirmed, slot } = view;
  return confirmed !== null && slot !== null && confirmed.date === slot.date && (slot.time === null || slot.time === confirmed.time);
}

/**
 * The request is in the state this link's action leads to – so an e-mail still pending
 * (`mailPending`) is this action's, and pressing again sends it.
 */
export function isProducedByLink(view: AppointmentActionView): boolean {
  switch (view.action) {
    case 'confirm-preferred':
    case 'confirm-alternative':
      return view.status === 'confirmed' && confirmsThisSlot(view);
    case 'decline':
      return view.status === 'declined';
    case 'cancel':
      return view.status === 'cancelled';
    case 'request-move':
      // The visitor's wish is stored and waits: its mails are this link's.
      return view.status === 'confirmed' && view.move?.status === 'requested';
    case 'confirm-move':
      return view.status === 'confirmed' && view.move?.thisLink === true && view.move.status === 'confirmed';
    case 'decline-move':
      return view.status === 'confirmed' && view.move?.thisLink === true && view.move.status === 'declined';
    case 'view':
    case 'practice':
      // A view or practice link changes nothing about the appointment, so no e-mail is ever its own.
      return false;
    case 'earlier':
    case 'take-earlier':
    case 'end-earlier':
      return earlierProducedByLink(view);
    case 'take-offer':
      return isTakenByLink(view);
  }
}

/** A confirmed appointment can be cancelled online until `cancelUntil` (the function decides in the end). */
export function canCancelOnline(view: AppointmentActionView, now: number): boolean {
  return view.status === 'confirmed' && view.cancelUntil !== null && now < Date.parse(view.cancelUntil);
}

/** Until the same deadline it can be moved online, when the function sent the rules for a new slot and no wish is waiting. */
export function canMoveOnline(view: AppointmentActionView, now: number): boolean {
  return canCancelOnline(view, now) && view.booking !== null && view.move?.status !== 'requested';
}

const describe = (headline: string, lines: string[], extra: Partial<ViewDescription> = {}): ViewDescription => ({
  headline,
  lines,
  control: null,
  callUs: false,
  bookAgain: false,
  ...extra,
});

function confirmedText(view: AppointmentActionView, w: ActionWords): string {
  return view.confirmed ? w.dates.formatDateTimeLong(view.confirmed.date, view.confirmed.time) : '';
}

function describeConfirm(view: AppointmentActionView & { action: 'confirm-preferred' | 'confirm-alternative' }, w: ActionWords): ViewDescription {
  const { copy } = w;
  const { name, status, slot } = view;
  // An alternative to confirm on a request that has none (the e-mails carry no such link).
  if (slot === null) return describe(copy.stateHeadlines.noSlot, [copy.state.noSlot]);
  switch (status) {
    case 'requested':
      return describe(
        copy.confirm.headline,
        [
          copy.confirm.toConfirm(copy.confirm.slotNames[view.action], w.dates.formatSlotLong(slot.date, slot.time)),
          ...(slot.time === null ? [copy.confirm.pickTime(name)] : []),
          copy.confirm.whatHappens(name),
        ],
        { control: 'confirm' },
      );
    case 'confirmed':
      return describe(copy.stateHeadlines.confirmed, [
        confirmsThisSlot(view) ? copy.state.confirmedThis : copy.state.confirmedOther(confirmedText(view, w)),
      ]);
    case 'declined':
      return describe(copy.stateHeadlines.declined, [copy.state.declinedNoConfirm(name)]);
    case 'cancelled':
      return describe(copy.stateHeadlines.cancelled, [copy.state.cancelledNoConfirm]);
  }
}

function describeDecline(view: AppointmentActionView, w: ActionWords): ViewDescription {
  const { copy } = w;
  switch (view.status) {
    case 'requested':
      return describe(copy.decline.headline, [copy.decline.whatHappens(view.name)], { control: 'decline' });
    case 'declined':
      return describe(copy.stateHeadlines.declined, [copy.state.declined]);
    case 'confirmed':
      return describe(copy.stateHeadlines.confirmed, [copy.state.confirmedNoDecline(confirmedText(view, w), view.name)]);
    case 'cancelled':
      return describe(copy.stateHeadlines.cancelled, [copy.state.cancelledNoDecline]);
  }
}

function describeCancel(view: AppointmentActionView, now: number, w: ActionWords): ViewDescription {
  const { copy } = w;
  switch (view.status) {
    case 'confirmed':
      return canCancelOnline(view, now)
        ? describe(copy.cancel.headline, [copy.cancel.until(w.dates.formatInstantLong(new Date(view.cancelUntil!))), copy.cancel.whatHappens], {
            control: 'cancel',
          })
        : describe(copy.cancel.headline, [copy.cancel.tooLate], { callUs: true });
    case 'cancelled':
      return describe(copy.stateHeadlines.visitorCancelled, [copy.state.cancelled]);
    case 'requested':
      return describe(copy.stateHeadlines.visitorRequested, [copy.state.requestedNoCancel], { callUs: true });
    case 'declined':
      return describe(copy.stateHeadlines.visitorDeclined, [copy.state.declinedNoCancel], { bookAgain: true });
  }
}

const dateTimeText = (slot: { date: string; time: string }, w: ActionWords) => w.dates.formatDateTimeLong(slot.date, slot.time);

function describeRequestMove(view: AppointmentActionView, now: number, w: ActionWords): ViewDescription {
  const { copy } = w;
  const { requestMove } = copy;
  switch (view.status) {
    case 'confirmed': {
      const current = requestMove.current(confirmedText(view, w));
      const { move } = view;
      if (move?.status === 'requested') {
        return describe(requestMove.pendingHeadline, [current, requestMove.pending(dateTimeText(move, w)), requestMove.pendingNoSecond]);
      }
      if (!canMoveOnline(view, now)) return describe(requestMove.headline, [current, requestMove.tooLate], { callUs: true });
      return describe(
        requestMove.headline,
        [
          current,
          ...(move?.status === 'declined' ? [requestMove.lastDeclined(dateTimeText(move, w))] : []),
          requestMove.until(w.dates.formatInstantLong(new Date(view.cancelUntil!))),
          requestMove.howItWorks,
        ],
        { control: 'request-move' },
      );
    }
    case 'cancelled':
      return describe(copy.stateHeadlines.visitorCancelled, [copy.state.cancelledNoMove], { bookAgain: true });
    case 'requested':
      return describe(copy.stateHeadlines.visitorRequested, [copy.state.requestedNoMove], { callUs: true });
    case 'declined':
      return describe(copy.stateHeadlines.visitorDeclined, [copy.state.declinedNoMove], { bookAgain: true });
  }
}

/**
 * The practice's links on a wish to move. Only the link of the latest wish, while it
 * waits, has a button; an earlier wish's link or a decided one shows how things are now.
 */
function describeMoveDecision(view: AppointmentActionView & { action: 'confirm-move' | 'decline-move' }, w: ActionWords): ViewDescription {
  const { copy } = w;
  const { move, name } = view;
  const { state } = copy;
  const confirming = view.action === 'confirm-move';
  const headline = confirming ? copy.move.confirmHeadline : copy.move.declineHeadline;
  if (view.status === 'cancelled') return describe(copy.stateHeadlines.cancelled, [state.cancelledNoMoveDecision]);
  if (view.status !== 'confirmed' || move === null) return describe(headline, [state.noAppointmentToMove]);
  const current = confirmedText(view, w);
  if (!move.thisLink) {
    return describe(copy.stateHeadlines.moveReplaced, [
      state.moveReplaced(name),
      move.status === 'requested' ? state.newerMovePending(dateTimeText(move, w)) : state.currentAppointment(current),
    ]);
  }
  switch (move.status) {
    case 'requested':
      return describe(
        headline,
        [copy.move.wish(name, current, dateTimeText(move, w)), confirming ? copy.move.confirmWhatHappens(name) : copy.move.declineWhatHappens(name)],
        { control: view.action },
      );
    case 'confirmed':
      return describe(copy.stateHeadlines.moveConfirmed, [confirming ? state.moveConfirmed(current) : state.moveConfirmedNoDecline(current)]);
    case 'declined':
      return describe(copy.stateHeadlines.moveDeclined, [confirming ? state.moveDeclinedNoConfirm(current) : state.moveDeclined(current)]);
  }
}

function slotWarningText(warning: SlotWarning, slot: AppointmentSlot, w: ActionWords): string {
  const { copy, dates } = w;
  const date = dates.formatDateLong(slot.date);
  switch (warning.kind) {
    case 'holiday':
      return copy.slotWarning.holiday(date, warning.name);
    case 'weekday':
      return copy.slotWarning.weekday(date);
    case 'closure':
      return copy.slotWarning.closure(date);
    case 'time_not_offered':
      return copy.slotWarning.timeNotOffered(date, slot.time === null ? '' : dates.formatTime(slot.time));
  }
}

/**
 * What the practice should know before confirming a slot (a confirm link's, or a wished
 * one): the day or time lies outside the opening hours. A warning only: the practice
 * decides. (Who is free at that time is slotCapacity's.)
 */
export function slotWarnings(view: AppointmentActionView, control: Control | null, language: Language): string[] {
  const { slot } = view;
  if (slot === null || (control !== 'confirm' && control !== 'confirm-move' && control !== 'decline-move')) return [];
  const w = actionWords(language);
  return view.slotWarning ? [`${slotWarningText(view.slotWarning, slot, w)} ${w.copy.slotWarning.confirmAnyway}`] : [];
}

/** Another appointment of the day as capacity counts it, with what the page says of it. */
export type ScheduledSpan = BookedSpan & Pick<ScheduledAppointment, 'service' | 'name'>;

/** Who is free at `time` on the slot's date, and what collides. */
export interface SlotCapacity extends SpanAvailability {
  /** The appointments at that time that keep an advisor busy: each advisor's, then those without one. */
  collisions: ScheduledSpan[];
}

/**
 * Who of the advisors is free for the request's whole length (`view.minutes`) from `time`
 * on the slot's date, by the one rule (@domain/capacity spanAvailability) over the day's
 * other confirmed appointments the function sent (`view.schedule`: confirm links and
 * confirm-move). Null without a slot. The function decides again on the press.
 */
export function slotCapacity(view: AppointmentActionView, time: string): SlotCapacity | null {
  const { slot } = view;
  if (slot === null) return null;
  const booked: ScheduledSpan[] = view.schedule.map((other) => ({ ...other, date: slot.date }));
  const availability = spanAvailability({ date: slot.date, time, minutes: view.minutes }, booked);
  // spanAvailability hands back the very objects it was given: the schedule's, with their service and name.
  const collisions = [...availability.advisors.flatMap((entry) => entry.collisions), ...availability.unassigned] as ScheduledSpan[];
  return { ...availability, collisions };
}

/** «Sandra Huber: 09:00–10:00 Uhr, Schlafberatung, Anna Muster» (the service in the page's language). */
export function collisionText(collision: ScheduledSpan, language: Language): string {
  const { copy, serviceLabel } = actionWords(language);
  const who = collision.advisor === null ? copy.capacity.unassigned : advisorName(collision.advisor);
  return copy.capacity.collision(who, collision.time, spanEnd(collision), serviceLabel(collision.service), collision.name);
}

/** The advisor's name, or null for an appointment without one. */
export function advisorNameOf(advisor: AdvisorId | null): string | null {
  return advisor === null ? null : advisorName(advisor);
}

function mailPendingText(view: AppointmentActionView, w: ActionWords): string {
  const { copy, offerTexts } = w;
  switch (view.action) {
    case 'confirm-preferred':
    case 'confirm-alternative':
      return copy.mailPending.confirm(view.name);
    case 'decline':
      return copy.mailPending.decline(view.name);
    case 'cancel':
      return copy.mailPending.cancel;
    case 'request-move':
      return copy.mailPending.requestMove;
    case 'confirm-move':
      return copy.mailPending.confirmMove(view.name);
    case 'decline-move':
      return copy.mailPending.declineMove(view.name);
    case 'view':
    case 'practice':
      // Never asked: isProducedByLink is false for a view or practice link.
      return '';
    case 'earlier':
    case 'take-earlier':
    case 'end-earlier':
      return copy.earlier.mailPending;
    case 'take-offer':
      return offerTexts.take.mailPending;
  }
}

function describeByAction(view: AppointmentActionView, now: number, w: ActionWords, language: Language): ViewDescription {
  const { copy } = w;
  const { action } = view;
  switch (action) {
    case 'confirm-preferred':
    case 'confirm-alternative':
      return describeConfirm({ ...view, action }, w);
    case 'decline':
      return describeDecline(view, w);
    case 'cancel':
      return describeCancel(view, now, w);
    case 'request-move':
      return describeRequestMove(view, now, w);
    case 'confirm-move':
    case 'decline-move':
      return describeMoveDecision({ ...view, action }, w);
    case 'view':
      // The calendar feeds' link: the summary below says it all, and nothing can be pressed.
      return describe(copy.viewOnly.headline, [copy.viewOnly.note]);
    case 'practice':
      // The practice's page of the appointment: the invoice and the diary follow the summary.
      return describe(copy.practicePage.headline, [copy.practicePage[view.status], copy.practicePage.note]);
    case 'earlier':
    case 'take-earlier':
    case 'end-earlier':
      return describeEarlier({ ...view, action }, now, language);
    case 'take-offer':
      return describeTakeOffer(view, language);
  }
}

/**
 * Headline, explanation and the control for a view, in the page's language; `now` decides
 * whether online cancelling or moving is still open.
 */
export function describeView(view: AppointmentActionView, now: number, language: Language): ViewDescription {
  const w = actionWords(language);
  const description = describeByAction(view, now, w, language);
  // The e-mail of this link's change failed earlier: say so, and offer to send it.
  if (view.mailPending && isProducedByLink(view)) {
    return { ...description, lines: [...description.lines, mailPendingText(view, w)], control: 'resend' };
  }
  return description;
}
