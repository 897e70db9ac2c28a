// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeView } from '@/test/appointment-action-view';
import { offerTexts } from '@/content/appointment-action';
import { formatDateTimeLong } from '@domain/dates';
import type { AppointmentActionView, AppointmentOffer } from '@domain/wire-types';
import { describeView, isProducedByLink } from './action-state';
import { otherOpenOffers } from './offer-state';
import { stateAfterAct } from './use-appointment-action';
import { fromErrorBody } from './api/action-api';

const NOW = Date.parse('2026-12-01T08:00:00Z');
const offer = (number: number, status: AppointmentOffer['status'], link: string | null = `https://example.ch/termin/aktion#t${number}`): AppointmentOffer => ({
  number,
  date: '2026-12-1' + number,
  time: '10:00',
  status,
  link: status === 'open' ? link : null,
});
const takeOffer = (overrides: Partial<AppointmentActionView> = {}) =>
  makeView({ action: 'take-offer', slot: null, status: 'declined', offer: 1, offers: [offer(1, 'open'), offer(2, 'open')], ...overrides });
const { take } = offerTexts;

describe('the take-offer link (the visitor)', () => {
  it('an open offer: its time and the button «Diesen Termin nehmen»', () => {
    const description = describeView(takeOffer(), NOW, 'de');
    expect(description).toMatchObject({ headline: take.headline, control: 'take-offer' });
    expect(description.lines).toEqual([take.offered(formatDateTimeLong('2026-12-11', '10:00')), take.whatHappens]);
    expect(take.button).toBe('Diesen Termin nehmen');
  });

  it('taken by this link: confirmed, no button; a failed mail is this link\'s to send again', () => {
    const view = takeOffer({ status: 'confirmed', confirmed: { date: '2026-12-11', time: '10:00' }, offers: [offer(1, 'taken'), offer(2, 'lapsed')] });
    expect(describeView(view, NOW, 'de')).toMatchObject({ headline: take.takenHeadline, control: null });
    expect(isProducedByLink(view)).toBe(true);
    expect(describeView({ ...view, mailPending: true }, NOW, 'de').control).toBe('resend');
  });

  it('another offer was taken: this one has lapsed, and the page names the time taken', () => {
    const view = takeOffer({ offer: 2, status: 'confirmed', confirmed: { date: '2026-12-11', time: '10:00' }, offers: [offer(1, 'taken'), offer(2, 'lapsed')] });
    const description = describeView(view, NOW, 'de');
    expect(description).toMatchObject({ headline: take.lapsedHeadline, control: null });
    expect(description.lines).toEqual([take.otherTaken(formatDateTimeLong('2026-12-11', '10:00'))]);
    expect(isProducedByLink(view)).toBe(false);
  });

  it('lapsed by time with another still open: no button, the open one as a link', () => {
    const view = takeOffer({ offers: [offer(1, 'lapsed'), offer(2, 'open')] });
    expect(describeView(view, NOW, 'de')).toMatchObject({ headline: take.lapsedHeadline, control: null, bookAgain: false });
    expect(otherOpenOffers(view).map((open) => open.number)).toEqual([2]);
  });

  it('busy (someone else was booked at its time meanwhile) with another still open: no button, says so, the open one as a link', () => {
    const view = takeOffer({ offers: [offer(1, 'busy'), offer(2, 'open')] });
    const description = describeView(view, NOW, 'de');
    expect(description).toMatchObject({ headline: take.busyHeadline, control: null, bookAgain: false });
    expect(description.lines).toEqual([take.busy(formatDateTimeLong('2026-12-11', '10:00'))]);
    expect(otherOpenOffers(view).map((open) => open.number)).toEqual([2]);
  });

  it('busy, and the other offers busy or lapsed: none linked, the booking page instead', () => {
    const view = takeOffer({ offers: [offer(1, 'busy'), offer(2, 'busy'), offer(3, 'lapsed')] });
    expect(otherOpenOffers(view)).toEqual([]);
    expect(describeView(view, NOW, 'de')).toMatchObject({ headline: take.busyHeadline, control: null, bookAgain: true, lines: [take.busy(formatDateTimeLong('2026-12-11', '10:00')), take.noneOpen] });
  });

  it('all lapsed: no button, the booking page instead', () => {
    const view = takeOffer({ offers: [offer(1, 'lapsed'), offer(2, 'lapsed')] });
    expect(describeView(view, NOW, 'de')).toMatchObject({ control: null, bookAgain: true, lines: [take.lapsed, take.noneOpen] });
  });
});

describe('the page after a press on offers', () => {
  const ready = { step: 'ready', view: takeOffer(), checkedAt: NOW, outcome: null } as const;

  it('taken meanwhile: the function\'s view with the offers still open, and the outcome that says so', () => {
    const view = takeOffer({ offers: [offer(1, 'open'), offer(2, 'open')] });
    expect(stateAfterAct(ready, { kind: 'offer_taken', view }, 1, NOW)).toEqual({ step: 'ready', view, checkedAt: NOW, outcome: { kind: 'offer_taken', id: 1 } });
  });

  it('a ticked time no longer free (400 on offers): said as such, the form stays', () => {
    expect(stateAfterAct(ready, { kind: 'invalid_body', field: 'offers' }, 2, NOW)).toMatchObject({ outcome: { kind: 'invalid_offers', id: 2 } });
  });

  it('fromErrorBody reads offer_taken and offer_lapsed with their view', () => {
    const view = takeOffer();
    expect(fromErrorBody({ error: 'offer_lapsed', view })).toMatchObject({ kind: 'offer_lapsed', view: { offers: view.offers, offer: 1 } });
    expect(fromErrorBody({ error: 'offer_taken', view: { ...view, offers: [{ number: 1 }] } })).toEqual({ kind: 'failed' });
  });
});
