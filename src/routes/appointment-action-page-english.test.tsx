import { act as reactAct, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as germanAction from '@/content/appointment-action';
import * as germanInvoice from '@/content/invoice';
import * as germanSleepDiary from '@/content/sleep-diary';
import { appointmentActionPage as copy, offerTexts } from '@/content/en/appointment-action';
import * as englishAction from '@/content/en/appointment-action';
import { invoiceTexts } from '@/content/en/invoice';
import * as englishInvoice from '@/content/en/invoice';
import { sleepDiaryAdvisorView } from '@/content/en/sleep-diary';
import * as englishSleepDiary from '@/content/en/sleep-diary';
import { findBookableService } from '@/content/en/services';
import { fieldProblemTexts } from '@/content/en/form-notices';
import { actOnAppointment, showAppointment, type ActionResult } from '@/features/appointment-action/api/action-api';
import { makeView, scheduled } from '@/test/appointment-action-view';
import { renderRoute } from '@/test/render-route';
import { resetSupabaseMock } from '@/test/supabase-mock';
import * as germanDates from '@domain/dates';
import { formatDateTimeLong, formatSlotLong } from '@domain/english-dates';
import { advisorName } from '@domain/practice';
import type { AppointmentActionView } from '@domain/wire-types';
import { germanTexts, mainText } from '@/test/other-language';

// The page's boundary: the tests decide what the function answers and see what is sent.
vi.mock('@/features/appointment-action/api/action-api', () => ({
  showAppointment: vi.fn(),
  actOnAppointment: vi.fn(),
}));
const show = vi.mocked(showAppointment);
const act = vi.mocked(actOnAppointment);
vi.mock('@/features/appointment-action/api/renew-api', () => ({ renewPracticeLink: vi.fn() }));
// The invoice's presses and the move form's taken times go through the function client.
vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));

const TOKEN = 'v1.Zm9v.YmFy';
const PATH = '/en/appointment/action';
const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');
/** The visitor of makeView's request. */
const NAME = makeView().name;

const germanShown = (texts: string[]) => texts.filter((text) => mainText().includes(text));

const actionGerman = germanTexts(
  { appointmentActionPage: germanAction.appointmentActionPage, offerTexts: germanAction.offerTexts },
  { appointmentActionPage: englishAction.appointmentActionPage, offerTexts: englishAction.offerTexts },
);
const invoiceGerman = germanTexts(germanInvoice.invoiceTexts, englishInvoice.invoiceTexts);
const diaryGerman = germanTexts(
  { view: germanSleepDiary.sleepDiaryAdvisorView, page: germanSleepDiary.sleepDiaryPage },
  { view: englishSleepDiary.sleepDiaryAdvisorView, page: englishSleepDiary.sleepDiaryPage },
);

