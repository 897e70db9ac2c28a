import { cleanup, act as reactAct, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentActionPage as copy } from '@/content/appointment-action';
import { slotFieldTexts } from '@/content/appointment';
import { fieldProblemTexts } from '@/content/form-notices';
import { findBookableService } from '@/content/services';
import { invoiceTexts } from '@/content/invoice';
import type { AppointmentActionView } from '@domain/wire-types';
import { actOnAppointment, showAppointment, type ActionResult } from '@/features/appointment-action/api/action-api';
import { renewPracticeLink } from '@/features/appointment-action/api/renew-api';
import { makeView, scheduled } from '@/test/appointment-action-view';
import { queryRetryDelay } from '@/lib/query-client';
import { renderRoute } from '@/test/render-route';
import { deferred, resetSupabaseMock, rpc } from '@/test/supabase-mock';
import { bookableDay, firstDayWhere, today } from '@/test/booking-days';
import { addDays, slotWindow, holidayName, isoWeekday } from '@domain/availability';
import { formatDateLong, formatInstantLong, zurichInstant } from '@domain/dates';
import AppointmentActionPage from './appointment-action-page';
import { advisorName } from '@domain/practice';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');
/** The visitor of makeView's request, as the page names them. */
const NAME = 'Beat Keller';
/** A slot's warning as the page writes it: the warning, then the advice to confirm only what the practice keeps. */
const warned = (warning: string) => `${warning} ${copy.slotWarning.confirmAnyway}`;

// The page's boundary: the tests decide what the function answers and see what is sent.
vi.mock('@/features/appointment-action/api/action-api', () => ({
  showAppointment: vi.fn(),
  actOnAppointment: vi.fn(),
}));
const show = vi.mocked(showAppointment);
const act = vi.mocked(actOnAppointment);
// The lapsed link's renew button (copy.renew.button): the tests decide what the function answers.
vi.mock('@/features/appointment-action/api/renew-api', () => ({ renewPracticeLink: vi.fn() }));
const renew = vi.mocked(renewPracticeLink);
// The move form asks for the taken times of the chosen day, as the booking form does.
vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));

const TOKEN = 'v1.Zm9v.YmFy';
const PHONE_HREF = 'tel:+41445552780';


const confirmedPreferred = { status: 'confirmed', confirmed: { date: '2026-12-11', time: '09:30' } } as const;
/** A confirmed appointment the visitor may still cancel online (deadline far ahead), and one past the deadline. */
const cancellable = makeView({ action: 'cancel', slot: null, ...confirmedPreferred, cancelUntil: '2036-12-10T08:30:00.000Z' });
const pastDeadline = makeView({ action: 'cancel', slot: null, ...confirmedPreferred, cancelUntil: '2020-12-10T08:30:00.000Z' });

const done = (view: AppointmentActionView, result: 'changed' | 'unchanged' = 'changed'): ActionResult => ({
  kind: 'done',
  result,
  mail: result === 'changed' ? 'sent' : 'already_sent',
  view,
});

