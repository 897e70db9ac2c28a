import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as germanSleepDiary from '@/content/sleep-diary';
import { sleepDiaryPage as copy } from '@/content/en/sleep-diary';
import * as englishSleepDiary from '@/content/en/sleep-diary';
import { findBookableService } from '@/content/en/services';
import { consentToDiary, saveNight, setReminders, showDiary, withdrawDiary } from '@/features/sleep-diary/api/sleep-diary-api';
import { renderRoute } from '@/test/render-route';
import { serviceCatalog } from '@domain/catalog';
import * as germanDates from '@domain/dates';
import { formatDateLong, formatDateTimeLong, formatDuration, nightName } from '@domain/english-dates';
import { advisorName } from '@domain/practice';
import * as germanNights from '@domain/sleep-diary';
import type { SleepDiaryView, SleepNight } from '@domain/sleep-diary';
import { germanTexts, mainText } from '@/test/other-language';

// The page's boundary: the tests decide what the function answers and see what is sent.
vi.mock('@/features/sleep-diary/api/sleep-diary-api', async (original) => ({
  ...(await original<typeof import('@/features/sleep-diary/api/sleep-diary-api')>()),
  showDiary: vi.fn(),
  consentToDiary: vi.fn(),
  saveNight: vi.fn(),
  withdrawDiary: vi.fn(),
  setReminders: vi.fn(),
}));
const show = vi.mocked(showDiary);
const consent = vi.mocked(consentToDiary);
const save = vi.mocked(saveNight);
const withdraw = vi.mocked(withdrawDiary);
const reminders = vi.mocked(setReminders);

const TOKEN = 'c2xlZXAtZGlhcnktdjF8eHw5OTk5OTk5OTk5.c2lnbmF0dXJl';
const PATH = '/en/sleep-diary';

const DIARY: SleepDiaryView = {
  appointment: {
    status: 'confirmed',
    date: '2026-12-03',
    time: '09:00',
    // As the request stores it: the catalogue's (German) label.
    service: serviceCatalog.find((service) => service.value === 'schlafberatung')!.label,
    advisor: 'sandra-huber',
    minutes: 60,
  },
  consent: false,
  reminders: false,
  today: '2026-11-27',
  firstMorning: '2026-11-13',
  lastMorning: '2026-11-27',
  deleteOn: '2027-03-03',
  nights: [],
};

const NIGHT: SleepNight = {
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
};

const GERMAN = germanTexts(germanSleepDiary.sleepDiaryPage, englishSleepDiary.sleepDiaryPage);
const germanShown = () => GERMAN.filter((text) => mainText().includes(text));

