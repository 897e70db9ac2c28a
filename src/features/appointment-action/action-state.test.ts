import { describe, expect, it } from 'vitest';
import { makeView } from '@/test/appointment-action-view';
import type { AppointmentActionView, AppointmentMove } from '@domain/wire-types';
import { canMoveOnline, describeView, isProducedByLink, slotWarnings } from './action-state';

/** The moment the page read the view: 1 December 2026, well before the appointment's deadline. */
const NOW = Date.parse('2026-12-01T08:00:00Z');
const confirmed = { status: 'confirmed', confirmed: { date: '2026-12-11', time: '09:30' } } as const;
const deadline = '2026-12-10T08:30:00.000Z';
const booking = { first: '2026-12-03', last: '2027-06-01', closedDays: [] };
const wish = (status: AppointmentMove['status'], thisLink = true): AppointmentMove => ({ date: '2026-12-15', time: '10:00', status, thisLink });

const reschedule = (overrides: Partial<AppointmentActionView> = {}) =>
  makeView({ action: 'reschedule', slot: null, ...confirmed, cancelUntil: deadline, booking, ...overrides });
const moveLink = (action: 'confirm-move' | 'decline-move', move: AppointmentMove | null, overrides: Partial<AppointmentActionView> = {}) =>
  makeView({ action, ...confirmed, cancelUntil: deadline, slot: move && { date: move.date, time: move.time }, move, ...overrides });

describe('the reschedule link (the visitor)', () => {
  it('before the deadline: the current appointment, the deadline and the form', () => {
    const description = describeView(reschedule(), NOW);
    expect(description).toMatchObject({ headline: 'Termin verschieben', control: 'reschedule', callUs: false });
    expect(description.lines).toEqual([
      'Ihr jetziger Termin: Freitag, 11. Dezember 2026, 09:30 Uhr.',
      'Online verschieben können Sie bis 24 Stunden vor dem Termin, also bis Donnerstag, 10. Dezember 2026, 09:30 Uhr.',
      'Wählen Sie einen neuen Tag und eine Uhrzeit. Die Praxis bestätigt den neuen Termin innerhalb von 24 Stunden per E-Mail; bis dahin gilt Ihr jetziger Termin.',
    ]);
    expect(canMoveOnline(reschedule(), NOW)).toBe(true);
  });

  it('after a declined wish: says so, and offers the form again', () => {
    const description = describeView(reschedule({ move: wish('declined') }), NOW);
    expect(description.control).toBe('reschedule');
    expect(description.lines).toContain(
      'Ihren letzten Wunsch (Dienstag, 15. Dezember 2026, 10:00 Uhr) konnte die Praxis leider nicht bestätigen; Ihr Termin bleibt bestehen.',
    );
  });

  it('with a wish waiting: no second form', () => {
    const description = describeView(reschedule({ move: wish('requested') }), NOW);
    expect(description).toMatchObject({ headline: 'Ihr Wunsch wartet auf die Praxis', control: null });
    expect(description.lines).toContain(
      'Sie möchten den Termin auf Dienstag, 15. Dezember 2026, 10:00 Uhr verschieben. Die Praxis meldet sich innerhalb von 24 Stunden per E-Mail; bis dahin gilt Ihr jetziger Termin.',
    );
    expect(canMoveOnline(reschedule({ move: wish('requested') }), NOW)).toBe(false);
  });

  it.each([
    ['after the deadline', reschedule(), Date.parse(deadline)],
    ['without the booking rules', reschedule({ booking: null }), NOW],
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
    const description = describeView(reschedule({ status, ...(status !== 'cancelled' && { confirmed: null, cancelUntil: null }) }), NOW);
    expect(description).toMatchObject({ headline, control: null, lines: [line] });
  });

  it('a waiting wish whose e-mails failed: offers to send them', () => {
    const view = reschedule({ move: wish('requested'), mailPending: true });
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

  it('with the time taken as well, both; none once the link has nothing to confirm', () => {
    const view = moveLink('confirm-move', wish('requested'), { slotWarning: { kind: 'closure' }, takenTimes: ['10:00'] });
    expect(slotWarnings(view, 'confirm-move')).toHaveLength(2);
    expect(slotWarnings(view, 'confirm-move')[1]).toMatch(/^Um diese Zeit ist bereits ein anderer Termin bestätigt/);
    expect(slotWarnings(view, null)).toEqual([]);
    expect(slotWarnings(view, 'resend')).toEqual([]);
  });
});
