/**
 * What the appointment stories share: the action links in a mail, their path on the site
 * under test, the calendar files, and requests stored directly in the database.
 */
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import type { AdvisorId } from '../../supabase/functions/_shared/domain/practice.ts';
import type { StoredAppointmentRequest } from '../../supabase/functions/_shared/database/store.ts';
import { appointmentPracticeMail } from '../../supabase/functions/_shared/forms/request-emails.ts';
import type { OutgoingMail } from '../../supabase/functions/_shared/mail/types.ts';
import type { Mail } from '../../tests/support/mail-api.ts';
import type { Locator, Page } from '@playwright/test';
import { invoiceTexts } from '../../src/content/invoice.ts';
import { mails, queryRows } from './backend.ts';
import { e2e } from './context.ts';
import { LINKED_PAGE_PATHS } from '../../supabase/functions/_shared/domain/link-paths.ts';

export const isTo = (mail: Mail, address: string) => mail.To.some((to) => to.Address.toLowerCase() === address.toLowerCase());

/** The action-page links in a mail's text part (the token is the fragment). */
export function actionLinks(mail: Mail): string[] {
  return [...mail.Text.matchAll(ACTION_LINK)].map((match) => match[0]);
}

/** A link to the action page in either language (@domain/link-paths), with its token. */
const ACTION_LINK = new RegExp(
  `https?://\\S+(?:${Object.values(LINKED_PAGE_PATHS.action).map((path) => path.replace(/\//g, '\\/')).join('|')})#[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+`,
  'g',
);

/**
 * The words above each action-page link in a mail's text (the templates write
 * «<label>:» on the line before the link): what the reader takes each link for.
 */
export function actionLinkLabels(text: string): string[] {
  const lines = text.split(/\r?\n/);
  return lines.flatMap((line, index) => (/^https?:\/\/\S+\/termin\/aktion#/.test(line) ? [lines[index - 1] ?? ''] : []));
}

/**
 * The practice's mail of the stored request from this address as request-emails.ts writes
 * it, with the action links a received copy carries (`links`: confirm the wished slot, the
 * alternative if any, decline) – to compare the received mail's words with.
 */
export async function requestPracticeMailFor(email: string, links: readonly string[]): Promise<OutgoingMail> {
  const [row] = await queryRows<Omit<StoredAppointmentRequest, 'created_at'> & { created_at: Date }>(
    `select id::text, first_name, last_name, email, phone, service, preferred_date::text, preferred_time,
            alternative_date::text, alternative_time, message, language, created_at
       from public.appointment_requests where email = $1`,
    [email],
  );
  if (!row) throw new Error(`no request from ${email}`);
  const [confirmPreferred, ...others] = links;
  return appointmentPracticeMail({ ...row, created_at: row.created_at.toISOString() }, { practiceEmail: e2e().practiceEmail }, new Date(), {
    confirmPreferred: confirmPreferred!,
    confirmAlternative: others.length > 1 ? others[0]! : null,
    decline: others.at(-1)!,
    // Only the links' hint names it; the labels do not.
    until: new Date(),
  });
}

/** The link on the site under test: the mails point at SITE_URL, which is the build under test on the stand-in. */
export const onSite = (link: string) => `/termin/aktion${new URL(link).hash}`;

/**
 * The buttons that decide something on the action page: every button of <main> but the
 * invoice's, which the practice's links of an appointment show beside the decision
 * (src/features/invoice/invoice-panel.tsx).
 */
export function decisionButtons(page: Page): Locator {
  const invoiceButtons = [invoiceTexts.send, invoiceTexts.sendAgain, invoiceTexts.markPaid, invoiceTexts.sending];
  const escaped = invoiceButtons.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return page.getByRole('main').getByRole('button').filter({ hasNotText: new RegExp(`^(${escaped.join('|')})$`) });
}

export async function attachmentText(mail: Mail, filename: string): Promise<string> {
  const part = mail.Attachments.find((attachment) => attachment.FileName === filename);
  if (!part) throw new Error(`${mail.Subject}: no ${filename}`);
  return (await mails().attachment(mail.ID, part.PartID)).toString('utf8');
}

export function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    startZone: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
    startLocal: event.startDate.toString(),
    start: event.startDate.toJSDate(),
  };
}

/** Who asks and for what, for requests stored directly; by default Rita Rhein's Follow-up Termin (30 minutes). */
export interface StoredRequest {
  /** The service's label, as the form stores it ('Schlafberatung': 60 minutes). */
  service?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Stores an open request directly, as the booking form's insert would (its mail counts as
 * sent: its outbox mail of kind 'request' is marked sent, nothing for the outbox).
 */
export async function requestedAppointment(date: string, time: string, email: string, request: StoredRequest = {}): Promise<string> {
  const { service = 'Follow-up Termin', firstName = 'Rita', lastName = 'Rhein' } = request;
  const id = randomUUID();
  await queryRows(
    `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
     values ($1, $2, $3, $4, '044 000 00 00', $5, $6, $7)`,
    [id, firstName, lastName, email, service, date, time],
  );
  await queryRows(`update public.outbox_mails set sent_at = now() where appointment_request_id = $1 and kind = 'request' and sent_at is null`, [id]);
  return id;
}

/**
 * Counts the mails of the request's current state as sent, as the action page's press
 * leaves them: its unsent outbox mail of kind 'outcome' is marked sent.
 */
export async function outcomeMailsSent(id: string): Promise<void> {
  await queryRows(`update public.outbox_mails set sent_at = now() where appointment_request_id = $1 and kind = 'outcome' and sent_at is null`, [id]);
}

/** The request's reminders in the outbox (public.outbox_mails of kind 'reminder'), oldest first. */
export async function reminderMails(id: string) {
  return queryRows<{ sent_at: Date | null; claimed_at: Date | null; superseded_at: Date | null }>(
    `select sent_at, claimed_at, superseded_at from public.outbox_mails
      where appointment_request_id = $1 and kind = 'reminder' order by created_at, id`,
    [id],
  );
}

/**
 * Stores a confirmed appointment directly: the decision through the database's own
 * function – with `advisor`, or the first advisor free – and its confirmation mail
 * counted as sent (as the action page's press leaves it), so that the outbox has no late
 * confirmation to send for it. Throws when the database does not confirm it: only two
 * appointments can overlap (two advisors), so a test that books a third at the same time
 * learns it here, not from a puzzling page later.
 */
export async function confirmedAppointment(
  date: string,
  time: string,
  email: string,
  request: StoredRequest & { advisor?: AdvisorId } = {},
): Promise<string> {
  const id = await requestedAppointment(date, time, email, request);
  const [decided] = await queryRows<{ answer: { result: string } }>(`select public.decide_appointment($1, 'confirm', $2, $3, null, $4) as answer`, [
    id,
    date,
    time,
    request.advisor ?? null,
  ]);
  if (decided?.answer.result !== 'changed') throw new Error(`${date} ${time} was not confirmed: ${decided?.answer.result}`);
  await outcomeMailsSent(id);
  return id;
}
