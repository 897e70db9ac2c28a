/** The action page's answers (appointment-action: show, act, renew-link and the invoice buttons; ./answers.ts). */
import * as z from 'zod/mini';
import { advisor, clockTime, dateAndTime, instant, isoDate, minutes, slot, status } from './answers.ts';
import { SLOT_REFUSAL_REASONS } from './availability.ts';
import { OFFER_STATUSES } from './offers.ts';
import { advisorDiarySchema } from './sleep-diary-answers.ts';
import { APPOINTMENT_ACTION_KINDS, type AppointmentActionView, type ErasedAppointmentView, type InvoiceView, type ScheduleEntryView } from './wire-types.ts';

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
