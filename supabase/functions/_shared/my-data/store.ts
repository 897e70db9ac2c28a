/**
 * «Meine Daten»'s database calls (…_my_data.sql) and the shapes of their answers: what is
 * stored under an address key (domain/my-data.ts, addressKey), the erasure with the
 * practice's erasure mail, the data-link mail within the links' budget, and the calendar
 * feeds' tombstones. Pure apart from the calls.
 */
import * as z from 'zod/mini';
import { type Claimed, type MailClaim, parseAnswer, parseMailClaim, type MailClaimResult, StoreError } from '../database/store.ts';
import type { CalendarCancellation, ErasureNotice } from './erasure-mail.ts';
import { myDataInvoices } from './invoices.ts';
import type { StoredInvoice } from '../invoices/store.ts';

export type { CalendarCancellation } from './erasure-mail.ts';
import { advisorName, isAdvisorId } from '../domain/practice.ts';
import { reminderDueAt } from '../domain/outbox.ts';
import { isMailKind } from '../domain/mail-kinds.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../domain/languages.ts';
import { parseSleepDiaries } from '../sleep-diary/store.ts';
import type { MyData, MyDataMail, MyDataMessage, MyDataNewsletter, MyDataAppointmentRequest, MyDataOfferedTime } from '../domain/wire-types.ts';

/** What public.erase_mailbox deleted and cancelled. */
export interface ErasedCounts {
  requests: number;
  messages: number;
  newsletter: number;
  mails: number;
  rate_limit_events: number;
  calendar_cancellations: number;
  /** Appointments the erasure cancelled. */
  cancelled: number;
  /** Sleep diaries deleted with their requests. */
  sleep_diaries: number;
  /** Invoices kept (ten years, CO Art. 958f). */
  invoices_kept: number;
}

/** The erasure's answer: the counts, and the practice's erasure mail claimed for the caller (null: nothing was erased, none owed). */
export interface Erasure {
  counts: ErasedCounts;
  notice: { row: ErasureNotice; claim: MailClaim } | null;
}

/** The links' budget (config.ts, Limits): one per mailbox in `perAddressSeconds`, `dailyCap` a day. */
export interface DataLinkBudget {
  perAddressSeconds: number;
  dailyCap: number;
}

/**
 * public.owe_data_link's answer: the link mail owed and claimed for the caller; written for
 * the outbox because the budget holds it back (or one is owed already); or nothing owed –
 * nothing is stored under the address.
 */
export type DataLinkOwed =
  | { status: 'claimed'; claim: MailClaim; row: DataLinkMail }
  | { status: 'deferred' }
  | { status: 'not_owed' };


/** A data-link mail claimed for its sending: the address it goes to and when it was asked for. */
export interface DataLinkMail {
  /** The outbox row's id: its key is `data-link/<id>` (mail-keys.ts, dataLinkMailKey). */
  id: string;
  email: string;
  created_at: string;
  /** The page's language the link was asked on: its mail's. */
  language: Language;
}

export interface MyDataStore {
  /** public.my_data: everything stored under the address key. */
  read(address: string, now: Date): Promise<MyData>;
  /**
   * public.erase_mailbox: in one transaction the address's appointments cancelled and every
   * row about it deleted, and the practice's erasure mail owed and claimed for the caller.
   * `mailboxHash`: the salted hash of its mailbox key (the acknowledgement's counts).
   */
  erase(address: string, mailboxHash: string): Promise<Erasure>;
  /** public.owe_data_link: the link mail to `email`, owed only when something is stored under it, within the links' budget. */
  oweDataLink(email: string, budget: DataLinkBudget, language: Language): Promise<DataLinkOwed>;
  /** public.claim_mail('data-link'), due: the link mails due (held back by the budget, or not sent by the asking call) while their links work and the budget has room (the outbox). */
  claimDueLinks(limit: number, graceSeconds: number, budget: DataLinkBudget): Promise<Claimed<DataLinkMail>[]>;
  /** public.claim_mail('erasure'), due: the erasure mails the erasing call could not send (the outbox). */
  claimDueErasures(limit: number, graceSeconds: number): Promise<Claimed<ErasureNotice>[]>;
  /** public.calendar_cancellations_between. */
  cancellations(from: string, to: string): Promise<CalendarCancellation[]>;
  /** public.my_invoice: one of the address's invoices (null: none of that number is the address's). */
  invoice(address: string, number: string): Promise<StoredInvoice | null>;
}

const count = z.number().check(z.int(), z.nonnegative());
const erasedSchema = z.object({
  requests: count,
  messages: count,
  newsletter: count,
  mails: count,
  rate_limit_events: count,
  calendar_cancellations: count,
  cancelled: count,
  sleep_diaries: z.optional(count),
  invoices_kept: z.optional(count),
});

