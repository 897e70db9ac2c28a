/**
 * The sleep diary (docs/product.md §10): a visitor's nights before their first
 * appointment, kept on the page /schlaftagebuch and read by the advisor on the action page.
 * The rules of one night and the figures of the Consensus Sleep Diary (Carney et al., SLEEP
 * 35(2), 2012) are written here once: the page checks a night with `parseNight` (its schema, `sleepNightSchema`) before
 * sending it, the function sleep-diary checks it again with the same call, and the database
 * gets its copy of the limits generated (`npm run db:rules`: the note's length, the minutes,
 * the writes a day, the retention). Pure: no network, no environment; the clock is passed in.
 *
 * Times are wall-clock times on a 24-hour clock ('HH:MM') and a night is named by its
 * morning (the calendar day of «Aufgestanden»). The four times follow each other in the
 * order bed ≤ attempt ≤ final awakening ≤ up; each may cross midnight, so each is the first
 * such time after the one before, and bed to up lies within 24 hours. The figures count
 * real minutes on the practice's clock (Europe/Zurich): the night the clocks go forward
 * is an hour shorter than its wall clock says, the night they go back an hour longer.
 */
import * as z from 'zod/mini';
import { formatDateLong, parseIsoDate, zurichInstant } from './dates.ts';
import { looksBlank, MULTI_LINE_FORBIDDEN, storableProblem } from './field-rules.ts';
import type { MailKind } from './mail-kinds.ts';
import { LINKED_PAGE_PATHS } from './link-paths.ts';

/** The function's name (supabase/functions/sleep-diary), which the page calls. */
export const SLEEP_DIARY_FUNCTION = 'sleep-diary';

/** The page's path on the site (src/lib/route-table.ts, id 'schlaftagebuch'). */
export const SLEEP_DIARY_PAGE_PATH = LINKED_PAGE_PATHS.sleepDiary.de;

/** A morning may be entered at most this many days back (a diary kept from memory a week later is no diary). */
export const SLEEP_DIARY_DAYS_BACK = 14;

/** The diary is deleted this many days after the appointment (the privacy notice says so). */
export const SLEEP_DIARY_RETENTION_DAYS = 90;

/** Nights saved (or consent given, withdrawn) per appointment in a day, counted in the database. */
export const SLEEP_DIARY_DAILY_WRITES = 60;

/** The morning reminder («Jeden Morgen erinnern») is owed from this hour (Zurich) each morning until the appointment. */
export const SLEEP_REMINDER_HOUR = 7;

/**
 * The morning reminders a day in all, their own budget's cap (sleep-diary/reminder-budget.ts;
 * no other mail counts towards it). Reminders go only to confirmed appointments whose visitor
 * turned them on, so the practice's confirmations bound them: two advisors hold about 20 of the
 * hour-long consultations a day, some 100 a working week, and a diary is kept for the two weeks
 * before its appointment (nights go back SLEEP_DIARY_DAYS_BACK days) – every appointment of two
 * full weeks with its reminders on is 200. A day that owes more is a diary turned on months
 * ahead in a fully booked practice, or a fault (reminders owed twice over); the cap keeps the
 * outbox from mailing on, and what it holds back is dropped with its cause, never sent late.
 */
export const SLEEP_REMINDER_DAILY_CAP = 200;

/** The reminder's kind in the registry of mail kinds (domain/mail-kinds.ts). */
export const SLEEP_REMINDER_KIND = 'sleep-reminder' satisfies MailKind;

/** The note's length in characters (optional). */
export const SLEEP_NOTE_MAX = 500;

/** The most minutes «Einschlafdauer» and «Wach in der Nacht» may say (a whole day). */
export const SLEEP_MINUTES_MAX = 1440;

/** The most awakenings a night may count. */
export const SLEEP_AWAKENINGS_MAX = 99;

/** «Schlafqualität»: 1 (sehr schlecht) … 5 (sehr gut); the labels are the site's (content/sleep-diary.ts). */
export const SLEEP_QUALITIES = [1, 2, 3, 4, 5] as const;
export type SleepQuality = (typeof SLEEP_QUALITIES)[number];

