/**
 * The functions' answers as zod schemas, the counterpart of ./schemas.ts (their requests).
 * Each is tied to the wire type the function answers with (`satisfies`), so a field added
 * to one and not the other stops the type check; the site parses every answer with these
 * (src/lib/call-function.ts) before a page reads it, so a malformed date or a missing list
 * becomes "failed", not a broken page. Objects are not strict: a field a newer function
 * adds is dropped, not refused. Fields a function deployed before them may lack are
 * optional (and read as null or empty where the page needs a value).
 */
import * as z from 'zod/mini';
import { parseIsoDate } from './dates.ts';
import { advisorIds, type AdvisorId } from './practice.ts';
import { OFFER_STATUSES } from './offers.ts';
import { SLOT_REFUSAL_REASONS } from './availability.ts';
import type { MailKind } from './mail-kinds.ts';
import type { MyDataSleepDiary, MyDataSleepDiaryLink, SleepDiaryAdvisorView, SleepDiaryView, SleepNight, SleepNightField, SleepNightReason } from './sleep-diary.ts';
import { SLEEP_NIGHT_FIELDS, SLEEP_QUALITIES } from './sleep-diary.ts';
import {
  APPOINTMENT_ACTION_KINDS,
  type AppointmentActionView,
  type ErasedAppointmentView,
  type FormChallenge,
  type InvoiceView,
  type MyData,
  type MyDataErased,
  type MyDataInvoicePdf,
  type ScheduleEntryView,
} from './wire-types.ts';

const isoDate = z.string().check(z.refine((value) => parseIsoDate(value) !== null, { message: 'not_a_date' }));
const clockTime = z.string().check(z.regex(/^\d{2}:\d{2}$/));
const instant = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), { message: 'not_an_instant' }));
const minutes = z.int().check(z.positive());
const advisor = z.nullable(z.enum(advisorIds)) satisfies z.ZodMiniType<AdvisorId | null>;
const status = z.enum(['requested', 'confirmed', 'declined', 'cancelled']);
const dateAndTime = z.object({ date: isoDate, time: clockTime });
const slot = z.object({ date: isoDate, time: z.nullable(clockTime) });

// --- The forms' functions (send-contact-email, send-appointment-email, newsletter, my-data's link).

/** A form's challenge (GET): the proof's parameters the browser solves (../forms/form-proof.ts). */
export const challengeAnswerSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.optional(z.string()),
      expiresAt: z.optional(z.number()),
      data: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
    }),
    signature: z.string(),
  }) satisfies z.ZodMiniType<FormChallenge>,
});

/**
 * A form's 2xx: `{ ok: true }` (the practice's mail sent), or 202 `{ queued: true }` when the
 * day's mail cap holds it back (it is sent later by the outbox).
 */
export const submissionAnswerSchema = z.object({ queued: z.optional(z.boolean()) });

/** Every error answer names its code; some say more (a refused field, a view). */
export const errorAnswerSchema = z.looseObject({ error: z.string() });

// --- The sleep diary (sleep-diary).

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

const advisorDiarySchema = z.nullable(z.object({ nights: z.array(sleepNightSchema) })) satisfies z.ZodMiniType<SleepDiaryAdvisorView | null>;

// --- «Meine Daten» (my-data).

const offeredTime = z.object({ date: isoDate, time: clockTime, offeredAt: instant, status: z.enum(['open', 'taken', 'lapsed']) });