/** Opens /termin/aktion as a link from an e-mail does: the token in the fragment. */
async function openLink(token: string | null = TOKEN) {
  window.history.replaceState(null, '', `/termin/aktion${token === null ? '' : `#${token}`}`);
  // Inside act: the mocked answer arrives a microtask after mounting, and its update belongs to the render.
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await reactAct(async () => {
    opened = await renderRoute('/termin/aktion');
  });
  return opened!.user;
}

/** Opens a link whose request the function shows as `view`, and waits until it is on screen. */
async function openWithView(view: AppointmentActionView) {
  show.mockResolvedValue({ kind: 'view', view });
  const user = await openLink();
  await screen.findByRole('heading', { level: 2, name: 'Die Anfrage im Überblick' });
  return user;
}

/**
 * The request's query asks again after a failed call – 1 s, 2 s, 4 s (the client's
 * defaults) – and says it failed only after the last: the page's timers run through them.
 * Needs `vi.useFakeTimers({ shouldAdvanceTime: true })`.
 */
const RETRY_DELAYS = [0, 1, 2].map(queryRetryDelay);
async function throughRetries() {
  for (const delay of RETRY_DELAYS) await reactAct(() => vi.advanceTimersByTimeAsync(delay));
}

/** The page itself, without the header's menu button and the footer's phone link. */
const inMain = () => within(screen.getByRole('main'));
/** The page's h1 (getByRole also fails if there were two). */
const headline = () => screen.getByRole('heading', { level: 1 });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const summaryValue = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
/** The confirm buttons, one per advisor free. */
const WITH_SANDRA = copy.capacity.confirmWith(SANDRA_HUBER);
const WITH_LUKAS = copy.capacity.confirmWith(LUKAS_BRUNNER);
/** The buttons in the page itself, by their names. */
const buttonNames = () => inMain().queryAllByRole('button').map((element) => element.textContent);

describe('/termin/aktion', () => {
  beforeEach(() => {
    show.mockReset();
    act.mockReset();
    resetSupabaseMock();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
    window.sessionStorage.clear();
    vi.restoreAllMocks();
  });

  describe('before anything is read', () => {
    it('prerenders a neutral loading state and asks nothing: the token is in the fragment', () => {
      window.history.replaceState(null, '', `/termin/aktion#${TOKEN}`);
      const html = renderToString(
        <MemoryRouter initialEntries={['/termin/aktion']}>
          <AppointmentActionPage />
        </MemoryRouter>,
      );
      expect(html).toContain(`${copy.loading.headline}</h1>`);
      expect(html).toContain(copy.loading.text);
      expect(html).not.toContain(TOKEN);
      expect(show).not.toHaveBeenCalled();
      expect(act).not.toHaveBeenCalled();
    });

    it.each([
      ['confirm-preferred', makeView()],
      ['decline', makeView({ action: 'decline', slot: null })],
      ['cancel', cancellable],
      ['request-move', { ...cancellable, action: 'request-move' as const, booking: { first: '2026-11-26', last: '2027-05-24', closedDays: [] } }],
      ['confirm-move', makeView({ action: 'confirm-move', ...confirmedPreferred, move: { date: '2026-12-15', time: '10:00', status: 'requested', thisLink: true } })],
      ['decline-move', makeView({ action: 'decline-move', ...confirmedPreferred, move: { date: '2026-12-15', time: '10:00', status: 'requested', thisLink: true } })],
    ])('opening a %s link only shows the request: nothing is acted on before a press', async (_action, view) => {
      show.mockResolvedValue({ kind: 'view', view });
      // The page's timers are the test's: once the request shows, every timer the page set
      // (a retry, a delayed call) is run to the end – no fixed wait – and only then is it
      // checked that nothing was acted on.
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        await openLink();
        await screen.findByText('Beat Keller');
        await reactAct(() => vi.runAllTimersAsync());
      } finally {
        vi.useRealTimers();
      }
      expect(show).toHaveBeenCalledWith(TOKEN);
      expect(act).not.toHaveBeenCalled();
    });
  });

  describe('the token leaves the address bar once read', () => {
    it('clears the fragment from the address and its history entry, keeping path, query and the entry’s state; the calls still carry the token', async () => {
      show.mockResolvedValue({ kind: 'view', view: makeView() });
      const routerState = { usr: null, key: 'k1', idx: 0 };
      window.history.replaceState(routerState, '', `/termin/aktion?utm_source=mail#${TOKEN}`);
      const historyLength = window.history.length;
      let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
      await reactAct(async () => {
        opened = await renderRoute('/termin/aktion');
      });
      await screen.findByRole('heading', { level: 2, name: 'Die Anfrage im Überblick' });
      expect(window.location.hash).toBe('');
      expect(window.location.pathname + window.location.search).toBe('/termin/aktion?utm_source=mail');
      expect(window.location.href).not.toContain(TOKEN);
      // Replaced, not pushed: Back does not bring the token back.
      expect(window.history.length).toBe(historyLength);
      expect(window.history.state).toEqual(routerState);
      expect(show).toHaveBeenCalledWith(TOKEN);
      expect(show.mock.calls.every(([token]) => token === TOKEN)).toBe(true);

      act.mockResolvedValue(done(makeView(confirmedPreferred)));
      await opened!.user.click(button(WITH_SANDRA));
      expect(act).toHaveBeenCalledWith(TOKEN, { advisor: 'sandra-huber' });
    });

    it('a reload (the address without the token) shows the request again from this tab’s storage', async () => {
      show.mockResolvedValue({ kind: 'view', view: makeView() });
      await openLink();
      await screen.findByRole('heading', { level: 2, name: 'Die Anfrage im Überblick' });
      expect(window.location.hash).toBe('');
      expect(window.sessionStorage.getItem('termin-aktion-token')).toBe(TOKEN);
      cleanup();
      show.mockClear();

      // The page again, as a reload opens it: the address no longer has the token.
      const user = await openLink(null);
      expect(await screen.findByRole('heading', { level: 2, name: 'Die Anfrage im Überblick' })).toBeInTheDocument();
      expect(show).toHaveBeenCalledWith(TOKEN);
      expect(screen.queryByRole('heading', { name: 'Dieser Link ist ungültig' })).toBeNull();
      act.mockResolvedValue(done(makeView(confirmedPreferred)));
      await user.click(button(WITH_SANDRA));
      expect(act).toHaveBeenCalledWith(TOKEN, { advisor: 'sandra-huber' });
    });

    it('a new link in the address wins over the token kept from an earlier one', async () => {
      window.sessionStorage.setItem('termin-aktion-token', 'older.token');
      show.mockResolvedValue({ kind: 'view', view: makeView() });
      await openLink();
      await screen.findByRole('heading', { level: 2, name: 'Die Anfrage im Überblick' });
      expect(show.mock.calls.every(([token]) => token === TOKEN)).toBe(true);
      expect(window.sessionStorage.getItem('termin-aktion-token')).toBe(TOKEN);
    });

    it('with storage disabled: the token still leaves the address, and the page keeps it in memory (also to load again)', async () => {
      const refuse = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
      vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse);
      expect(() => window.sessionStorage.getItem('termin-aktion-token')).toThrow();
      show.mockResolvedValue({ kind: 'failed' });
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = await openLink();
      await throughRetries();
      expect(await screen.findByRole('heading', { level: 1, name: copy.loadFailed.headline })).toBeInTheDocument();
      expect(window.location.hash).toBe('');

      show.mockResolvedValue({ kind: 'view', view: makeView() });
      await user.click(button('Erneut versuchen'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Termin bestätigen' })).toBeInTheDocument();
      expect(show).toHaveBeenLastCalledWith(TOKEN);
      act.mockResolvedValue(done(makeView(confirmedPreferred)));
      await user.click(button(WITH_SANDRA));
      expect(act).toHaveBeenCalledWith(TOKEN, { advisor: 'sandra-huber' });
    });
  });

  describe('another fragment in the same tab', () => {
    function changeFragment(fragment: string) {
      window.history.replaceState(null, '', `/termin/aktion#${fragment}`);
      fireEvent(window, new HashChangeEvent('hashchange'));
    }

    it('another link pasted into the address bar: shows that request, and a press acts on its token', async () => {
      const user = await openWithView(makeView());
      const declineView = makeView({ action: 'decline', slot: null });
      show.mockResolvedValue({ kind: 'view', view: declineView });
      changeFragment('other.token');
      expect(await screen.findByRole('heading', { level: 1, name: 'Anfrage ablehnen' })).toBeInTheDocument();
      expect(show).toHaveBeenLastCalledWith('other.token');
      act.mockResolvedValue(done({ ...declineView, status: 'declined' }));
      await user.click(button('Anfrage ablehnen'));
      expect(act).toHaveBeenCalledWith('other.token', {});
    });

    it('a press still on its way when another link is pasted: its answer is not shown over the other request', async () => {
      const user = await openWithView(makeView());
      const answer = deferred<ActionResult>();
      act.mockReturnValue(answer.promise);
      await user.click(button(WITH_SANDRA));
      const declineView = makeView({ action: 'decline', slot: null });
      show.mockResolvedValue({ kind: 'view', view: declineView });
      changeFragment('other.token');
      expect(await screen.findByRole('heading', { level: 1, name: 'Anfrage ablehnen' })).toBeInTheDocument();
      await reactAct(async () => answer.resolve(done(makeView(confirmedPreferred))));
      expect(headline()).toHaveTextContent('Anfrage ablehnen');
      expect(screen.queryByRole('status')).toBeNull();
      expect(act).toHaveBeenCalledExactlyOnceWith(TOKEN, { advisor: 'sandra-huber' });
    });

    it('the same link pasted again, or back to it from another: read anew, as a page load would', async () => {
      const user = await openWithView(makeView());
      act.mockResolvedValue(done(makeView(confirmedPreferred)));
      await user.click(button(WITH_SANDRA));
      expect(await screen.findByRole('status')).toBeInTheDocument();
      // What the function shows for the link now: the confirmed request, and no notice of an earlier press.
      show.mockResolvedValue({ kind: 'view', view: makeView(confirmedPreferred) });
      const calls = show.mock.calls.length;
      changeFragment(TOKEN);
      await screen.findByRole('heading', { level: 1, name: 'Termin bestätigt' });
      expect(show).toHaveBeenCalledTimes(calls + 1);
      expect(screen.queryByRole('status')).toBeNull();

      show.mockResolvedValue({ kind: 'view', view: makeView({ action: 'decline', slot: null }) });
      changeFragment('other.token');
      expect(await screen.findByRole('heading', { level: 1, name: 'Anfrage ablehnen' })).toBeInTheDocument();
      show.mockResolvedValue({ kind: 'view', view: makeView({ ...confirmedPreferred, advisor: 'sandra-huber', mailPending: false }) });
      changeFragment(TOKEN);
      await screen.findByRole('heading', { level: 1, name: 'Termin bestätigt' });
      expect(show).toHaveBeenLastCalledWith(TOKEN);
      expect(show).toHaveBeenCalledTimes(calls + 3);
    });

    it('the skip link (#inhalt) is an in-page jump: the request stays', async () => {
      await openWithView(makeView());
      const calls = show.mock.calls.length;
      changeFragment('inhalt');
      expect(show).toHaveBeenCalledTimes(calls);
      expect(headline()).toHaveTextContent('Termin bestätigen');
      expect(screen.queryByRole('heading', { name: 'Dieser Link ist ungültig' })).toBeNull();
    });
  });

  describe('a link that cannot be used', () => {
    function expectWaysOn() {
      expect(inMain().getByRole('link', { name: /\+41\s44\s555\s27\s80/ })).toHaveAttribute('href', PHONE_HREF);
      expect(screen.getByRole('link', { name: 'Neuen Termin anfragen' })).toHaveAttribute('href', '/termin-vereinbaren');
      // Nothing of any request.
      expect(screen.queryByRole('heading', { name: 'Die Anfrage im Überblick' })).toBeNull();
      expect(inMain().queryByRole('button')).toBeNull();
    }

    it('without a token says the link is invalid, and asks the function nothing', async () => {
      await openLink(null);
      expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist ungültig' })).toBeInTheDocument();
      expect(screen.getByText(copy.invalidLink.text[0])).toBeInTheDocument();
      expectWaysOn();
      expect(show).not.toHaveBeenCalled();
    });

    it.each(['malformed', 'tampered'] as const)('%s: «Dieser Link ist ungültig», open it from the e-mail again or call', async (reason) => {
      show.mockResolvedValue({ kind: 'invalid_link', reason });
      await openLink();
      expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist ungültig' })).toBeInTheDocument();
      expect(screen.getByText(copy.invalidLink.text[1])).toBeInTheDocument();
      expectWaysOn();
    });

    it('expired: «Dieser Link ist abgelaufen» with the phone and the booking page', async () => {
      show.mockResolvedValue({ kind: 'invalid_link', reason: 'expired' });
      await openLink();
      expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist abgelaufen' })).toBeInTheDocument();
      expect(screen.queryByText(/ungültig/)).toBeNull();
      expectWaysOn();
    });

    it(`a lapsed practice link: «${copy.renew.button}», which mails the practice and says so; held back, says until when`, async () => {
      show.mockResolvedValue({ kind: 'invalid_link', reason: 'expired', renewable: true });
      renew.mockReset();
      renew.mockResolvedValueOnce({ kind: 'sent' }).mockResolvedValueOnce({ kind: 'limited', nextAt: '2026-12-11T10:05:00.000Z' });
      const user = await openLink();
      expect(await screen.findByRole('heading', { level: 1, name: copy.renew.expiredHeadline })).toBeInTheDocument();
      for (const line of copy.renew.expired) expect(screen.getByText(line)).toBeInTheDocument();
      // The practice's way on is its inbox, not the visitor's booking page.
      expect(inMain().queryByRole('link', { name: copy.bookingLink })).toBeNull();
      await user.click(button(copy.renew.button));
      expect(renew).toHaveBeenCalledWith(TOKEN);
      expect(await screen.findByRole('status')).toHaveTextContent(copy.renew.sent);
      await user.click(button(copy.renew.button));
      expect(await screen.findByRole('alert')).toHaveTextContent(copy.renew.limited('2026-12-11T10:05:00.000Z'));
    });

    it('a calendar entry\'s link: its schedule only – no name, no diary, no invoice – and «Link an die Praxis senden»', async () => {
      show.mockResolvedValue({
        kind: 'entry',
        entry: { action: 'view', status: 'confirmed', service: 'Schlafberatung', confirmed: { date: '2026-12-11', time: '09:30' }, minutes: 60, advisor: 'sandra-huber' },
      });
      renew.mockReset();
      renew.mockResolvedValue({ kind: 'sent' });
      const user = await openLink();
      expect(await screen.findByRole('heading', { level: 1, name: copy.viewOnly.headline })).toBeInTheDocument();
      expect(summaryValue(copy.summary.service)).toBe('Schlafberatung');
      expect(summaryValue(copy.viewOnly.when)).toBe('Freitag, 11. Dezember 2026, 09:30 Uhr');
      expect(summaryValue(copy.summary.advisor)).toBe(SANDRA_HUBER);
      expect(screen.queryByText(copy.summary.name, { selector: 'dt' })).toBeNull();
      // The one button: a practice link mailed to the practice.
      expect(buttonNames()).toEqual([copy.renew.feedButton]);
      await user.click(button(copy.renew.feedButton));
      expect(renew).toHaveBeenCalledWith(TOKEN);
      expect(await screen.findByRole('status')).toHaveTextContent(copy.renew.sent);
    });

    it('a practice link whose request is deleted but whose invoice is kept: the practice\'s words, the invoice\'s copy, «Als bezahlt markieren» and «Rechnung erneut senden»', async () => {
      show.mockResolvedValue({
        kind: 'erased',
        erased: {
          action: 'practice',
          appointment: { name: 'Erna Erased', service: 'Schlafberatung', date: '2026-12-11', time: '09:30', minutes: 60, advisor: 'sandra-huber' },
          invoicing: {
            from: '2026-12-11',
            priceRappen: 19000,
            invoice: { number: '2026-0007', issuedOn: '2026-12-11', amountRappen: 19000, state: 'sent', sentAt: '2026-12-11T15:00:00.000Z', paidAt: null },
          },
        },
      });
      await openLink();
      expect(await screen.findByRole('heading', { level: 1, name: copy.erased.headline })).toBeInTheDocument();
      for (const line of copy.erased.text) expect(screen.getByText(line)).toBeInTheDocument();
      expect(screen.queryByText(copy.notFound.headline)).toBeNull();
      expect(screen.queryByText(copy.notFound.text[1]!)).toBeNull();
      expect(summaryValue(copy.summary.name)).toBe('Erna Erased');
      expect(screen.getByText('2026-0007')).toBeInTheDocument();
      expect(buttonNames()).toEqual([invoiceTexts.sendAgain, invoiceTexts.markPaid]);
    });

    it('a practice link whose request is deleted and has no invoice: «Anfrage gelöscht», no call to make', async () => {
      show.mockResolvedValue({ kind: 'not_found', forPractice: true });
      await openLink();
      expect(await screen.findByRole('heading', { level: 1, name: copy.notFoundPractice.headline })).toBeInTheDocument();
      for (const line of copy.notFoundPractice.text) expect(screen.getByText(line)).toBeInTheDocument();
      expect(screen.queryByText(copy.notFound.text[1]!)).toBeNull();
    });

    it('a request no longer stored: says so, with the phone', async () => {
      show.mockResolvedValue({ kind: 'not_found' });
      await openLink();
      expect(await screen.findByRole('heading', { level: 1, name: copy.notFound.headline })).toBeInTheDocument();
      expect(screen.getByText(copy.notFound.text[0])).toBeInTheDocument();
      expect(inMain().getByRole('link', { name: /\+41\s44\s555\s27\s80/ })).toHaveAttribute('href', PHONE_HREF);
    });

    it('a failure to load: «loading» through the retries, then an error with the phone, and loading again on request', async () => {
      show.mockResolvedValue({ kind: 'failed' });
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = await openLink();
      for (const [retry, delay] of RETRY_DELAYS.entries()) {
        // Halfway to the next try: still loading, asked once per try so far.
        await reactAct(() => vi.advanceTimersByTimeAsync(delay / 2));
        expect(show).toHaveBeenCalledTimes(retry + 1);
        expect(headline()).toHaveTextContent(copy.loading.headline);
        expect(screen.queryByText(copy.loadFailed.headline)).toBeNull();
        await reactAct(() => vi.advanceTimersByTimeAsync(delay / 2));
      }
      expect(await screen.findByRole('heading', { level: 1, name: copy.loadFailed.headline })).toBeInTheDocument();
      expect(show).toHaveBeenCalledTimes(RETRY_DELAYS.length + 1);
      expect(show.mock.calls.every(([token]) => token === TOKEN)).toBe(true);
      expect(screen.getByRole('alert')).toHaveTextContent(copy.loadFailed.text[0]);
      expect(inMain().getByRole('link', { name: /\+41\s44\s555\s27\s80/ })).toHaveAttribute('href', PHONE_HREF);
      // Given up: nothing more is asked until the press.
      await reactAct(() => vi.advanceTimersByTimeAsync(RETRY_DELAYS.reduce((sum, delay) => sum + delay, 0)));
      expect(show).toHaveBeenCalledTimes(RETRY_DELAYS.length + 1);
      show.mockResolvedValue({ kind: 'view', view: makeView() });
      await user.click(button('Erneut versuchen'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Termin bestätigen' })).toBeInTheDocument();
      expect(show).toHaveBeenLastCalledWith(TOKEN);
      expect(act).not.toHaveBeenCalled();
    });

    it('a retry that answers shows the request, and no failure', async () => {
      show.mockResolvedValueOnce({ kind: 'failed' }).mockResolvedValue({ kind: 'view', view: makeView() });
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await openLink();
      await reactAct(() => vi.advanceTimersByTimeAsync(queryRetryDelay(0)));
      expect(await screen.findByRole('heading', { level: 1, name: 'Termin bestätigen' })).toBeInTheDocument();
      expect(show).toHaveBeenCalledTimes(2);
      expect(screen.queryByText(copy.loadFailed.headline)).toBeNull();
    });

    it.each([
      ['an expired link', { kind: 'invalid_link', reason: 'expired' }, 'Dieser Link ist abgelaufen'],
      ['a request no longer stored', { kind: 'not_found' }, copy.notFound.headline],
    ] as const)('%s shows at once and is asked once: a refusal is an answer, never retried', async (_case, answer, shown) => {
      show.mockResolvedValue(answer);
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await openLink();
      // Before the first retry would be due.
      await reactAct(() => vi.advanceTimersByTimeAsync(queryRetryDelay(0) / 2));
      expect(headline()).toHaveTextContent(shown);
      expect(show).toHaveBeenCalledExactlyOnceWith(TOKEN);
      // Past all the retries: still the one call.
      await throughRetries();
      expect(show).toHaveBeenCalledExactlyOnceWith(TOKEN);
      expect(headline()).toHaveTextContent(shown);
    });
  });

  describe('the summary', () => {
    it('names the person, the service, both slots in de-CH and the status in words', async () => {
      await openWithView(makeView());
      expect(summaryValue('Name')).toBe('Beat Keller');
      expect(summaryValue('Leistung')).toBe('Schlafberatung');
      expect(summaryValue('Wunschtermin')).toBe('Freitag, 11. Dezember 2026, 09:30 Uhr');
      expect(summaryValue('Alternativtermin')).toBe('Montag, 14. Dezember 2026 (keine Uhrzeit gewählt)');
      expect(summaryValue('Stand')).toBe(copy.status.requested);
      expect(screen.queryByText('Bestätigter Termin')).toBeNull();
    });

    it('leaves out an alternative the visitor did not give, and shows the confirmed slot once there is one', async () => {
      await openWithView(makeView({ alternative: null, ...confirmedPreferred }));
      expect(screen.queryByText('Alternativtermin', { selector: 'dt' })).toBeNull();
      expect(summaryValue('Bestätigter Termin')).toBe('Freitag, 11. Dezember 2026, 09:30 Uhr');
      expect(summaryValue('Stand')).toBe('Bestätigt');
    });
  });

  describe('confirming (the practice)', () => {
    it('shows the slot to confirm, who is free, one button per advisor; the press confirms with that one and the page names them', async () => {
      const user = await openWithView(makeView());
      expect(headline()).toHaveTextContent('Termin bestätigen');
      expect(screen.getByText(copy.confirm.toConfirm(copy.confirm.slotNames['confirm-preferred'], 'Freitag, 11. Dezember 2026, 09:30 Uhr'))).toBeInTheDocument();
      expect(screen.getByText(copy.capacity.bothFree)).toBeInTheDocument();
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(buttonNames()).toEqual([WITH_SANDRA, WITH_LUKAS]);
      expect(act).not.toHaveBeenCalled();

      const answer = deferred<ActionResult>();
      act.mockReturnValue(answer.promise);
      await user.click(button(WITH_LUKAS));
      // While sending: one request, the button pressed says so, and every press is ignored.
      const sending = button('Wird gesendet …');
      expect(sending).toHaveAttribute('aria-busy', 'true');
      expect(sending).toHaveAttribute('aria-disabled', 'true');
      expect(sending).toHaveFocus();
      expect(button(WITH_SANDRA)).toHaveAttribute('aria-disabled', 'true');
      await user.click(sending);
      await user.click(button(WITH_SANDRA));
      expect(act).toHaveBeenCalledTimes(1);
      expect(act).toHaveBeenCalledWith(TOKEN, { advisor: 'lukas-brunner' });

      await reactAct(async () => answer.resolve(done(makeView({ ...confirmedPreferred, advisor: 'lukas-brunner' }))));
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(copy.outcome.success.confirm(NAME, LUKAS_BRUNNER));
      expect(notice).toHaveFocus();
      expect(headline()).toHaveTextContent('Termin bestätigt');
      expect(summaryValue('Beratung durch')).toBe(LUKAS_BRUNNER);
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('one advisor busy at that time: says who is free and what the other has then, and offers only the free one', async () => {
      const user = await openWithView(makeView({ schedule: [scheduled('sandra-huber', '09:00'), scheduled('lukas-brunner', '14:00')] }));
      expect(screen.getByText(copy.capacity.oneFree(LUKAS_BRUNNER))).toBeInTheDocument();
      expect(inMain().getByRole('listitem')).toHaveTextContent(`${SANDRA_HUBER}: 09:00–10:00 Uhr, Schlafberatung, Anna Muster`);
      expect(buttonNames()).toEqual([WITH_LUKAS]);
      act.mockResolvedValue(done(makeView({ ...confirmedPreferred, advisor: 'lukas-brunner' })));
      await user.click(button(WITH_LUKAS));
      expect(act).toHaveBeenCalledWith(TOKEN, { advisor: 'lukas-brunner' });
    });

    it('both busy at that time: no button; the collisions in words, and what the practice can do instead', async () => {
      await openWithView(
        makeView({
          schedule: [
            scheduled('sandra-huber', '09:00'),
            scheduled('lukas-brunner', '10:00', { minutes: 30, service: 'Follow-up Termin', name: 'Rita Rhein' }),
          ],
        }),
      );
      expect(screen.getByText(copy.capacity.nobodyFree)).toBeInTheDocument();
      // The lead says what a confirmation would do, not that one is coming.
      expect(screen.getByText(copy.confirm.whatHappens(NAME))).toBeInTheDocument();
      expect(inMain().getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        `${SANDRA_HUBER}: 09:00–10:00 Uhr, Schlafberatung, Anna Muster`,
        `${LUKAS_BRUNNER}: 10:00–10:30 Uhr, Follow-up Termin, Rita Rhein`,
      ]);
      expect(screen.getByText(copy.capacity.whatNow(NAME))).toBeInTheDocument();
      expect(inMain().queryByRole('button')).toBeNull();
      // Information, not an error: nothing was pressed.
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('names the alternative when the link confirms it', async () => {
      await openWithView(makeView({ action: 'confirm-alternative', slot: { date: '2026-12-14', time: '10:00' } }));
      expect(screen.getByText(copy.confirm.toConfirm(copy.confirm.slotNames['confirm-alternative'], 'Montag, 14. Dezember 2026, 10:00 Uhr'))).toBeInTheDocument();
    });

    it('asks for a time when the slot has none: a required choice of the 21 slots, then who is free then; sent as `time` with the advisor', async () => {
      const slot = { date: '2026-12-14', time: null };
      const user = await openWithView(makeView({ action: 'confirm-alternative', slot }));
      expect(screen.getByText(copy.confirm.pickTime(NAME))).toBeInTheDocument();
      const time = screen.getByLabelText(/^Uhrzeit/) as HTMLSelectElement;
      expect(time).toBeRequired();
      const options = within(time).getAllByRole('option').slice(1);
      expect(options).toHaveLength(21);
      expect(options[0]).toHaveTextContent('09:00 Uhr');
      expect(options.at(-1)).toHaveTextContent('20:00 Uhr');
      expect(screen.getByText(copy.capacity.pickTimeFirst)).toBeInTheDocument();

      // Without a time nothing is sent.
      expect(buttonNames()).toEqual(['Termin bestätigen']);
      await user.click(button('Termin bestätigen'));
      expect(time.validity.valueMissing).toBe(true);
      expect(act).not.toHaveBeenCalled();

      act.mockResolvedValue(
        done(makeView({ action: 'confirm-alternative', slot, status: 'confirmed', confirmed: { date: '2026-12-14', time: '14:00' }, advisor: 'sandra-huber' })),
      );
      await user.selectOptions(time, '14:00');
      expect(screen.getByText(copy.capacity.bothFree)).toBeInTheDocument();
      await user.click(button(WITH_SANDRA));
      expect(act).toHaveBeenCalledWith(TOKEN, { time: '14:00', advisor: 'sandra-huber' });
      expect(await screen.findByRole('status')).toHaveTextContent(copy.outcome.success.confirm(NAME, SANDRA_HUBER));
    });

    it('marks the times at which both are busy in the time choice, still selectable; picking one lists the collisions and takes the buttons away', async () => {
      const schedule = [scheduled('sandra-huber', '14:00'), scheduled('lukas-brunner', '13:30')];
      const user = await openWithView(makeView({ slot: { date: '2026-12-11', time: null }, schedule }));
      const time = screen.getByLabelText(/^Uhrzeit/) as HTMLSelectElement;
      // 60 minutes from 13:30 and from 14:00 overlap both; 13:00 only Lukas's, 14:30 only Sandra's.
      expect(within(time).getByRole('option', { name: '13:30 Uhr – beide belegt' })).toBeEnabled();
      expect(within(time).getByRole('option', { name: '14:00 Uhr – beide belegt' })).toBeEnabled();
      expect(within(time).getByRole('option', { name: '13:00 Uhr' })).toBeEnabled();
      expect(within(time).getByRole('option', { name: '14:30 Uhr' })).toBeEnabled();

      // The region that says who is free is live: a screen reader hears the news with the choice.
      const region = screen.getByText(copy.capacity.pickTimeFirst).closest('[aria-live]');
      expect(region).toHaveAttribute('aria-live', 'polite');
      await user.selectOptions(time, '14:00');
      expect(region).toHaveTextContent(copy.capacity.nobodyFree);
      expect(region).toHaveTextContent(copy.capacity.whatNowPickTime(NAME));
      expect(inMain().queryByRole('button')).toBeNull();
      await user.selectOptions(time, '14:30');
      expect(region).toHaveTextContent(`${copy.capacity.oneFree(LUKAS_BRUNNER)}${SANDRA_HUBER}: 14:00–15:00 Uhr`);
      expect(buttonNames()).toEqual([WITH_LUKAS]);
    });

    it('the advisor taken meanwhile (409 advisor_busy): says so, shows the day as it is now, and offers who is still free', async () => {
      const user = await openWithView(makeView());
      const now = makeView({ schedule: [scheduled('sandra-huber', '09:00', { name: 'Vera Vorher' })] });
      act.mockResolvedValueOnce({ kind: 'advisor_busy', view: now });
      await user.click(button(WITH_SANDRA));
      expect(act).toHaveBeenCalledWith(TOKEN, { advisor: 'sandra-huber' });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(copy.outcome.advisorBusy.title);
      expect(alert).toHaveTextContent(copy.outcome.advisorBusy.text(SANDRA_HUBER));
      expect(alert).toHaveFocus();
      expect(headline()).toHaveTextContent('Termin bestätigen');
      expect(inMain().getByRole('listitem')).toHaveTextContent(`${SANDRA_HUBER}: 09:00–10:00 Uhr, Schlafberatung, Vera Vorher`);
      expect(buttonNames()).toEqual([WITH_LUKAS]);

      // Lukas as well by now: nobody left, no button.
      const full = makeView({ schedule: [...now.schedule, scheduled('lukas-brunner', '10:00', { name: 'Walter Weiss' })] });
      act.mockResolvedValueOnce({ kind: 'advisor_busy', view: full });
      await user.click(button(WITH_LUKAS));
      await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(copy.outcome.advisorBusy.text(LUKAS_BRUNNER)));
      expect(screen.getByText(copy.capacity.nobodyFree)).toBeInTheDocument();
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('a request already confirmed for this slot: says so, no button', async () => {
      await openWithView(makeView(confirmedPreferred));
      expect(headline()).toHaveTextContent('Termin bestätigt');
      expect(screen.getByText(copy.state.confirmedThis)).toBeInTheDocument();
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('a request confirmed for the other slot, declined or cancelled: explains, no button', async () => {
      await openWithView(makeView({ status: 'confirmed', confirmed: { date: '2026-12-14', time: '10:00' } }));
      expect(screen.getByText(copy.state.confirmedOther('Montag, 14. Dezember 2026, 10:00 Uhr'))).toBeInTheDocument();
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it.each([
      ['declined', copy.stateHeadlines.declined, copy.state.declinedNoConfirm(NAME)],
      ['cancelled', copy.stateHeadlines.cancelled, copy.state.cancelledNoConfirm],
    ] as const)('a %s request: explains, no button', async (status, title, text) => {
      await openWithView(makeView({ status, ...(status === 'cancelled' && { confirmed: confirmedPreferred.confirmed }) }));
      expect(headline()).toHaveTextContent(title);
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('an alternative to confirm on a request without one: explains, no button', async () => {
      await openWithView(makeView({ action: 'confirm-alternative', alternative: null, slot: null }));
      expect(headline()).toHaveTextContent('Kein Alternativtermin');
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('a conflict on the press (decided otherwise meanwhile): explains with the new state, no button', async () => {
      const user = await openWithView(makeView());
      act.mockResolvedValue({ kind: 'conflict', view: makeView({ status: 'declined' }) });
      await user.click(button(WITH_SANDRA));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(copy.outcome.conflict.text);
      expect(alert).toHaveFocus();
      expect(headline()).toHaveTextContent('Anfrage abgelehnt');
      expect(summaryValue('Stand')).toBe('Abgelehnt');
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('a slot that has begun: explains, and does not offer the press again', async () => {
      const user = await openWithView(makeView());
      act.mockResolvedValue({ kind: 'slot_past', view: makeView() });
      await user.click(button(WITH_SANDRA));
      expect(await screen.findByRole('alert')).toHaveTextContent(copy.outcome.slotPast.text(NAME));
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('a stored confirmation whose e-mail failed: says so and sends it again on the press, without a time (the stored one counts)', async () => {
      const slot = { date: '2026-12-11', time: null };
      const pendingView = makeView({ slot, ...confirmedPreferred, mailPending: true });
      const user = await openWithView(pendingView);
      expect(screen.getByText(copy.mailPending.confirm(NAME))).toBeInTheDocument();
      expect(act).not.toHaveBeenCalled();
      act.mockResolvedValue(done({ ...pendingView, mailPending: false }, 'unchanged'));
      await user.click(button('E-Mail jetzt senden'));
      expect(act).toHaveBeenCalledWith(TOKEN, {});
      // The view names no advisor: the notice names none.
      expect(await screen.findByRole('status')).toHaveTextContent(copy.outcome.success.confirm(NAME, null));
    });
  });

  describe('the e-mail failing after the change was stored', () => {
    it('says it is stored but not sent, and the retry sends the same press again', async () => {
      const user = await openWithView(makeView());
      const stored = makeView({ ...confirmedPreferred, advisor: 'sandra-huber', mailPending: true });
      act.mockResolvedValueOnce({ kind: 'mail_failed', view: stored }).mockResolvedValueOnce(done({ ...stored, mailPending: false }, 'unchanged'));

      await user.click(button(WITH_SANDRA));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(copy.outcome.mailFailed.text);
      expect(alert).toHaveFocus();

      await user.click(button('E-Mail jetzt senden'));
      expect(act).toHaveBeenCalledTimes(2);
      expect(act.mock.calls[1]).toEqual(act.mock.calls[0]);
      expect(act.mock.calls[1]).toEqual([TOKEN, { advisor: 'sandra-huber' }]);
      const success = await screen.findByRole('status');
      expect(success).toHaveTextContent(copy.outcome.success.confirm(NAME, SANDRA_HUBER));
      expect(success).toHaveFocus();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  describe('declining (the practice)', () => {
    const declineView = makeView({ action: 'decline', slot: null });
    const noteField = () => screen.getByLabelText(/^Nachricht an Beat Keller \(optional\)/) as HTMLTextAreaElement;

    it('says the visitor gets a kind e-mail with the note and a link to book again; the note is optional', async () => {
      const user = await openWithView(declineView);
      expect(headline()).toHaveTextContent('Anfrage ablehnen');
      expect(screen.getByText(copy.decline.whatHappens(NAME))).toBeInTheDocument();
      expect(noteField()).not.toBeRequired();
      // No maxLength: a pasted text is never cut without a word.
      expect(noteField()).not.toHaveAttribute('maxLength');

      act.mockResolvedValue(done(makeView({ action: 'decline', slot: null, status: 'declined' })));
      await user.type(noteField(), '   ');
      await user.click(button('Anfrage ablehnen'));
      // A blank note is no note.
      expect(act).toHaveBeenCalledWith(TOKEN, {});
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(copy.outcome.success.decline(NAME));
      expect(notice).toHaveFocus();
      expect(headline()).toHaveTextContent('Anfrage abgelehnt');
    });

    it('sends the note, trimmed', async () => {
      const user = await openWithView(declineView);
      act.mockResolvedValue(done(makeView({ action: 'decline', slot: null, status: 'declined', staffNote: 'Leider ausgebucht.' })));
      await user.type(noteField(), '  Leider ausgebucht.  ');
      await user.click(button('Anfrage ablehnen'));
      expect(act).toHaveBeenCalledWith(TOKEN, { note: 'Leider ausgebucht.' });
      expect(await screen.findByRole('status')).toBeInTheDocument();
      expect(summaryValue('Nachricht der Praxis')).toBe('Leider ausgebucht.');
    });

    it('refuses a note over 1000 characters at the field and sends nothing', async () => {
      const user = await openWithView(declineView);
      // A pasted text stays whole; the field says at once by how much it is too long.
      fireEvent.change(noteField(), { target: { value: 'x'.repeat(1001) } });
      expect(noteField().value).toHaveLength(1001);
      // How much too long the text is, before the field's hint.
      expect(noteField()).toHaveAccessibleDescription(`${fieldProblemTexts.overLimit(1001, 1000)} ${copy.decline.noteHint}`);
      await user.click(button('Anfrage ablehnen'));
      expect(noteField().validationMessage).toBe(fieldProblemTexts.tooLong(1000));
      expect(act).not.toHaveBeenCalled();

      // Shortened, it goes.
      act.mockResolvedValue(done(makeView({ action: 'decline', slot: null, status: 'declined' })));
      await user.clear(noteField());
      await user.type(noteField(), 'Kurz.');
      expect(noteField().validationMessage).toBe('');
      await user.click(button('Anfrage ablehnen'));
      expect(act).toHaveBeenCalledWith(TOKEN, { note: 'Kurz.' });
    });

    it('refuses invisible direction characters in the note at the field', async () => {
      const user = await openWithView(declineView);
      fireEvent.change(noteField(), { target: { value: 'Leider \u202Eausgebucht' } });
      await user.click(button('Anfrage ablehnen'));
      expect(noteField().validationMessage).toBe(fieldProblemTexts.invisibleCharacters);
      expect(act).not.toHaveBeenCalled();
    });

    it('keeps the note after a failed press, says what to do, and sends it again on the next press', async () => {
      const user = await openWithView(declineView);
      act.mockResolvedValueOnce({ kind: 'failed' });
      await user.type(noteField(), 'Leider ausgebucht.');
      await user.click(button('Anfrage ablehnen'));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(copy.outcome.failed.text);
      expect(within(alert).getByRole('link', { name: /\+41\s44\s555\s27\s80/ })).toHaveAttribute('href', PHONE_HREF);
      expect(alert).toHaveFocus();
      expect(noteField()).toHaveValue('Leider ausgebucht.');

      act.mockResolvedValueOnce(done(makeView({ action: 'decline', slot: null, status: 'declined' })));
      await user.click(button('Anfrage ablehnen'));
      expect(act).toHaveBeenLastCalledWith(TOKEN, { note: 'Leider ausgebucht.' });
      expect(await screen.findByRole('status')).toHaveTextContent(copy.outcome.success.decline(NAME));
    });

    it('a press while another is sending the e-mail: asks to wait and reload', async () => {
      const user = await openWithView(declineView);
      act.mockResolvedValue({ kind: 'in_progress' });
      await user.click(button('Anfrage ablehnen'));
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(copy.outcome.inProgress.text);
      expect(notice).toHaveFocus();
    });

    it('a declined request: says so, no button', async () => {
      await openWithView(makeView({ action: 'decline', slot: null, status: 'declined' }));
      expect(screen.getByText(copy.state.declined)).toBeInTheDocument();
      expect(inMain().queryByRole('button')).toBeNull();
      expect(inMain().queryByRole('textbox')).toBeNull();
    });

    it('a request confirmed meanwhile: explains, no button', async () => {
      await openWithView(makeView({ action: 'decline', slot: null, ...confirmedPreferred }));
      expect(screen.getByText(copy.state.confirmedNoDecline('Freitag, 11. Dezember 2026, 09:30 Uhr', NAME))).toBeInTheDocument();
      expect(inMain().queryByRole('button')).toBeNull();
    });
  });

  describe('cancelling (the visitor)', () => {
    it('before the deadline: shows the appointment and the deadline, and cancels on the press', async () => {
      const user = await openWithView(cancellable);
      expect(headline()).toHaveTextContent('Termin absagen');
      expect(summaryValue('Bestätigter Termin')).toBe('Freitag, 11. Dezember 2026, 09:30 Uhr');
      expect(screen.getByText(copy.cancel.until('Mittwoch, 10. Dezember 2036, 09:30 Uhr'))).toBeInTheDocument();
      expect(act).not.toHaveBeenCalled();

      act.mockResolvedValue(done({ ...cancellable, status: 'cancelled', cancelUntil: null }));
      await user.click(button('Termin absagen'));
      expect(act).toHaveBeenCalledWith(TOKEN, {});
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(copy.outcome.success.cancel);
      expect(notice).toHaveFocus();
      expect(headline()).toHaveTextContent(copy.stateHeadlines.visitorCancelled);
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('after the deadline: no button, only the phone', async () => {
      await openWithView(pastDeadline);
      expect(screen.getByText(copy.cancel.tooLate)).toBeInTheDocument();
      expect(inMain().getByRole('link', { name: /\+41\s44\s555\s27\s80/ })).toHaveAttribute('href', PHONE_HREF);
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('too late by the time of the press: explains, and offers no second press', async () => {
      const user = await openWithView(cancellable);
      act.mockResolvedValue({ kind: 'too_late', view: cancellable });
      await user.click(button('Termin absagen'));
      expect(await screen.findByRole('alert')).toHaveTextContent(copy.outcome.tooLate.text);
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('an appointment already cancelled: «Ihr Termin ist abgesagt.», no button, no wish still «waiting»', async () => {
      const openWish = { date: '2026-12-15', time: '10:00', status: 'requested', thisLink: true } as const;
      await openWithView({ ...cancellable, status: 'cancelled', cancelUntil: null, move: openWish });
      expect(screen.getByText(copy.state.cancelled)).toBeInTheDocument();
      expect(summaryValue('Stand')).toBe(copy.status.cancelled);
      expect(screen.queryByText('Gewünschter neuer Termin', { selector: 'dt' })).toBeNull();
      expect(screen.queryByText(copy.moveStatus.requested, { exact: false })).toBeNull();
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('a request not yet confirmed: nothing to cancel online, the phone instead', async () => {
      await openWithView(makeView({ action: 'cancel', slot: null }));
      expect(screen.getByText(copy.state.requestedNoCancel)).toBeInTheDocument();
      expect(inMain().getByRole('link', { name: /\+41\s44\s555\s27\s80/ })).toBeInTheDocument();
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('a link that expired before the press: the expired page', async () => {
      const user = await openWithView(cancellable);
      act.mockResolvedValue({ kind: 'invalid_link', reason: 'expired' });
      await user.click(button('Termin absagen'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist abgelaufen' })).toBeInTheDocument();
      expect(screen.queryByText('Beat Keller')).toBeNull();
    });
  });

  describe('moving the appointment (the visitor’s request-move link)', () => {
    // Days by the practice's rules from today: the appointment some weeks ahead, a day the
    // practice closed, the new day the visitor picks.
    const CURRENT = bookableDay(20);
    const CLOSURE = bookableDay(5);
    const NEW_DAY = bookableDay(8);
    const currentText = `${formatDateLong(CURRENT)}, 09:30 Uhr`;
    const newText = `${formatDateLong(NEW_DAY)}, 10:00 Uhr`;
    const moveView = (overrides: Partial<AppointmentActionView> = {}) =>
      makeView({
        action: 'request-move',
        status: 'confirmed',
        preferred: { date: CURRENT, time: '09:30' },
        alternative: null,
        slot: null,
        confirmed: { date: CURRENT, time: '09:30' },
        cancelUntil: new Date(zurichInstant(CURRENT, '09:30').getTime() - 24 * 3600_000).toISOString(),
        booking: { ...slotWindow(today()), closedDays: [CLOSURE] },
        ...overrides,
      });
    const waiting = (view: AppointmentActionView): AppointmentActionView => ({
      ...view,
      move: { date: NEW_DAY, time: '10:00', status: 'requested', thisLink: true },
    });
    const dateField = () => screen.getByLabelText(/^Neues Datum/) as HTMLInputElement;
    const timeField = () => screen.getByLabelText(/^Neue Uhrzeit/) as HTMLSelectElement;
    const timeLabels = () => within(timeField()).getAllByRole('option').map((option) => option.textContent);
    async function choose(user: Awaited<ReturnType<typeof openWithView>>, day: string) {
      await user.clear(dateField());
      await user.type(dateField(), day);
    }
    /** The message at a field: its description and validation message, marked invalid. */
    function expectMessage(field: HTMLElement, text: string) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(text);
      expect((field as HTMLInputElement).validationMessage).toBe(text);
    }

    it('shows the current appointment and the deadline, and a new date and time under the booking form’s rules', async () => {
      await openWithView(moveView());
      expect(headline()).toHaveTextContent('Termin verschieben');
      expect(screen.getByText(copy.requestMove.current(currentText))).toBeInTheDocument();
      expect(screen.getByText(copy.requestMove.until(formatInstantLong(new Date(moveView().cancelUntil!))))).toBeInTheDocument();
      expect(summaryValue('Bestätigter Termin')).toBe(currentText);
      expect(screen.getByRole('group', { name: 'Neuer Termin' })).toBeInTheDocument();
      const { first, last } = slotWindow(today());
      expect(dateField()).toBeRequired();
      expect(dateField()).toHaveAttribute('min', first);
      expect(dateField()).toHaveAttribute('max', last);
      expect(timeField()).toBeRequired();
      expect(button('Verschiebung anfragen')).toBeInTheDocument();
      expect(act).not.toHaveBeenCalled();
    });

    it('says at the date field what the booking form says: closure, Sunday, holiday, too soon, too far', async () => {
      const user = await openWithView(moveView());
      const { last } = slotWindow(today());

      await choose(user, CLOSURE);
      expectMessage(dateField(), slotFieldTexts.closedClosure(formatDateLong(CLOSURE)));
      expect(timeLabels()).toEqual([slotFieldTexts.noTimesClosed]);

      const sunday = firstDayWhere((day) => isoWeekday(day) === 7 && holidayName(day) === null);
      await choose(user, sunday);
      expectMessage(dateField(), slotFieldTexts.closedWeekday(formatDateLong(sunday)));

      const holiday = firstDayWhere((day) => holidayName(day) !== null);
      await choose(user, holiday);
      expectMessage(dateField(), slotFieldTexts.closedHoliday(formatDateLong(holiday), holidayName(holiday)!));

      await choose(user, addDays(today(), 1));
      // The first day the practice is open (the closure lies later).
      expectMessage(dateField(), slotFieldTexts.tooSoon(formatDateLong(bookableDay(0))));
      expect(timeLabels()).toEqual([slotFieldTexts.noTimesUnbookable]);

      await choose(user, addDays(last, 1));
      expectMessage(dateField(), slotFieldTexts.tooFar(formatDateLong(last)));

      await choose(user, NEW_DAY);
      expect(dateField()).not.toHaveAttribute('aria-invalid');
      expect(timeLabels()).toHaveLength(22);
      // The closures came with the view: the page does not ask for them.
      expect(rpc).not.toHaveBeenCalledWith('practice_closed_days', expect.anything());
    });

    /** appointment_start_times as the database answers it: the day's start times, `taken` ones not free. */
    const startTimes = (taken: readonly string[]) =>
      ['09:00', '09:30', '10:00', '10:30', '14:00', '14:30'].map((time) => ({ time, free: !taken.includes(time) }));

    it('marks the times of the chosen day taken for the appointment’s service, and the current appointment’s own time on its day', async () => {
      rpc.mockImplementation(async (name, args) => ({
        data: name === 'appointment_start_times' && args.p_day === CURRENT ? startTimes(['09:30', '14:00']) : [],
        error: null,
      }));
      const user = await openWithView(moveView());
      await choose(user, CURRENT);
      expect(await screen.findByRole('option', { name: '14:00 Uhr – bereits vergeben' })).toBeDisabled();
      expect(screen.getByRole('option', { name: '09:30 Uhr – Ihr jetziger Termin' })).toBeDisabled();
      expect(screen.getByRole('option', { name: '10:00 Uhr' })).toBeEnabled();
      expect(rpc).toHaveBeenCalledWith('appointment_start_times', { p_day: CURRENT, p_service: 'schlafberatung' });
    });

    it('asks for the appointment’s own service (the view names it by its label); one the catalogue does not know as the shortest', async () => {
      const user = await openWithView(moveView({ service: findBookableService('beratung-zuhause').label }));
      await choose(user, NEW_DAY);
      await vi.waitFor(() => expect(rpc).toHaveBeenCalledWith('appointment_start_times', { p_day: NEW_DAY, p_service: 'beratung-zuhause' }));
      cleanup();
      rpc.mockClear();
      const again = await openWithView(moveView({ service: 'Telefonberatung' }));
      await choose(again, NEW_DAY);
      await vi.waitFor(() => expect(rpc).toHaveBeenCalledWith('appointment_start_times', { p_day: NEW_DAY, p_service: 'follow-up' }));
    });

    it('sends the new date and time; then: the practice confirms within 24 hours, the current appointment stays until then', async () => {
      const user = await openWithView(moveView());
      await choose(user, NEW_DAY);
      await user.selectOptions(timeField(), '10:00');
      act.mockResolvedValue(done(waiting(moveView())));
      await user.click(button('Verschiebung anfragen'));
      expect(act).toHaveBeenCalledWith(TOKEN, { date: NEW_DAY, time: '10:00' });
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(copy.outcome.success.requestMove);
      expect(notice).toHaveFocus();
      expect(headline()).toHaveTextContent(copy.requestMove.pendingHeadline);
      expect(summaryValue('Bestätigter Termin')).toBe(currentText);
      expect(summaryValue('Gewünschter neuer Termin')).toBe(`${newText} (${copy.moveStatus.requested})`);
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('sends nothing for a day the rules refuse, or without a time: the browser stops at the field', async () => {
      const user = await openWithView(moveView());
      await choose(user, CLOSURE);
      const invalid = vi.fn();
      dateField().addEventListener('invalid', invalid);
      await user.click(button('Verschiebung anfragen'));
      expect(invalid).toHaveBeenCalled();
      await choose(user, NEW_DAY);
      await user.click(button('Verschiebung anfragen'));
      expect(timeField().validity.valueMissing).toBe(true);
      expect(act).not.toHaveBeenCalled();
    });

    it('a slot the function refuses: the reason from the answer at the field, which takes the focus; a new choice sends again', async () => {
      const user = await openWithView(moveView());
      await choose(user, NEW_DAY);
      await user.selectOptions(timeField(), '10:00');
      // Closed since the page was opened: the answer's view knows it.
      act.mockResolvedValueOnce({ kind: 'unavailable', reason: 'closed', view: moveView({ booking: { ...slotWindow(today()), closedDays: [CLOSURE, NEW_DAY] } }) });
      await user.click(button('Verschiebung anfragen'));
      await waitForMessage(dateField(), slotFieldTexts.closedClosure(formatDateLong(NEW_DAY)));
      expect(dateField()).toHaveFocus();
      expect(dateField()).toHaveValue(NEW_DAY);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(timeLabels()).toEqual([slotFieldTexts.noTimesClosed]);

      const other = bookableDay(9);
      await choose(user, other);
      await user.selectOptions(timeField(), '11:00');
      act.mockResolvedValueOnce({ kind: 'unavailable', reason: 'time_not_offered', view: moveView() });
      await user.click(button('Verschiebung anfragen'));
      await waitForMessage(timeField(), slotFieldTexts.timeNotOffered);
      expect(timeField()).toHaveFocus();
      expect(act).toHaveBeenLastCalledWith(TOKEN, { date: other, time: '11:00' });
    });

    it('a slot refused as too soon names the first bookable day', async () => {
      const user = await openWithView(moveView());
      await choose(user, NEW_DAY);
      await user.selectOptions(timeField(), '10:00');
      // A clock ahead of the visitor's: the backend's window starts after the chosen day, on a day the practice is open.
      const booking = { first: bookableDay(9), last: slotWindow(today()).last, closedDays: [] };
      act.mockResolvedValue({ kind: 'unavailable', reason: 'too_soon', view: moveView({ booking }) });
      await user.click(button('Verschiebung anfragen'));
      await waitForMessage(dateField(), slotFieldTexts.tooSoon(formatDateLong(booking.first)));
    });

    it('a conflict on the press (cancelled, or a wish already waiting): the current state, no form', async () => {
      const user = await openWithView(moveView());
      await choose(user, NEW_DAY);
      await user.selectOptions(timeField(), '10:00');
      act.mockResolvedValue({ kind: 'conflict', view: moveView({ status: 'cancelled', cancelUntil: null }) });
      await user.click(button('Verschiebung anfragen'));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(copy.outcome.conflictRequestMove.text);
      expect(alert).toHaveFocus();
      expect(headline()).toHaveTextContent(copy.stateHeadlines.visitorCancelled);
      expect(screen.getByText(copy.state.cancelledNoMove)).toBeInTheDocument();
      expect(screen.queryByLabelText(/^Neues Datum/)).toBeNull();
    });

    it('too late by the time of the press: call the practice, no second press', async () => {
      const user = await openWithView(moveView());
      await choose(user, NEW_DAY);
      await user.selectOptions(timeField(), '10:00');
      act.mockResolvedValue({ kind: 'too_late', view: moveView() });
      await user.click(button('Verschiebung anfragen'));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(copy.outcome.tooLateRequestMove.text);
      expect(within(alert).getByRole('link', { name: /\+41\s44\s555\s27\s80/ })).toHaveAttribute('href', PHONE_HREF);
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('after the deadline: only the phone', async () => {
      await openWithView(moveView({ cancelUntil: '2020-12-10T08:30:00.000Z' }));
      expect(headline()).toHaveTextContent('Termin verschieben');
      expect(screen.getByText(copy.requestMove.tooLate)).toBeInTheDocument();
      expect(inMain().getByRole('link', { name: /\+41\s44\s555\s27\s80/ })).toHaveAttribute('href', PHONE_HREF);
      expect(screen.queryByLabelText(/^Neues Datum/)).toBeNull();
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('a wish already waiting: says it waits for the practice, no second form', async () => {
      await openWithView(waiting(moveView()));
      expect(headline()).toHaveTextContent(copy.requestMove.pendingHeadline);
      expect(screen.getByText(copy.requestMove.pending(newText))).toBeInTheDocument();
      expect(screen.getByText(copy.requestMove.pendingNoSecond)).toBeInTheDocument();
      expect(screen.queryByLabelText(/^Neues Datum/)).toBeNull();
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('after a declined wish: says so, and the form is there again', async () => {
      await openWithView(moveView({ move: { date: NEW_DAY, time: '10:00', status: 'declined', thisLink: true } }));
      expect(screen.getByText(copy.requestMove.lastDeclined(newText))).toBeInTheDocument();
      expect(summaryValue('Gewünschter neuer Termin')).toBe(`${newText} (${copy.moveStatus.declined})`);
      expect(dateField()).toBeInTheDocument();
    });

    it('the wish stored but its e-mails failed: sends them again with the same slot', async () => {
      const user = await openWithView(moveView());
      await choose(user, NEW_DAY);
      await user.selectOptions(timeField(), '10:00');
      act
        .mockResolvedValueOnce({ kind: 'mail_failed', view: { ...waiting(moveView()), mailPending: true } })
        .mockResolvedValueOnce(done(waiting(moveView()), 'unchanged'));
      await user.click(button('Verschiebung anfragen'));
      expect(await screen.findByRole('alert')).toHaveTextContent(copy.outcome.mailFailed.text);
      await user.click(button('E-Mail jetzt senden'));
      expect(act.mock.calls[1]).toEqual([TOKEN, { date: NEW_DAY, time: '10:00' }]);
      expect(await screen.findByRole('status')).toHaveTextContent(copy.outcome.success.requestMove);
    });

    it('opened again with the wish’s e-mails pending: sends them for the stored wish', async () => {
      const user = await openWithView({ ...waiting(moveView()), mailPending: true });
      expect(screen.getByText(copy.mailPending.requestMove)).toBeInTheDocument();
      act.mockResolvedValue(done(waiting(moveView()), 'unchanged'));
      await user.click(button('E-Mail jetzt senden'));
      expect(act).toHaveBeenCalledWith(TOKEN, { date: NEW_DAY, time: '10:00' });
    });

    it('a failed press keeps the chosen date and time for the retry', async () => {
      const user = await openWithView(moveView());
      await choose(user, NEW_DAY);
      await user.selectOptions(timeField(), '10:00');
      act.mockResolvedValue({ kind: 'failed' });
      await user.click(button('Verschiebung anfragen'));
      expect(await screen.findByRole('alert')).toHaveTextContent(copy.outcome.failed.text);
      expect(dateField()).toHaveValue(NEW_DAY);
      expect(timeField()).toHaveValue('10:00');
    });

    /** A message that appears after the answer. */
    async function waitForMessage(field: HTMLElement, text: string) {
      await vi.waitFor(() => expectMessage(field, text));
    }
  });

  describe('the practice decides on a wish to move (confirm-move / decline-move links)', () => {
    const current = { date: '2026-12-11', time: '09:30' };
    const wished = { date: '2026-12-25', time: '10:00' };
    const requested = { date: wished.date, time: wished.time, status: 'requested', thisLink: true } as const;
    const moveLink = (action: 'confirm-move' | 'decline-move', overrides: Partial<AppointmentActionView> = {}) =>
      makeView({ action, status: 'confirmed', confirmed: current, slot: wished, move: requested, cancelUntil: '2036-12-10T08:30:00.000Z', ...overrides });
    const currentText = 'Freitag, 11. Dezember 2026, 09:30 Uhr';
    const wishedText = 'Freitag, 25. Dezember 2026, 10:00 Uhr';
    const christmas = warned(copy.slotWarning.holiday('Freitag, 25. Dezember 2026', 'Weihnachten'));

    it('confirm: the current and the wished slot, the warning (closed) that does not block, who is free, and the press', async () => {
      // Lukas sees someone at the wished time; the appointment's own advisor (Sandra) is free.
      const user = await openWithView(
        moveLink('confirm-move', { slotWarning: { kind: 'holiday', name: 'Weihnachten' }, advisor: 'sandra-huber', schedule: [scheduled('lukas-brunner', '10:30')] }),
      );
      expect(headline()).toHaveTextContent('Verschiebung bestätigen');
      expect(screen.getByText(copy.move.wish(NAME, currentText, wishedText))).toBeInTheDocument();
      expect(summaryValue('Bestätigter Termin')).toBe(currentText);
      expect(summaryValue('Beratung durch')).toBe(SANDRA_HUBER);
      expect(summaryValue('Gewünschter neuer Termin')).toBe(`${wishedText} (${copy.moveStatus.requested})`);
      expect(screen.getByText(christmas)).toBeInTheDocument();
      expect(screen.getByText(copy.capacity.oneFree(SANDRA_HUBER))).toBeInTheDocument();
      expect(inMain().getByRole('listitem')).toHaveTextContent(`${LUKAS_BRUNNER}: 10:30–11:30 Uhr, Schlafberatung, Anna Muster`);
      // Read with the button, and not an alert: nothing went wrong.
      expect(buttonNames()).toEqual([WITH_SANDRA]);
      expect(button(WITH_SANDRA)).toHaveAccessibleDescription(christmas);
      expect(screen.queryByRole('alert')).toBeNull();

      act.mockResolvedValue(
        done(moveLink('confirm-move', { confirmed: wished, movedFrom: current, advisor: 'sandra-huber', move: { ...requested, status: 'confirmed' } })),
      );
      await user.click(button(WITH_SANDRA));
      expect(act).toHaveBeenCalledWith(TOKEN, { advisor: 'sandra-huber' });
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(copy.outcome.success.confirmMove(NAME, SANDRA_HUBER));
      expect(notice).toHaveFocus();
      expect(headline()).toHaveTextContent('Verschiebung bestätigt');
      expect(summaryValue('Bestätigter Termin')).toBe(wishedText);
      expect(summaryValue('Verschoben von')).toBe(currentText);
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('confirm with both busy at the wished time: no button, the collisions, and that declining keeps the appointment', async () => {
      await openWithView(moveLink('confirm-move', { schedule: [scheduled('sandra-huber', '09:30'), scheduled('lukas-brunner', '10:00', { minutes: 120 })] }));
      expect(screen.getByText(copy.capacity.nobodyFree)).toBeInTheDocument();
      expect(inMain().getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        `${SANDRA_HUBER}: 09:30–10:30 Uhr, Schlafberatung, Anna Muster`,
        `${LUKAS_BRUNNER}: 10:00–12:00 Uhr, Schlafberatung, Anna Muster`,
      ]);
      expect(screen.getByText(copy.capacity.whatNowMove(NAME))).toBeInTheDocument();
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('decline: an optional note, sent trimmed; the appointment stays', async () => {
      const user = await openWithView(moveLink('decline-move'));
      expect(headline()).toHaveTextContent('Verschiebung ablehnen');
      expect(screen.getByText(copy.move.declineWhatHappens(NAME))).toBeInTheDocument();
      const note = screen.getByLabelText(/^Nachricht an Beat Keller \(optional\)/);
      expect(note).not.toBeRequired();
      act.mockResolvedValue(done(moveLink('decline-move', { move: { ...requested, status: 'declined' }, staffNote: 'Am 25. ist zu.' })));
      await user.type(note, '  Am 25. ist zu. ');
      await user.click(button('Verschiebung ablehnen'));
      expect(act).toHaveBeenCalledWith(TOKEN, { note: 'Am 25. ist zu.' });
      expect(await screen.findByRole('status')).toHaveTextContent(copy.outcome.success.declineMove(NAME));
      expect(headline()).toHaveTextContent('Verschiebung abgelehnt');
    });

    it('a link of an earlier wish: the current state, no button', async () => {
      await openWithView(moveLink('confirm-move', { move: { date: '2026-12-28', time: '14:00', status: 'requested', thisLink: false } }));
      expect(headline()).toHaveTextContent(copy.stateHeadlines.moveReplaced);
      expect(screen.getByText(copy.state.moveReplaced(NAME))).toBeInTheDocument();
      expect(screen.getByText(copy.state.newerMovePending('Montag, 28. Dezember 2026, 14:00 Uhr'))).toBeInTheDocument();
      expect(inMain().queryByRole('button')).toBeNull();
    });

    it('a wish already decided: the state, no button', async () => {
      await openWithView(moveLink('decline-move', { confirmed: wished, movedFrom: current, move: { ...requested, status: 'confirmed' } }));
      expect(headline()).toHaveTextContent('Verschiebung bestätigt');
      expect(screen.getByText(copy.state.moveConfirmedNoDecline(wishedText))).toBeInTheDocument();
      expect(summaryValue('Verschoben von')).toBe(currentText);
      expect(inMain().queryByRole('button')).toBeNull();
      expect(inMain().queryByRole('textbox')).toBeNull();
    });

    it('a conflict on the press (decided otherwise, replaced or cancelled): the current state', async () => {
      const user = await openWithView(moveLink('confirm-move'));
      act.mockResolvedValue({ kind: 'conflict', view: moveLink('confirm-move', { move: { ...requested, thisLink: false } }) });
      await user.click(button(WITH_SANDRA));
      expect(await screen.findByRole('alert')).toHaveTextContent(copy.outcome.conflictMove.text);
      expect(headline()).toHaveTextContent(copy.stateHeadlines.moveReplaced);
      expect(inMain().queryByRole('button')).toBeNull();
    });
  });

  describe('confirm links on a slot outside the opening hours', () => {
    it('warn and still confirm', async () => {
      const slot = { date: '2026-12-25', time: '09:30' };
      const user = await openWithView(makeView({ preferred: slot, slot, slotWarning: { kind: 'holiday', name: 'Weihnachten' } }));
      const warning = warned(copy.slotWarning.holiday('Freitag, 25. Dezember 2026', 'Weihnachten'));
      expect(screen.getByText(warning)).toBeInTheDocument();
      expect(button(WITH_SANDRA)).toHaveAccessibleDescription(warning);
      expect(button(WITH_LUKAS)).toHaveAccessibleDescription(warning);
      act.mockResolvedValue(done(makeView({ preferred: slot, slot, status: 'confirmed', confirmed: slot })));
      await user.click(button(WITH_LUKAS));
      expect(act).toHaveBeenCalledWith(TOKEN, { advisor: 'lukas-brunner' });
    });

    it('a closure, or a time the day does not offer', async () => {
      await openWithView(makeView({ slotWarning: { kind: 'closure' } }));
      expect(screen.getByText(warned(copy.slotWarning.closure('Freitag, 11. Dezember 2026')))).toBeInTheDocument();
      cleanup();
      await openWithView(makeView({ slotWarning: { kind: 'time_not_offered' } }));
      expect(screen.getByText(warned(copy.slotWarning.timeNotOffered('Freitag, 11. Dezember 2026', '09:30 Uhr')))).toBeInTheDocument();
    });
  });
});
