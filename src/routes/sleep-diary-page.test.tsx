import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleepDiaryPage as copy } from '@/content/sleep-diary';
import { consentToDiary, saveNight, setReminders, showDiary, withdrawDiary } from '@/features/sleep-diary/api/sleep-diary-api';
import { normalizeClock } from '@/features/sleep-diary/night-form';
import { queryRetryDelay } from '@/lib/query-client';
import { renderRoute } from '@/test/render-route';
import { formatDateTimeLong } from '@domain/dates';
import { advisorName } from '@domain/practice';
import { formatDuration, formatPercent, nightName, type SleepDiaryView, type SleepNight } from '@domain/sleep-diary';

// The page's boundary: the tests decide what the function answers and see what is sent.
vi.mock('@/features/sleep-diary/api/sleep-diary-api', async (original) => ({
  ...(await original<typeof import('@/features/sleep-diary/api/sleep-diary-api')>()),
  showDiary: vi.fn(),
  consentToDiary: vi.fn(),
  saveNight: vi.fn(),
  withdrawDiary: vi.fn(),
  setReminders: vi.fn(),
}));
const reminders = vi.mocked(setReminders);
const show = vi.mocked(showDiary);
const consent = vi.mocked(consentToDiary);
const save = vi.mocked(saveNight);
const withdraw = vi.mocked(withdrawDiary);

const TOKEN = 'c2xlZXAtZGlhcnktdjF8eHw5OTk5OTk5OTk5.c2lnbmF0dXJl';

const DIARY: SleepDiaryView = {
  appointment: { status: 'confirmed', date: '2026-12-03', time: '09:00', service: 'Schlafberatung', advisor: 'sandra-huber', minutes: 60 },
  consent: false,
  reminders: false,
  today: '2026-11-27',
  firstMorning: '2026-11-13',
  lastMorning: '2026-11-27',
  deleteOn: '2027-03-03',
  nights: [],
};

