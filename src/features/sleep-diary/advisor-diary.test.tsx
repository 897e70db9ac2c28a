import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sleepDiaryAdvisorView as copy, sleepDiaryPage } from '@/content/sleep-diary';
import { formatDuration, formatPercent, nightName, type SleepNight } from '@domain/sleep-diary';
import { AdvisorSleepDiary } from './advisor-diary';

afterEach(cleanup);

const night = (morning: string, upTime = '06:45'): SleepNight => ({
  morning,
  bedTime: '23:00',
  attemptTime: '23:15',
  latencyMinutes: 30,
  awakenings: 2,
  wakeMinutes: 20,
  finalWakeTime: '06:15',
  upTime,
  quality: 3,
  note: null,
});

describe('the advisor\'s view of the sleep diary', () => {
  it('shows the averages, the chart and the nights', () => {
    render(<AdvisorSleepDiary diary={{ nights: [night('2026-11-26'), night('2026-11-27', '07:15')] }} />);
    const section = screen.getByRole('region', { name: copy.title });
    expect(within(section).getByRole('img', { name: sleepDiaryPage.chart.label(2) })).toBeInTheDocument();
    expect(within(section).getAllByRole('row')).toHaveLength(3);
    expect(within(section).getByRole('row', { name: new RegExp(nightName('2026-11-27')) }).textContent).toContain(formatDuration(495));
    // Averages: in bed (465 + 495) / 2 = 480 → «8 Std.»; efficiency (79.6 % + 74.7 %) / 2 → 77 %.
    const averages = within(section).getByRole('heading', { name: sleepDiaryPage.figures.averagesTitle(2) }).nextElementSibling!;
    expect(averages.textContent).toContain(formatDuration(480));
    expect(averages.textContent).toContain(formatPercent(77));
  });

  it('has every night twice, once for each width: a table row with its column headers, and a list item with a description list', () => {
    render(<AdvisorSleepDiary diary={{ nights: [night('2026-11-26'), { ...night('2026-11-27'), quality: 5, note: 'Espresso am Abend' }] }} />);
    const section = screen.getByRole('region', { name: copy.title });
    const table = within(section).getByRole('table', { name: sleepDiaryPage.tableCaption });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(sleepDiaryPage.tableHeaders);
    // The row header shows the short name; its full name is what a screen reader reads.
    expect(within(table).getByRole('rowheader', { name: nightName('2026-11-27') })).toBeInTheDocument();
    const list = within(section).getByRole('list', { name: sleepDiaryPage.tableCaption });
    const item = within(list).getAllByRole('listitem')[1]!;
    expect(item).toHaveTextContent(nightName('2026-11-27'));
    const terms = within(item).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toContain(sleepDiaryPage.figures.quality);
    expect(terms).toContain(sleepDiaryPage.figures.note);
    const quality = within(item).getByText(sleepDiaryPage.figures.quality, { selector: 'dt' });
    expect(quality.nextElementSibling).toHaveTextContent(sleepDiaryPage.qualities[5]);
    // A night without a note has no «Notiz» in its list.
    expect(within(within(list).getAllByRole('listitem')[0]!).queryByText(sleepDiaryPage.figures.note, { selector: 'dt' })).toBeNull();
  });

  it('says when there is no diary, or no night yet', () => {
    render(<AdvisorSleepDiary diary={null} />);
    expect(screen.getByText(copy.none)).toBeInTheDocument();
    cleanup();
    render(<AdvisorSleepDiary diary={{ nights: [] }} />);
    expect(screen.getByText(copy.noNights)).toBeInTheDocument();
  });
});
