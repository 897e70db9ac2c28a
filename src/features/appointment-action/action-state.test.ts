// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeView, scheduled } from '@/test/appointment-action-view';
import type { AppointmentActionView, AppointmentMove } from '@domain/wire-types';
import { canMoveOnline, collisionText, describeView, isProducedByLink, slotCapacity, slotWarnings } from './action-state';
import { advisorName } from '@domain/practice';
import { appointmentActionPage as copy } from '@/content/appointment-action';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');

/** The moment the page read the view: 1 December 2026, well before the appointment's deadline. */
const NOW = Date.parse('2026-12-01T08:00:00Z');
const confirmed = { status: 'confirmed', confirmed: { date: '2026-12-11', time: '09:30' } } as const;
const deadline = '2026-12-10T08:30:00.000Z';
const booking = { first: '2026-12-03', last: '2027-06-01', closedDays: [] };
/** The current and the wished slot, and the visitor of makeView, as the page writes them. */
const current = 'Freitag, 11. Dezember 2026, 09:30 Uhr';
const wished = 'Dienstag, 15. Dezember 2026, 10:00 Uhr';
const name = 'Beat Keller';
const wish = (status: AppointmentMove['status'], thisLink = true): AppointmentMove => ({ date: '2026-12-15', time: '10:00', status, thisLink });

const requestMove = (overrides: Partial<AppointmentActionView> = {}) =>
  makeView({ action: 'request-move', slot: null, ...confirmed, cancelUntil: deadline, booking, ...overrides });
const moveLink = (action: 'confirm-move' | 'decline-move', move: AppointmentMove | null, overrides: Partial<AppointmentActionView> = {}) =>
  makeView({ action, ...confirmed, cancelUntil: deadline, slot: move && { date: move.date, time: move.time }, move, ...overrides });

describe('the request-move link (the visitor)', () => {
  it('before the deadline: the current appointment, the deadline and the form', () => {
    const description = describeView(requestMove(), NOW, 'de');
    expect(description).toMatchObject({ headline: copy.requestMove.headline, control: 'request-move', callUs: false });
    expect(description.lines).toEqual([
      copy.requestMove.current(current),
      copy.requestMove.until('Donnerstag, 10. Dezember 2026, 09:30 Uhr'),
      copy.requestMove.howItWorks,
    ]);
    expect(canMoveOnline(requestMove(), NOW)).toBe(true);
  });

  it('after a declined wish: says so, and offers the form again', () => {
    const description = describeView(requestMove({ move: wish('declined') }), NOW, 'de');
    expect(description.control).toBe('request-move');
    expect(description.lines).toContain(copy.requestMove.lastDeclined(wished));
  });

  it('with a wish waiting: no second form', () => {
    const description = describeView(requestMove({ move: wish('requested') }), NOW, 'de');
    expect(description).toMatchObject({ headline: copy.requestMove.pendingHeadline, control: null });
    expect(description.lines).toContain(copy.requestMove.pending(wished));
    expect(canMoveOnline(requestMove({ move: wish('requested') }), NOW)).toBe(false);
  });

  it.each([
    ['after the deadline', requestMove(), Date.parse(deadline)],
    ['without the slot rules', requestMove({ booking: null }), NOW],
  ])('%s: the phone, no form', (_what, view, now) => {
    const description = describeView(view, now, 'de');
    expect(description).toMatchObject({ headline: copy.requestMove.headline, control: null, callUs: true });
    expect(description.lines).toContain(copy.requestMove.tooLate);
  });

  it.each([
    ['cancelled', copy.stateHeadlines.visitorCancelled, copy.state.cancelledNoMove],
    ['declined', copy.stateHeadlines.visitorDeclined, copy.state.declinedNoMove],
    ['requested', copy.stateHeadlines.visitorRequested, copy.state.requestedNoMove],
  ] as const)('on a %s request: explains, no form', (status, headline, line) => {
    const description = describeView(requestMove({ status, ...(status !== 'cancelled' && { confirmed: null, cancelUntil: null }) }), NOW, 'de');
    expect(description).toMatchObject({ headline, control: null, lines: [line] });
  });

  it('a waiting wish whose e-mails failed: offers to send them', () => {
    const view = requestMove({ move: wish('requested'), mailPending: true });
    expect(isProducedByLink(view)).toBe(true);
    const description = describeView(view, NOW, 'de');
    expect(description.control).toBe('resend');
    expect(description.lines.at(-1)).toBe(copy.mailPending.requestMove);
  });
});