const myDataSchema = z.object({
  mailbox: z.string(),
  readAt: instant,
  requests: z.array(
    z.object({
      id: z.string(),
      createdAt: instant,
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string(),
      service: z.string(),
      preferred: slot,
      alternative: z.nullable(slot),
      message: z.nullable(z.string()),
      status,
      confirmed: z.nullable(dateAndTime),
      minutes,
      advisor: z.nullable(z.string()),
      staffNote: z.nullable(z.string()),
      move: z.nullable(z.object({ date: isoDate, time: clockTime, status: z.enum(['requested', 'confirmed', 'declined']) })),
      cancelledAt: z.nullable(instant),
      deleteAt: instant,
      offers: z.array(offeredTime),
      earlierWish: z.nullable(z.object({ since: instant, active: z.boolean() })),
      earlierOffers: z.array(offeredTime),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.string(),
      createdAt: instant,
      name: z.string(),
      email: z.string(),
      phone: z.nullable(z.string()),
      subject: z.nullable(z.string()),
      message: z.string(),
      deleteAt: instant,
    }),
  ),
  newsletter: z.nullable(
    z.object({ email: z.string(), status: z.enum(['pending', 'confirmed']), createdAt: instant, confirmedAt: z.nullable(instant), deleteAt: z.nullable(instant) }),
  ),
  mails: z.array(
    z.object({
      // The page names the kinds it knows (content/my-data.ts); a kind newer than the site is still listed.
      kind: z.string() as z.ZodMiniType<MailKind>,
      recipient: z.enum(['practice', 'visitor', 'subscriber']),
      createdAt: instant,
      sentAt: z.nullable(instant),
      droppedAt: z.nullable(instant),
      dueAt: instant,
      deleteAt: z.nullable(instant),
    }),
  ),
  invoices: z.optional(
    z.array(
      z.object({
        number: z.string(),
        issuedOn: isoDate,
        amountRappen: z.int(),
        service: z.string(),
        appointmentDate: isoDate,
        appointmentTime: clockTime,
        name: z.string(),
        paidAt: z.nullable(instant),
        deleteAt: isoDate,
      }),
    ),
  ),
  sleepDiaries: z.array(
    z.object({ requestId: z.string(), consentedAt: instant, reminders: z.boolean(), deleteOn: isoDate, nights: z.array(sleepNightSchema) }) satisfies z.ZodMiniType<MyDataSleepDiary>,
  ),
  sleepDiaryLinks: z.optional(z.array(z.object({ requestId: z.string(), url: z.string() }) satisfies z.ZodMiniType<MyDataSleepDiaryLink>)),
}) satisfies z.ZodMiniType<MyData>;

export const myDataAnswerSchema = z.object({ data: myDataSchema });

export const myDataErasedAnswerSchema = z.object({
  erased: z.object({
    requests: z.int(),
    messages: z.int(),
    newsletter: z.int(),
    mails: z.int(),
    cancelled: z.int(),
    sleepDiaries: z.int(),
    invoicesKept: z.int(),
  }) satisfies z.ZodMiniType<MyDataErased>,
});

export const myDataInvoiceAnswerSchema = z.object({ invoice: z.object({ filename: z.string(), pdf: z.string() }) satisfies z.ZodMiniType<MyDataInvoicePdf> });

// --- The action page (appointment-action).

export const invoiceViewSchema = z.object({
  from: isoDate,
  priceRappen: z.nullable(z.int().check(z.positive())),
  invoice: z.nullable(
    z.object({
      number: z.string(),
      issuedOn: isoDate,
      amountRappen: z.int().check(z.positive()),
      state: z.enum(['unsent', 'sent', 'paid']),
      sentAt: z.nullable(instant),
      paidAt: z.nullable(instant),
    }),
  ),
}) satisfies z.ZodMiniType<InvoiceView>;

const action = z.enum(APPOINTMENT_ACTION_KINDS);

/** A field a function deployed before it may lack: null then. */
const orNull = <T extends z.ZodMiniType>(schema: T) => z._default(z.nullable(schema), null);

export const appointmentActionViewSchema = z.object({
  action,
  status,
  name: z.string(),
  service: z.string(),
  preferred: slot,
  alternative: z.nullable(slot),
  slot: z.nullable(slot),
  confirmed: z.nullable(dateAndTime),
  staffNote: z.nullable(z.string()),
  mailPending: z.boolean(),
  cancelUntil: z.nullable(instant),
  minutes,
  advisor,
  schedule: z.array(z.object({ advisor, time: clockTime, minutes, service: z.string(), name: z.string() })),
  move: orNull(z.object({ date: isoDate, time: clockTime, status: z.enum(['requested', 'confirmed', 'declined']), thisLink: z.boolean() })),
  movedFrom: orNull(dateAndTime),
  slotWarning: orNull(
    z.union([
      z.object({ kind: z.literal('holiday'), name: z.string() }),
      z.object({ kind: z.enum(['weekday', 'closure', 'time_not_offered']) }),
    ]),
  ),
  booking: orNull(z.object({ first: isoDate, last: isoDate, closedDays: z.array(isoDate) })),
  offerChoices: z.optional(z.array(dateAndTime)),
  offers: z.optional(z.array(z.object({ number: z.int(), date: isoDate, time: clockTime, status: z.enum(OFFER_STATUSES), link: z.nullable(z.string()) }))),
  offer: z.optional(z.int()),
  // Only the earlier-time links carry it (absent means none).
  earlier: z.optional(
    z.nullable(
      z.object({
        wanted: z.boolean(),
        offer: z.nullable(z.object({ date: isoDate, time: clockTime, status: z.enum(['open', 'taken', 'yours', 'expired']) })),
        nextOfferFrom: z.optional(z.nullable(instant)),
      }),
    ),
  ),
  invoicing: z.optional(invoiceViewSchema),
  sleepDiary: z.optional(advisorDiarySchema),
}) satisfies z.ZodMiniType<AppointmentActionView, unknown>;

