/**
 * The request bodies of both functions as zod schemas: each text field by its field
 * schema (field-schemas.ts, which the forms check with before sending), services and time
 * slots from the catalogue, dates that exist, the bot signals and the form proof's shape.
 * The functions validate what arrives with these (../forms/validation.ts).
 */
import * as z from 'zod/mini';
import { parseIsoDate } from './dates.ts';
import { serviceCatalog, timeSlots } from './catalog.ts';
import { fieldSchemas, storableString } from './field-schemas.ts';
import { advisorIds } from './practice.ts';
import { MAX_OFFERS } from './offers.ts';
import { LANGUAGES } from './languages.ts';
import type { AppointmentActionCommand, AppointmentFormSubmission, ContactFormSubmission } from './wire-types.ts';
import { INVOICE_INTENTS } from './wire-types.ts';

const isoDate = storableString.check(z.refine((value) => parseIsoDate(value) !== null, { message: 'not_a_date' }));

export const serviceLabels = serviceCatalog.map((service) => service.label) as [string, ...string[]];
const service = z.enum(serviceLabels);
const timeSlot = z.enum(timeSlots);

const hex = (maxLength: number) => storableString.check(z.maxLength(maxLength), z.regex(/^[0-9a-f]+$/));
const positiveInteger = (max = Number.MAX_SAFE_INTEGER) => z.int().check(z.positive(), z.maximum(max));

/**
 * An ALTCHA payload (../form-proof.ts) in the shape the functions issue it; whether it is
 * genuine, solved and unexpired is checkProof's part. Bounded, so a forged one costs
 * nothing to refuse.
 */
const formProof = z.strictObject({
  challenge: z.strictObject({
    parameters: z.strictObject({
      algorithm: storableString.check(z.maxLength(32)),
      nonce: hex(64),
      salt: hex(64),
      cost: positiveInteger(),
      keyLength: positiveInteger(64),
      keyPrefix: hex(128),
      keySignature: z.optional(hex(128)),
      expiresAt: z.optional(positiveInteger()),
      data: z.optional(
        z
          .record(storableString.check(z.maxLength(32)), z.union([storableString.check(z.maxLength(64)), z.number(), z.boolean(), z.null()]))
          .check(z.refine((data) => Object.keys(data).length <= 4, { message: 'too_long' })),
      ),
    }),
    signature: hex(128),
  }),
  solution: z.strictObject({
    counter: z.int().check(z.nonnegative(), z.maximum(0xffffffff)),
    derivedKey: hex(128),
    time: z.optional(z.number().check(z.nonnegative())),
  }),
});

/**
 * The language of the page a form was sent from (./languages.ts), optional: a body without
 * one is German (the spec's bodies), as the columns' default is. The handlers fill in
 * DEFAULT_LANGUAGE.
 */
export const formLanguage = z.optional(z.enum(LANGUAGES));

/** What the form reports about itself so bots can be told apart (src/components/forms/bot-signals.tsx). */
export const botSignals = {
  /** The hidden honeypot field; people leave it empty. */
  website: storableString.check(z.maxLength(1000)),
  /** Milliseconds the form was open before it was sent. */
  elapsedMs: z.number().check(z.nonnegative()),
  altcha: formProof,
};

/** send-contact-email. */
export const contactSubmissionSchema = z.strictObject({
  requestId: z.guid(),
  name: fieldSchemas.fullName,
  email: fieldSchemas.email,
  phone: z.nullable(fieldSchemas.phone),
  subject: z.nullable(fieldSchemas.subject),
  message: fieldSchemas.message,
  language: formLanguage,
  ...botSignals,
}) satisfies z.ZodMiniType<ContactFormSubmission>;

/**
 * send-appointment-email: the stored row's id and its values, which must match the row.
 * An alternative time needs its day (the database's alternative_time_needs_date): the
 * refusal names alternativeDate, the field the form asks for it at.
 */
export const appointmentSubmissionSchema = z.strictObject({
  requestId: z.guid(),
  firstName: fieldSchemas.name,
  lastName: fieldSchemas.name,
  email: fieldSchemas.email,
  phone: fieldSchemas.phone,
  service,
  preferredDate: isoDate,
  preferredTime: z.nullable(timeSlot),
  alternativeDate: z.nullable(isoDate),
  alternativeTime: z.nullable(timeSlot),
  message: z.nullable(fieldSchemas.message),
  language: formLanguage,
  ...botSignals,
}).check(
  z.refine((body) => body.alternativeTime === null || body.alternativeDate !== null, {
    message: 'time_without_date',
    path: ['alternativeDate'],
  }),
) satisfies z.ZodMiniType<AppointmentFormSubmission>;

/**
 * appointment-action: the link's token and what to do (tokens are ~130 characters). A
 * move names a real date and one of the slots; whether the practice offers it then is the
 * database's check (request_appointment_move), with the closures it alone knows.
 */
export const appointmentActionSchema = z.strictObject({
  token: storableString.check(z.minLength(1), z.maxLength(512)),
  intent: z.enum(['show', 'act', 'renew-link', ...INVOICE_INTENTS]),
  date: z.optional(isoDate),
  time: z.optional(timeSlot),
  note: z.optional(fieldSchemas.staffNote),
  advisor: z.optional(z.enum(advisorIds)),
  offers: z.optional(z.array(z.strictObject({ date: isoDate, time: timeSlot })).check(z.minLength(1), z.maxLength(MAX_OFFERS))),
  amount: z.optional(storableString.check(z.maxLength(20))),
}) satisfies z.ZodMiniType<AppointmentActionCommand>;
