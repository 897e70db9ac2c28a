/**
 * The four e-mails, German with Swiss spelling, each as plain text and HTML:
 * to the practice for a contact message (Reply-To the visitor) and for an appointment
 * request (Reply-To the practice itself: it carries the practice's confirm and decline
 * links, which a reply must not quote to the visitor; a mailto link answers the visitor
 * instead), and a
 * short acknowledgement of each to the visitor. Every visitor value is HTML-escaped in
 * the HTML part, and the visitor's address is percent-encoded in every mailto link
 * (mailto.ts); subjects hold only the visitor's name and the requested date, never the
 * message, the subject line they typed or the service (health details).
 * Pure: no network, no environment; the caller passes the addresses and the clock.
 */
import { formatChf, practiceName, serviceCatalog, replyWithinHours, type ServiceCatalogEntry } from '../domain/catalog.ts';
import { formatDateLong, formatInstantLong, formatSlotLong, formatTime } from '../domain/dates.ts';
import { escapeHtml } from '../domain/html.ts';
import { STAFF_LINK_DAYS, type StaffLinks } from '../lifecycle/action-links.ts';
import { buildCalendarFile } from '../mail/ics.ts';
import type { OutgoingMail } from '../mail/types.ts';
import { mailtoHref } from '../mail/mailto.ts';
import { practiceContact } from '../domain/practice.ts';
import type { ContactRequest } from './validation.ts';
import type { AppointmentRow } from '../domain/wire-types.ts';

/** A stored appointment request as claim_appointment_notification returns it. */
export interface AppointmentRecord extends AppointmentRow {
  created_at: string;
}

/** The fixed parts of every mail: who receives the practice's copies. */
export interface MailSettings {
  practiceEmail: string;
}

export const NOT_GIVEN = 'nicht angegeben';

/** Subjects are one line whatever reaches them; validation already refuses line breaks. */
export function oneLine(value: string): string {
  // deno-lint-ignore no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}


export function findService(label: string): ServiceCatalogEntry | undefined {
  return serviceCatalog.find((service) => service.label === label);
}

/** 'Schlafberatung – CHF 190.–' or 'Schlafberatung & Beratung zu Hause – Preis auf Anfrage'. */
export function serviceWithPrice(label: string): string {
  const service = findService(label);
  if (!service) return label;
  return `${label} – ${service.priceChf === null ? 'Preis auf Anfrage' : formatChf(service.priceChf)}`;
}

export type Field = { label: string; value: string; href?: string; multiline?: boolean };

export function textFields(fields: readonly Field[]): string {
  const width = Math.max(...fields.filter((f) => !f.multiline).map((f) => f.label.length)) + 2;
  return fields
    .map((field) =>
      field.multiline ? `\n${field.label}:\n${field.value.replace(/\r\n?/g, '\n')}` : `${`${field.label}:`.padEnd(width)}${field.value}`
    )
    .join('\n');
}

const CELL = 'padding:6px 12px 6px 0;vertical-align:top;text-align:left';

export function htmlFields(fields: readonly Field[]): string {
  const rows = fields
    .filter((field) => !field.multiline)
    .map((field) => {
      const value = field.href
        ? `<a href="${escapeHtml(field.href)}">${escapeHtml(field.value)}</a>`
        : escapeHtml(field.value);
      return `<tr><th scope="row" style="${CELL};font-weight:600;white-space:nowrap">${escapeHtml(field.label)}</th>` +
        `<td style="${CELL}">${value}</td></tr>`;
    })
    .join('\n');
  const blocks = fields
    .filter((field) => field.multiline)
    .map((field) =>
      `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(field.label)}</h2>\n` +
      `<div style="white-space:pre-wrap;border-left:3px solid #cbd5e1;padding-left:12px">${escapeHtml(field.value)}</div>`
    )
    .join('\n');
  return `<table role="presentation" style="border-collapse:collapse">\n${rows}\n</table>\n${blocks}`;
}

export function htmlDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="de-CH">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;margin:0;padding:24px">
${body}
</body>
</html>
`;
}

export const paragraph = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;

const BUTTON_STYLES: Record<'primary' | 'secondary', string> = {
  primary: 'border:2px solid #1e3a5f;background:#1e3a5f;color:#ffffff',
  // The same shape, outlined: clearly a button, yet plainly not one of the actions.
  secondary: 'border:2px solid #1e3a5f;background:#ffffff;color:#1e3a5f',
};

/** A link drawn as a button (inline styles only: mail clients drop style sheets). `href` is escaped here. */
export function htmlButton(href: string, label: string, variant: 'primary' | 'secondary'): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;border-radius:6px;` +
    `${BUTTON_STYLES[variant]};font-weight:600;text-decoration:none">${escapeHtml(label)}</a>`;
}

