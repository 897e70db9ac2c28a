/**
 * The e-mails of an appointment's life after the request (docs/appointment-lifecycle.md),
 * German with Swiss spelling, plain text and HTML:
 * - to the visitor: the confirmation (with the calendar entry, METHOD:REQUEST, and the
 *   cancel link), the decline (with the practice's note and a link to book again), the
 *   confirmation of a cancellation (METHOD:CANCEL) and the reminder the day before;
 * - to the practice: the confirmed appointment (the same calendar entry, replacing the
 *   tentative one of the request) and the visitor's cancellation (METHOD:CANCEL).
 * These go out only after a person acted on a signed link, so unlike the acknowledgements
 * they may greet the visitor by name. Every calendar file carries the request's UID and
 * its calendar_sequence. Subjects name no service (health details). Pure: addresses,
 * links and the clock are passed in.
 */
import { cancellationNoticeHours, practiceName } from '../domain/practice.ts';
import { formatDateTimeLong, formatInstantLong, formatSlotLong } from '../domain/dates.ts';
import { calendarUid } from '../mail/ics.ts';
import { type Field, findService, htmlDocument, htmlFields, htmlSignature, type MailSettings, oneLine, paragraph, REPLY_HINT, serviceWithPrice, signatureLines, textFields } from '../mail/layout.ts';
import { escapeHtml } from '../domain/html.ts';
import { buildCalendarFile } from '../mail/ics.ts';
import type { MailAttachment, OutgoingMail } from '../mail/types.ts';
import { mailtoHref } from '../mail/mailto.ts';
import { practiceContact } from '../domain/practice.ts';
import type { AppointmentState } from '../database/store.ts';

/** A confirmed (or cancelled) appointment: the slot is set. */
export type Appointment = AppointmentState & { confirmed_date: string; confirmed_time: string };

export function isAppointment(request: AppointmentState): request is Appointment {
  return request.confirmed_date !== null && request.confirmed_time !== null;
}

export const CONFIRMED_CALENDAR_FILENAME = 'termin.ics';
export const CANCELLED_CALENDAR_FILENAME = 'absage.ics';

const HOME_VISIT = 'beratung-zuhause';

const fullName = (request: AppointmentState) => `${request.first_name} ${request.last_name}`;
const when = (appointment: Appointment) => formatDateTimeLong(appointment.confirmed_date, appointment.confirmed_time);
const isHomeVisit = (request: AppointmentState) => findService(request.service)?.value === HOME_VISIT;

/** Where the appointment takes place, as the visitor reads it. */
function placeOf(request: AppointmentState): string {
  return isHomeVisit(request) ? 'Bei Ihnen zu Hause; die Adresse besprechen wir vorher telefonisch mit Ihnen.' : practiceContact.address;
}

/** What the visitor needs to know before coming (docs/product.md, the booking page's notes). */
function preparationText(request: AppointmentState): string {
  return isHomeVisit(request)
    ? 'Bitte tragen Sie bequeme Kleidung. Eine weitere Vorbereitung ist nicht nötig.'
    : 'Bitte bringen Sie bequeme Kleidung mit; eine weitere Vorbereitung ist nicht nötig. ' +
      'Kostenlose Parkplätze finden Sie hinter dem Gebäude.';
}

function appointmentFields(appointment: Appointment): Field[] {
  const service = findService(appointment.service);
  return [
    { label: 'Termin', value: when(appointment) },
    { label: 'Dienstleistung', value: serviceWithPrice(appointment.service) },
    ...(service ? [{ label: 'Dauer', value: `${service.durationMinutes} Minuten` }] : []),
    { label: 'Ort', value: placeOf(appointment) },
  ];
}

/**
 * The appointment's calendar entry as RFC 5546 scheduling: REQUEST while confirmed,
 * CANCEL once cancelled; the practice organizes, the visitor attends.
 */