/** One night as the page sends it and the function stores it (table sleep_diary_nights). */
export interface SleepNight {
  /** The morning's calendar day, 'YYYY-MM-DD': the night's name. */
  morning: string;
  /** «Zu Bett gegangen», 'HH:MM'. */
  bedTime: string;
  /** «Einschlafversuch ab». */
  attemptTime: string;
  /** «Einschlafdauer (Minuten)». */
  latencyMinutes: number;
  /** «Wie oft aufgewacht». */
  awakenings: number;
  /** «Wach in der Nacht (Minuten)». */
  wakeMinutes: number;
  /** «Endgültig aufgewacht». */
  finalWakeTime: string;
  /** «Aufgestanden». */
  upTime: string;
  quality: SleepQuality;
  /** «Notiz»: null when empty. Health data: never in a mail to the practice, a log, a feed or a URL. */
  note: string | null;
}

/** The fields of a night, in the form's order: a problem names one of them. */
export const SLEEP_NIGHT_FIELDS = [
  'morning',
  'bedTime',
  'attemptTime',
  'latencyMinutes',
  'awakenings',
  'wakeMinutes',
  'finalWakeTime',
  'upTime',
  'quality',
  'note',
] as const satisfies readonly (keyof SleepNight)[];
export type SleepNightField = (typeof SLEEP_NIGHT_FIELDS)[number];

/**
 * Why a night is refused, at which field. The German message for each is the site's
 * (content/sleep-diary.ts `sleepDiaryPage.problems`).
 */
export type SleepNightReason =
  | 'missing'
  | 'not_a_date'
  | 'in_future'
  | 'too_old'
  | 'after_appointment'
  | 'not_a_time'
  | 'not_a_number'
  | 'too_many'
  | 'out_of_order'
  | 'too_long'
  | 'latency_too_long'
  | 'wake_too_long'
  | 'not_a_choice'
  | 'control_character'
  | 'not_well_formed';

export interface SleepNightProblem {
  field: SleepNightField;
  reason: SleepNightReason;
}

/** What a night's date is checked against: today in Zurich and the appointment's day. */
export interface SleepDiaryDays {
  /** Today on the practice's calendar, 'YYYY-MM-DD'. */
  today: string;
  /** The appointment's day, 'YYYY-MM-DD'. */
  appointmentDate: string;
}

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const DAY_MINUTES = 1440;

/** 'HH:MM' → minutes after midnight. */
function clockMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** The calendar day `days` after an ISO date. */
export function addDays(iso: string, days: number): string {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`Not an ISO calendar date: ${iso}`);
  return new Date(Date.UTC(date.year, date.month - 1, date.day + days)).toISOString().slice(0, 10);
}

/** The first and the last morning a night may be entered for on `days.today`. */
export function morningWindow(days: SleepDiaryDays): { first: string; last: string } {
  const last = days.appointmentDate < days.today ? days.appointmentDate : days.today;
  return { first: addDays(days.today, -SLEEP_DIARY_DAYS_BACK), last };
}

/** The wall-clock minutes from each time to the next (bed→attempt, attempt→final, final→up), each in 0 … 1439. */
function clockGaps(night: Pick<SleepNight, 'bedTime' | 'attemptTime' | 'finalWakeTime' | 'upTime'>): [number, number, number] {
  const [bed, attempt, final, up] = [night.bedTime, night.attemptTime, night.finalWakeTime, night.upTime].map(clockMinutes) as [
    number,
    number,
    number,
    number,
  ];
  const gap = (from: number, to: number) => (to - from + DAY_MINUTES) % DAY_MINUTES;
  return [gap(bed, attempt), gap(attempt, final), gap(final, up)];
}

/** The four times of a night as instants: «Aufgestanden» on the morning, each earlier one the wall-clock gap before the next. */
function nightInstants(night: Pick<SleepNight, 'morning' | 'bedTime' | 'attemptTime' | 'finalWakeTime' | 'upTime'>) {
  const [toAttempt, toFinal, toUp] = clockGaps(night);
  // Each time's calendar day: the morning, or the day before when it lies before the morning's midnight.
  const dayOf = (minutesToUp: number) => (clockMinutes(night.upTime) - minutesToUp < 0 ? addDays(night.morning, -1) : night.morning);
  const at = (time: string, minutesToUp: number) => zurichInstant(dayOf(minutesToUp), time).getTime();
  return {
    bed: at(night.bedTime, toAttempt + toFinal + toUp),
    attempt: at(night.attemptTime, toFinal + toUp),
    final: at(night.finalWakeTime, toUp),
    up: zurichInstant(night.morning, night.upTime).getTime(),
  };
}