/**
 * A practice mail the server has doubts about (the form was sent faster than a person
 * fills it in): delivered, never dropped, but marked in the subject and at the top, so
 * the practice decides. Nothing the visitor typed is added.
 */
export function markAsDoubtful(mail: OutgoingMail, reason: string): OutgoingMail {
  const note = `Bitte prüfen: ${reason}`;
  return {
    ...mail,
    subject: oneLine(`[Prüfen] ${mail.subject}`),
    text: `${note}\n\n${mail.text}`,
    html: mail.html.replace(/(<body[^>]*>\n)/, `$1<p style="margin:0 0 16px;padding:8px 12px;background:#fef3c7">${escapeHtml(note)}</p>\n`),
  };
}

/**
 * A practice mail the outbox delivers late (after a mail outage or the daily cap): the
 * subject and the top say so, so that the practice knows why the 24 hours started earlier.
 */
export function markAsDelayed(mail: OutgoingMail, receivedAt: Date): OutgoingMail {
  const note = `Verspätet zugestellt: eingegangen am ${formatInstantLong(receivedAt)}; der E-Mail-Versand war bis jetzt gestört.`;
  return {
    ...mail,
    subject: oneLine(`[Verspätet] ${mail.subject}`),
    text: `${note}\n\n${mail.text}`,
    html: mail.html.replace(/(<body[^>]*>\n)/, `$1<p style="margin:0 0 16px;padding:8px 12px;background:#e0f2fe">${escapeHtml(note)}</p>\n`),
  };
}

/** Sent once a day at most, when the daily cap on practice mails stops the forms. */
export function dailyCapNoticeMail(settings: MailSettings, cap: number, now: Date): OutgoingMail {
  const title = 'Tageslimit der Website-Formulare erreicht';
  const lines = [
    `Die Website hat heute ${cap} E-Mails aus den Formularen an die Praxis geschickt; das ist das eingestellte Tageslimit (DAILY_MAIL_CAP).`,
    'Weitere Nachrichten und Terminanfragen gehen nicht verloren: Die Website speichert sie und schickt sie Ihnen automatisch, ' +
    'sobald das Tageslimit es wieder zulässt, spätestens innerhalb von 24 Stunden. ' +
    'Ausserdem erscheinen sie in der Tagesübersicht, die Sie am nächsten Morgen per E-Mail erhalten.',
    'Die Besucherinnen und Besucher erfahren, dass ihre Anfrage gespeichert ist und verzögert bei Ihnen eintrifft.',
    'Ungewöhnlich viele Anfragen deuten auf Missbrauch hin. Die gespeicherten Anfragen finden Sie auch in der Datenbank ' +
    '(Tabellen appointment_requests und contact_submissions).',
    `Stand: ${formatInstantLong(now)}`,
  ];
  return {
    to: settings.practiceEmail,
    subject: title,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: htmlDocument(title, `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>\n${lines.map(paragraph).join('\n')}`),
  };
}

export const signatureLines = [
  'Freundliche Grüsse',
  practiceContact.name,
  practiceContact.address,
  `Telefon ${practiceContact.phone.display}`,
  practiceContact.email,
  practiceContact.website,
];

/** How a visitor reaches the practice about any automatic mail. */
export const REPLY_HINT = `Bei Fragen erreichen Sie uns unter ${practiceContact.phone.display} oder mit «Antworten» auf diese E-Mail.`;

export function htmlSignature(): string {
  return `<p style="margin:24px 0 0">${signatureLines.map(escapeHtml).join('<br>')}</p>`;
}

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

/** 'Freitag, 11. Dezember 2026, 09:30 Uhr', or the date with a note when no time was chosen. */
export function requestedSlot(date: string | null, time: string | null): string {
  if (date === null) return time === null ? 'keiner' : `${formatTime(time)} (ohne Datum)`;
  return formatSlotLong(date, time);
}

export function calendarUid(requestId: string): string {
  return `${requestId}@${practiceContact.calendarDomain}`;
}

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
