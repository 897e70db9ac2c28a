/**
 * The forms' four e-mails, German with Swiss spelling, each as plain text and HTML:
 * to the practice for a contact message (Reply-To the visitor) and for an appointment
 * request (Reply-To the practice itself: it carries the practice's confirm and decline
 * links, which a reply must not quote to the visitor; a mailto link answers the visitor
 * instead), and a short acknowledgement of each to the visitor. Every visitor value is
 * HTML-escaped in the HTML part, and the visitor's address is percent-encoded in every
 * mailto link (mailto.ts); subjects hold only the visitor's name and the requested date,
 * never the message, the subject line they typed or the service (health details).
 * Pure: no network, no environment; the caller passes the addresses and the clock.
 */
import { formatDateLong, formatInstantLong } from '../domain/dates.ts';
import { escapeHtml } from '../domain/html.ts';
import { practiceContact, practiceName, replyWithinHours } from '../domain/practice.ts';
import type { AppointmentRecord } from '../database/store.ts';
import { STAFF_LINK_DAYS, type StaffLinks } from '../lifecycle/action-links.ts';
import { buildCalendarFile, calendarUid } from '../mail/ics.ts';
import {
  type Field, findService, htmlButton, htmlDocument, htmlFields, htmlSignature, type MailSettings, NOT_GIVEN, oneLine,
  paragraph, REPLY_HINT, requestedSlot, serviceWithPrice, signatureLines, textFields,
} from '../mail/layout.ts';
import { mailtoHref } from '../mail/mailto.ts';
import type { OutgoingMail } from '../mail/types.ts';
import type { ContactRequest } from './validation.ts';

// ---------------------------------------------------------------- contact form

/** The parts of a contact message its mails use: what the visitor sent, or the stored row. */
export type ContactMessage = Pick<ContactRequest, 'name' | 'email' | 'phone' | 'subject' | 'message'>;