/** A tombstone's fields: the feeds' cancelled entries, and the appointments an erasure cancelled. */
const cancellationSchema = z.object({
  id: z.string(),
  confirmed_date: z.string(),
  confirmed_time: z.string(),
  appointment_minutes: count,
  advisor: z.nullable(z.string()),
  calendar_sequence: count,
});
const erasureNoticeSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  appointments: z.array(cancellationSchema),
  /** The numbers of the invoices the erasure kept (absent in a row written before they were named). */
  invoices: z.optional(z.nullable(z.array(z.string()))),
  claim: z.string(),
});

function noticeOf(value: unknown, takenAt: number): { row: ErasureNotice; claim: MailClaim } {
  const { claim, ...row } = parseAnswer(erasureNoticeSchema, value, 'unexpected_erasure_answer');
  return { row: { ...row, appointments: row.appointments as CalendarCancellation[], invoices: row.invoices ?? [] }, claim: { token: claim, takenAt } };
}

/** public.erase_mailbox's answer: the counts, and the erasure mail when it was claimed for the caller. */
export function parseErasure(value: unknown, takenAt: number): Erasure {
  const counts = parseAnswer(erasedSchema, value, 'unexpected_erase_answer');
  const erasure = (value as { erasure?: unknown }).erasure;
  const claimed = erasure !== null && erasure !== undefined && (erasure as { status?: unknown }).status === 'claimed';
  return {
    counts: {
      requests: counts.requests,
      messages: counts.messages,
      newsletter: counts.newsletter,
      mails: counts.mails,
      rate_limit_events: counts.rate_limit_events,
      calendar_cancellations: counts.calendar_cancellations,
      cancelled: counts.cancelled,
      sleep_diaries: counts.sleep_diaries ?? 0,
      invoices_kept: counts.invoices_kept ?? 0,
    },
    notice: claimed ? noticeOf((erasure as { mail: unknown }).mail, takenAt) : null,
  };
}

/** public.claim_mail('erasure')'s due mails, each with its claim. */
export const parseClaimedErasures = (value: unknown, takenAt: number): Claimed<ErasureNotice>[] =>
  rows(value).map((mail) => noticeOf(mail, takenAt));

export const parseCancellations = (value: unknown): CalendarCancellation[] =>
  parseAnswer(z.array(cancellationSchema), value, 'unexpected_cancellations_answer');

type Row = Record<string, unknown>;
const str = (row: Row, key: string): string => {
  const value = row[key];
  if (typeof value !== 'string') throw new StoreError('unexpected_my_data_answer');
  return value;
};
const opt = (row: Row, key: string): string | null => (row[key] === null || row[key] === undefined ? null : str(row, key));
const rows = (value: unknown): Row[] => {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'object' && item !== null)) throw new StoreError('unexpected_my_data_answer');
  return value as Row[];
};
/** Postgres' timestamptz as JSON ('2026-11-27T10:00:00.123+00:00') as an ISO instant. */
const instant = (value: string) => new Date(value).toISOString();
const optInstant = (value: string | null) => (value === null ? null : instant(value));
/** A row's language (../domain/languages.ts); anything else is an answer we do not know. */
const language = (row: Row): Language => {
  const value = row.language;
  if (!isLanguage(value)) throw new StoreError('unexpected_my_data_answer');
  return value;
};

function requestOf(row: Row): MyDataAppointmentRequest {
  const advisor = opt(row, 'advisor');
  const confirmedDate = opt(row, 'confirmed_date');
  const confirmedTime = opt(row, 'confirmed_time');
  const moveStatus = opt(row, 'move_status');
  return {
    id: str(row, 'id'),
    createdAt: instant(str(row, 'created_at')),
    firstName: str(row, 'first_name'),
    lastName: str(row, 'last_name'),
    email: str(row, 'email'),
    phone: str(row, 'phone'),
    service: str(row, 'service'),
    preferred: { date: str(row, 'preferred_date'), time: opt(row, 'preferred_time') },
    alternative: opt(row, 'alternative_date') === null ? null : { date: str(row, 'alternative_date'), time: opt(row, 'alternative_time') },
    message: opt(row, 'message'),
    status: str(row, 'status') as MyDataAppointmentRequest['status'],
    confirmed: confirmedDate !== null && confirmedTime !== null ? { date: confirmedDate, time: confirmedTime } : null,
    minutes: Number(row.appointment_minutes),
    advisor: advisor !== null && isAdvisorId(advisor) ? advisorName(advisor) : null,
    staffNote: opt(row, 'staff_note'),
    move: moveStatus === null
      ? null
      : { date: str(row, 'move_date'), time: str(row, 'move_time'), status: moveStatus as 'requested' | 'confirmed' | 'declined' },
    cancelledAt: optInstant(opt(row, 'cancelled_at')),
    language: language(row),
    deleteAt: instant(str(row, 'delete_at')),
    offers: rows(row.offers).map(offeredTimeOf),
    earlierWish: earlierWishOf(row.earlier_wish),
    earlierOffers: rows(row.earlier_offers).map(offeredTimeOf),
  };
}

