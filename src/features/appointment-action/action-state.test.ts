// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeView, scheduled } from '@/test/appointment-action-view';
import type { AppointmentActionView, AppointmentMove } from '@domain/wire-types';
import { canMoveOnline, collisionText, describeView, isProducedByLink, slotCapacity, slotWarnings } from './action-state';
import { advisorName } from '@domain/practice';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');

/** The moment the page read the view: 1 December 2026, well before the appointment's deadline. */
const NOW = Date.parse('2026-12-01T08:00:00Z');
const confirmed = { status: 'confirmed', confirmed: { date: '2026-12-11', time: '09:30' } } as const;
const deadline = '2026-12-10T08:30:00.000Z';
const booking = { first: '2026-12-03', last: '2027-06-01', closedDays: [] };
const wish = (status: AppointmentMove['status'], thisLink = true): AppointmentMove => ({ date: '2026-12-15', time: '10:00', status, thisLink });

const requestMove = (overrides: Partial<AppointmentActionView> = {}) =>
  makeView({ action: 'request-move', slot: null, ...confirmed, cancelUntil: deadline, booking, ...overrides });
const moveLink = (action: 'confirm-move' | 'decline-move', move: AppointmentMove | null, overrides: Partial<AppointmentActionView> = {}) =>
  makeView({ action, ...confirmed, cancelUntil: deadline, slot: move && { date: move.date, time: move.time }, move, ...overrides });

describe('the request-move link (the visitor)', () => {
  it('before the deadline: the current appointment, the deadline and the form', () => {
    const description = describeView(requestMove(), NOW);
    expect(description).toMatchObject({ headline: 'Termin verschieben', control: 'request-move', callUs: false });
    expect(description.lines).toEqual([
      'Ihr jetziger Termin: Freitag, 11. Dezember 2026, 09:30 Uhr.',
      'Online verschieben können Sie bis 24 Stunden vor dem Termin, also bis Donnerstag, 10. Dezember 2026, 09:30 Uhr.',
      'Wählen Sie einen neuen Tag und eine Uhrzeit. Die Praxis bestätigt den neuen Termin innerhalb von 24 Stunden per E-Mail; bis dahin gilt Ihr jetziger Termin.',
    ]);
    expect(canMoveOnline(requestMove(), NOW)).toBe(true);
  });

  it('after a declined wish: says so, and offers the form again', () => {
    const description = describeView(requestMove({ move: wish('declined') }), NOW);
    expect(description.control).toBe('request-move');
    expect(description.lines).toContain(
      'Ihren letzten Wunsch (Dienstag, 15. Dezember 2026, 10:00 Uhr) konnte die Praxis leider nicht bestätigen; Ihr Termin bleibt bestehen.',
    );
  });

  it('with a wish waiting: no second form', () => {
    const description = describeView(requestMove({ move: wish('requested') }), NOW);
    expect(description).toMatchObject({ headline: 'Ihr Wunsch wartet auf die Praxis', control: null });
    expect(description.lines).toContain(
      'Sie möchten den Termin auf Dienstag, 15. Dezember 2026, 10:00 Uhr verschieben. Die Praxis meldet sich innerhalb von 24 Stunden per E-Mail; bis dahin gilt Ihr jetziger Termin.',
    );
    expect(canMoveOnline(requestMove({ move: wish('requested') }), NOW)).toBe(false);
  });

  it.each([
    ['after the deadline', requestMove(), Date.parse(deadline)],
    ['without the slot rules', requestMove({ booking: null }), NOW],
  ])('%s: the phone, no form', (_what, view, now) => {
    const description = describeView(view, now);
    expect(description).toMatchObject({ headline: 'Termin verschieben', control: null, callUs: true });
    expect(description.lines).toContain('Verschieben ist jetzt nur noch telefonisch möglich.');
  });

  it.each([
    ['cancelled', 'Ihr Termin ist abgesagt', 'Ihr Termin ist abgesagt; verschieben lässt er sich nicht mehr.'],
    ['declined', 'Ihre Anfrage wurde nicht bestätigt', 'Diese Anfrage wurde nicht bestätigt; es gibt keinen Termin, den Sie verschieben könnten.'],
    ['requested', 'Ihre Anfrage ist noch offen', expect.stringMatching(/^Ihre Anfrage ist noch nicht bestätigt\./)],
  ] as const)('on a %s request: explains, no form', (status, headline, line) => {
    const description = describeView(requestMove({ status, ...(status !== 'cancelled' && { confirmed: null, cancelUntil: null }) }), NOW);
    expect(description).toMatchObject({ headline, control: null, lines: [line] });
  });

  it('a waiting wish whose e-mails failed: offers to send them', () => {
    const view = requestMove({ move: wish('requested'), mailPending: true });
    expect(isProducedByLink(view)).toBe(true);
    const description = describeView(view, NOW);
    expect(description.control).toBe('resend');
    expect(description.lines.at(-1)).toBe('Ihr Wunsch ist gespeichert, aber die E-Mails dazu sind noch nicht versandt: Der letzte Versuch ist fehlgeschlagen.');
  });
});

