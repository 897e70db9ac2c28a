/**
 * The sleep diary's database calls (…_sleep_diary.sql) and the shapes of their answers:
 * read, consent, save a night, withdraw, the reminders, and the diaries «Meine Daten» lists.
 * Pure apart from the calls: the answers are checked here, so a wrong shape is a StoreError.
 */
import * as z from 'zod/mini';
import { type AppointmentRequest, type Claimed, parseAnswer, StoreError } from '../database/store.ts';
import type { MyDataSleepDiary, SleepNight, SleepQuality } from '../domain/sleep-diary.ts';

/** An appointment's diary as the database holds it (null from read: the request is not stored). */
export interface StoredSleepDiary {
  appointment: { status: string; date: string | null; time: string | null; service: string; advisor: string | null; minutes: number };
  /** When the visitor consented; null: no diary (nothing stored). */
  consentedAt: string | null;
  reminders: boolean;
  nights: SleepNight[];
}

/** A write's answer: done, or why not (the write limit's wait in seconds). */
export type SleepDiaryWrite =
  | { result: 'consented' | 'saved' | 'withdrawn' | 'reminders_set' }
  | { result: 'not_found' | 'closed' | 'no_consent' }
  | { result: 'limited'; retryAfter: number };

export interface SleepDiaryStore {
  read(requestId: string): Promise<StoredSleepDiary | null>;
  consent(requestId: string): Promise<SleepDiaryWrite>;
  save(requestId: string, night: SleepNight): Promise<SleepDiaryWrite>;
  withdraw(requestId: string): Promise<SleepDiaryWrite>;
  /** The diaries under one address key, for «Meine Daten». */
  diariesOf(address: string): Promise<MyDataSleepDiary[]>;
  /** «Jeden Morgen erinnern» on or off (after consent). */
  setReminders(requestId: string, on: boolean): Promise<SleepDiaryWrite>;
  /** The outbox's morning: each diary's reminder of `today` owed (once a day), the stale ones superseded. How many were owed now. */
  oweReminders(today: string): Promise<number>;
  /** Up to `limit` reminders due, each claimed with its appointment (claim_mail('sleep-reminder', …), no grace: nothing else sends them). */
  claimDueReminders(limit: number): Promise<Claimed<AppointmentRequest>[]>;
  /** How many nights each of these requests' diaries keeps (a request without a diary is left out), for the digest. */
  nightCounts(requestIds: readonly string[]): Promise<Record<string, number>>;
}

const clock = z.string().check(z.regex(/^\d{2}:\d{2}$/));
const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const nightSchema = z.object({
  morning: isoDay,
  bedTime: clock,
  attemptTime: clock,
  latencyMinutes: z.number(),
  awakenings: z.number(),
  wakeMinutes: z.number(),
  finalWakeTime: clock,
  upTime: clock,
  quality: z.number(),
  note: z.nullable(z.string()),
});
const toNight = (night: z.infer<typeof nightSchema>): SleepNight => ({ ...night, quality: night.quality as SleepQuality });

const diarySchema = z.nullable(z.object({
  appointment: z.object({
    status: z.string(),
    date: z.nullable(isoDay),
    time: z.nullable(z.string()),
    service: z.string(),
    advisor: z.nullable(z.string()),
    minutes: z.number(),
  }),
  consented_at: z.nullable(z.string()),
  reminders: z.boolean(),
  nights: z.array(nightSchema),
}));

export function parseSleepDiary(value: unknown): StoredSleepDiary | null {
  const answer = parseAnswer(diarySchema, value, 'unexpected_sleep_diary_answer');
  if (answer === null) return null;
  return {
    appointment: answer.appointment,
    consentedAt: answer.consented_at === null ? null : new Date(answer.consented_at).toISOString(),
    reminders: answer.reminders,
    nights: answer.nights.map(toNight),
  };
}

const writeSchema = z.object({ result: z.string(), retry_after: z.optional(z.number()) });
const WRITE_RESULTS = ['consented', 'saved', 'withdrawn', 'reminders_set', 'not_found', 'closed', 'no_consent'] as const;

export function parseSleepDiaryWrite(value: unknown): SleepDiaryWrite {
  const answer = parseAnswer(writeSchema, value, 'unexpected_sleep_diary_write');
  if (answer.result === 'limited') return { result: 'limited', retryAfter: answer.retry_after ?? 60 };
  if (!(WRITE_RESULTS as readonly string[]).includes(answer.result)) throw new StoreError('unexpected_sleep_diary_write');
  return { result: answer.result as (typeof WRITE_RESULTS)[number] } as SleepDiaryWrite;
}

const diariesSchema = z.array(z.object({
  request_id: z.string(),
  consented_at: z.string(),
  reminders: z.boolean(),
  delete_on: isoDay,
  nights: z.array(nightSchema),
}));

export const parseNightCounts = (value: unknown): Record<string, number> =>
  parseAnswer(z.record(z.string(), z.number()), value, 'unexpected_night_counts_answer');

export function parseSleepDiaries(value: unknown): MyDataSleepDiary[] {
  return parseAnswer(diariesSchema, value, 'unexpected_sleep_diaries_answer').map((diary) => ({
    requestId: diary.request_id,
    consentedAt: new Date(diary.consented_at).toISOString(),
    reminders: diary.reminders,
    deleteOn: diary.delete_on,
    nights: diary.nights.map(toNight),
  }));
}
