/**
 * «Meine Daten»'s database calls (…_my_data.sql) and the shapes of their answers: what is
 * stored about a mailbox, its appointments to cancel before an erasure, the erasure, the
 * data-link mail, and the calendar feeds' tombstones. Pure apart from the calls.
 */
import * as z from 'zod/mini';
import { type Claimed, parseAnswer, parseMailClaim, type MailClaimResult, StoreError } from '../database/store.ts';
import { advisorName, isAdvisorId } from '../domain/practice.ts';
import { reminderDueAt } from '../domain/outbox.ts';
import type { MyData, MyDataMail, MyDataMessage, MyDataNewsletter, MyDataAppointmentRequest, MyDataOfferedTime } from '../domain/wire-types.ts';

/** What public.erase_mailbox deleted. */
export interface ErasedCounts {
  requests: number;
  messages: number;
  newsletter: number;
  mails: number;
  rate_limit_events: number;
  calendar_cancellations: number;
}

/** A tombstone: an erased appointment's cancellation, for the feeds. */
export interface CalendarCancellation {
  id: string;
  confirmed_date: string;
  confirmed_time: string;
  appointment_minutes: number;
  advisor: string | null;
  calendar_sequence: number;
}

/** A data-link mail claimed for its sending: the address it goes to and when it was asked for. */
export interface DataLinkMail {
  /** The outbox row's id: its key is `data-link/<id>` (mail-keys.ts, dataLinkMailKey). */
  id: string;
  email: string;
  created_at: string;
}

export interface MyDataStore {
  /** public.my_data: everything stored about the mailbox (its key). */
  read(mailbox: string, now: Date): Promise<MyData>;
  /** public.mailbox_appointments: the confirmed appointments not begun (and cancellations whose mails are not out). */
  appointmentsToCancel(mailbox: string): Promise<string[]>;
  /** public.erase_mailbox: every row about the mailbox, in one transaction. */
  erase(mailbox: string, mailboxHash: string): Promise<ErasedCounts>;
  /** public.owe_data_link: a data-link mail owed to `email` and claimed for the caller. */
  oweDataLink(email: string): Promise<{ claim: MailClaimResult; row: DataLinkMail | null }>;
  /** public.claim_due_mail('data-link'): the link mails the asking call could not send, while their links work (the outbox). */
  claimDueLinks(limit: number, graceSeconds: number): Promise<Claimed<DataLinkMail>[]>;
  /** public.calendar_cancellations_between. */
  cancellations(from: string, to: string): Promise<CalendarCancellation[]>;
}

const count = z.number().check(z.int(), z.nonnegative());
const erasedSchema = z.object({
  requests: count,
  messages: count,
  newsletter: count,
  mails: count,
  rate_limit_events: count,
  calendar_cancellations: count,
});
export const parseErased = (value: unknown): ErasedCounts => parseAnswer(erasedSchema, value, 'unexpected_erase_answer');

export const parseIds = (value: unknown): string[] => parseAnswer(z.array(z.string()), value, 'unexpected_ids_answer');

const cancellationSchema = z.object({
  id: z.string(),
  confirmed_date: z.string(),
  confirmed_time: z.string(),
  appointment_minutes: count,
  advisor: z.nullable(z.string()),
  calendar_sequence: count,
});
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
    deleteAt: instant(str(row, 'delete_at')),
  };
}

function newsletterOf(row: Row): MyDataNewsletter {
  return {
    email: str(row, 'email'),
    status: str(row, 'status') as MyDataNewsletter['status'],
    createdAt: instant(str(row, 'created_at')),
    confirmedAt: optInstant(opt(row, 'confirmed_at')),
    deleteAt: optInstant(opt(row, 'delete_at')),
  };
}

function mailOf(row: Row): MyDataMail {
  const createdAt = instant(str(row, 'created_at'));
  // A reminder's appointment day (my_data answers it for reminders only).
  const appointmentDate = opt(row, 'appointment_date');
  return {
    kind: str(row, 'kind'),
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
  };
}

/** public.owe_data_link's answer (claim_mail's): the claim and the row. */
export function parseDataLinkClaim(value: unknown, takenAt: number): { claim: MailClaimResult; row: DataLinkMail | null } {
  const claim = parseMailClaim(value, takenAt);
  if (claim.status !== 'claimed') return { claim, row: null };
  const mail = (value as { mail: Row }).mail;
  return { claim, row: { id: str(mail, 'id'), email: str(mail, 'email'), created_at: str(mail, 'created_at') } };
}

/** claim_due_mail's data-link rows, each with its claim. */
export function parseClaimedLinks(value: unknown, takenAt: number): Claimed<DataLinkMail>[] {
  return rows(value).map((mail) => {
    const claim = str(mail, 'claim');
    return { row: { id: str(mail, 'id'), email: str(mail, 'email'), created_at: str(mail, 'created_at') }, claim: { token: claim, takenAt } };
  });
}