const isWhole = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/** A rule of one field: its reason when the value breaks it; the first broken rule ends the field's check. */
const rule = (holds: (value: unknown) => boolean, reason: SleepNightReason) => z.refine(holds, { message: reason, abort: true });

const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const clockTime = z.custom<string>().check(rule((value) => typeof value === 'string' && value !== '', 'missing'), rule((value) => TIME.test(value as string), 'not_a_time'));
const count = (max: number) =>
  z.custom<number>().check(
    rule(present, 'missing'),
    rule((value) => typeof value === 'number' && Number.isInteger(value) && value >= 0, 'not_a_number'),
    rule((value) => isWhole(value, max), 'too_many'),
  );

/**
 * A night as the page sends it, parsed against `days`: each field by its rules in the form's
 * order, then – only when every field holds – the order of the times and the minutes between
 * them. A refused night's issues carry the field as their path and the reason as their message
 * (nightProblem reads the first). The site checks a night with it before sending, the function
 * when it arrives.
 */
export function sleepNightSchema(days: SleepDiaryDays) {
  const window = morningWindow(days);
  return z
    .strictObject({
      morning: z.custom<string>().check(
        rule((value) => typeof value === 'string' && value !== '', 'missing'),
        rule((value) => parseIsoDate(value as string) !== null, 'not_a_date'),
        rule((value) => (value as string) <= days.today, 'in_future'),
        rule((value) => (value as string) <= days.appointmentDate, 'after_appointment'),
        rule((value) => (value as string) >= window.first, 'too_old'),
      ),
      bedTime: clockTime,
      attemptTime: clockTime,
      latencyMinutes: count(SLEEP_MINUTES_MAX),
      awakenings: count(SLEEP_AWAKENINGS_MAX),
      wakeMinutes: count(SLEEP_MINUTES_MAX),
      finalWakeTime: clockTime,
      upTime: clockTime,
      quality: z.custom<SleepQuality>().check(
        rule(present, 'missing'),
        rule((value) => (SLEEP_QUALITIES as readonly unknown[]).includes(value), 'not_a_choice'),
      ),
      note: z.pipe(
        z.custom<string | null | undefined>().check(
          rule((value) => value === undefined || value === null || typeof value === 'string', 'not_a_choice'),
          // What the database cannot store first: the rule every function's text is held to.
          z.check((ctx) => {
            const unstorable = typeof ctx.value === 'string' ? storableProblem(ctx.value) : null;
            if (unstorable) ctx.issues.push({ code: 'custom', message: unstorable, input: ctx.value, continue: false });
          }),
          rule((value) => typeof value !== 'string' || [...value].length <= SLEEP_NOTE_MAX, 'too_long'),
          rule((value) => typeof value !== 'string' || !MULTI_LINE_FORBIDDEN.test(value), 'control_character'),
        ),
        z.transform(cleanNote),
      ),
    })
    .check(
      z.check((ctx) => {
        const night = ctx.value;
        const refuse = (field: SleepNightField, reason: SleepNightReason) => {
          ctx.issues.push({ code: 'custom', message: reason, path: [field], input: night });
        };
        const gaps = clockGaps(night);
        if (gaps[0] + gaps[1] + gaps[2] >= DAY_MINUTES) {
          // The times go round the clock: one is out of order. The longest gap is where it breaks
          // (bed 23:00, attempt 22:30 reads as 23½ hours later): the field after it is marked.
          const longest = gaps.indexOf(Math.max(...gaps));
          return refuse((['attemptTime', 'finalWakeTime', 'upTime'] as const)[longest]!, 'out_of_order');
        }
        const instants = nightInstants(night);
        const asleepSpan = (instants.final - instants.attempt) / 60_000;
        if (night.latencyMinutes > asleepSpan) return refuse('latencyMinutes', 'latency_too_long');
        if (night.latencyMinutes + night.wakeMinutes > asleepSpan) refuse('wakeMinutes', 'wake_too_long');
      }),
    ) satisfies z.ZodMiniType<SleepNight, unknown>;
}

