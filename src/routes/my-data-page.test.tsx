import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myDataPage as copy } from '@/content/my-data';
import { eraseMyData, sendDataLinkSubmission, showMyData } from '@/features/my-data/api/my-data-api';
import { queryRetryDelay } from '@/lib/query-client';
import { renderRoute } from '@/test/render-route';
import type { MyData } from '@domain/wire-types';
import { formatInstantLong, formatSlotLong } from '@domain/dates';
import { advisorName } from '@domain/practice';
import { reminderDueAt } from '@domain/outbox';

const SANDRA_HUBER = advisorName('sandra-huber');

// The page's boundary: the tests decide what the function answers and see what is sent.
vi.mock('@/features/my-data/api/my-data-api', async (original) => ({
  ...(await original<typeof import('@/features/my-data/api/my-data-api')>()),
  showMyData: vi.fn(),
  eraseMyData: vi.fn(),
  sendDataLinkSubmission: vi.fn(),
}));
const show = vi.mocked(showMyData);
const erase = vi.mocked(eraseMyData);
const sendLink = vi.mocked(sendDataLinkSubmission);

const TOKEN = 'bXktZGF0YS12MXxhbm5hQGV4YW1wbGUuY2h8MTc5ODM2MjAwMA.c2lnbmF0dXJl';

const DATA: MyData = {
  mailbox: 'anna@example.ch',
  readAt: '2026-11-27T09:00:00.000Z',
  requests: [
    {
      id: 'r1',
      createdAt: '2026-11-20T09:00:00.000Z',
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.ch',
      phone: '044 123 45 67',
      service: 'Schlafberatung',
      preferred: { date: '2026-12-11', time: '09:30' },
      alternative: null,
      message: 'Ich schlafe schlecht.',
      status: 'confirmed',
      confirmed: { date: '2026-12-11', time: '09:30' },
      minutes: 60,
      advisor: SANDRA_HUBER,
      staffNote: null,
      move: null,
      cancelledAt: null,
      deleteAt: '2027-11-20T09:00:00.000Z',
      offers: [],
      earlierWish: null,
      earlierOffers: [],
      language: 'de',
    },
  ],
  messages: [],
  newsletter: { email: 'anna@example.ch', status: 'confirmed', createdAt: '2026-11-01T09:00:00.000Z', confirmedAt: '2026-11-01T09:05:00.000Z', language: 'de', deleteAt: null },
  mails: [{
    kind: 'acknowledgement',
    recipient: 'visitor',
    createdAt: '2026-11-20T09:00:00.000Z',
    sentAt: '2026-11-20T09:00:01.000Z',
    droppedAt: null,
    dueAt: '2026-11-20T09:00:00.000Z',
    deleteAt: '2027-11-20T09:00:00.000Z',
  }],
  sleepDiaries: [],
};

