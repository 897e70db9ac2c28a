import { useId } from 'react';
import { useCopy } from '@/content/copy';
import { sleepFormatsCopy } from '@/content/sleep-formats';
import { sleepDiaryCopy } from '@/content/sleep-diary';
import type { Language } from '@/lib/language';
import { useLanguage } from '@/lib/page-links';
import {
  averageFigures,
  CHART_HOURS,
  CHART_START_HOUR,
  chartSpans,
  nightFigures,
  type SleepNight,
} from '@domain/sleep-diary';

type Texts = (typeof sleepDiaryCopy)[Language]['sleepDiaryPage'];
type DateFormats = (typeof sleepFormatsCopy)[Language];

/**
 * The nights of a diary as the visitor and the advisor read them: the averages of the
 * Consensus Sleep Diary's figures, the chart (one bar a night on a clock from 18:00 to
 * 14:00: in bed light, asleep dark) and the same nights in a table. Used on /schlaftagebuch
 * and on the appointment's page (the advisor's view). `headingLevel` fits the page around it.
 */
export function SleepFigures({ nights, headingLevel = 2 }: { nights: readonly SleepNight[]; headingLevel?: 2 | 3 }) {
  const text = useCopy(sleepDiaryCopy).sleepDiaryPage.figures;
  const { formatDuration, formatPercent } = useCopy(sleepFormatsCopy);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const averages = averageFigures(nights);
  if (!averages) return <p className="mt-3 text-ink-muted">{text.none}</p>;
  const figures: [string, string][] = [
    [text.inBed, formatDuration(averages.inBedMinutes)],
    [text.sleep, formatDuration(averages.sleepMinutes)],
    [text.efficiency, formatPercent(averages.efficiencyPercent)],
    [text.latency, formatDuration(averages.latencyMinutes)],
    [text.wake, formatDuration(averages.wakeMinutes)],
  ];
  return (
    <div className="mt-4">
      <Heading className="text-xl font-semibold text-night-800">{text.averagesTitle(nights.length)}</Heading>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-sand-300 bg-white p-3 print:border-black">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="mt-1 text-lg font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <SleepChart nights={nights} />
      <NightsTable nights={nights} />
    </div>
  );
}

/** Row height, label column and plot width in the SVG's own units (it scales to the width it gets). */
const ROW = 32;
const LABEL = 72;
const PLOT = 288;
const TOP = 26;
const minutesToX = (minutes: number) => LABEL + (minutes / (CHART_HOURS * 60)) * PLOT;
/**
 * A short name for a row: 'Fr 27.11.', in English 'Fri 27/11' (the table below names it in
 * full). The weekday is the one the night's full name says ('Nacht auf Freitag, …',
 * 'Night before Friday, …').
 */
function shortName(morning: string, language: Language, nightName: DateFormats['nightName']): string {
  const day = Number(morning.slice(8, 10));
  const month = Number(morning.slice(5, 7));
  if (language === 'en') return `${nightName(morning).replace('Night before ', '').slice(0, 3)} ${day}/${month}`;
  return `${nightName(morning).replace('Nacht auf ', '').slice(0, 2)} ${day}.${month}.`;
}

