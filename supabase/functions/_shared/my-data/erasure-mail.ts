/**
 * The practice's mail about an erasure («Alle meine Daten löschen» on «Meine Daten»): which
 * address asked for it, which of its appointments the erasure cancelled – said as what it
 * is, not as a cancellation through the confirmation's link – and the request to delete
 * the practice's own copies (its mails about this person), which the website cannot reach.
 * One mail per erasure, from its outbox row (kind 'erasure', public.erase_mailbox): until
 * the mail is sent the row holds the address and the cancelled slots (day, time, minutes,
 * advisor, calendar sequence), nothing else about the person; public.finish_mail clears
 * both when it is sent. Each cancelled appointment comes with a
 * METHOD:CANCEL file of the same UID, so a calendar that imported the confirmation drops
 * it. Pure.
 */
import { formatDateTimeLong, formatInstantLong } from '../domain/dates.ts';
import { escapeHtml } from '../domain/html.ts';
import { advisorName, isAdvisorId, practiceName } from '../domain/practice.ts';
import { calendarUid, buildCalendarFile } from '../mail/ics.ts';
import { htmlDocument, type MailSettings, oneLine, paragraph } from '../mail/layout.ts';
import type { MailAttachment, OutgoingMail } from '../mail/types.ts';
import { erasureMailKey, withKey } from '../mail/mail-keys.ts';

/**
 * A tombstone (calendar cancellation): what is left of an erased appointment – its id (the
 * calendar entry's UID), slot, length, advisor and sequence, nothing about the person. The
 * feeds show it as cancelled until its day has passed (table calendar_cancellations), and
 * the erasure mail lists the appointments it cancelled with these fields alone.
 */
export interface CalendarCancellation {
  id: string;
  confirmed_date: string;
  confirmed_time: string;
  appointment_minutes: number;
  advisor: string | null;
  calendar_sequence: number;
}

/** What the erasure's outbox row carries (private.mail_json of kind 'erasure'). */
export interface ErasureNotice {
  /** The outbox row's id: its key is `erasure/<id>` (erasureMailKey). */
  id: string;
  /** The address the «Meine Daten» link served, as typed when it was stored. */
  email: string;
  /** When the erasure was done. */
  created_at: string;
  appointments: CalendarCancellation[];
  /** The numbers of the address's invoices the erasure kept (ten years, CO Art. 958f). */
  invoices: string[];
}

export const ERASURE_TITLE = 'Löschung über «Meine Daten»';
export const ERASURE_CALENDAR_FILENAME = 'absage.ics';

/** The first sentence: who asked for what. */
export function erasureStatement(email: string): string {
  return `Die Person mit der E-Mail-Adresse ${email} hat über «Meine Daten» auf der Website verlangt, dass alle Daten zu dieser Adresse gelöscht werden. ` +
    'Die Website hat ihre Anfragen und Termine, Nachrichten, Schlaftagebücher, das Newsletter-Abonnement und die dazugehörigen E-Mail-Einträge gelöscht.';
}

/** The invoices the erasure kept: why, how long, and how the practice still reaches them. */
export function erasureKeptInvoices(numbers: readonly string[]): string {
  const which = numbers.length === 1 ? `Die Rechnung ${numbers[0]} bleibt` : `Die Rechnungen ${numbers.join(', ')} bleiben`;
  return `${which} gespeichert: Rechnungen bewahren wir zehn Jahre nach Ende ihres Jahres auf, wie es das Gesetz für Geschäftsbücher verlangt (Art. 958f OR). ` +
    'Ihre Links zum Termin und die Tagesübersicht öffnen sie weiter – zum Markieren als bezahlt und zum erneuten Senden an die Adresse auf der Rechnung.';
}

