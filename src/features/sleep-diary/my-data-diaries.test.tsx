import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sleepDiaryMyData as copy, sleepDiaryPage } from '@/content/sleep-diary';
import { formatDateLong } from '@domain/dates';
import { nightName } from '@domain/sleep-diary';
import type { MyData } from '@domain/wire-types';
import { MyDataSleepDiaries } from './my-data-diaries';

afterEach(cleanup);

const NIGHT = {
  morning: '2026-11-27',
  bedTime: '23:00',
  attemptTime: '23:15',
  latencyMinutes: 30,
  awakenings: 2,
  wakeMinutes: 20,
  finalWakeTime: '06:15',
  upTime: '06:45',
  quality: 3 as const,
  note: 'Nachbarn laut',
};

const DATA = {
  mailbox: 'anna@example.ch',
  readAt: '2026-11-27T09:00:00.000Z',
  requests: [{ id: 'r1', service: 'Schlafberatung', confirmed: { date: '2026-12-03', time: '09:00' } }],
  messages: [],
  newsletter: null,
  mails: [],
  sleepDiaries: [{ requestId: 'r1', consentedAt: '2026-11-20T07:00:00.000Z', reminders: false, deleteOn: '2027-03-03', nights: [NIGHT] }],
  sleepDiaryLinks: [{ requestId: 'r1', url: 'http://localhost:5173/schlaftagebuch#abc.def' }],
} as unknown as MyData;

describe('«Meine Daten»: the sleep diary', () => {
  it('shows the diary with its nights and deletion day, and the link «Schlaftagebuch führen»', () => {
    render(<MyDataSleepDiaries data={DATA} />);
    const section = screen.getByRole('region', { name: new RegExp(copy.title) });
    expect(within(section).getByRole('link', { name: sleepDiaryPage.linkLabel })).toHaveAttribute('href', 'http://localhost:5173/schlaftagebuch#abc.def');
    expect(within(section).getByText(formatDateLong('2027-03-03'))).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: new RegExp(nightName('2026-11-27')) })).toHaveTextContent('Nachbarn laut');
  });

  it('says when there is none', () => {
    render(<MyDataSleepDiaries data={{ ...DATA, sleepDiaries: [], sleepDiaryLinks: [] }} />);
    expect(screen.getByText(copy.none)).toBeInTheDocument();
  });
});
