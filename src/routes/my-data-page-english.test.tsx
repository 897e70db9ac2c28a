import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as germanMyData from '@/content/my-data';
import * as germanInvoices from '@/content/my-data-invoices';
import * as germanSleepDiary from '@/content/sleep-diary';
import { myDataPage as copy } from '@/content/en/my-data';
import * as englishMyData from '@/content/en/my-data';
import { myDataInvoiceTexts } from '@/content/en/my-data-invoices';
import * as englishInvoices from '@/content/en/my-data-invoices';
import { sleepDiaryMyData, sleepDiaryPage } from '@/content/en/sleep-diary';
import * as englishSleepDiary from '@/content/en/sleep-diary';
import { findBookableService } from '@/content/en/services';
import { eraseMyData, sendDataLinkSubmission, showMyData } from '@/features/my-data/api/my-data-api';
import { renderRoute } from '@/test/render-route';
import { serviceCatalog } from '@domain/catalog';
import * as germanDates from '@domain/dates';
import { formatDateLong, formatInstantLong, formatSlotLong, nightName } from '@domain/english-dates';
import type { MyData } from '@domain/wire-types';
import { germanTexts, mainText } from '@/test/other-language';

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
const PATH = '/en/my-data';
/** The service as the request stores it: the catalogue's (German) label. */
const STORED_SERVICE = serviceCatalog.find((service) => service.value === 'schlafberatung')!.label;
const SERVICE = findBookableService('schlafberatung').label;

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
      service: STORED_SERVICE,
      preferred: { date: '2026-12-11', time: '09:30' },
      alternative: { date: '2026-12-14', time: null },
      message: 'I sleep badly.',
      status: 'confirmed',
      confirmed: { date: '2026-12-11', time: '09:30' },
      minutes: 60,
      advisor: null,
      staffNote: null,
      move: null,
      cancelledAt: null,
      deleteAt: '2027-11-20T09:00:00.000Z',
      offers: [],
      earlierWish: null,
      earlierOffers: [],
      language: 'en',
    },
  ],
  messages: [],
  newsletter: null,
  mails: [
    {
      kind: 'acknowledgement',
      recipient: 'visitor',
      createdAt: '2026-11-20T09:00:00.000Z',
      sentAt: '2026-11-20T09:00:01.000Z',
      droppedAt: null,
      dueAt: '2026-11-20T09:00:00.000Z',
      deleteAt: '2027-11-20T09:00:00.000Z',
    },
  ],
  sleepDiaries: [
    {
      requestId: 'r1',
      consentedAt: '2026-11-20T07:00:00.000Z',
      reminders: true,
      deleteOn: '2027-03-03',
      nights: [
        {
          morning: '2026-11-27',
          bedTime: '23:00',
          attemptTime: '23:15',
          latencyMinutes: 30,
          awakenings: 2,
          wakeMinutes: 20,
          finalWakeTime: '06:15',
          upTime: '06:45',
          quality: 4,
          note: null,
        },
      ],
    },
  ],
  invoices: [
    {
      number: '2026-0007',
      issuedOn: '2026-12-11',
      amountRappen: 19000,
      service: STORED_SERVICE,
      appointmentDate: '2026-12-11',
      appointmentTime: '09:30',
      name: 'Anna Muster',
      paidAt: null,
      deleteAt: '2037-01-01',
    },
  ],
};

const GERMAN = [
  ...germanTexts(
    { results: germanMyData.erasureResultTexts, page: germanMyData.myDataPage },
    { results: englishMyData.erasureResultTexts, page: englishMyData.myDataPage },
  ),
  ...germanTexts(germanInvoices.myDataInvoiceTexts, englishInvoices.myDataInvoiceTexts),
  ...germanTexts(
    { view: germanSleepDiary.sleepDiaryMyData, page: germanSleepDiary.sleepDiaryPage },
    { view: englishSleepDiary.sleepDiaryMyData, page: englishSleepDiary.sleepDiaryPage },
  ),
];
const germanShown = () => GERMAN.filter((text) => mainText().includes(text));
const spaced = (text: string) => text.replace(/\s+/g, ' ');