/** Before the cancelled appointments: cancelled by the erasure, not by the visitor's cancel link. */
export const ERASURE_CANCELLED_INTRO =
  'Mit der Löschung wurden diese Termine abgesagt (nicht über den Link in der Bestätigung, sondern weil die Person die Löschung ihrer Daten verlangt hat). ' +
  `Die Zeitpunkte sind auf der Website wieder frei; der Anhang (${ERASURE_CALENDAR_FILENAME}) entfernt sie aus Ihrem Kalender:`;

/** What the practice is asked to do: the revFADP erasure reaches its own copies too. */
export const ERASURE_COPIES_REQUEST =
  'Bitte löschen Sie auch Ihre eigenen Kopien: die E-Mails zu dieser Adresse in Ihrem Postfach (Anfragen, Nachrichten, Bestätigungen, Absagen) ' +
  'und was Sie daraus übernommen haben – ausser dem, was Sie aufbewahren müssen. Löschen Sie danach auch diese E-Mail.';

function slotLine(appointment: CalendarCancellation): string {
  const advisor = appointment.advisor !== null && isAdvisorId(appointment.advisor) ? `, ${advisorName(appointment.advisor)}` : '';
  return `${formatDateTimeLong(appointment.confirmed_date, appointment.confirmed_time)} (${appointment.appointment_minutes} Minuten${advisor})`;
}

/** METHOD:CANCEL for one cancelled appointment: its UID, the next sequence; the address as attendee, no name. */
function cancelFile(appointment: CalendarCancellation, settings: MailSettings, email: string, now: Date): string {
  return buildCalendarFile({
    uid: calendarUid(appointment.id),
    date: appointment.confirmed_date,
    time: appointment.confirmed_time,
    durationMinutes: appointment.appointment_minutes,
    summary: `Abgesagt (Löschung): ${email}`,
    description: '',
    createdAt: now,
    scheduling: {
      method: 'CANCEL',
      sequence: appointment.calendar_sequence,
      organizer: { name: practiceName, email: settings.practiceEmail },
      attendee: { name: email, email },
    },
  });
}

export function erasureMail(notice: ErasureNotice, settings: MailSettings, now: Date): OutgoingMail {
  const erasedAt = new Date(notice.created_at);
  const lines = [
    erasureStatement(notice.email),
    `Gelöscht: ${formatInstantLong(erasedAt)}`,
    ...(notice.invoices.length > 0 ? [erasureKeptInvoices(notice.invoices)] : []),
  ];
  const slots = notice.appointments.map(slotLine);
  const attachments: MailAttachment[] = notice.appointments.map((appointment, index) => ({
    filename: notice.appointments.length === 1 ? ERASURE_CALENDAR_FILENAME : `absage-${index + 1}.ics`,
    content: cancelFile(appointment, settings, notice.email, now),
    contentType: 'text/calendar; charset=utf-8; method=CANCEL',
  }));
  const text = [
    ERASURE_TITLE,
    ...lines,
    ...(slots.length > 0 ? [`${ERASURE_CANCELLED_INTRO}\n${slots.map((slot) => `- ${slot}`).join('\n')}`] : []),
    ERASURE_COPIES_REQUEST,
  ].join('\n\n') + '\n';
  const html = htmlDocument(
    ERASURE_TITLE,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(ERASURE_TITLE)}</h1>`,
      ...lines.map(paragraph),
      ...(slots.length > 0
        ? [paragraph(ERASURE_CANCELLED_INTRO), `<ul style="margin:0 0 12px">${slots.map((slot) => `<li>${escapeHtml(slot)}</li>`).join('')}</ul>`]
        : []),
      paragraph(ERASURE_COPIES_REQUEST),
    ].join('\n'),
  );
  return {
    to: settings.practiceEmail,
    subject: oneLine(`${ERASURE_TITLE}: ${notice.email}`),
    text,
    html,
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

/** The erasure mail of its outbox row, keyed by the row (the erasing call and the outbox send under the same key). */
export function erasureMailFor(notice: ErasureNotice, settings: MailSettings, now: Date): OutgoingMail {
  return withKey(erasureMail(notice, settings, now), erasureMailKey(notice.id));
}
