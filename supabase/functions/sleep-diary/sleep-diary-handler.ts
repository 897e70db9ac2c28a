/**
 * sleep-diary: the sleep diary (the site's page /schlaftagebuch; contract: ../README.md,
 * «sleep-diary»; types: _shared/domain/sleep-diary.ts). Every call carries the token of the
 * link «Schlaftagebuch führen» (_shared/sleep-diary/tokens.ts): it names one appointment
 * request and works until the end of the day after the appointment.
 *
 * - POST `{ action: 'show', token }`: 200 `{ diary: SleepDiaryView }` – the appointment,
 *   the consent, the nights; reading changes nothing.
 * - POST `{ action: 'consent', token }`: «Ich willige ein …»; from now on nights are stored.
 * - POST `{ action: 'save', token, night }`: the night checked with the domain's rules
 *   (parseNight, the night schema the page checks with too) against today in Zurich and the appointment's
 *   day, then stored, its morning's night replaced. 400 `{ error: 'invalid_night', field,
 *   reason }` stores nothing; 409 `{ error: 'no_consent' }` before consent.
 * - POST `{ action: 'withdraw', token }`: «Einwilligung widerrufen»: the diary deleted at once.
 * - POST `{ action: 'reminders', token, on }`: «Jeden Morgen erinnern» on, or «Erinnerungen
 *   beenden» (the reminder mail's link opens the page with that button): after consent, a write.
 * Refusals: 403 `{ error: 'invalid_link', reason }`; 404 `{ error: 'not_found' }` (the request
 * was erased); 409 `{ error: 'closed' }` (the appointment is not confirmed any more: a night
 * or consent is refused, withdrawal works); 429 `{ error: 'rate_limited', retryAfter }`
 * (SLEEP_DIARY_DAILY_WRITES per appointment a day, counted in the database).
 * The nights are health data: neither the token nor any night, note or figure is logged.
 */
import * as z from 'zod/mini';
import { zurichIsoDate } from '../_shared/domain/dates.ts';
import {
  addDays,
  morningWindow,
  parseNight,
  SLEEP_DIARY_FUNCTION,
  SLEEP_NIGHT_FIELDS,
  SLEEP_DIARY_RETENTION_DAYS,
  type SleepDiaryView,
} from '../_shared/domain/sleep-diary.ts';
import { storableString } from '../_shared/domain/field-schemas.ts';
import { validateBody } from '../_shared/forms/validation.ts';
import { type JsonObject, readJsonObject } from '../_shared/http/json.ts';
import { type Answer, type FunctionDeps, openRequest } from '../_shared/http/request-gate.ts';
import { failureCause } from '../_shared/mail/budget.ts';
import type { SleepDiaryStore, SleepDiaryWrite, StoredSleepDiary } from '../_shared/sleep-diary/store.ts';
import { readSleepDiaryToken } from '../_shared/sleep-diary/tokens.ts';

export const FUNCTION_NAME = SLEEP_DIARY_FUNCTION;

const token = storableString.check(z.minLength(1), z.maxLength(1024));
/** A night's keys (no other); their values are parsed by the domain's night schema (parseNight), which names the field and the rule. */
const nightSchema = z.partialRecord(z.enum(SLEEP_NIGHT_FIELDS), z.unknown());
const commandSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.enum(['show', 'consent', 'withdraw']), token }),
  z.strictObject({ action: z.literal('save'), token, night: nightSchema }),
  z.strictObject({ action: z.literal('reminders'), token, on: z.boolean() }),
]);

/** The diary as the page shows it: nothing of the request but its appointment. */
function viewOf(stored: StoredSleepDiary, now: Date): SleepDiaryView {
  const today = zurichIsoDate(0, now);
  const date = stored.appointment.date ?? today;
  const window = morningWindow({ today, appointmentDate: date });
  return {
    appointment: {
      status: stored.appointment.status,
      date,
      time: stored.appointment.time ?? '',
      service: stored.appointment.service,
      advisor: stored.appointment.advisor,
      minutes: stored.appointment.minutes,
    },
    consent: stored.consentedAt !== null,
    reminders: stored.reminders,
    today,
    firstMorning: window.first,
    lastMorning: window.last,
    deleteOn: addDays(date, SLEEP_DIARY_RETENTION_DAYS),
    nights: stored.nights,
  };
}

/** A write the database refused, as the page is answered; null when it was done. */
function refusal(answer: Answer, write: SleepDiaryWrite): Response | null {
  switch (write.result) {
    case 'not_found':
      return answer(404, { error: 'not_found' }, { code: 'not_found' });
    case 'closed':
      return answer(409, { error: 'closed' }, { code: 'closed' });
    case 'no_consent':
      return answer(409, { error: 'no_consent' }, { code: 'no_consent' });
    case 'limited':
      return answer(429, { error: 'rate_limited', retryAfter: write.retryAfter }, { code: 'rate_limited' }, { 'retry-after': String(write.retryAfter) });
    default:
      return null;
  }
}

export function createSleepDiaryHandler(deps: FunctionDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  return async function handle(request: Request): Promise<Response> {
    const opened = openRequest(request, {
      fn: FUNCTION_NAME,
      methods: ['POST'],
      caller: 'client',
      config: deps.config,
      ready: Boolean(deps.sleepDiary),
      log: deps.log,
    });
    if ('response' in opened) return opened.response;
    const { answer } = opened;
    const diaries: SleepDiaryStore = deps.sleepDiary!;
    const at = now();
    try {
      const body = await readJsonObject(request);
      if (!body.ok) return answer(body.status, { error: body.error }, { code: body.error });
      const valid = validateBody(commandSchema, body.value);
      if (!valid.ok) {
        return answer(400, { error: 'invalid_body', field: valid.field }, { code: 'invalid_body', field: valid.knownField ? valid.field : 'unknown_key' });
      }
      const command = valid.value;
      const link = await readSleepDiaryToken(deps.config.actionSecret, command.token, at);
      if (!link.ok) return answer(403, { error: 'invalid_link', reason: link.reason }, { code: `link_${link.reason}` });
      const { requestId } = link.claim;

      const shown = async (code: string) => {
        const stored = await diaries.read(requestId);
        if (stored === null) return answer(404, { error: 'not_found' }, { code: 'not_found' });
        return answer(200, { diary: viewOf(stored, at) } as unknown as JsonObject, { code });
      };

      switch (command.action) {
        case 'show':
          return await shown('shown');
        case 'consent':
          return refusal(answer, await diaries.consent(requestId)) ?? await shown('consented');
        case 'withdraw':
          return refusal(answer, await diaries.withdraw(requestId)) ?? await shown('withdrawn');
        case 'reminders':
          return refusal(answer, await diaries.setReminders(requestId, command.on)) ?? await shown(command.on ? 'reminders_on' : 'reminders_off');
        case 'save': {
          const stored = await diaries.read(requestId);
          if (stored === null) return answer(404, { error: 'not_found' }, { code: 'not_found' });
          if (stored.appointment.status !== 'confirmed' || stored.appointment.date === null) {
            return answer(409, { error: 'closed' }, { code: 'closed' });
          }
          const { night, problem } = parseNight(command.night, { today: zurichIsoDate(0, at), appointmentDate: stored.appointment.date });
          if (problem) {
            return answer(400, { error: 'invalid_night', field: problem.field, reason: problem.reason }, { code: 'invalid_night', field: problem.field });
          }
          return refusal(answer, await diaries.save(requestId, night)) ?? await shown('saved');
        }
      }
    } catch (error) {
      return answer(500, { error: 'internal_error' }, { code: 'internal_error', cause: failureCause(error) });
    }
  };
}
