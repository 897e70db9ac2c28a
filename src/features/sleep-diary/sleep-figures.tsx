import { useId } from 'react';
import { sleepDiaryPage as copy } from '@/content/sleep-diary';
import {
  averageFigures,
  CHART_HOURS,
  CHART_START_HOUR,
  chartSpans,
  formatDuration,
  formatPercent,
  nightFigures,
  nightName,
  type SleepNight,
} from '@domain/sleep-diary';

const text = copy.figures;

/**
 * The nights of a diary as the visitor and the advisor read them: the averages of the
 * Consensus Sleep Diary's figures, the chart (one bar a night on a clock from 18:00 to
 * 14:00: in bed light, asleep dark) and the same nights in a table. Used on /schlaftagebuch
 * and on the appointment's page (the advisor's view). `headingLevel` fits the page around it.
 */
export function SleepFigures({ nights, headingLevel = 2 }: { nights: readonly SleepNight[]; headingLevel?: 2 | 3 }) {
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
/** A short name for a row: 'Fr 27.11.' (the table below names it in full). */
const shortName = (morning: string) => {
  const weekday = nightName(morning).replace('Nacht auf ', '').slice(0, 2);
  return `${weekday} ${Number(morning.slice(8, 10))}.${Number(morning.slice(5, 7))}.`;
};

export function SleepChart({ nights }: { nights: readonly SleepNight[] }) {
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
                {shortName(night.morning)}
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

export function NightsTable({ nights }: { nights: readonly SleepNight[] }) {
  const captionId = useId();
  return (
    // A table wider than a phone scrolls sideways: the keyboard must reach the scroller to
    // scroll it (WCAG 2.1.1; axe's scrollable-region-focusable), so it is focusable, as a region named by the caption.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the scroller itself is what the keyboard operates
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="mt-6 overflow-x-auto rounded-lg border border-sand-300 bg-white print:overflow-visible">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption id={captionId} className="px-3 pt-3 text-left font-semibold text-night-800">
          {copy.tableCaption}
        </caption>
        <thead>
          <tr className="border-b border-sand-300">
            {[text.night, text.times, text.inBed, text.sleep, text.efficiency, text.latency, text.wake, text.awakenings, text.quality, text.note].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {nights.map((night) => {
            const figures = nightFigures(night);
            return (
              <tr key={night.morning} className="border-b border-sand-200 last:border-0">
                <th scope="row" className="px-3 py-2 font-medium">
                  {nightName(night.morning)}
                </th>
                <td className="whitespace-nowrap px-3 py-2">{`${night.bedTime} – ${night.upTime}`}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatDuration(figures.inBedMinutes)}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatDuration(figures.sleepMinutes)}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatPercent(figures.efficiencyPercent)}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatDuration(figures.latencyMinutes)}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatDuration(figures.wakeMinutes)}</td>
                <td className="px-3 py-2">{night.awakenings}</td>
                <td className="whitespace-nowrap px-3 py-2">{copy.qualities[night.quality]}</td>
                <td className="px-3 py-2">{night.note ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
