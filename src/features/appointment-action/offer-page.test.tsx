import { act as reactAct, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { offerTexts } from '@/content/appointment-action';
import type { AppointmentActionView, AppointmentOffer } from '@domain/wire-types';
import { formatDateTimeLong } from '@domain/dates';
import { MAX_OFFERS } from '@domain/offers';
import { actOnAppointment, showAppointment } from '@/features/appointment-action/api/action-api';
import { makeView } from '@/test/appointment-action-view';
import { renderRoute } from '@/test/render-route';
import { resetSupabaseMock } from '@/test/supabase-mock';

// The page's boundary: the tests decide what the function answers and see what is sent.
vi.mock('@/features/appointment-action/api/action-api', () => ({ showAppointment: vi.fn(), actOnAppointment: vi.fn() }));
vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
const show = vi.mocked(showAppointment);
const act = vi.mocked(actOnAppointment);

async function openWithView(view: AppointmentActionView) {
  show.mockResolvedValue({ kind: 'view', view });
  window.history.replaceState(null, '', '/termin/aktion#v1.Zm9v.YmFy');
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await reactAct(async () => {
    opened = await renderRoute('/termin/aktion');
  });
  await screen.findByRole('heading', { level: 2, name: 'Die Anfrage im Überblick' });
  return opened!.user;
}

const choices = ['09:00', '10:00', '11:00', '13:00'].map((time) => ({ date: '2026-12-12', time }));
const offer = (number: number, status: AppointmentOffer['status']): AppointmentOffer => ({
  number,
  date: '2026-12-12',
  time: `1${number}:00`,
  status,
  link: status === 'open' ? `${window.location.origin}/termin/aktion#offer${number}` : null,
});

describe('offered times on /termin/aktion', () => {
  beforeEach(() => {
    show.mockReset();
    act.mockReset();
    resetSupabaseMock();
    window.sessionStorage.clear();
  });

  it(`the decline page: tick up to ${MAX_OFFERS} free times (then the others are disabled), sent with the note`, async () => {
    const user = await openWithView(makeView({ action: 'decline', slot: null, offerChoices: choices }));
    const group = screen.getByRole('group', { name: offerTexts.choose.legend(MAX_OFFERS) });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(choices.map((slot) => formatDateTimeLong(slot.date, slot.time)));
    for (const box of boxes.slice(0, MAX_OFFERS)) await user.click(box);
    expect(boxes[MAX_OFFERS]).toBeDisabled();
    await user.click(boxes[0]!);
    expect(boxes[MAX_OFFERS]).toBeEnabled();
    act.mockResolvedValue({ kind: 'failed' });
    await user.type(screen.getByLabelText(/^Nachricht an/), 'Leider belegt.');
    await user.click(screen.getByRole('button', { name: 'Anfrage ablehnen' }));
    expect(act).toHaveBeenCalledWith(expect.any(String), { offers: choices.slice(1, MAX_OFFERS), note: 'Leider belegt.' });
  });

  /** The summary's list of the offers, each with its state in words. */
  const summaryOffers = () =>
    within(screen.getByText(offerTexts.listTitle).closest('div')!).getAllByRole('listitem').map((item) => item.textContent);
  /** Where the page's offer links lead (offer-links.tsx). */
  const linkedOffers = () =>
    within(screen.getByRole('navigation', { name: offerTexts.listTitle })).getAllByRole('link').map((link) => link.getAttribute('href'));
  /** An offer as the summary should list it: its time and its state's own words. */
  const listed = (number: number, status: AppointmentOffer['status']) => {
    const words: string | undefined = offerTexts.status[status];
    expect(words, `words for '${status}'`).toMatch(/\S/);
    return `${formatDateTimeLong('2026-12-12', `1${number}:00`)} (${words})`;
  };

  it('the take-offer page: «Diesen Termin nehmen»; taken meanwhile says so, drops the button and the invitation, lists the time as busy and links the offer still open', async () => {
    const view = makeView({ action: 'take-offer', slot: null, status: 'declined', offer: 1, offers: [offer(1, 'open'), offer(2, 'open')] });
    const user = await openWithView(view);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(offerTexts.take.headline);
    expect(screen.getByText(offerTexts.take.offered(formatDateTimeLong('2026-12-12', '11:00')))).toBeInTheDocument();
    expect(summaryOffers()).toEqual([listed(1, 'open'), listed(2, 'open')]);
    // The function's view after the refusal: the time pressed is busy now.
    act.mockResolvedValue({ kind: 'offer_taken', view: { ...view, offers: [offer(1, 'busy'), offer(2, 'open')] } });
    await user.click(screen.getByRole('button', { name: offerTexts.take.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(offerTexts.outcome.takenMeanwhile.title);
    expect(screen.queryByRole('button', { name: offerTexts.take.button })).toBeNull();
    expect(screen.queryByText(offerTexts.take.whatHappens)).toBeNull();
    expect(summaryOffers()).toEqual([listed(1, 'busy'), listed(2, 'open')]);
    expect(linkedOffers()).toEqual([offer(2, 'open').link]);
  });

  it('the take-offer page of a time booked meanwhile: says so instead of the button, lists it as busy, links only the offer still open', async () => {
    await openWithView(makeView({ action: 'take-offer', slot: null, status: 'declined', offer: 1, offers: [offer(1, 'busy'), offer(2, 'open'), offer(3, 'lapsed')] }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(offerTexts.take.busyHeadline);
    expect(screen.getByText(offerTexts.take.busy(formatDateTimeLong('2026-12-12', '11:00')))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: offerTexts.take.button })).toBeNull();
    expect(summaryOffers()).toEqual([listed(1, 'busy'), listed(2, 'open'), listed(3, 'lapsed')]);
    expect(linkedOffers()).toEqual([offer(2, 'open').link]);
  });
});
