// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeView } from '@/test/appointment-action-view';
import { appointmentActionPage as copy } from '@/content/appointment-action';
import type { AppointmentActionView, EarlierTimeView } from '@domain/wire-types';
import { formatInstantLong } from '@domain/dates';
import { describeView, isProducedByLink } from './action-state';
import { earlierConflictText } from './earlier-state';

/** The moment the page read the view: well before the appointment's deadline. */
const NOW = Date.parse('2026-12-01T08:00:00Z');
const deadline = '2026-12-10T08:30:00.000Z';
const texts = copy.earlier;
const offered = 'Freitag, 4. Dezember 2026, 10:00 Uhr';
const offer = (status: NonNullable<EarlierTimeView['offer']>['status']) => ({ date: '2026-12-04', time: '10:00', status });

const link = (action: 'earlier' | 'take-earlier' | 'end-earlier', earlier: EarlierTimeView, overrides: Partial<AppointmentActionView> = {}) =>
  makeView({ action, slot: null, status: 'confirmed', confirmed: { date: '2026-12-11', time: '09:30' }, cancelUntil: deadline, earlier, ...overrides });

describe('«Früherer Termin gewünscht» (the confirmation\'s link)', () => {
  it('not yet wished: the current appointment, how it works, and the button', () => {
    const description = describeView(link('earlier', { wanted: false, offer: null }), NOW, 'de');
    expect(description).toMatchObject({ headline: texts.headline, control: 'earlier' });
    expect(description.lines).toEqual([texts.current('Freitag, 11. Dezember 2026, 09:30 Uhr'), texts.howItWorks, texts.ends]);
  });

  it('wished: says so, no button', () => {
    expect(describeView(link('earlier', { wanted: true, offer: null }), NOW, 'de')).toMatchObject({ headline: texts.wantedHeadline, control: null });
  });

  it('inside the notice: no button, the phone', () => {
    expect(describeView(link('earlier', { wanted: false, offer: null }), Date.parse(deadline), 'de')).toMatchObject({ control: null, callUs: true });
  });

  it('a cancelled appointment: nothing to wish', () => {
    expect(describeView(link('earlier', { wanted: false, offer: null }, { status: 'cancelled' }), NOW, 'de')).toMatchObject({ control: null, bookAgain: true });
  });
});

describe('an offer\'s link «Diesen früheren Termin nehmen»', () => {
  it('open: the freed time and the button', () => {
    const description = describeView(link('take-earlier', { wanted: true, offer: offer('open') }), NOW, 'de');
    expect(description).toMatchObject({ headline: texts.offerHeadline, control: 'take-earlier' });
    expect(description.lines[0]).toBe(texts.offer(offered));
  });

  it('taken by someone else: «leider schon vergeben», no button, still waiting', () => {
    const view = link('take-earlier', { wanted: true, offer: offer('taken') });
    const description = describeView(view, NOW, 'de');
    expect(description).toMatchObject({ headline: texts.takenHeadline, control: null });
    expect(description.lines).toEqual([texts.taken(offered), texts.stillWanted]);
    expect(description.lines[0]).toMatch(/leider schon vergeben/);
    expect(earlierConflictText(view, 'de')).toBe(texts.takenNotice);
  });

  it('taken, and an offer went out within the day: it says when the next offer mail can come at the earliest', () => {
    const view = link('take-earlier', { wanted: true, offer: offer('taken'), nextOfferFrom: '2026-12-02T07:15:00.000Z' });
    expect(describeView(view, NOW, 'de').lines).toEqual([texts.taken(offered), texts.stillWantedFrom(formatInstantLong(new Date('2026-12-02T07:15:00.000Z')))]);
    expect(texts.stillWantedFrom('x')).not.toBe(texts.stillWanted);
  });

  it('taken by this visitor: the appointment is there; its mails are this link\'s', () => {
    const view = link('take-earlier', { wanted: false, offer: offer('yours') }, { confirmed: { date: '2026-12-04', time: '10:00' } });
    expect(describeView(view, NOW, 'de')).toMatchObject({ headline: texts.yoursHeadline, control: null });
    expect(isProducedByLink(view)).toBe(true);
    expect(describeView({ ...view, mailPending: true }, NOW, 'de').control).toBe('resend');
  });

  it('expired: no button', () => {
    expect(describeView(link('take-earlier', { wanted: true, offer: offer('expired') }), NOW, 'de')).toMatchObject({ headline: texts.expiredHeadline, control: null });
    expect(isProducedByLink(link('take-earlier', { wanted: true, offer: offer('open') }))).toBe(false);
  });
});

describe('an offer\'s link that ends the wish', () => {
  it('while wished: the button', () => {
    expect(describeView(link('end-earlier', { wanted: true, offer: null }), NOW, 'de')).toMatchObject({ headline: texts.endHeadline, control: 'end-earlier' });
  });

  it('ended: says so, no button', () => {
    expect(describeView(link('end-earlier', { wanted: false, offer: null }), NOW, 'de')).toMatchObject({ headline: texts.endedHeadline, control: null });
  });
});

describe('the function\'s answers on these links', () => {
  it('a wish stored owes no mail ("none"); the view carries the wish and the offer', async () => {
    const { fromAnswer, fromErrorBody } = await import('./api/action-api');
    const view = link('take-earlier', { wanted: true, offer: offer('taken') });
    expect(fromAnswer({ result: 'changed', mail: 'none', view: link('earlier', { wanted: true, offer: null }) }, 'act')).toMatchObject({ kind: 'done', mail: 'none' });
    expect(fromErrorBody({ error: 'conflict', view })).toEqual({ kind: 'conflict', view });
    expect(fromErrorBody({ error: 'conflict', view: { ...view, earlier: { wanted: true, offer: { ...offer('open'), status: 'gone' } } } })).toEqual({ kind: 'failed' });
  });
});