describe('the move links (the practice)', () => {
  it('the latest wish, waiting: the current and the wished slot, and the button', () => {
    expect(describeView(moveLink('confirm-move', wish('requested')), NOW, 'de')).toMatchObject({
      headline: copy.move.confirmHeadline,
      control: 'confirm-move',
      lines: [copy.move.wish(name, current, wished), copy.move.confirmWhatHappens(name)],
    });
    expect(describeView(moveLink('decline-move', wish('requested')), NOW, 'de')).toMatchObject({
      headline: copy.move.declineHeadline,
      control: 'decline-move',
    });
  });

  it.each([
    ['confirm-move', 'confirmed', copy.stateHeadlines.moveConfirmed, copy.state.moveConfirmed(wished)],
    ['decline-move', 'confirmed', copy.stateHeadlines.moveConfirmed, copy.state.moveConfirmedNoDecline(wished)],
    ['decline-move', 'declined', copy.stateHeadlines.moveDeclined, copy.state.moveDeclined(current)],
    ['confirm-move', 'declined', copy.stateHeadlines.moveDeclined, copy.state.moveDeclinedNoConfirm(current)],
  ] as const)('%s on a wish already %s: the state, no button', (action, status, headline, line) => {
    const move = wish(status);
    const view = moveLink(action, move, status === 'confirmed' ? { confirmed: { date: move.date, time: move.time }, movedFrom: confirmed.confirmed } : {});
    expect(describeView(view, NOW, 'de')).toMatchObject({ headline, control: null, lines: [line] });
  });

  it('a link of an earlier wish: overtaken, never acts, says what holds now', () => {
    const pendingNewer = describeView(moveLink('confirm-move', wish('requested', false)), NOW, 'de');
    expect(pendingNewer).toMatchObject({ headline: copy.stateHeadlines.moveReplaced, control: null });
    expect(pendingNewer.lines).toEqual([copy.state.moveReplaced(name), copy.state.newerMovePending(wished)]);
    const decidedNewer = describeView(moveLink('decline-move', wish('declined', false)), NOW, 'de');
    expect(decidedNewer.control).toBeNull();
    expect(decidedNewer.lines.at(-1)).toBe(copy.state.currentAppointment(current));
  });

  it('an appointment cancelled meanwhile: nothing to decide', () => {
    expect(describeView(moveLink('confirm-move', wish('requested'), { status: 'cancelled', cancelUntil: null }), NOW, 'de')).toMatchObject({
      headline: copy.stateHeadlines.cancelled,
      control: null,
      lines: [copy.state.cancelledNoMoveDecision],
    });
  });

  it('a decision whose e-mail failed: only the link that made it offers to send it', () => {
    const moved = moveLink('confirm-move', wish('confirmed'), { mailPending: true, confirmed: { date: '2026-12-15', time: '10:00' } });
    expect(describeView(moved, NOW, 'de').control).toBe('resend');
    expect(describeView(moved, NOW, 'de').lines.at(-1)).toBe(copy.mailPending.confirmMove(name));
    expect(isProducedByLink({ ...moved, action: 'decline-move' })).toBe(false);
    expect(isProducedByLink({ ...moved, move: wish('confirmed', false) })).toBe(false);
  });
});

describe('slot warnings (they never take the button away)', () => {
  const christmas = 'Freitag, 25. Dezember 2026';
  /** A warning is followed by the advice to confirm only a slot the practice will keep. */
  const warned = (warning: string) => `${warning} ${copy.slotWarning.confirmAnyway}`;
  it.each([
    [{ kind: 'holiday', name: 'Weihnachten' }, warned(copy.slotWarning.holiday(christmas, 'Weihnachten'))],
    [{ kind: 'weekday' }, warned(copy.slotWarning.weekday(christmas))],
    [{ kind: 'closure' }, warned(copy.slotWarning.closure(christmas))],
    [{ kind: 'time_not_offered' }, warned(copy.slotWarning.timeNotOffered(christmas, '10:00 Uhr'))],
  ] as const)('%j', (slotWarning, text) => {
    const view = makeView({ slot: { date: '2026-12-25', time: '10:00' }, slotWarning });
    expect(slotWarnings(view, 'confirm', 'de')).toEqual([text]);
    expect(describeView(view, NOW, 'de').control).toBe('confirm');
  });

  it('with the slot outside the opening hours only that one; none once the link has nothing to confirm', () => {
    const view = moveLink('confirm-move', wish('requested'), { slotWarning: { kind: 'closure' }, schedule: [scheduled('sandra-huber', '10:00'), scheduled('lukas-brunner', '10:00')] });
    // Who is free is not a warning: slotCapacity says it, and takes the buttons away.
    expect(slotWarnings(view, 'confirm-move', 'de')).toEqual([warned(copy.slotWarning.closure('Dienstag, 15. Dezember 2026'))]);
    expect(slotWarnings(view, null, 'de')).toEqual([]);
    expect(slotWarnings(view, 'resend', 'de')).toEqual([]);
  });
});

