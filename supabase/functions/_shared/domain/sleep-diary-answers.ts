/** The sleep diary function's answers (sleep-diary), and a night as every answer carries it (./answers.ts). */
import * as z from 'zod/mini';
import { clockTime, isoDate, minutes } from './answers.ts';
import type { SleepDiaryAdvisorView, SleepDiaryView, SleepNight, SleepNightField, SleepNightReason } from './sleep-diary.ts';
import { SLEEP_NIGHT_FIELDS, SLEEP_QUALITIES } from './sleep-diary.ts';

export const sleepNightSchema = z.object({
  morning: isoDate,
  bedTime: clockTime,
  attemptTime: clockTime,
  latencyMinutes: z.int(),
  awakenings: z.int(),
  wakeMinutes: z.int(),
  finalWakeTime: clockTime,
  upTime: clockTime,
  quality: z.literal(SLEEP_QUALITIES),
  note: z.nullable(z.string()),
}) satisfies z.ZodMiniType<SleepNight>;

const sleepDiaryViewSchema = z.object({
  appointment: z.object({ status: z.string(), date: isoDate, time: clockTime, service: z.string(), advisor: z.nullable(z.string()), minutes }),
  consent: z.boolean(),
  reminders: z.boolean(),
  today: isoDate,
  firstMorning: isoDate,
  lastMorning: isoDate,
  deleteOn: isoDate,
  nights: z.array(sleepNightSchema),
}) satisfies z.ZodMiniType<SleepDiaryView>;

export const sleepDiaryAnswerSchema = z.object({ diary: sleepDiaryViewSchema });

/** The refusals the diary page explains; any other error is a failure to retry. */
export const sleepDiaryRefusalSchema = z.union([
  z.object({
    error: z.literal('invalid_night'),
    field: z.enum(SLEEP_NIGHT_FIELDS) satisfies z.ZodMiniType<SleepNightField>,
    reason: z.string() as z.ZodMiniType<SleepNightReason>,
  }),
  z.object({ error: z.enum(['no_consent', 'closed']) }),
]);

export const advisorDiarySchema = z.nullable(z.object({ nights: z.array(sleepNightSchema) })) satisfies z.ZodMiniType<SleepDiaryAdvisorView | null>;