export function contactPracticeMail(request: ContactMessage, settings: MailSettings, receivedAt: Date): OutgoingMail {
  const title = 'Neue Nachricht über das Kontaktformular';
  const fields: Field[] = [
    { label: 'Name', value: request.name },
    { label: 'E-Mail', value: request.email, href: mailtoHref(request.email) },
    { label: 'Telefon', value: request.phone ?? NOT_GIVEN },
    { label: 'Betreff', value: request.subject ?? NOT_GIVEN },
    { label: 'Eingegangen', value: formatInstantLong(receivedAt) },
    { label: 'Nachricht', value: request.message, multiline: true },
  ];
  const hint = `Mit «Antworten» schreiben Sie direkt an ${request.name}. ` +
    `Die Website verspricht eine Antwort innerhalb von ${replyWithinHours} Stunden.`;
  return {
    to: settings.practiceEmail,
    replyTo: request.email,
    subject: oneLine(`${title}: ${request.name}`),
    text: `${title}\n\n${textFields(fields)}\n\n${hint}\n`,
    html: htmlDocument(
      title,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>\n${htmlFields(fields)}\n` +
        `<p style="margin:24px 0 0;color:#475569">${escapeHtml(hint)}</p>`,
    ),
  };
}

export function contactAcknowledgementMail(request: Pick<ContactMessage, 'email'>, settings: MailSettings): OutgoingMail {
  return acknowledgement(request.email, settings, `Ihre Nachricht an ${practiceContact.name}`, [
    `Vielen Dank für Ihre Nachricht. Wir haben sie erhalten und melden uns innerhalb von ${replyWithinHours} Stunden bei Ihnen.`,
  ]);
}

// ---------------------------------------------------------------- appointment form

export function appointmentCalendarFile(record: AppointmentRecord, createdAt: Date): string {
  const name = `${record.first_name} ${record.last_name}`;
  const service = findService(record.service);
  const description = [
    `Terminanfrage über die Website, noch nicht bestätigt.`,
    `Name: ${name}`,
    `Telefon: ${record.phone}`,
    `E-Mail: ${record.email}`,
    `Dienstleistung: ${serviceWithPrice(record.service)}`,
    `Alternativtermin: ${requestedSlot(record.alternative_date, record.alternative_time)}`,
    `Anfrage-Nr.: ${record.id}`,
  ].join('\n');
  return buildCalendarFile({
    uid: calendarUid(record.id),
    date: record.preferred_date,
    time: record.preferred_time,
    // A label outside the catalogue cannot pass the database's check; an hour is a safe guess regardless.
    durationMinutes: service?.durationMinutes ?? 60,
    summary: `Terminanfrage: ${record.service} – ${name}`,
    description,
    location: practiceContact.address,
    createdAt,
  });
}

export const CALENDAR_FILENAME = 'terminanfrage.ics';

/** The practice's three links, in the text part: each label with its address on the next line. */
function staffLinksText(links: StaffLinks, record: AppointmentRecord): string {
  return staffLinkItems(links, record).map((item) => `${item.label}:\n${item.href}`).join('\n\n');
}

function staffLinkItems(links: StaffLinks, record: AppointmentRecord): { label: string; href: string }[] {
  return [
    { label: `Wunschtermin bestätigen – ${requestedSlot(record.preferred_date, record.preferred_time)}`, href: links.confirmPreferred },
    ...(links.confirmAlternative && record.alternative_date
      ? [{
        label: `Alternativtermin bestätigen – ${requestedSlot(record.alternative_date, record.alternative_time)}`,
        href: links.confirmAlternative,
      }]
      : []),
    { label: 'Ablehnen oder einen anderen Termin vorschlagen', href: links.decline },
  ];
}

/**
 * The one way to answer the visitor from the request's mail: a new mail to the visitor's
 * address (percent-encoded, so the typed address adds no header of its own) that quotes
 * nothing of this one.
 */
function answerLink(record: AppointmentRecord): { label: string; href: string } {
  return {
    label: `${record.first_name} ${record.last_name} antworten`,
    href: mailtoHref(record.email, { subject: `Ihre Terminanfrage bei ${practiceName}` }),
  };
}

export const STAFF_LINKS_HINT = 'Jeder Link öffnet eine Seite der Website mit der Anfrage; erst dort lösen Sie die Aktion mit einer ' +
  `Schaltfläche aus. Die Besucherin oder der Besucher erhält dann automatisch eine E-Mail. Die Links gelten ${STAFF_LINK_DAYS} Tage.`;

/**
 * Built from the stored row, not from the request body. `now` stamps the calendar file;
 * `links` lets the practice confirm or decline from the mail (action-links.ts).
 * Reply-To is the practice itself, never the visitor: a reply would quote the links, and
 * the visitor could confirm their own request with them. A reply by habit so comes back
 * to the practice's inbox (not to the no-reply sender, where it would vanish unseen); the
 * answer link at the top writes to the visitor.
 */
export function appointmentPracticeMail(record: AppointmentRecord, settings: MailSettings, now: Date, links: StaffLinks): OutgoingMail {
  const name = `${record.first_name} ${record.last_name}`;
  const title = 'Neue Terminanfrage';
  const receivedAt = new Date(record.created_at);
  const fields: Field[] = [
    { label: 'Name', value: name },
    { label: 'E-Mail', value: record.email, href: mailtoHref(record.email) },
    { label: 'Telefon', value: record.phone },
    { label: 'Dienstleistung', value: serviceWithPrice(record.service) },
    { label: 'Wunschtermin', value: requestedSlot(record.preferred_date, record.preferred_time) },
    { label: 'Alternativtermin', value: requestedSlot(record.alternative_date, record.alternative_time) },
    { label: 'Eingegangen', value: formatInstantLong(Number.isNaN(receivedAt.getTime()) ? now : receivedAt) },
    { label: 'Anfrage-Nr.', value: record.id },
    { label: 'Nachricht', value: record.message ?? 'Keine Nachricht', multiline: true },
  ];
  const answer = answerLink(record);
  const answerHint = `An ${name} schreiben Sie über «${answer.label}»: Das öffnet eine neue E-Mail. ` +
    'Diese Nachricht enthält Ihre Links zum Bestätigen und Ablehnen und darf nicht weitergeleitet werden; ' +
    '«Antworten» geht deshalb an Ihre eigene Adresse.';
  const hint = `Der Kalendereintrag im Anhang (${CALENDAR_FILENAME}) ist provisorisch. ` +
    `Bitte bestätigen Sie den Termin innerhalb von ${replyWithinHours} Stunden.`;
  const actionsTitle = 'Termin bestätigen oder ablehnen';
  const buttons = staffLinkItems(links, record)
    .map((item) => `<p style="margin:0 0 10px">${htmlButton(item.href, item.label, 'primary')}</p>`)
    .join('\n');
  return {
    to: settings.practiceEmail,
    replyTo: settings.practiceEmail,
    subject: oneLine(`${title}: ${name} – ${formatDateLong(record.preferred_date)}`),
    text: `${title} über die Website\n\n${answer.label}:\n${answer.href}\n\n${answerHint}\n\n` +
      `${textFields(fields)}\n\n${actionsTitle}\n\n${staffLinksText(links, record)}\n\n` +
      `${STAFF_LINKS_HINT}\n\n${hint}\n`,
    html: htmlDocument(
      title,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>\n` +
        `<p style="margin:0 0 8px">${htmlButton(answer.href, answer.label, 'secondary')}</p>\n` +
        `<p style="margin:0 0 24px;color:#475569">${escapeHtml(answerHint)}</p>\n${htmlFields(fields)}\n` +
        `<h2 style="font-size:16px;margin:24px 0 12px">${escapeHtml(actionsTitle)}</h2>\n${buttons}\n` +
        `<p style="margin:12px 0 0;color:#475569">${escapeHtml(STAFF_LINKS_HINT)}</p>\n` +
        `<p style="margin:24px 0 0;color:#475569">${escapeHtml(hint)}</p>`,
    ),
    attachments: [
      {
        filename: CALENDAR_FILENAME,
        content: appointmentCalendarFile(record, now),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

export function appointmentAcknowledgementMail(record: AppointmentRecord, settings: MailSettings): OutgoingMail {
  return acknowledgement(record.email, settings, `Ihre Terminanfrage bei ${practiceContact.name}`, [
    `Vielen Dank für Ihre Terminanfrage. Wir haben sie erhalten und bestätigen Ihren Termin innerhalb von ${replyWithinHours} Stunden.`,
    `Ihr Wunschtermin: ${requestedSlot(record.preferred_date, record.preferred_time)}. ` +
    'Verbindlich wird er mit unserer Bestätigung.',
  ]);
}

// ---------------------------------------------------------------- acknowledgements

/**
 * The visitor's copy. Anyone can type any address into a form, so this mail carries no
 * text the visitor typed (not even the name): it cannot be used to send someone else a
 * message through the practice, and it repeats no health details.
 */
function acknowledgement(to: string, settings: MailSettings, subject: string, body: readonly string[]): OutgoingMail {
  const greeting = 'Guten Tag';
  const footer = `Diese E-Mail wurde automatisch versandt, weil diese Adresse auf ${practiceContact.website} ` +
    'angegeben wurde. Falls Sie uns nicht geschrieben haben, können Sie sie ignorieren.';
  return {
    to,
    replyTo: settings.practiceEmail,
    subject,
    text: [greeting, ...body, REPLY_HINT, signatureLines.join('\n'), `--\n${footer}`].join('\n\n') + '\n',
    html: htmlDocument(
      subject,
      [paragraph(greeting), ...body.map(paragraph), paragraph(REPLY_HINT), htmlSignature(),
        `<p style="margin:32px 0 0;font-size:12px;color:#64748b">${escapeHtml(footer)}</p>`].join('\n'),
    ),
  };
}
