/** «Meine Daten»'s answers (my-data; ./answers.ts). */
import * as z from 'zod/mini';
import { clockTime, dateAndTime, instant, isoDate, minutes, slot, status } from './answers.ts';
import type { MailKind } from './mail-kinds.ts';
import { LANGUAGES } from './languages.ts';
import type { MyDataSleepDiary, MyDataSleepDiaryLink } from './sleep-diary.ts';
import { sleepNightSchema } from './sleep-diary-answers.ts';
import type { MyData, MyDataErased, MyDataInvoicePdf } from './wire-types.ts';

const language = z.enum(LANGUAGES);

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
      language,
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
      language,
      deleteAt: instant,
    }),
  ),
  newsletter: z.nullable(
    z.object({ email: z.string(), status: z.enum(['pending', 'confirmed']), createdAt: instant, confirmedAt: z.nullable(instant), language, deleteAt: z.nullable(instant) }),
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