async function open(token: string | null = TOKEN) {
  window.history.replaceState(null, '', `/meine-daten${token === null ? '' : `#${token}`}`);
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await act(async () => {
    opened = await renderRoute('/meine-daten');
  });
  return opened!.user;
}

beforeEach(() => {
  show.mockReset();
  erase.mockReset();
  sendLink.mockReset();
  window.sessionStorage.clear();
});
afterEach(cleanup);

describe('«Meine Daten»', () => {
  it('reads nothing until «Daten anzeigen»; then shows the sections with deletion dates and moves the focus to them', async () => {
    const user = await open();
    expect(window.location.hash).toBe('');
    expect(show).not.toHaveBeenCalled();
    expect(screen.getByText(copy.outOfReach)).toBeInTheDocument();

    show.mockResolvedValue({ kind: 'data', data: DATA });
    await user.click(screen.getByRole('button', { name: copy.showLabel }));
    const heading = await screen.findByRole('heading', { level: 2, name: copy.dataTitle });
    expect(show).toHaveBeenCalledExactlyOnceWith(TOKEN);
    expect(heading).toHaveFocus();
    const requests = screen.getByRole('region', { name: new RegExp(copy.sections.requests) });
    expect(within(requests).getByText('Ich schlafe schlecht.')).toBeInTheDocument();
    expect(within(requests).getByText(copy.deleteAt)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: new RegExp(copy.sections.newsletter) })).toHaveTextContent(copy.deleteOnUnsubscribe);
    expect(screen.getByRole('region', { name: new RegExp(copy.sections.messages) })).toHaveTextContent(copy.none.messages);
    expect(screen.getByRole('button', { name: copy.downloadLabel })).toBeInTheDocument();
  });

  it('lists under a request the times offered, the earlier-time wish and the earlier times offered, each with its state', async () => {
    const request = DATA.requests[0]!;
    const withOffers: MyData = {
      ...DATA,
      requests: [
        {
          ...request,
          confirmed: { date: '2026-12-11', time: '10:00' },
          offers: [
            { date: '2026-12-11', time: '10:00', offeredAt: '2026-11-21T08:00:00.000Z', status: 'taken' },
            { date: '2026-12-14', time: '11:00', offeredAt: '2026-11-21T08:00:00.000Z', status: 'lapsed' },
          ],
          earlierWish: { since: '2026-11-22T10:00:00.000Z', active: true },
          earlierOffers: [{ date: '2026-12-02', time: '14:00', offeredAt: '2026-11-25T07:00:00.000Z', status: 'open' }],
        },
        { ...request, id: 'r2', earlierWish: { since: '2026-11-23T10:00:00.000Z', active: false } },
      ],
    };
    const user = await open();
    show.mockResolvedValue({ kind: 'data', data: withOffers });
    await user.click(screen.getByRole('button', { name: copy.showLabel }));
    await screen.findByRole('heading', { level: 2, name: copy.dataTitle });
    const [first, second] = within(screen.getByRole('region', { name: new RegExp(copy.sections.requests) })).getAllByRole('listitem').filter((item) => item.querySelector('h4'));
    const offered = (date: string, time: string, status: keyof typeof copy.offerStatus, at: string) =>
      `${formatSlotLong(date, time)} (${copy.offerStatus[status]}; ${copy.offeredAt} ${formatInstantLong(new Date(at))})`;

    const offers = within(first!).getByText(copy.fields.offers).nextElementSibling as HTMLElement;
    expect(within(offers).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      offered('2026-12-11', '10:00', 'taken', '2026-11-21T08:00:00.000Z'),
      offered('2026-12-14', '11:00', 'lapsed', '2026-11-21T08:00:00.000Z'),
    ]);
    expect(within(first!).getByText(copy.fields.earlierWish).nextElementSibling).toHaveTextContent(
      `${copy.earlierWish.active} ${formatInstantLong(new Date('2026-11-22T10:00:00.000Z'))}`,
    );
    const earlier = within(first!).getByText(copy.fields.earlierOffers).nextElementSibling as HTMLElement;
    expect(within(earlier).getAllByRole('listitem').map((item) => item.textContent)).toEqual([offered('2026-12-02', '14:00', 'open', '2026-11-25T07:00:00.000Z')]);

    // No offers: no such rows; a wish no time can be offered for any more says so.
    expect(within(second!).queryByText(copy.fields.offers)).not.toBeInTheDocument();
    expect(within(second!).queryByText(copy.fields.earlierOffers)).not.toBeInTheDocument();
    expect(within(second!).getByText(copy.fields.earlierWish).nextElementSibling).toHaveTextContent(copy.earlierWish.inactive);
  });

  it('says when a reminder not yet due will be sent, and since when a mail not sent was due', async () => {
    const mail = DATA.mails[0]!;
    // Read on 27 November: the reminder of an appointment on 11 December goes out on the 10th from 09:00.
    const reminderDue = reminderDueAt('2026-12-11').toISOString();
    const withMails: MyData = {
      ...DATA,
      mails: [
        { ...mail, kind: 'reminder', createdAt: '2026-11-21T08:00:00.000Z', sentAt: null, dueAt: reminderDue },
        { ...mail, kind: 'outcome', createdAt: '2026-11-26T08:00:00.000Z', sentAt: null, dueAt: '2026-11-26T08:00:00.000Z' },
      ],
    };
    const user = await open();
    show.mockResolvedValue({ kind: 'data', data: withMails });
    await user.click(screen.getByRole('button', { name: copy.showLabel }));
    await screen.findByRole('heading', { level: 2, name: copy.dataTitle });
    const [reminder, outcome] = within(screen.getByRole('region', { name: new RegExp(copy.sections.mails) })).getAllByRole('listitem');
    expect(within(reminder!).getByText(copy.fields.plannedAt).nextElementSibling).toHaveTextContent(formatInstantLong(new Date(reminderDue)));
    expect(within(reminder!).queryByText(copy.fields.owedAt)).not.toBeInTheDocument();
    expect(reminder).not.toHaveTextContent(copy.mailNotSent);
    expect(within(outcome!).getByText(copy.fields.owedAt).nextElementSibling).toHaveTextContent(
      `${formatInstantLong(new Date('2026-11-26T08:00:00.000Z'))} (${copy.mailNotSent})`,
    );
  });

  it('lists every mail under its kind\'s label, an invoice mail too (not the kind\'s name)', async () => {
    const mail = DATA.mails[0]!;
    const withMails: MyData = {
      ...DATA,
      mails: [
        { ...mail, kind: 'invoice', createdAt: '2026-12-11T11:00:00.000Z', sentAt: '2026-12-11T11:00:02.000Z', dueAt: '2026-12-11T11:00:00.000Z' },
        { ...mail, kind: 'sleep-reminder', createdAt: '2026-12-10T06:00:00.000Z', sentAt: '2026-12-10T06:00:01.000Z', dueAt: '2026-12-10T06:00:00.000Z' },
      ],
    };
    const user = await open();
    show.mockResolvedValue({ kind: 'data', data: withMails });
    await user.click(screen.getByRole('button', { name: copy.showLabel }));
    await screen.findByRole('heading', { level: 2, name: copy.dataTitle });
    const mails = within(screen.getByRole('region', { name: new RegExp(copy.sections.mails) }));
    expect(mails.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual([
      copy.mailKinds.invoice,
      copy.mailKinds['sleep-reminder'],
    ]);
    expect(copy.mailKinds.invoice).not.toBe('invoice');
  });

  it('downloads exactly what was shown as JSON', async () => {
    const user = await open();
    show.mockResolvedValue({ kind: 'data', data: DATA });
    await user.click(screen.getByRole('button', { name: copy.showLabel }));
    await screen.findByRole('heading', { level: 2, name: copy.dataTitle });
    let blob: Blob | undefined;
    const create = vi.fn((value: Blob) => {
      blob = value;
      return 'blob:meine-daten';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: copy.downloadLabel }));
    expect(click).toHaveBeenCalledOnce();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob!);
    });
    expect(blob!.type).toBe('application/json');
    expect(JSON.parse(text)).toEqual(DATA);
    click.mockRestore();
  });

  it('erases only after the confirmation step, and says what was erased in the focused heading', async () => {
    const user = await open();
    show.mockResolvedValue({ kind: 'data', data: DATA });
    await user.click(screen.getByRole('button', { name: copy.showLabel }));
    await screen.findByRole('heading', { level: 2, name: copy.dataTitle });

    await user.click(screen.getByRole('button', { name: copy.erase.button }));
    expect(await screen.findByRole('heading', { name: copy.erase.confirmTitle })).toHaveFocus();
    expect(erase).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: copy.erase.cancelButton }));
    expect(erase).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: copy.erase.button }));
    const erased = { requests: 1, messages: 0, newsletter: 1, mails: 1, cancelled: 1, sleepDiaries: 1, invoicesKept: 1 };
    erase.mockResolvedValue({ kind: 'erased', erased });
    await user.click(screen.getByRole('button', { name: copy.erase.confirmButton }));
    const done = await screen.findByRole('heading', { level: 1, name: copy.erase.doneTitle });
    expect(erase).toHaveBeenCalledExactlyOnceWith(TOKEN);
    expect(done).toHaveFocus();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(copy.erase.doneText(erased));
    // What was deleted – the diary too – and what is kept, how long and why.
    expect(copy.erase.doneText(erased)).toContain('1 Schlaftagebuch');
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(copy.erase.keptText(1));
    expect(copy.erase.keptText(1)).toMatch(/10 Jahre.*Art\. 958f OR/);
    expect(screen.queryByText('Ich schlafe schlecht.')).not.toBeInTheDocument();
  });

  it('an erasure whose cancellation could not be sent says nothing was erased and offers another try', async () => {
    const user = await open();
    show.mockResolvedValue({ kind: 'data', data: DATA });
    await user.click(screen.getByRole('button', { name: copy.showLabel }));
    await screen.findByRole('heading', { level: 2, name: copy.dataTitle });
    await user.click(screen.getByRole('button', { name: copy.erase.button }));
    erase.mockResolvedValue({ kind: 'mail_failed' });
    await user.click(screen.getByRole('button', { name: copy.erase.confirmButton }));
    expect(await screen.findByRole('heading', { name: copy.erase.mailFailedTitle })).toHaveFocus();
    expect(screen.getByText(copy.erase.mailFailedText)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.failed.retry })).toBeInTheDocument();
  });

  it('a failed «Daten anzeigen» is never asked again behind the visitor\'s back: it says so and waits for the next press', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = await open();
      show.mockResolvedValue({ kind: 'failed' });
      await user.click(screen.getByRole('button', { name: copy.showLabel }));
      expect(await screen.findByText(`${copy.failed.title}: ${copy.failed.text}`)).toBeInTheDocument();
      // Past the time a query's retries (1 s, 2 s, 4 s) would have taken: still the one call.
      await act(() => vi.advanceTimersByTimeAsync(queryRetryDelay(0) + queryRetryDelay(1) + queryRetryDelay(2)));
      expect(show).toHaveBeenCalledExactlyOnceWith(TOKEN);

      show.mockResolvedValue({ kind: 'data', data: DATA });
      await user.click(screen.getByRole('button', { name: copy.showLabel }));
      expect(await screen.findByRole('heading', { level: 2, name: copy.dataTitle })).toHaveFocus();
      expect(show.mock.calls).toEqual([[TOKEN], [TOKEN]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an expired link says so and offers «Link senden»', async () => {
    const user = await open();
    show.mockResolvedValue({ kind: 'invalid_link' });
    await user.click(screen.getByRole('button', { name: copy.showLabel }));
    expect(await screen.findByRole('heading', { level: 1, name: copy.invalid.title })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: copy.linkForm.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.linkForm.button })).toBeInTheDocument();
  });

  it('without a token: the form sends the address and says the same for every address', async () => {
    const user = await open(null);
    expect(screen.getByRole('heading', { level: 1, name: copy.missing.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.showLabel })).not.toBeInTheDocument();
    sendLink.mockResolvedValue('sent');
    await user.type(screen.getByLabelText(new RegExp(copy.linkForm.emailLabel)), 'anna@example.ch');
    await user.click(screen.getByRole('button', { name: copy.linkForm.button }));
    await vi.waitFor(() => expect(sendLink).toHaveBeenCalledOnce());
    expect(sendLink.mock.calls[0]![0]).toMatchObject({ action: 'link', email: 'anna@example.ch', website: '' });
    expect(await screen.findByText(`${copy.linkForm.sentTitle}: ${copy.linkForm.sentText}`)).toBeInTheDocument();
  });
});