/** A calendar entry's view link: the entry's schedule only. */
const scheduleEntrySchema = z.object({ action: z.literal('view'), status, service: z.string(), confirmed: z.nullable(dateAndTime), minutes, advisor }) satisfies z.ZodMiniType<ScheduleEntryView>;

/** A practice link whose request was deleted: the invoice kept. */
const erasedAppointmentSchema = z.object({
  action,
  appointment: z.object({ name: z.string(), service: z.string(), date: isoDate, time: clockTime, minutes, advisor }),
  invoicing: invoiceViewSchema,
}) satisfies z.ZodMiniType<ErasedAppointmentView>;

/** `show`: the request's view, a calendar entry's schedule, or a deleted appointment's invoice. */
export const showAnswerSchema = z.union([
  z.object({ entry: scheduleEntrySchema }),
  z.object({ erased: erasedAppointmentSchema }),
  z.object({ view: appointmentActionViewSchema }),
]);

/** `act`: what changed, what became of the visitor's mail, and the view as it is now. */
export const actAnswerSchema = z.object({
  result: z.enum(['changed', 'unchanged']),
  mail: z.enum(['sent', 'already_sent', 'none']),
  view: appointmentActionViewSchema,
});

/** The action page's refusals: the code, and what each carries. */
export const actionRefusalSchema = z.union([
  z.object({ error: z.literal('invalid_link'), reason: z.optional(z.string()), renewable: z.optional(z.boolean()) }),
  z.object({ error: z.literal('not_found'), forPractice: z.optional(z.boolean()) }),
  z.object({ error: z.enum(['conflict', 'too_late', 'slot_past', 'advisor_busy', 'offer_taken', 'offer_lapsed', 'mail_failed']), view: appointmentActionViewSchema }),
  z.object({ error: z.literal('unavailable'), reason: z.enum([...SLOT_REFUSAL_REASONS, 'same_slot']), view: appointmentActionViewSchema }),
  z.object({ error: z.literal('in_progress') }),
  z.object({ error: z.literal('invalid_body'), field: z.optional(z.string()) }),
]);

/** «Neuen Link an die Praxis senden» (`renew-link`): owed to the practice's address. */
export const renewAnswerSchema = z.object({ result: z.literal('owed') });
export const renewRefusalSchema = z.union([
  z.object({ error: z.literal('mail_failed'), stored: z.optional(z.boolean()) }),
  z.object({ error: z.literal('limited'), retryAfterSeconds: z.int().check(z.positive()) }),
  z.object({ error: z.literal('not_found') }),
]);

/** The invoice buttons (`invoice`, `invoice-again`, `invoice-paid`): what became of it, and the invoice part of the view. */
const invoiceOfView = z.optional(z.object({ invoicing: z.optional(invoiceViewSchema) }));
export const invoiceAnswerSchema = z.object({ result: z.string(), mail: z.enum(['sent', 'already_sent', 'none']), view: invoiceOfView });
export const invoiceRefusalSchema = z.union([
  z.object({ error: z.literal('too_soon'), from: isoDate, view: invoiceOfView }),
  z.object({ error: z.literal('invoice_failed'), cause: z.optional(z.string()), view: invoiceOfView }),
  z.object({ error: z.literal('limited'), retryAfterSeconds: z.nullable(z.int().check(z.positive())), view: invoiceOfView }),
  z.object({ error: z.literal('invalid_body'), field: z.optional(z.string()) }),
  z.object({ error: z.enum(['conflict', 'no_invoice', 'in_progress']) }),
]);