/** A night parsed (the note cleaned: blanks are no note), or its first problem in the form's order. */
export function parseNight(night: unknown, days: SleepDiaryDays): { night: SleepNight; problem: null } | { night: null; problem: SleepNightProblem } {
  const parsed = sleepNightSchema(days).safeParse(night);
  if (parsed.success) return { night: parsed.data, problem: null };
  const [issue] = parsed.error.issues;
  const field = issue?.path[0];
  // Not a night at all (not an object, a key of none of its fields; the function refuses those
  // before, as a malformed body): refused at its first field.
  return (SLEEP_NIGHT_FIELDS as readonly unknown[]).includes(field) && issue
    ? { night: null, problem: { field: field as SleepNightField, reason: issue.message as SleepNightReason } }
    : { night: null, problem: { field: 'morning', reason: 'missing' } };
}

/** The first problem of a night in the form's order, or null (parseNight's). */
export function nightProblem(night: Record<string, unknown>, days: SleepDiaryDays): SleepNightProblem | null {
  return parseNight(night, days).problem;
}

/** A night as the page's form holds it: a note of blanks only is no note. */
export function cleanNote(note: string | null | undefined): string | null {
  return note === undefined || note === null || looksBlank(note) ? null : note.trim();
}

/** The figures of one night (or their averages), in whole minutes and a whole percent. */
export interface SleepFigures {
  /** Time in bed: up − bed. */
  inBedMinutes: number;
  /** Sleep: final awakening − attempt − minutes to fall asleep − minutes awake. */
  sleepMinutes: number;
  /** Sleep efficiency: sleep ÷ time in bed, whole percent. */
  efficiencyPercent: number;
  /** Minutes to fall asleep. */
  latencyMinutes: number;
  /** Minutes awake in the night. */
  wakeMinutes: number;
}

/** The Consensus Sleep Diary's figures of a valid night (nightProblem null), in real minutes. */
export function nightFigures(night: SleepNight): SleepFigures {
  const at = nightInstants(night);
  const inBed = Math.round((at.up - at.bed) / 60_000);
  const sleep = Math.round((at.final - at.attempt) / 60_000) - night.latencyMinutes - night.wakeMinutes;
  return {
    inBedMinutes: inBed,
    sleepMinutes: sleep,
    efficiencyPercent: inBed > 0 ? Math.round((sleep / inBed) * 100) : 0,
    latencyMinutes: night.latencyMinutes,
    wakeMinutes: night.wakeMinutes,
  };
}

/**
 * The averages over the nights kept: each figure's mean, rounded to a whole minute; the
 * efficiency the mean of the nights' efficiencies (each unrounded), rounded. Null without a night.
 */
export function averageFigures(nights: readonly SleepNight[]): SleepFigures | null {
  if (nights.length === 0) return null;
  const each = nights.map(nightFigures);
  const mean = (pick: (figures: SleepFigures) => number) => Math.round(each.reduce((sum, figures) => sum + pick(figures), 0) / each.length);
  const efficiency = each.reduce((sum, f) => sum + (f.inBedMinutes > 0 ? f.sleepMinutes / f.inBedMinutes : 0), 0) / each.length;
  return {
    inBedMinutes: mean((f) => f.inBedMinutes),
    sleepMinutes: mean((f) => f.sleepMinutes),
    efficiencyPercent: Math.round(efficiency * 100),
    latencyMinutes: mean((f) => f.latencyMinutes),
    wakeMinutes: mean((f) => f.wakeMinutes),
  };
}

