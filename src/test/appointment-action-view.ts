import type { AppointmentActionView, ScheduledAppointment } from '@domain/wire-types';

/**
 * A view as appointment-action answers it, for the page's tests: Beat Keller's request
 * for a Schlafberatung (60 minutes), Wunschtermin Friday 11 December 2026 09:30,
 * Alternativtermin Monday 14 December without a time, not yet decided, never moved, and
 * nobody else booked that day (both advisors free). Overrides give the other states.
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
    minutes: 60,
    advisor: null,
    schedule: [],
    move: null,
    movedFrom: null,
    slotWarning: null,
    booking: null,
    ...overrides,
  };
}

/** Another confirmed appointment of the slot's day, as `view.schedule` lists it: a Schlafberatung of Anna Muster's by default. */
export function scheduled(advisor: ScheduledAppointment['advisor'], time: string, overrides: Partial<ScheduledAppointment> = {}): ScheduledAppointment {
  return { advisor, time, minutes: 60, service: 'Schlafberatung', name: 'Anna Muster', ...overrides };
}