const OFFER_STATUSES: readonly MyDataOfferedTime['status'][] = ['open', 'taken', 'lapsed'];

/** An offered time: these fields only, whatever else the row carries. */
function offeredTimeOf(row: Row): MyDataOfferedTime {
  const status = str(row, 'status') as MyDataOfferedTime['status'];
  if (!OFFER_STATUSES.includes(status)) throw new StoreError('unexpected_my_data_answer');
  return { date: str(row, 'offered_date'), time: str(row, 'offered_time'), offeredAt: instant(str(row, 'created_at')), status };
}

function earlierWishOf(value: unknown): MyDataAppointmentRequest['earlierWish'] {
  if (value === null || value === undefined) return null;
  const row = rows([value])[0]!;
  return { since: instant(str(row, 'wished_at')), active: row.active === true };
}

function messageOf(row: Row): MyDataMessage {
  return {
    id: str(row, 'id'),
    createdAt: instant(str(row, 'created_at')),
    name: str(row, 'name'),
    email: str(row, 'email'),
    phone: opt(row, 'phone'),
    subject: opt(row, 'subject'),
    message: str(row, 'message'),
    language: language(row),
    deleteAt: instant(str(row, 'delete_at')),
  };
}

function newsletterOf(row: Row): MyDataNewsletter {
  return {
    email: str(row, 'email'),
    status: str(row, 'status') as MyDataNewsletter['status'],
    createdAt: instant(str(row, 'created_at')),
    confirmedAt: optInstant(opt(row, 'confirmed_at')),
    language: language(row),
    deleteAt: optInstant(opt(row, 'delete_at')),
  };
}

function mailOf(row: Row): MyDataMail {
  const createdAt = instant(str(row, 'created_at'));
  // A reminder's appointment day (my_data answers it for reminders only).
  const appointmentDate = opt(row, 'appointment_date');
  const kind = str(row, 'kind');
  if (!isMailKind(kind)) throw new StoreError('unexpected_my_data_answer');
  return {
    kind,
    recipient: str(row, 'recipient') as MyDataMail['recipient'],
    createdAt,
    sentAt: optInstant(opt(row, 'sent_at')),
    droppedAt: optInstant(opt(row, 'superseded_at') ?? opt(row, 'gave_up_at')),
    dueAt: appointmentDate ? reminderDueAt(appointmentDate.slice(0, 10)).toISOString() : createdAt,
    deleteAt: optInstant(opt(row, 'delete_at')),
  };
}

/** public.my_data's answer as the page shows it. */
export function parseMyData(value: unknown, mailbox: string, now: Date): MyData {
  if (typeof value !== 'object' || value === null) throw new StoreError('unexpected_my_data_answer');
  const answer = value as Row;
  return {
    mailbox,
    readAt: now.toISOString(),
    requests: rows(answer.requests).map(requestOf),
    messages: rows(answer.messages).map(messageOf),
    newsletter: answer.newsletter === null || answer.newsletter === undefined ? null : newsletterOf(rows([answer.newsletter])[0]!),
    mails: rows(answer.mails).map(mailOf),
    // The invoices (…_invoices.sql): kept ten years, also after an erasure.
    ...(answer.invoices === undefined ? {} : { invoices: myDataInvoices(answer.invoices) }),
    sleepDiaries: answer.sleep_diaries === undefined ? [] : parseSleepDiaries(answer.sleep_diaries),
  };
}

/** public.owe_data_link's answer: claim_mail's when it is owed now, else 'deferred' or 'not_owed'. */
export function parseDataLinkOwed(value: unknown, takenAt: number): DataLinkOwed {
  const status = typeof value === 'object' && value !== null ? (value as { status?: unknown }).status : undefined;
  if (status === 'deferred' || status === 'not_owed') return { status };
  const claim: MailClaimResult = parseMailClaim(value, takenAt);
  // Written and claimed in one transaction: any other answer is the database's mistake.
  if (claim.status !== 'claimed') throw new StoreError('unexpected_data_link_answer');
  const mail = (value as { mail: Row }).mail;
  return { status: 'claimed', claim: claim.claim, row: dataLinkMailOf(mail) };
}

/** public.claim_mail('data-link')'s due mails, each with its claim. */
export function parseClaimedLinks(value: unknown, takenAt: number): Claimed<DataLinkMail>[] {
  return rows(value).map((mail) => {
    const claim = str(mail, 'claim');
    return { row: dataLinkMailOf(mail), claim: { token: claim, takenAt } };
  });
}

/** A data-link row as private.data_link_mail_json writes it (German when it names no language). */
function dataLinkMailOf(mail: Row): DataLinkMail {
  const language = mail.language ?? DEFAULT_LANGUAGE;
  if (!isLanguage(language)) throw new StoreError('unexpected_data_link_answer');
  return { id: str(mail, 'id'), email: str(mail, 'email'), created_at: str(mail, 'created_at'), language };
}