describe('the move links (the practice)', () => {
  it('the latest wish, waiting: the current and the wished slot, and the button', () => {
    expect(describeView(moveLink('confirm-move', wish('requested')), NOW)).toMatchObject({
      headline: 'Verschiebung bestätigen',
      control: 'confirm-move',
      lines: [
        'Beat Keller möchte den Termin verschieben, vom Freitag, 11. Dezember 2026, 09:30 Uhr auf Dienstag, 15. Dezember 2026, 10:00 Uhr.',
        'Beat Keller erhält den neuen Termin mit Kalendereintrag per E-Mail; der bisherige Termin wird frei.',
      ],
    });
    expect(describeView(moveLink('decline-move', wish('requested')), NOW)).toMatchObject({
      headline: 'Verschiebung ablehnen',
      control: 'decline-move',
    });
  });

  it.each([
    ['confirm-move', 'confirmed', 'Verschiebung bestätigt', 'Die Verschiebung ist bestätigt: Der Termin ist jetzt am Dienstag, 15. Dezember 2026, 10:00 Uhr.'],
    ['decline-move', 'confirmed', 'Verschiebung bestätigt', 'Die Verschiebung ist bereits bestätigt: Der Termin ist jetzt am Dienstag, 15. Dezember 2026, 10:00 Uhr. Ablehnen lässt sie sich nicht mehr.'],
    ['decline-move', 'declined', 'Verschiebung abgelehnt', 'Die Verschiebung ist abgelehnt; der Termin bleibt am Freitag, 11. Dezember 2026, 09:30 Uhr.'],
    ['confirm-move', 'declined', 'Verschiebung abgelehnt', 'Die Verschiebung ist bereits abgelehnt; bestätigen lässt sie sich nicht mehr. Der Termin bleibt am Freitag, 11. Dezember 2026, 09:30 Uhr.'],
  ] as const)('%s on a wish already %s: the state, no button', (action, status, headline, line) => {
    const move = wish(status);
    const view = moveLink(action, move, status === 'confirmed' ? { confirmed: { date: move.date, time: move.time }, movedFrom: confirmed.confirmed } : {});
    expect(describeView(view, NOW)).toMatchObject({ headline, control: null, lines: [line] });
  });

  it('a link of an earlier wish: overtaken, never acts, says what holds now', () => {
    const pendingNewer = describeView(moveLink('confirm-move', wish('requested', false)), NOW);
    expect(pendingNewer).toMatchObject({ headline: 'Dieser Link ist überholt', control: null });
    expect(pendingNewer.lines).toEqual([
      'Dieser Link gehört zu einem früheren Wunsch von Beat Keller. Inzwischen gibt es einen neueren; dieser Link ändert nichts mehr.',
      'Über den neueren Wunsch (Dienstag, 15. Dezember 2026, 10:00 Uhr) entscheiden Sie mit den Links in der neueren E-Mail.',
    ]);
    const decidedNewer = describeView(moveLink('decline-move', wish('declined', false)), NOW);
    expect(decidedNewer.control).toBeNull();
    expect(decidedNewer.lines.at(-1)).toBe('Der Termin ist jetzt am Freitag, 11. Dezember 2026, 09:30 Uhr.');
  });

  it('an appointment cancelled meanwhile: nothing to decide', () => {
    expect(describeView(moveLink('confirm-move', wish('requested'), { status: 'cancelled', cancelUntil: null }), NOW)).toMatchObject({
      headline: 'Termin abgesagt',
      control: null,
      lines: ['Dieser Termin ist abgesagt; über die Verschiebung gibt es nichts mehr zu entscheiden.'],
    });
  });

  it('a decision whose e-mail failed: only the link that made it offers to send it', () => {
    const moved = moveLink('confirm-move', wish('confirmed'), { mailPending: true, confirmed: { date: '2026-12-15', time: '10:00' } });
    expect(describeView(moved, NOW).control).toBe('resend');
    expect(describeView(moved, NOW).lines.at(-1)).toBe('Der neue Termin ist noch nicht per E-Mail an Beat Keller versandt: Der letzte Versuch ist fehlgeschlagen.');
    expect(isProducedByLink({ ...moved, action: 'decline-move' })).toBe(false);
    expect(isProducedByLink({ ...moved, move: wish('confirmed', false) })).toBe(false);
  });
});