function calendarAttachment(appointment: Appointment, settings: MailSettings, now: Date, forPractice: boolean): MailAttachment {
  const method = appointment.status === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const name = fullName(appointment);
  const summary = forPractice ? `Termin: ${appointment.service} – ${name}` : `${appointment.service} bei ${practiceName}`;
  const description = forPractice
    ? [`Telefon: ${appointment.phone}`, `E-Mail: ${appointment.email}`, `Anfrage-Nr.: ${appointment.id}`].join('\n')
    : `${preparationText(appointment)}\nAbsagen bis ${cancellationNoticeHours} Stunden vorher; danach telefonisch: ${practiceContact.phone.display}.`;
  const content = buildCalendarFile({
    uid: calendarUid(appointment.id),
    date: appointment.confirmed_date,
    time: appointment.confirmed_time,
    durationMinutes: findService(appointment.service)?.durationMinutes ?? 60,
    summary,
    description,
    ...(isHomeVisit(appointment) ? {} : { location: practiceContact.address }),
    createdAt: now,
    scheduling: {
      method,
      sequence: appointment.calendar_sequence,
      organizer: { name: practiceName, email: settings.practiceEmail },
      attendee: { name, email: appointment.email },
    },
  });
  return {
    filename: method === 'CANCEL' ? CANCELLED_CALENDAR_FILENAME : CONFIRMED_CALENDAR_FILENAME,
    content,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/**
 * A piece of a visitor mail: a paragraph, a table of fields, a link on its own line, or a
 * quoted note. A link's `linkText` replaces an unreadable address (a token) in the HTML
 * part; the text part always shows the address.
 */
type Block =
  | { text: string }
  | { fields: Field[] }
  | { link: string; label: string; linkText?: string }
  | { quote: string; label: string };

function blockText(block: Block): string {
  if ('fields' in block) return textFields(block.fields);
  if ('link' in block) return `${block.label}\n${block.link}`;
  if ('quote' in block) return `${block.label}\n${block.quote.replace(/\r\n?/g, '\n')}`;
  return block.text;
}

function blockHtml(block: Block): string {
  if ('fields' in block) return `<div style="margin:0 0 12px">${htmlFields(block.fields)}</div>`;
  if ('link' in block) {
    return `<p style="margin:0 0 12px">${escapeHtml(block.label)}<br>` +
      `<a href="${escapeHtml(block.link)}" style="word-break:break-all">${escapeHtml(block.linkText ?? block.link)}</a></p>`;
  }
  if ('quote' in block) {
    return `${paragraph(block.label)}\n<blockquote style="margin:0 0 12px;white-space:pre-wrap;border-left:3px solid #cbd5e1;` +
      `padding-left:12px">${escapeHtml(block.quote)}</blockquote>`;
  }
  return paragraph(block.text);
}

function visitorMail(request: AppointmentState, settings: MailSettings, subject: string, blocks: Block[], attachments: MailAttachment[] = []): OutgoingMail {
  const all: Block[] = [{ text: `Guten Tag ${fullName(request)}` }, ...blocks, { text: REPLY_HINT }];
  return {
    to: request.email,
    replyTo: settings.practiceEmail,
    subject: oneLine(subject),
    text: [...all.map(blockText), signatureLines.join('\n')].join('\n\n') + '\n',
    html: htmlDocument(subject, [...all.map(blockHtml), htmlSignature()].join('\n')),
    ...(attachments.length ? { attachments } : {}),
  };
}

/**
 * Reply-To the visitor is safe here: these mails carry no action link (only the request's
 * mail has the practice's links, and its Reply-To is the practice; ../forms/request-emails.ts).
 */
function practiceMail(appointment: Appointment, settings: MailSettings, title: string, fields: Field[], hint: string, attachment: MailAttachment): OutgoingMail {
  const name = fullName(appointment);
  return {
    to: settings.practiceEmail,
    replyTo: appointment.email,
    subject: oneLine(`${title}: ${name} – ${when(appointment)}`),
    text: `${title}\n\n${textFields(fields)}\n\n${hint}\n`,
    html: htmlDocument(
      title,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>\n${htmlFields(fields)}\n` +
        `<p style="margin:24px 0 0;color:#475569">${escapeHtml(hint)}</p>`,
    ),
    attachments: [attachment],
  };
}

function practiceFields(appointment: Appointment, extra: Field[]): Field[] {
  return [
    { label: 'Name', value: fullName(appointment) },
    { label: 'E-Mail', value: appointment.email, href: mailtoHref(appointment.email) },
    { label: 'Telefon', value: appointment.phone },
    { label: 'Dienstleistung', value: serviceWithPrice(appointment.service) },
    { label: 'Termin', value: when(appointment) },
    ...extra,
    { label: 'Anfrage-Nr.', value: appointment.id },
  ];
}

// ---------------------------------------------------------------- confirmed

export function confirmationMail(appointment: Appointment, settings: MailSettings, now: Date, cancelUrl: string): OutgoingMail {
  return visitorMail(appointment, settings, `Terminbestätigung: ${when(appointment)}`, [
    { text: 'Gerne bestätigen wir Ihren Termin:' },
    { fields: appointmentFields(appointment) },
    { text: preparationText(appointment) },
    { text: `Im Anhang (${CONFIRMED_CALENDAR_FILENAME}) finden Sie den Termin für Ihren Kalender.` },
    {
      label: `Falls Sie verhindert sind: Bis ${cancellationNoticeHours} Stunden vor dem Termin können Sie ihn hier absagen, ` +
        'danach bitte telefonisch:',
      link: cancelUrl,
      linkText: 'Termin online absagen',
    },
  ], [calendarAttachment(appointment, settings, now, false)]);
}

export function confirmedPracticeMail(appointment: Appointment, settings: MailSettings, now: Date): OutgoingMail {
  return practiceMail(
    appointment,
    settings,
    'Termin bestätigt',
    practiceFields(appointment, []),
    `${fullName(appointment)} erhält die Bestätigung mit demselben Kalendereintrag. Der Eintrag im Anhang ` +
      `(${CONFIRMED_CALENDAR_FILENAME}) ersetzt den provisorischen Eintrag der Anfrage in Ihrem Kalender.`,
    calendarAttachment(appointment, settings, now, true),
  );
}

// ---------------------------------------------------------------- declined

export function declineMail(request: AppointmentState, settings: MailSettings, bookingUrl: string): OutgoingMail {
  const slot = formatSlotLong(request.preferred_date, request.preferred_time);
  return visitorMail(request, settings, `Ihre Terminanfrage bei ${practiceName}`, [
    { text: `Vielen Dank für Ihre Terminanfrage für ${slot}. Leider können wir Ihnen diesen Termin nicht anbieten.` },
    ...(request.staff_note ? [{ label: 'Unsere Nachricht an Sie:', quote: request.staff_note }] : []),
    { label: 'Gerne finden wir einen anderen Termin mit Ihnen. Eine neue Anfrage stellen Sie hier:', link: bookingUrl },
  ]);
}

// ---------------------------------------------------------------- cancelled

export function cancellationMail(appointment: Appointment, settings: MailSettings, now: Date, bookingUrl: string): OutgoingMail {
  return visitorMail(appointment, settings, `Absage bestätigt: ${when(appointment)}`, [
    { text: `Ihr Termin am ${when(appointment)} ist abgesagt. Die Praxis ist informiert.` },
    { text: `Der Anhang (${CANCELLED_CALENDAR_FILENAME}) entfernt den Termin aus Ihrem Kalender.` },
    { label: 'Wenn Sie einen neuen Termin möchten, fragen Sie ihn gerne hier an:', link: bookingUrl },
  ], [calendarAttachment(appointment, settings, now, false)]);
}

export function cancelledPracticeMail(appointment: Appointment, settings: MailSettings, now: Date, cancelledAt: Date): OutgoingMail {
  return practiceMail(
    appointment,
    settings,
    'Termin abgesagt',
    practiceFields(appointment, [{ label: 'Abgesagt', value: formatInstantLong(cancelledAt) }]),
    `${fullName(appointment)} hat den Termin über den Link in der Bestätigung abgesagt und erhält eine Bestätigung. ` +
      `Der Anhang (${CANCELLED_CALENDAR_FILENAME}) entfernt den Termin aus Ihrem Kalender; der Zeitpunkt ist auf der Website wieder frei.`,
    calendarAttachment(appointment, settings, now, true),
  );
}

// ---------------------------------------------------------------- reminder

export function reminderMail(appointment: Appointment, settings: MailSettings): OutgoingMail {
  return visitorMail(appointment, settings, `Erinnerung an Ihren Termin: ${when(appointment)}`, [
    { text: 'Wir freuen uns auf Sie und erinnern Sie an Ihren Termin morgen:' },
    { fields: appointmentFields(appointment) },
    { text: preparationText(appointment) },
    { text: `Falls Sie verhindert sind, rufen Sie uns bitte so früh wie möglich an: ${practiceContact.phone.display}.` },
  ]);
}