/** Opens the English page as a link from an e-mail does: the token in the fragment. */
async function openLink(token: string | null = TOKEN) {
  window.history.replaceState(null, '', `${PATH}${token === null ? '' : `#${token}`}`);
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await reactAct(async () => {
    opened = await renderRoute(PATH);
  });
  return opened!.user;
}

async function openWithView(view: AppointmentActionView) {
  show.mockResolvedValue({ kind: 'view', view });
  const user = await openLink();
  await screen.findByRole('heading', { level: 2, name: copy.summary.title });
  return user;
}

const summaryValue = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/en/appointment/action', () => {
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

  it('knows the German texts it must not show', () => {
    expect(actionGerman.length).toBeGreaterThan(100);
    expect(invoiceGerman.length).toBeGreaterThan(10);
    expect(diaryGerman.length).toBeGreaterThan(10);
  });

  it('shows a confirm link in English – the request, the service, the dates, who is free – and the notice after the press', async () => {
    const view = makeView({ schedule: [scheduled('lukas-brunner', '09:00')] });
    const user = await openWithView(view);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(copy.confirm.headline);
    expect(summaryValue(copy.summary.service)).toBe(findBookableService('schlafberatung').label);
    expect(summaryValue(copy.summary.preferred)).toBe(formatSlotLong('2026-12-11', '09:30'));
    expect(summaryValue(copy.summary.alternative)).toBe(formatSlotLong('2026-12-14', null));
    expect(summaryValue(copy.summary.status)).toBe(copy.status.requested);
    expect(screen.getByText(copy.capacity.oneFree(SANDRA_HUBER))).toBeInTheDocument();
    // What collides is named with the service in English.
    expect(screen.getByText(new RegExp(`^${LUKAS_BRUNNER}: 09:00–10:00, ${findBookableService('schlafberatung').label}`))).toBeInTheDocument();
    expect(germanShown(actionGerman)).toEqual([]);
    expect(mainText()).not.toContain(germanDates.formatDateLong('2026-12-11'));

    act.mockResolvedValue({
      kind: 'done',
      result: 'changed',
      mail: 'sent',
      view: { ...view, status: 'confirmed', confirmed: { date: '2026-12-11', time: '09:30' }, advisor: 'sandra-huber' },
    } satisfies ActionResult);
    await user.click(screen.getByRole('button', { name: copy.capacity.confirmWith(SANDRA_HUBER) }));

    const notice = (await screen.findByText(copy.outcome.success.title)).closest('[role="status"]');
    expect(notice).toHaveTextContent(copy.outcome.success.title);
    expect(notice).toHaveTextContent(copy.outcome.success.confirm(NAME, SANDRA_HUBER));
    expect(summaryValue(copy.summary.confirmed)).toBe(formatDateTimeLong('2026-12-11', '09:30'));
    expect(summaryValue(copy.summary.advisor)).toBe(SANDRA_HUBER);
    expect(germanShown(actionGerman)).toEqual([]);
  });

  it('a link without a token: the English words, the phone, and the English booking page', async () => {
    await openLink(null);
    expect(await screen.findByRole('heading', { level: 1, name: copy.invalidLink.headline })).toBeInTheDocument();
    for (const line of copy.invalidLink.text) expect(screen.getByText(line)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText(copy.phoneLabel)).toBeInTheDocument();
    expect(main.getByRole('link', { name: copy.bookingLink })).toHaveAttribute('href', '/en/book-an-appointment');
    expect(germanShown(actionGerman)).toEqual([]);
  });

  it('a decline link: the note\'s problem at the field in English, nothing sent', async () => {
    const user = await openWithView(makeView({ action: 'decline', slot: null }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(copy.decline.headline);
    const note = screen.getByRole('textbox', { name: copy.decline.noteLabel(NAME) }) as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: 'Sorry, \u202Efully booked' } });
    await user.click(screen.getByRole('button', { name: copy.decline.button }));
    expect(note.validationMessage).toBe(fieldProblemTexts.invisibleCharacters);
    expect(act).not.toHaveBeenCalled();
    expect(germanShown(actionGerman)).toEqual([]);
  });

  it('a refused press says why in English: an offer taken meanwhile', async () => {
    const offer = { number: 1, date: '2026-12-15', time: '10:00', status: 'open' as const, link: null };
    const view = makeView({ action: 'take-offer', slot: null, status: 'declined', offer: 1, offers: [offer] });
    const user = await openWithView(view);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(offerTexts.take.headline);
    expect(screen.getByText(offerTexts.take.offered(formatDateTimeLong('2026-12-15', '10:00')))).toBeInTheDocument();

    act.mockResolvedValue({ kind: 'offer_taken', view: { ...view, offers: [{ ...offer, status: 'taken' }] } } as ActionResult);
    await user.click(screen.getByRole('button', { name: offerTexts.take.button }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(offerTexts.outcome.takenMeanwhile.title);
    expect(alert).toHaveTextContent(offerTexts.outcome.takenMeanwhile.text);
    expect(germanShown(actionGerman)).toEqual([]);
  });

  it('the practice page: its invoice and the sleep diary in English, and the invoice\'s amount asked for in English', async () => {
    const user = await openWithView(
      makeView({
        action: 'practice',
        status: 'confirmed',
        confirmed: { date: '2026-12-11', time: '09:30' },
        advisor: 'sandra-huber',
        invoicing: { from: '2000-01-01', priceRappen: null, invoice: null },
        sleepDiary: { nights: [] },
      }),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(copy.practicePage.headline);
    expect(screen.getByRole('heading', { level: 2, name: invoiceTexts.title })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: sleepDiaryAdvisorView.title })).toHaveTextContent(sleepDiaryAdvisorView.noNights);

    await user.click(screen.getByRole('button', { name: invoiceTexts.send }));
    expect(await screen.findByText(invoiceTexts.amount.missing)).toBeInTheDocument();
    expect(germanShown([...actionGerman, ...invoiceGerman, ...diaryGerman])).toEqual([]);
  });
});