async function open(token: string | null = TOKEN) {
  window.history.replaceState(null, '', `${PATH}${token === null ? '' : `#${token}`}`);
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await act(async () => {
    opened = await renderRoute(PATH);
  });
  return opened!.user;
}

beforeEach(() => {
  show.mockReset();
  erase.mockReset();
  sendLink.mockReset();
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('/en/my-data', () => {
  it('knows the German texts it must not show', () => {
    expect(GERMAN.length).toBeGreaterThan(100);
  });

  it('shows the data in English – sections, service, dates, the sleep diary and the invoice – and erases after the confirmation step', async () => {
    const user = await open();
    expect(screen.getByRole('heading', { level: 1, name: copy.title })).toBeInTheDocument();
    expect(screen.getByText(copy.intro)).toBeInTheDocument();
    expect(screen.getByText(copy.outOfReach)).toBeInTheDocument();
    expect(germanShown()).toEqual([]);

    show.mockResolvedValue({ kind: 'data', data: DATA });
    await user.click(screen.getByRole('button', { name: copy.showLabel }));
    expect(await screen.findByRole('heading', { level: 2, name: copy.dataTitle })).toHaveFocus();
    const requests = within(screen.getByRole('region', { name: new RegExp(copy.sections.requests) }));
    expect(requests.getByRole('heading', { level: 4, name: `${SERVICE} – ${copy.requestStatus.confirmed}` })).toBeInTheDocument();
    expect(requests.getByText(copy.fields.preferred, { selector: 'dt' }).nextElementSibling).toHaveTextContent(formatSlotLong('2026-12-11', '09:30'));
    expect(requests.getByText(copy.fields.alternative, { selector: 'dt' }).nextElementSibling).toHaveTextContent(formatSlotLong('2026-12-14', null));
    // The language stored with the request is shown, named in the page's language.
    expect(requests.getByText(copy.fields.language, { selector: 'dt' }).nextElementSibling).toHaveTextContent(copy.languageNames.en);
    expect(requests.getByText(spaced(formatInstantLong(new Date('2027-11-20T09:00:00.000Z'))))).toBeInTheDocument();
    const mails = within(screen.getByRole('region', { name: new RegExp(copy.sections.mails) }));
    expect(mails.getByRole('heading', { level: 4, name: copy.mailKinds.acknowledgement })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: new RegExp(copy.sections.newsletter) })).getByText(copy.none.newsletter)).toBeInTheDocument();

    const diaries = within(screen.getByRole('region', { name: new RegExp(sleepDiaryMyData.title) }));
    expect(diaries.getByText(sleepDiaryMyData.consentedAt).nextElementSibling).toHaveTextContent(spaced(formatInstantLong(new Date('2026-11-20T07:00:00.000Z'))));
    expect(diaries.getByText(sleepDiaryMyData.reminders).nextElementSibling).toHaveTextContent(sleepDiaryMyData.on);
    expect(diaries.getByText(formatDateLong('2027-03-03'))).toBeInTheDocument();
    expect(diaries.getAllByText(nightName('2026-11-27')).length).toBeGreaterThan(0);
    expect(diaries.getAllByText(sleepDiaryPage.qualities[4]).length).toBeGreaterThan(0);

    const invoices = within(screen.getByRole('region', { name: new RegExp(myDataInvoiceTexts.title) }));
    expect(invoices.getByRole('heading', { level: 4, name: myDataInvoiceTexts.entryTitle('2026-0007') })).toBeInTheDocument();
    expect(invoices.getByText(myDataInvoiceTexts.fields.appointment).nextElementSibling).toHaveTextContent(`${SERVICE}, ${formatSlotLong('2026-12-11', '09:30')}`);
    expect(invoices.getByText(myDataInvoiceTexts.open)).toBeInTheDocument();
    expect(germanShown()).toEqual([]);
    expect(mainText()).not.toContain(germanDates.formatDateLong('2026-12-11'));

    // The erasure: its confirmation step, then what was erased – all in English.
    await user.click(screen.getByRole('button', { name: copy.erase.button }));
    expect(await screen.findByRole('heading', { name: copy.erase.confirmTitle })).toHaveFocus();
    expect(screen.getByText(copy.erase.confirmText)).toBeInTheDocument();
    const erased = { requests: 1, messages: 0, newsletter: 0, mails: 1, cancelled: 1, sleepDiaries: 1, invoicesKept: 1 };
    erase.mockResolvedValue({ kind: 'erased', erased });
    await user.click(screen.getByRole('button', { name: copy.erase.confirmButton }));
    expect(await screen.findByRole('heading', { level: 1, name: copy.erase.doneTitle })).toHaveFocus();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(spaced(copy.erase.doneText(erased)));
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(spaced(copy.erase.keptText(1)));
    expect(germanShown()).toEqual([]);
  });

  it('downloads the data under its English file name', async () => {
    const user = await open();
    show.mockResolvedValue({ kind: 'data', data: DATA });
    await user.click(screen.getByRole('button', { name: copy.showLabel }));
    await screen.findByRole('heading', { level: 2, name: copy.dataTitle });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:my-data'), revokeObjectURL: vi.fn() });
    let saved = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    await user.click(screen.getByRole('button', { name: copy.downloadLabel }));
    expect(saved).toBe(copy.fileName);
    click.mockRestore();
  });

  it('without a token: the link form in English, and what it says once sent', async () => {
    const user = await open(null);
    expect(screen.getByRole('heading', { level: 1, name: copy.missing.title })).toBeInTheDocument();
    expect(screen.getByText(copy.missing.text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: copy.linkForm.title })).toBeInTheDocument();
    sendLink.mockResolvedValue('sent');
    await user.type(screen.getByLabelText(new RegExp(copy.linkForm.emailLabel)), 'anna@example.ch');
    await user.click(screen.getByRole('button', { name: copy.linkForm.button }));
    await vi.waitFor(() => expect(sendLink).toHaveBeenCalledOnce());
    expect(await screen.findByText(`${copy.linkForm.sentTitle}: ${copy.linkForm.sentText}`)).toBeInTheDocument();
    expect(germanShown()).toEqual([]);
  });

  it('an expired link says so in English', async () => {
    const user = await open();
    show.mockResolvedValue({ kind: 'invalid_link' });
    await user.click(screen.getByRole('button', { name: copy.showLabel }));
    expect(await screen.findByRole('heading', { level: 1, name: copy.invalid.title })).toHaveFocus();
    expect(screen.getByText(copy.invalid.text)).toBeInTheDocument();
    expect(germanShown()).toEqual([]);
  });
});
