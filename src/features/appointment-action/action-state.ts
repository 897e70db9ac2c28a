/**
 * What the action page says and offers for a request, by the link's action and the
 * request's status (docs/appointment-lifecycle.md): plain functions of the view, so each
 * case reads in one place and the component only lays it out.
 */
import { terminAktionPage as copy } from '@/content/termin-aktion';
import type { AppointmentActionView, AppointmentSlot } from '@domain/wire-types';
import { formatDateTimeLong, formatInstantLong, formatSlotLong } from '@domain/dates';

/** 'Freitag, 11. Dezember 2026, 09:30 Uhr', or the date followed by '(keine Uhrzeit gewählt)', as the e-mails write it. */
export function slotText(slot: AppointmentSlot): string {
  return formatSlotLong(slot.date, slot.time);
}

/** The one thing the page lets the person do. `resend` sends the e-mail of a change already stored. */
export type Control = 'confirm' | 'decline' | 'cancel' | 'resend';

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
  }
}

/** A confirmed appointment can be cancelled online until `cancelUntil` (the function decides in the end). */
export function canCancelOnline(view: AppointmentActionView, now: number): boolean {
  return view.status === 'confirmed' && view.cancelUntil !== null && now < Date.parse(view.cancelUntil);
}

const describe = (headline: string, lines: string[], extra: Partial<ViewDescription> = {}): ViewDescription => ({
  headline,
  lines,
  control: null,
  callUs: false,
  bookAgain: false,
  ...extra,
});

function confirmedText(view: AppointmentActionView): string {
  return view.confirmed ? formatDateTimeLong(view.confirmed.date, view.confirmed.time) : '';
}

function describeConfirm(view: AppointmentActionView & { action: 'confirm-preferred' | 'confirm-alternative' }): ViewDescription {
  const { name, status, slot } = view;
  // An alternative to confirm on a request that has none (the e-mails carry no such link).
  if (slot === null) return describe(copy.stateHeadlines.noSlot, [copy.state.noSlot]);
  switch (status) {
    case 'requested':
      return describe(
        copy.confirm.headline,
        [
          copy.confirm.toConfirm(copy.confirm.slotNames[view.action], slotText(slot)),
          ...(slot.time === null ? [copy.confirm.pickTime(name)] : []),
          copy.confirm.whatHappens(name),
        ],
        { control: 'confirm' },
      );
    case 'confirmed':
      return describe(copy.stateHeadlines.confirmed, [
        confirmsThisSlot(view) ? copy.state.confirmedThis : copy.state.confirmedOther(confirmedText(view)),
      ]);
    case 'declined':
      return describe(copy.stateHeadlines.declined, [copy.state.declinedNoConfirm(name)]);
    case 'cancelled':
      return describe(copy.stateHeadlines.cancelled, [copy.state.cancelledNoConfirm]);
  }
}

function describeDecline(view: AppointmentActionView): ViewDescription {
  switch (view.status) {
    case 'requested':
      return describe(copy.decline.headline, [copy.decline.whatHappens(view.name)], { control: 'decline' });
    case 'declined':
      return describe(copy.stateHeadlines.declined, [copy.state.declined]);
    case 'confirmed':
      return describe(copy.stateHeadlines.confirmed, [copy.state.confirmedNoDecline(confirmedText(view), view.name)]);
    case 'cancelled':
      return describe(copy.stateHeadlines.cancelled, [copy.state.cancelledNoDecline]);
  }
}

function describeCancel(view: AppointmentActionView, now: number): ViewDescription {
  switch (view.status) {
    case 'confirmed':
      return canCancelOnline(view, now)
        ? describe(copy.cancel.headline, [copy.cancel.until(formatInstantLong(new Date(view.cancelUntil!))), copy.cancel.whatHappens], {
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

function mailPendingText(view: AppointmentActionView): string {
  switch (view.action) {
    case 'confirm-preferred':
    case 'confirm-alternative':
      return copy.mailPending.confirm(view.name);
    case 'decline':
      return copy.mailPending.decline(view.name);
    case 'cancel':
      return copy.mailPending.cancel;
  }
}

/** Headline, explanation and the control for a view; `now` decides whether online cancellation is still open. */
export function describeView(view: AppointmentActionView, now: number): ViewDescription {
  const action = view.action;
  const description =
    action === 'decline'
      ? describeDecline(view)
      : action === 'cancel'
        ? describeCancel(view, now)
        : describeConfirm({ ...view, action });
  // The e-mail of this link's change failed earlier: say so, and offer to send it.
  if (view.mailPending && isProducedByLink(view)) {
    return { ...description, lines: [...description.lines, mailPendingText(view)], control: 'resend' };
  }
  return description;
}
