import type { AppointmentActionView } from '@domain/wire-types';

/**
 * A view as appointment-action answers it, for the page's tests: Beat Keller's request,
 * Wunschtermin Friday 11 December 2026 09:30, Alternativtermin Monday 14 December
 * without a time, not yet decided, never moved. Overrides give the other states.
 */
export function makeView(overrides: Partial<AppointmentActionView> = {}): AppointmentActionView {
  return {
    action: 'confirm-preferred',
    status: 'requested',
    name: 'Beat Keller',
    service: 'Schlafberatung',
    preferred: { date: '2026-12-11', time: '09:30' },
    alternative: { date: '2026-12-14', time: null },
    slot: { date: '2026-12-11', time: '09:30' },
    confirmed: null,
    staffNote: null,
    mailPending: false,
    cancelUntil: null,
    takenTimes: [],
    move: null,
    movedFrom: null,
    slotWarning: null,
    booking: null,
    ...overrides,
  };
}