describe('slot warnings (they never take the button away)', () => {
  it.each([
    [{ kind: 'holiday', name: 'Weihnachten' }, 'Achtung: Am Freitag, 25. Dezember 2026 ist die Praxis geschlossen (Weihnachten). Bestätigen Sie nur, wenn Sie den Termin trotzdem wahrnehmen.'],
    [{ kind: 'weekday' }, 'Achtung: Am Freitag, 25. Dezember 2026 ist die Praxis geschlossen (an diesem Wochentag gibt es keine Termine). Bestätigen Sie nur, wenn Sie den Termin trotzdem wahrnehmen.'],
    [{ kind: 'closure' }, 'Achtung: Am Freitag, 25. Dezember 2026 ist die Praxis geschlossen (eingetragene Schliessung). Bestätigen Sie nur, wenn Sie den Termin trotzdem wahrnehmen.'],
    [{ kind: 'time_not_offered' }, 'Achtung: Um 10:00 Uhr gibt es am Freitag, 25. Dezember 2026 keine Termine. Bestätigen Sie nur, wenn Sie den Termin trotzdem wahrnehmen.'],
  ] as const)('%j', (slotWarning, text) => {
    const view = makeView({ slot: { date: '2026-12-25', time: '10:00' }, slotWarning });
    expect(slotWarnings(view, 'confirm')).toEqual([text]);
    expect(describeView(view, NOW).control).toBe('confirm');
  });

  it('with the slot outside the opening hours only that one; none once the link has nothing to confirm', () => {
    const view = moveLink('confirm-move', wish('requested'), { slotWarning: { kind: 'closure' }, schedule: [scheduled('sandra-huber', '10:00'), scheduled('lukas-brunner', '10:00')] });
    // Who is free is not a warning: slotCapacity says it, and takes the buttons away.
    expect(slotWarnings(view, 'confirm-move')).toEqual([
      'Achtung: Am Dienstag, 15. Dezember 2026 ist die Praxis geschlossen (eingetragene Schliessung). Bestätigen Sie nur, wenn Sie den Termin trotzdem wahrnehmen.',
    ]);
    expect(slotWarnings(view, null)).toEqual([]);
    expect(slotWarnings(view, 'resend')).toEqual([]);
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
    expect(collisionText(capacity!.collisions[0]!)).toBe(`${SANDRA_HUBER}: 09:00–10:00 Uhr, Schlafberatung, Anna Muster`);
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
    expect(capacity.collisions.map(collisionText)).toEqual([
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
    expect(capacity.collisions.map(collisionText)).toEqual([
      `${SANDRA_HUBER}: 10:00–11:00 Uhr, Schlafberatung, Anna Muster`,
      'Ohne Zuteilung: 09:00–10:00 Uhr, Schlafberatung, Anna Muster',
    ]);
  });

  it('without a slot: nothing to say', () => {
    expect(slotCapacity(makeView({ slot: null }), '09:30')).toBeNull();
  });
});