export function SleepChart({ nights }: { nights: readonly SleepNight[] }) {
  const { sleepDiaryPage: copy } = useCopy(sleepDiaryCopy);
  const { nightName } = useCopy(sleepFormatsCopy);
  const language = useLanguage();
  const height = TOP + nights.length * ROW + 6;
  const ticks = Array.from({ length: CHART_HOURS / 2 + 1 }, (_, index) => index * 2);
  return (
    <figure className="mt-6">
      <svg
        role="img"
        aria-label={copy.chart.label(nights.length)}
        viewBox={`0 0 ${LABEL + PLOT + 12} ${height}`}
        className="h-auto w-full max-w-xl text-night-800"
      >
        {ticks.map((hours) => {
          const x = minutesToX(hours * 60);
          return (
            <g key={hours}>
              <line x1={x} x2={x} y1={TOP - 4} y2={height - 4} stroke="currentColor" strokeOpacity={0.2} strokeWidth={0.5} />
              {/* A label every four hours keeps them large enough on a phone; the lines stay every two. */}
              {hours % 4 === 0 && (
                <text x={x} y={15} textAnchor="middle" fontSize={13} fill="currentColor">
                  {String((CHART_START_HOUR + hours) % 24).padStart(2, '0')}
                </text>
              )}
            </g>
          );
        })}
        {nights.map((night, index) => {
          const spans = chartSpans(night);
          const y = TOP + index * ROW;
          return (
            <g key={night.morning}>
              <text x={0} y={y + 21} fontSize={13} fill="currentColor">
                {shortName(night.morning, language, nightName)}
              </text>
              <rect
                x={minutesToX(spans.bed)}
                y={y + 4}
                width={Math.max(minutesToX(spans.up) - minutesToX(spans.bed), 1)}
                height={ROW - 8}
                rx={3}
                fill="#c9d6ea"
                stroke="#1e3a5f"
                strokeWidth={0.75}
              />
              <rect
                x={minutesToX(spans.asleepFrom)}
                y={y + 9}
                width={Math.max(minutesToX(spans.asleepTo) - minutesToX(spans.asleepFrom), 0)}
                height={ROW - 18}
                rx={2}
                fill="#1e3a5f"
              />
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-ink-muted">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-5 rounded-sm border border-[#1e3a5f] bg-[#c9d6ea]" />
          {copy.chart.inBed}
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-5 rounded-sm bg-[#1e3a5f]" />
          {copy.chart.asleep}
        </span>
      </figcaption>
    </figure>
  );
}

/** A night's figures in the table's order, between its name and its note: [label, value]. */
function nightValues(night: SleepNight, copy: Texts, { formatDuration, formatPercent }: DateFormats): [label: string, value: string][] {
  const text = copy.figures;
  const figures = nightFigures(night);
  return [
    // A no-break space before the dash: a narrow column breaks after it, never leaves it alone on a line.
    [text.times, `${night.bedTime}\u00a0– ${night.upTime}`],
    [text.inBed, formatDuration(figures.inBedMinutes)],
    [text.sleep, formatDuration(figures.sleepMinutes)],
    [text.efficiency, formatPercent(figures.efficiencyPercent)],
    [text.latency, formatDuration(figures.latencyMinutes)],
    [text.wake, formatDuration(figures.wakeMinutes)],
    [text.awakenings, String(night.awakenings)],
    [text.quality, copy.qualities[night.quality]],
  ];
}

/**
 * The nights with their figures: where its box is at least 42rem wide (the advisor's view at
 * 1280 px, the visitor's page on a desktop), a table whose ten columns all fit – the cells
 * wrap at their spaces, the longer headers at their soft hyphens, the night's name is short
 * (its full name for screen readers), and a note breaks anywhere; in a narrower box (a phone)
 * the same nights as a list, each night a description list under its name. A container
 * query, not the viewport's width: the box decides, whichever page it is on. Only one of the
 * two is displayed, so assistive technology meets the nights once.
 */
export function NightsTable({ nights }: { nights: readonly SleepNight[] }) {
  const { sleepDiaryPage: copy } = useCopy(sleepDiaryCopy);
  const dates = useCopy(sleepFormatsCopy);
  const { nightName } = dates;
  const language = useLanguage();
  const captionId = useId();
  const listCaptionId = useId();
  return (
    <div className="@container mt-6">
      {/*
        A table wider than its box after all (a large minimum font size set in the browser)
        scrolls sideways: the keyboard must reach the scroller to scroll it (WCAG 2.1.1; axe's
        scrollable-region-focusable), so it is focusable, as a region named by the caption.
      */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the scroller itself is what the keyboard operates */}
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="hidden overflow-x-auto rounded-lg border border-sand-300 bg-white @2xl:block print:overflow-visible">
        <table className="w-full text-left text-sm">
          <caption id={captionId} className="px-2 pt-3 text-left font-semibold text-night-800">
            {copy.tableCaption}
          </caption>
          <thead>
            <tr className="border-b border-sand-300">
              {copy.tableHeaders.map((label) => (
                <th key={label} scope="col" className="px-2 py-2 align-bottom font-semibold">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {nights.map((night) => (
              <tr key={night.morning} className="border-b border-sand-200 align-top last:border-0">
                <th scope="row" className="whitespace-nowrap px-2 py-2 font-medium">
                  <span aria-hidden="true">{shortName(night.morning, language, nightName)}</span>
                  <span className="sr-only">{nightName(night.morning)}</span>
                </th>
                {nightValues(night, copy, dates).map(([label, value]) => (
                  <td key={label} className="px-2 py-2">
                    {value}
                  </td>
                ))}
                <td className="min-w-24 px-2 py-2 [overflow-wrap:anywhere]">{night.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="@2xl:hidden">
        <p id={listCaptionId} className="font-semibold text-night-800">
          {copy.tableCaption}
        </p>
        <ul aria-labelledby={listCaptionId} className="mt-2 space-y-3">
          {nights.map((night) => (
            <li key={night.morning} className="rounded-lg border border-sand-300 bg-white p-3 print:border-black">
              <p className="font-semibold text-night-800">{nightName(night.morning)}</p>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {nightValues(night, copy, dates).map(([label, value]) => (
                  <div key={label} className="min-w-0">
                    <dt className="text-ink-muted">{label}</dt>
                    <dd className="font-medium text-ink">{value}</dd>
                  </div>
                ))}
                {night.note !== null && (
                  <div className="col-span-2 min-w-0">
                    <dt className="text-ink-muted">{copy.figures.note}</dt>
                    <dd className="whitespace-pre-line text-ink [overflow-wrap:anywhere]">{night.note}</dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
