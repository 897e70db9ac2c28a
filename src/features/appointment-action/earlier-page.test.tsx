import { cleanup, act as reactAct, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentActionPage as copy } from '@/content/appointment-action';
import type { AppointmentActionView, EarlierTimeView } from '@domain/wire-types';
import { formatInstantLong } from '@domain/dates';
import { actOnAppointment, showAppointment } from '@/features/appointment-action/api/action-api';
import { makeView } from '@/test/appointment-action-view';
import { renderRoute } from '@/test/render-route';
import { resetSupabaseMock } from '@/test/supabase-mock';

// The page's boundary: the tests decide what the function answers and see what is sent.
vi.mock('@/features/appointment-action/api/action-api', () => ({ showAppointment: vi.fn(), actOnAppointment: vi.fn() }));
vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
const show = vi.mocked(showAppointment);
const act = vi.mocked(actOnAppointment);

const texts = copy.earlier;
const offer = (status: NonNullable<EarlierTimeView['offer']>['status']) => ({ date: '2026-12-04', time: '10:00', status });
const view = (action: 'earlier' | 'take-earlier' | 'end-earlier', earlier: EarlierTimeView, overrides: Partial<AppointmentActionView> = {}) =>
  makeView({ action, slot: null, status: 'confirmed', confirmed: { date: '2026-12-11', time: '09:30' }, cancelUntil: '2036-12-10T08:30:00.000Z', earlier, ...overrides });

async function openWithView(shown: AppointmentActionView) {
  show.mockResolvedValue({ kind: 'view', view: shown });
  window.history.replaceState(null, '', '/termin/aktion#v1.Zm9v.YmFy');
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await reactAct(async () => {
    opened = await renderRoute('/termin/aktion');
  });
  await screen.findByRole('heading', { level: 2, name: 'Die Anfrage im Überblick' });
  return opened!.user;
}

const main = () => within(screen.getByRole('main'));
const headline = () => screen.getByRole('heading', { level: 1 });

describe('/termin/aktion: an earlier time', () => {
  beforeEach(() => {
    show.mockReset();
    act.mockReset();
    resetSupabaseMock();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
    window.sessionStorage.clear();
  });

  it('«Früherer Termin gewünscht»: opening changes nothing; the press stores the wish and says so', async () => {
    const user = await openWithView(view('earlier', { wanted: false, offer: null }));
    expect(headline()).toHaveTextContent(texts.headline);
    expect(act).not.toHaveBeenCalled();
    act.mockResolvedValue({ kind: 'done', result: 'changed', mail: 'none', view: view('earlier', { wanted: true, offer: null }) });
    await user.click(screen.getByRole('button', { name: texts.button }));
    expect(act).toHaveBeenCalledWith('v1.Zm9v.YmFy', {});
    expect(await screen.findByRole('status')).toHaveTextContent(texts.done);
    expect(headline()).toHaveTextContent(texts.wantedHeadline);
    expect(main().queryByRole('button')).toBeNull();
  });

  it('an offer taken meanwhile: the press says «leider schon vergeben», no button is left', async () => {
    const user = await openWithView(view('take-earlier', { wanted: true, offer: offer('open') }));
    expect(headline()).toHaveTextContent(texts.offerHeadline);
    // This visitor was offered the time a moment ago: the next offer mail comes a day later at the earliest.
    const nextOfferFrom = '2026-12-02T07:15:00.000Z';
    act.mockResolvedValue({ kind: 'conflict', view: view('take-earlier', { wanted: true, offer: offer('taken'), nextOfferFrom }) });
    await user.click(screen.getByRole('button', { name: texts.takeButton }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.takenNotice.title);
    expect(alert).toHaveFocus();
    expect(headline()).toHaveTextContent(texts.takenHeadline);
    expect(main().getByText(/leider schon vergeben/)).toBeInTheDocument();
    expect(main().getByText(texts.stillWantedFrom(formatInstantLong(new Date(nextOfferFrom))))).toBeInTheDocument();
    expect(main().queryByRole('button')).toBeNull();
  });

  it('an offer taken by this visitor: the moved appointment, with the success notice', async () => {
    const user = await openWithView(view('take-earlier', { wanted: true, offer: offer('open') }));
    const moved = view('take-earlier', { wanted: false, offer: offer('yours') }, { confirmed: { date: '2026-12-04', time: '10:00' } });
    act.mockResolvedValue({ kind: 'done', result: 'changed', mail: 'sent', view: moved });
    await user.click(screen.getByRole('button', { name: texts.takeButton }));
    expect(await screen.findByRole('status')).toHaveTextContent(texts.took);
  });

  it('the offer mail\'s other link: one press ends the wish', async () => {
    const user = await openWithView(view('end-earlier', { wanted: true, offer: null }));
    act.mockResolvedValue({ kind: 'done', result: 'changed', mail: 'none', view: view('end-earlier', { wanted: false, offer: null }) });
    await user.click(screen.getByRole('button', { name: texts.endButton }));
    expect(await screen.findByRole('status')).toHaveTextContent(texts.ended);
    expect(headline()).toHaveTextContent(texts.endedHeadline);
  });
});