/** The issue's example night. */
const EXAMPLE: SleepNight = {
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

async function open(token: string | null = TOKEN, query = '') {
  window.history.replaceState(null, '', `/schlaftagebuch${query}${token === null ? '' : `#${token}`}`);
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await act(async () => {
    opened = await renderRoute('/schlaftagebuch');
  });
  return opened!.user;
}

beforeEach(() => {
  for (const mock of [show, consent, save, withdraw, reminders]) mock.mockReset();
  window.sessionStorage.clear();
});
afterEach(cleanup);

describe('the sleep diary page', () => {
  it('names the appointment, says why, and stores nothing until the consent is ticked', async () => {
    show.mockResolvedValue({ kind: 'diary', diary: DIARY });
    const user = await open();
    expect(window.location.hash).toBe('');
    expect(show).toHaveBeenCalledExactlyOnceWith(TOKEN);
    expect(await screen.findByText(`${formatDateTimeLong('2026-12-03', '09:00')} – Schlafberatung, ${advisorName('sandra-huber')}`)).toBeInTheDocument();
    expect(screen.getByText(copy.why)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.form.submit })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: copy.consent.privacyLink })).toHaveAttribute('href', '/datenschutz');

    // Without the tick: a message at the checkbox, which takes the focus; nothing sent.
    await user.click(screen.getByRole('button', { name: copy.consent.start }));
    const checkbox = screen.getByRole('checkbox', { name: new RegExp(copy.consent.checkbox.slice(0, 30)) });
    expect(checkbox).toHaveFocus();
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(copy.consent.required)).toBeInTheDocument();
    expect(consent).not.toHaveBeenCalled();

    consent.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true } });
    await user.click(checkbox);
    await user.click(screen.getByRole('button', { name: copy.consent.start }));
    expect(consent).toHaveBeenCalledExactlyOnceWith(TOKEN);
    expect(await screen.findByRole('button', { name: copy.form.submit })).toBeInTheDocument();
    expect(screen.getByText(copy.figures.none)).toBeInTheDocument();
  });

  it('saves the example night typed as on a phone, and shows its figures in the chart and the table', async () => {
    show.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true } });
    const user = await open();
    await screen.findByRole('button', { name: copy.form.submit });
    expect(screen.getByLabelText(copy.labels.morning)).toHaveValue('2026-11-27');
    await user.type(screen.getByLabelText(copy.labels.bedTime), '2300');
    await user.type(screen.getByLabelText(copy.labels.attemptTime), '23.15');
    await user.type(screen.getByLabelText(copy.labels.latencyMinutes), '30');
    await user.type(screen.getByLabelText(copy.labels.awakenings), '2');
    await user.type(screen.getByLabelText(copy.labels.wakeMinutes), '20');
    await user.type(screen.getByLabelText(copy.labels.finalWakeTime), '6:15');
    await user.type(screen.getByLabelText(copy.labels.upTime), '0645');
    await user.click(screen.getByRole('radio', { name: copy.qualities[4] }));
    save.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true, nights: [EXAMPLE] } });
    await user.click(screen.getByRole('button', { name: copy.form.submit }));

    expect(save).toHaveBeenCalledExactlyOnceWith(TOKEN, EXAMPLE);
    expect(await screen.findByText(copy.form.saved(nightName('2026-11-27')))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: copy.chart.label(1) })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: copy.tableCaption });
    const row = within(table).getByRole('row', { name: new RegExp(nightName('2026-11-27')) });
    // textContent as it is: toHaveTextContent would fold the no-break spaces.
    expect(row.textContent).toContain(formatDuration(465));
    expect(row.textContent).toContain(formatDuration(370));
    expect(row.textContent).toContain(formatPercent(80));
    expect(formatDuration(465)).toBe('7\u00a0Std. 45\u00a0Min.');
  });

  it('refuses a broken night at its field: marked invalid, focused, what was typed kept, nothing sent', async () => {
    show.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true } });
    const user = await open();
    await screen.findByRole('button', { name: copy.form.submit });
    await user.type(screen.getByLabelText(copy.labels.bedTime), '23:00');
    await user.type(screen.getByLabelText(copy.labels.attemptTime), '22:30');
    await user.type(screen.getByLabelText(copy.labels.latencyMinutes), '10');
    await user.type(screen.getByLabelText(copy.labels.awakenings), '0');
    await user.type(screen.getByLabelText(copy.labels.wakeMinutes), '0');
    await user.type(screen.getByLabelText(copy.labels.finalWakeTime), '06:00');
    await user.type(screen.getByLabelText(copy.labels.upTime), '06:30');
    await user.click(screen.getByRole('radio', { name: copy.qualities[2] }));
    await user.click(screen.getByRole('button', { name: copy.form.submit }));

    const attempt = screen.getByLabelText(copy.labels.attemptTime);
    expect(attempt).toHaveFocus();
    expect(attempt).toHaveAttribute('aria-invalid', 'true');
    expect(attempt).toHaveAccessibleDescription(copy.outOfOrder.attemptTime);
    expect(attempt).toHaveValue('22:30');
    expect(screen.getByLabelText(copy.labels.bedTime)).toHaveValue('23:00');
    expect(save).not.toHaveBeenCalled();

    // A refusal by the function lands at its field the same way.
    await user.clear(attempt);
    await user.type(attempt, '23:15');
    save.mockResolvedValue({ kind: 'invalid_night', field: 'morning', reason: 'after_appointment' });
    await user.click(screen.getByRole('button', { name: copy.form.submit }));
    const morning = screen.getByLabelText(copy.labels.morning);
    expect(morning).toHaveFocus();
    expect(morning).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(copy.problems.after_appointment)).toBeInTheDocument();
  });

  it('«Einwilligung widerrufen» deletes the diary at once and asks for consent again', async () => {
    show.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true, nights: [EXAMPLE] } });
    const user = await open();
    withdraw.mockResolvedValue({ kind: 'diary', diary: DIARY });
    await user.click(await screen.findByRole('button', { name: copy.consent.withdraw }));
    expect(withdraw).toHaveBeenCalledWith(TOKEN);
    expect(await screen.findByText(copy.consent.withdrawn)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.consent.start })).toBeInTheDocument();
  });

  it('«Jeden Morgen erinnern» switches the reminder on; the reminder\'s stop link offers «Erinnerungen beenden» first, focused', async () => {
    show.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true } });
    const user = await open();
    reminders.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true, reminders: true } });
    await user.click(await screen.findByRole('checkbox', { name: copy.reminders.label }));
    expect(reminders).toHaveBeenCalledExactlyOnceWith(TOKEN, true);
    expect(await screen.findByText(copy.reminders.on)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: copy.reminders.label })).toBeChecked();
    cleanup();

    reminders.mockReset();
    show.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true, reminders: true } });
    const again = await open(TOKEN, '?erinnerungen=beenden');
    const stop = await screen.findByRole('button', { name: copy.reminders.stop });
    expect(stop).toHaveFocus();
    reminders.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true, reminders: false } });
    await again.keyboard('{Enter}');
    expect(reminders).toHaveBeenCalledExactlyOnceWith(TOKEN, false);
    expect(await screen.findByText(copy.reminders.alreadyOff)).toBeInTheDocument();
  });

  it('an expired link says so, with the way to a new one', async () => {
    show.mockResolvedValue({ kind: 'invalid_link' });
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: copy.invalid.title })).toHaveFocus();
    expect(screen.getByText(copy.invalid.text)).toBeInTheDocument();
  });

  describe('opening: only a failed call is asked again', () => {
    const allRetries = queryRetryDelay(0) + queryRetryDelay(1) + queryRetryDelay(2);
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each([
      ['an expired link', { kind: 'invalid_link' }, copy.invalid],
      ['a diary no longer kept', { kind: 'not_found' }, copy.gone],
    ] as const)('%s shows at once, asked once: a refusal is an answer, never retried', async (_case, answer, shown) => {
      show.mockResolvedValue(answer);
      await open();
      // Before the first retry would be due.
      await act(() => vi.advanceTimersByTimeAsync(queryRetryDelay(0) / 2));
      expect(screen.getByRole('heading', { level: 1, name: shown.title })).toHaveFocus();
      expect(screen.getByText(shown.text)).toBeInTheDocument();
      expect(show).toHaveBeenCalledExactlyOnceWith(TOKEN);
      // Past all the retries: still the one call.
      await act(() => vi.advanceTimersByTimeAsync(allRetries));
      expect(show).toHaveBeenCalledExactlyOnceWith(TOKEN);
    });

    it('a failed load keeps «loading» through the retries (1 s, 2 s, 4 s) and says it failed only after the last', async () => {
      show.mockResolvedValue({ kind: 'failed' });
      await open();
      for (const [retry, calls] of [[0, 1], [1, 2], [2, 3]] as const) {
        await act(() => vi.advanceTimersByTimeAsync(queryRetryDelay(retry) / 2));
        expect(show).toHaveBeenCalledTimes(calls);
        expect(screen.getByRole('status')).toHaveTextContent(copy.loading);
        await act(() => vi.advanceTimersByTimeAsync(queryRetryDelay(retry) / 2));
      }
      expect(show).toHaveBeenCalledTimes(4);
      expect(await screen.findByText(copy.failed)).toBeInTheDocument();
      expect(screen.queryByText(copy.loading)).not.toBeInTheDocument();
      expect(show.mock.calls.every(([token]) => token === TOKEN)).toBe(true);
      // Given up: nothing more is asked.
      await act(() => vi.advanceTimersByTimeAsync(allRetries));
      expect(show).toHaveBeenCalledTimes(4);
    });

    it('a retry that answers shows the diary, and no failure', async () => {
      show.mockResolvedValueOnce({ kind: 'failed' }).mockResolvedValue({ kind: 'diary', diary: DIARY });
      await open();
      await act(() => vi.advanceTimersByTimeAsync(queryRetryDelay(0)));
      expect(await screen.findByRole('button', { name: copy.consent.start })).toBeInTheDocument();
      expect(show).toHaveBeenCalledTimes(2);
      expect(screen.queryByText(copy.failed)).not.toBeInTheDocument();
    });
  });

  it('a press answered «link expired» says so; a night answered so is the form\'s failure, the diary stays', async () => {
    show.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true } });
    const user = await open();
    await screen.findByRole('button', { name: copy.form.submit });
    for (const [label, value] of [
      [copy.labels.bedTime, '23:00'], [copy.labels.attemptTime, '23:15'], [copy.labels.latencyMinutes, '30'], [copy.labels.awakenings, '2'],
      [copy.labels.wakeMinutes, '20'], [copy.labels.finalWakeTime, '06:15'], [copy.labels.upTime, '06:45'],
    ] as const) await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('radio', { name: copy.qualities[4] }));
    save.mockResolvedValue({ kind: 'invalid_link' });
    await user.click(screen.getByRole('button', { name: copy.form.submit }));
    expect(await screen.findByText(copy.failed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: copy.title })).toBeInTheDocument();
    expect(screen.getByLabelText(copy.labels.bedTime)).toHaveValue('23:00');

    withdraw.mockResolvedValue({ kind: 'not_found' });
    await user.click(screen.getByRole('button', { name: copy.consent.withdraw }));
    expect(await screen.findByRole('heading', { level: 1, name: copy.gone.title })).toHaveFocus();
    expect(screen.queryByRole('button', { name: copy.form.submit })).not.toBeInTheDocument();
    expect(withdraw).toHaveBeenCalledExactlyOnceWith(TOKEN);
  });

  it('names the night only once the date field holds a whole date (typing a year passes through 0002)', async () => {
    show.mockResolvedValue({ kind: 'diary', diary: { ...DIARY, consent: true } });
    await open();
    const morning = await screen.findByLabelText(copy.labels.morning);
    expect(morning).toHaveAccessibleDescription(nightName('2026-11-27'));
    // What Chromium's date field reports while the year is typed digit by digit.
    for (const partial of ['0002-11-26', '0020-11-26', '', '2026-11-26']) {
      await act(async () => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(morning, partial);
        morning.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }
    expect(morning).toHaveAccessibleDescription(nightName('2026-11-26'));
  });

  it('reads times typed without a colon', () => {
    expect(['2300', '23.15', '7:05', '730', '06:45', '24:00', 'x'].map(normalizeClock)).toEqual(['23:00', '23:15', '07:05', '07:30', '06:45', '24:00', 'x']);
  });
});