async function open(token: string | null = TOKEN) {
  window.history.replaceState(null, '', `${PATH}${token === null ? '' : `#${token}`}`);
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await act(async () => {
    opened = await renderRoute(PATH);
  });
  return opened!.user;
}

beforeEach(() => {
  for (const mock of [show, consent, save, withdraw, reminders]) mock.mockReset();
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('/en/sleep-diary', () => {
  it('knows the German texts it must not show', () => {
    expect(GERMAN.length).toBeGreaterThan(50);
  });

  it('names the appointment in English, asks for the consent in English, and links the English privacy policy', async () => {
    show.mockResolvedValue({ kind: 'diary', diary: DIARY });
    const user = await open();
    expect(screen.getByRole('heading', { level: 1, name: copy.title })).toBeInTheDocument();
    const line = `${formatDateTimeLong('2026-12-03', '09:00')} – ${findBookableService('schlafberatung').label}, ${advisorName('sandra-huber')}`;
    expect(await screen.findByText(line)).toBeInTheDocument();
    expect(screen.getByText(copy.why)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: copy.consent.privacyLink })).toHaveAttribute('href', '/en/privacy');

    // Without the tick: the message at the checkbox, in English; nothing sent.
    await user.click(screen.getByRole('button', { name: copy.consent.start }));
    expect(screen.getByText(copy.consent.required)).toBeInTheDocument();
    expect(consent).not.toHaveBeenCalled();
    expect(germanShown()).toEqual([]);

    consent.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true } });
    await user.click(screen.getByRole('checkbox', { name: new RegExp(copy.consent.checkbox.slice(0, 20)) }));
    await user.click(screen.getByRole('button', { name: copy.consent.start }));
    expect(await screen.findByRole('button', { name: copy.form.submit })).toBeInTheDocument();
    expect(screen.getByText(copy.figures.none)).toBeInTheDocument();
    expect(screen.getByText(`${copy.consent.given} ${formatDateLong('2027-03-03')}.`)).toBeInTheDocument();
    expect(germanShown()).toEqual([]);
  });

  it('refuses a broken night in English at its field, then saves it and shows its figures in English', async () => {
    show.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true } });
    const user = await open();
    await screen.findByRole('button', { name: copy.form.submit });
    // The morning's hint names the night in English.
    expect(screen.getByText(nightName('2026-11-27'))).toBeInTheDocument();
    await user.type(screen.getByLabelText(copy.labels.bedTime), '23:00');
    await user.type(screen.getByLabelText(copy.labels.attemptTime), '22:30');
    await user.type(screen.getByLabelText(copy.labels.latencyMinutes), '30');
    await user.type(screen.getByLabelText(copy.labels.awakenings), '2');
    await user.type(screen.getByLabelText(copy.labels.wakeMinutes), '20');
    await user.type(screen.getByLabelText(copy.labels.finalWakeTime), '06:15');
    await user.type(screen.getByLabelText(copy.labels.upTime), '06:45');
    await user.click(screen.getByRole('radio', { name: copy.qualities[4] }));
    await user.click(screen.getByRole('button', { name: copy.form.submit }));

    const attempt = screen.getByLabelText(copy.labels.attemptTime);
    expect(attempt).toHaveFocus();
    expect(attempt).toHaveAccessibleDescription(copy.outOfOrder.attemptTime);
    expect(save).not.toHaveBeenCalled();
    expect(germanShown()).toEqual([]);

    await user.clear(attempt);
    await user.type(attempt, '23:15');
    save.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true, nights: [NIGHT] } });
    await user.click(screen.getByRole('button', { name: copy.form.submit }));
    expect(save).toHaveBeenCalledExactlyOnceWith(TOKEN, NIGHT);
    expect(await screen.findByText(copy.form.saved(nightName('2026-11-27')))).toBeInTheDocument();

    expect(screen.getByRole('img', { name: copy.chart.label(1) })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: copy.tableCaption });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(copy.tableHeaders);
    const row = within(table).getByRole('row', { name: new RegExp(nightName('2026-11-27')) });
    // The row's short name, as the chart's: 'Fri 27/11'.
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Fri 27/11');
    expect(row.textContent).toContain(formatDuration(465));
    expect(row.textContent).toContain(copy.qualities[4]);
    expect(row.textContent).not.toContain(germanNights.formatDuration(465));
    expect(mainText()).not.toContain(germanNights.nightName('2026-11-27'));
    expect(mainText()).not.toContain(germanDates.formatDateLong('2027-03-03'));
    expect(germanShown()).toEqual([]);
  });

  it('a link that no longer works says so in English', async () => {
    show.mockResolvedValue({ kind: 'invalid_link' });
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: copy.invalid.title })).toBeInTheDocument();
    expect(screen.getByText(copy.invalid.text)).toBeInTheDocument();
    expect(germanShown()).toEqual([]);
  });

  it('without a token: what the page is for, in English', async () => {
    await open(null);
    expect(await screen.findByRole('heading', { level: 1, name: copy.missing.title })).toBeInTheDocument();
    expect(screen.getByText(copy.missing.text)).toBeInTheDocument();
    expect(germanShown()).toEqual([]);
  });
});