/** A duration as the diary writes it: '7 Std. 45 Min.', '45 Min.', '8 Std.' (no-break spaces, so it never wraps inside). */
export function formatDuration(minutes: number): string {
  const sign = minutes < 0 ? '−' : '';
  const whole = Math.abs(Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${sign}${rest}\u00a0Min.`;
  return rest === 0 ? `${sign}${hours}\u00a0Std.` : `${sign}${hours}\u00a0Std. ${rest}\u00a0Min.`;
}

/** A percentage: '80 %' (a no-break space, as Swiss typesetting has it). */
export function formatPercent(percent: number): string {
  return `${percent}\u00a0%`;
}

/** A night's name by its morning: '2026-11-27' → 'Nacht auf Freitag, 27. November'. */
export function nightName(morning: string): string {
  return `Nacht auf ${formatDateLong(morning).replace(/ \d{4}$/, '')}`;
}

/**
 * Where on the chart's clock (minutes after 18:00 the evening before the morning) a night's
 * times lie: the bar in bed from bed to up, asleep from the attempt plus the minutes to fall
 * asleep to the final awakening. Wall-clock positions (a chart reads like a clock), clamped
 * to the chart's 18:00–14:00.
 */
export const CHART_START_HOUR = 18;
export const CHART_HOURS = 20;
export function chartSpans(night: SleepNight): { bed: number; up: number; asleepFrom: number; asleepTo: number } {
  const [toAttempt, toFinal, toUp] = clockGaps(night);
  const up = (clockMinutes(night.upTime) - CHART_START_HOUR * 60 + DAY_MINUTES) % DAY_MINUTES;
  const final = up - toUp;
  const attempt = final - toFinal;
  const bed = attempt - toAttempt;
  const clamp = (value: number) => Math.min(Math.max(value, 0), CHART_HOURS * 60);
  return { bed: clamp(bed), up: clamp(up), asleepFrom: clamp(Math.min(attempt + night.latencyMinutes, final)), asleepTo: clamp(final) };
}

/** The field limits of the form's inputs (the note's `limit`, the counts' max), the same the checks use. */
export const SLEEP_FIELD_LIMITS = { note: SLEEP_NOTE_MAX, minutes: SLEEP_MINUTES_MAX, awakenings: SLEEP_AWAKENINGS_MAX } as const;

/** What the page sends the function sleep-diary (the token from the link's fragment). */
export type SleepDiaryCommand =
  | { action: 'show' | 'consent' | 'withdraw'; token: string }
  | { action: 'save'; token: string; night: SleepNight }
  | { action: 'reminders'; token: string; on: boolean };

/** The diary as the page shows it (the function's 200 answer `{ diary }`). */
export interface SleepDiaryView {
  appointment: {
    /** The request's status: only a confirmed appointment's diary takes nights. */
    status: string;
    date: string;
    time: string;
    service: string;
    /** An AdvisorId (domain/practice.ts). */
    advisor: string | null;
    minutes: number;
  };
  /** The visitor consented: nights are stored. */
  consent: boolean;
  /** «Jeden Morgen erinnern» is on. */
  reminders: boolean;
  /** Today in Zurich: the date field's default. */
  today: string;
  /** The mornings a night may be entered for now (morningWindow). */
  firstMorning: string;
  lastMorning: string;
  /** The last day the diary is kept (SLEEP_DIARY_RETENTION_DAYS after the appointment). */
  deleteOn: string;
  /** The nights, by morning. */
  nights: SleepNight[];
}

/** A diary as «Meine Daten» shows and exports it, under its request. */
export interface MyDataSleepDiary {
  requestId: string;
  consentedAt: string;
  reminders: boolean;
  deleteOn: string;
  nights: SleepNight[];
}

/**
 * The diary as the advisor reads it on the appointment's page (the practice's links: the
 * calendar feeds' view link and the staff links): whether the visitor consented, and the
 * nights. Null in the view when nothing is kept.
 */
export interface SleepDiaryAdvisorView {
  nights: SleepNight[];
}

/** A diary's link as «Meine Daten» offers it: the appointment's request and the page's address with its token. */
export interface MyDataSleepDiaryLink {
  requestId: string;
  url: string;
}

/** The function's refusals besides invalid_body and invalid_link. */
export type SleepDiaryRefusal =
  | { error: 'invalid_night'; field: SleepNightField; reason: SleepNightReason }
  | { error: 'no_consent' }
  | { error: 'closed' }
  | { error: 'not_found' }
  | { error: 'rate_limited'; retryAfter: number };