describe('who is free for the slot (the day’s schedule, by @domain/capacity)', () => {
  // Beat Keller's Schlafberatung at 09:30 for 60 minutes: 09:30–10:30.
  const free = (view: AppointmentActionView, time = '09:30') => slotCapacity(view, time)?.free;

  it('nobody else that day: both, in the practice’s order, nothing collides', () => {
    expect(slotCapacity(makeView(), '09:30')).toMatchObject({ free: ['sandra-huber', 'lukas-brunner'], collisions: [] });
  });

  it('one advisor with an overlapping appointment: only the other, and what collides', () => {
    const other = scheduled('sandra-huber', '09:00');
    const capacity = slotCapacity(makeView({ schedule: [other, scheduled('lukas-brunner', '14:00')] }), '09:30');
    expect(capacity?.free).toEqual(['lukas-brunner']);
    expect(capacity?.collisions).toEqual([{ ...other, date: '2026-12-11' }]);
    expect(collisionText(capacity!.collisions[0]!, 'de')).toBe(`${SANDRA_HUBER}: 09:00–10:00 Uhr, Schlafberatung, Anna Muster`);
  });

  it('both busy: nobody, with every collision; spans that only touch do not collide', () => {
    const view = makeView({
      schedule: [
        scheduled('sandra-huber', '09:00'),
        scheduled('lukas-brunner', '10:00', { minutes: 30, service: 'Follow-up Termin', name: 'Rita Rhein' }),
        scheduled('lukas-brunner', '08:30'),
      ],
    });
    const capacity = slotCapacity(view, '09:30')!;
    expect(capacity.free).toEqual([]);
    expect(capacity.collisions.map((collision) => collisionText(collision, 'de'))).toEqual([
      `${SANDRA_HUBER}: 09:00–10:00 Uhr, Schlafberatung, Anna Muster`,
      `${LUKAS_BRUNNER}: 10:00–10:30 Uhr, Follow-up Termin, Rita Rhein`,
    ]);
    // 10:30 for 60 minutes: Sandra's ends at 10:00, Lukas's at 10:30 – both free again.
    expect(free(view, '10:30')).toEqual(['sandra-huber', 'lukas-brunner']);
  });

  it('the request’s own length counts: a 30-minute follow-up at 09:00 misses a 09:30 appointment', () => {
    const view = makeView({ minutes: 30, schedule: [scheduled('sandra-huber', '09:30'), scheduled('lukas-brunner', '09:30')] });
    expect(free(view, '09:00')).toEqual(['sandra-huber', 'lukas-brunner']);
    expect(free(view, '09:30')).toEqual([]);
    expect(free(makeView({ ...view, minutes: 120 }), '08:00')).toEqual([]);
  });

  it('an appointment without an advisor takes one of those free, named as «Ohne Zuteilung»', () => {
    const view = makeView({ schedule: [scheduled(null, '09:00'), scheduled('sandra-huber', '10:00')] });
    const capacity = slotCapacity(view, '09:30')!;
    expect(capacity.free).toEqual([]);
    expect(capacity.collisions.map((collision) => collisionText(collision, 'de'))).toEqual([
      `${SANDRA_HUBER}: 10:00–11:00 Uhr, Schlafberatung, Anna Muster`,
      'Ohne Zuteilung: 09:00–10:00 Uhr, Schlafberatung, Anna Muster',
    ]);
  });

  it('without a slot: nothing to say', () => {
    expect(slotCapacity(makeView({ slot: null }), '09:30')).toBeNull();
  });
});
