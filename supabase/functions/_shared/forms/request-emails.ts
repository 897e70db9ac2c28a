/**
 * The forms' four e-mails, each as plain text and HTML: the practice's German with Swiss
 * spelling (naming the visitor's language when it is not German: «Sprache: Englisch»), the
 * visitor's acknowledgements in the language of the stored row – German as the spec writes
 * them, English next to them in the same shape (ACKNOWLEDGEMENT_TEXTS), so a text missing in
 * English does not compile (docs/decisions/011-two-languages.md):
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
import type { Language } from '../domain/languages.ts';
import { practiceContact, practiceName, replyWithinHours } from '../domain/practice.ts';
import type { StoredAppointmentRequest, StoredContactMessage } from '../database/store.ts';
import type { StaffLinks } from '../lifecycle/action-links.ts';
import { buildCalendarFile, calendarUid } from '../mail/ics.ts';
import {
  type Field, findService, htmlButton, htmlDocument, htmlFields, type MailSettings, markAsDelayed, markAsDoubtful,
  NOT_GIVEN, oneLine, paragraph, requestedSlot, serviceWithPrice, textFields,
} from '../mail/layout.ts';
import { languageFieldsForPractice, languageLineForPractice, mailLayout } from '../mail/layout-en.ts';
import { mailtoHref } from '../mail/mailto.ts';
import type { MailAttachment, OutgoingMail } from '../mail/types.ts';
import type { ContactFormSubmission } from './validation.ts';

// ---------------------------------------------------------------- contact form

/** The parts of a contact message its mails use: what the visitor sent (its language filled in), or the stored row. */
export type ContactMessage = Pick<ContactFormSubmission, 'name' | 'email' | 'phone' | 'subject' | 'message'> & { language: Language };

// ---------------------------------------------------------------- the acknowledgements' words

/** What a visitor's acknowledgement says, in one language (the layout's pieces are ../mail/layout-en.ts's). */
export interface AcknowledgementTexts {
  contactSubject: string;
  contactBody: readonly string[];
  requestSubject: string;
  /** The request's acknowledgement, with the preferred slot as the layout writes it. */
  requestBody(preferredSlot: string): readonly string[];
  /** Why the mail came (anyone can type any address into a form). */
  footer: string;
}

export const ACKNOWLEDGEMENT_TEXTS: Record<Language, AcknowledgementTexts> = {
  de: {
    contactSubject: `Ihre Nachricht an ${practiceContact.name}`,
    contactBody: [
      `Vielen Dank für Ihre Nachricht. Wir haben sie erhalten und melden uns innerhalb von ${replyWithinHours} Stunden bei Ihnen.`,
    ],
    requestSubject: `Ihre Terminanfrage bei ${practiceContact.name}`,
    requestBody: (slot) => [
      `Vielen Dank für Ihre Terminanfrage. Wir haben sie erhalten und bestätigen Ihren Termin innerhalb von ${replyWithinHours} Stunden.`,
      `Ihr Wunschtermin: ${slot}. ` +
      'Verbindlich wird er mit unserer Bestätigung.',
    ],
    footer: `Diese E-Mail wurde automatisch versandt, weil diese Adresse auf ${practiceContact.website} ` +
      'angegeben wurde. Falls Sie uns nicht geschrieben haben, können Sie sie ignorieren.',
  },
  en: {
    contactSubject: `Your message to ${practiceContact.name}`,
    contactBody: [
      `Thank you for your message. We have received it and will get back to you within ${replyWithinHours} hours.`,
    ],
    requestSubject: `Your appointment request with ${practiceContact.name}`,
    requestBody: (slot) => [
      `Thank you for your appointment request. We have received it and will confirm your appointment within ${replyWithinHours} hours.`,
      `Your preferred appointment: ${slot}. ` +
      'It becomes binding once we have confirmed it.',
    ],
    footer: `This e-mail was sent automatically because this address was entered on ${practiceContact.website}. ` +
      'If you did not write to us, you can ignore it.',
  },
};

/** The subject of the practice's mailto answer to a request's visitor (answerLink), in the visitor's language. */
export const ANSWER_SUBJECTS: Record<Language, string> = {
  de: `Ihre Terminanfrage bei ${practiceName}`,
  en: `Your appointment request with ${practiceName}`,
};

// ---------------------------------------------------------------- contact form

/** The heading of the practice's mail about a contact message, and its subject before the visitor's name. */
export const CONTACT_PRACTICE_TITLE = 'Neue Nachricht über das Kontaktformular';

export function contactPracticeMail(request: ContactMessage, settings: MailSettings, receivedAt: Date): OutgoingMail {
  const title = CONTACT_PRACTICE_TITLE;
  const fields: Field[] = [
    { label: 'Name', value: request.name },
    { label: 'E-Mail', value: request.email, href: mailtoHref(request.email) },
    { label: 'Telefon', value: request.phone ?? NOT_GIVEN },
    { label: 'Betreff', value: request.subject ?? NOT_GIVEN },
    ...languageFieldsForPractice(request.language),
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

/** The visitor's acknowledgement of a contact message, in its language. */
export function contactAcknowledgementMail(request: Pick<ContactMessage, 'email' | 'language'>, settings: MailSettings): OutgoingMail {
  const texts = ACKNOWLEDGEMENT_TEXTS[request.language];
  return acknowledgement(request.email, settings, request.language, texts.contactSubject, texts.contactBody);
}

// ---------------------------------------------------------------- appointment form

export function appointmentCalendarFile(record: StoredAppointmentRequest, createdAt: Date): string {
  const name = `${record.first_name} ${record.last_name}`;
  const service = findService(record.service);
  const description = [
    `Terminanfrage über die Website, noch nicht bestätigt.`,
    `Name: ${name}`,
    `Telefon: ${record.phone}`,
    `E-Mail: ${record.email}`,
    `Dienstleistung: ${serviceWithPrice(record.service)}`,
    `Alternativtermin: ${requestedSlot(record.alternative_date, record.alternative_time)}`,
    ...languageLineForPractice(record.language),
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

/** A link in a practice mail: its words, and where it goes. */
export interface MailLink {
  label: string;
  href: string;
}

/** The words of the practice's decline link for a request, in its mail, the digest and the renewed links' mail. */
export const DECLINE_LINK_LABEL = 'Ablehnen oder einen anderen Termin vorschlagen';

function staffLinkItems(links: StaffLinks, record: StoredAppointmentRequest): MailLink[] {
  return [
    { label: `Wunschtermin bestätigen – ${requestedSlot(record.preferred_date, record.preferred_time)}`, href: links.confirmPreferred },
    ...(links.confirmAlternative && record.alternative_date
      ? [{
        label: `Alternativtermin bestätigen – ${requestedSlot(record.alternative_date, record.alternative_time)}`,
        href: links.confirmAlternative,
      }]
      : []),
    { label: DECLINE_LINK_LABEL, href: links.decline },
  ];
}

/**
 * The one way to answer the visitor from the request's mail: a new mail to the visitor's
 * address (percent-encoded, so the typed address adds no header of its own) that quotes
 * nothing of this one.
 */
export function answerLink(person: { first_name: string; last_name: string; email: string }, subject: string): MailLink {
  return {
    label: `${person.first_name} ${person.last_name} antworten`,
    href: mailtoHref(person.email, { subject }),
  };
}

/** What the practice's links do and until when they work (domain/practice-links.ts: past the appointment's invoice and its payment). */
export function staffLinksHint(until: Date): string {
  return 'Jeder Link öffnet eine Seite der Website mit der Anfrage; erst dort lösen Sie die Aktion mit einer ' +
    'Schaltfläche aus. Die Besucherin oder der Besucher erhält dann automatisch eine E-Mail. ' +
    `Die Links gelten bis ${formatInstantLong(until)}: Nach der Bestätigung senden Sie auf derselben Seite die Rechnung und markieren sie als bezahlt.`;
}

/** A practice mail with the links that decide something (a request, a wish to move it). */
export interface StaffDecision {
  /** The visitor's name, as the answer hint names them. */
  name: string;
  /** The heading; the text part may start with a longer one. */
  title: string;
  textHeading?: string;
  subject: string;
  intro?: string;
  /** «<Name> antworten» (answerLink). */
  answer: MailLink;
  fields: Field[];
  /** What speaks against deciding yes (the practice may anyway). */
  warning?: string | null;
  actionsTitle: string;
  actions: MailLink[];
  /** Until when the actions' links work (StaffLinks.until, MoveLinks.until). */
  linksUntil: Date;
  hint: string;
  attachments?: MailAttachment[];
}

/**
 * The practice's mail with decision links. Reply-To is the practice itself, never the
 * visitor: a reply would quote the links, and the visitor could decide their own request
 * with them. A reply by habit so comes back to the practice's inbox (not to the no-reply
 * sender, where it would vanish unseen); the answer link at the top writes to the visitor.
 */
export function staffDecisionMail(settings: MailSettings, mail: StaffDecision): OutgoingMail {
  const answerHint = `An ${mail.name} schreiben Sie über «${mail.answer.label}»: Das öffnet eine neue E-Mail. ` +
    'Diese Nachricht enthält Ihre Links zum Bestätigen und Ablehnen und darf nicht weitergeleitet werden; ' +
    '«Antworten» geht deshalb an Ihre eigene Adresse.';
  const linksText = mail.actions.map((action) => `${action.label}:\n${action.href}`).join('\n\n');
  const buttons = mail.actions
    .map((action) => `<p style="margin:0 0 10px">${htmlButton(action.href, action.label, 'primary')}</p>`)
    .join('\n');
  return {
    to: settings.practiceEmail,
    replyTo: settings.practiceEmail,
    subject: oneLine(mail.subject),
    text: `${mail.textHeading ?? mail.title}\n\n${mail.intro ? `${mail.intro}\n\n` : ''}` +
      `${mail.answer.label}:\n${mail.answer.href}\n\n${answerHint}\n\n${textFields(mail.fields)}\n\n` +
      (mail.warning ? `${mail.warning}\n\n` : '') +
      `${mail.actionsTitle}\n\n${linksText}\n\n${staffLinksHint(mail.linksUntil)}\n\n${mail.hint}\n`,
    html: htmlDocument(
      mail.title,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(mail.title)}</h1>\n` +
        (mail.intro ? `${paragraph(mail.intro)}\n` : '') +
        `<p style="margin:0 0 8px">${htmlButton(mail.answer.href, mail.answer.label, 'secondary')}</p>\n` +
        `<p style="margin:0 0 24px;color:#475569">${escapeHtml(answerHint)}</p>\n${htmlFields(mail.fields)}\n` +
        (mail.warning ? `<p style="margin:16px 0 0;padding:8px 12px;background:#fef3c7">${escapeHtml(mail.warning)}</p>\n` : '') +
        `<h2 style="font-size:16px;margin:24px 0 12px">${escapeHtml(mail.actionsTitle)}</h2>\n${buttons}\n` +
        `<p style="margin:12px 0 0;color:#475569">${escapeHtml(staffLinksHint(mail.linksUntil))}</p>\n` +
        `<p style="margin:24px 0 0;color:#475569">${escapeHtml(mail.hint)}</p>`,
    ),
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  };
}

/**
 * Built from the stored row, not from the request body. `now` stamps the calendar file;
 * `links` lets the practice confirm or decline from the mail (action-links.ts).
 */
export function appointmentPracticeMail(record: StoredAppointmentRequest, settings: MailSettings, now: Date, links: StaffLinks): OutgoingMail {
  const name = `${record.first_name} ${record.last_name}`;
  const title = 'Neue Terminanfrage';
  const receivedAt = new Date(record.created_at);
  return staffDecisionMail(settings, {
    name,
    title,
    textHeading: `${title} über die Website`,
    subject: `${title}: ${name} – ${formatDateLong(record.preferred_date)}`,
    answer: answerLink(record, ANSWER_SUBJECTS[record.language]),
    fields: [
      { label: 'Name', value: name },
      { label: 'E-Mail', value: record.email, href: mailtoHref(record.email) },
      { label: 'Telefon', value: record.phone },
      ...languageFieldsForPractice(record.language),
      { label: 'Dienstleistung', value: serviceWithPrice(record.service) },
      { label: 'Wunschtermin', value: requestedSlot(record.preferred_date, record.preferred_time) },
      { label: 'Alternativtermin', value: requestedSlot(record.alternative_date, record.alternative_time) },
      { label: 'Eingegangen', value: formatInstantLong(Number.isNaN(receivedAt.getTime()) ? now : receivedAt) },
      { label: 'Anfrage-Nr.', value: record.id },
      { label: 'Nachricht', value: record.message ?? 'Keine Nachricht', multiline: true },
    ],
    actionsTitle: 'Termin bestätigen oder ablehnen',
    actions: staffLinkItems(links, record),
    linksUntil: links.until,
    hint: `Der Kalendereintrag im Anhang (${CALENDAR_FILENAME}) ist provisorisch. ` +
      `Bitte bestätigen Sie den Termin innerhalb von ${replyWithinHours} Stunden.`,
    attachments: [
      {
        filename: CALENDAR_FILENAME,
        content: appointmentCalendarFile(record, now),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  });
}

/** The visitor's acknowledgement of a stored request, in the row's language. */
export function appointmentAcknowledgementMail(record: StoredAppointmentRequest, settings: MailSettings): OutgoingMail {
  const texts = ACKNOWLEDGEMENT_TEXTS[record.language];
  const slot = mailLayout(record.language).requestedSlot(record.preferred_date, record.preferred_time);
  return acknowledgement(record.email, settings, record.language, texts.requestSubject, texts.requestBody(slot));
}

// ---------------------------------------------------------------- what the outbox sends

/**
 * Why the practice should look twice at a request the site stored but never reported: the
 * browser's second step (send-appointment-email) never came, so neither the honeypot nor
 * the speed check was made – a script writing to the database, or a browser that stopped
 * between the two steps.
 */
export const NEVER_REPORTED_NOTE = 'Die Anfrage wurde gespeichert, aber das Formular hat sie nie gemeldet: ' +
  'Der zweite Schritt der Website kam nicht an, die Prüfung auf automatisch ausgefüllte Formulare fand nicht statt. ' +
  'Vielleicht ein Skript, vielleicht ein Browser, der mittendrin abbrach. Eine Eingangsbestätigung wurde nicht verschickt.';

/** The outbox's mails of a stored request: the practice's, and the visitor's acknowledgement unless there is none to send. */
export interface PendingMails {
  practiceMail: OutgoingMail;
  acknowledgement: OutgoingMail | null;
}

/**
 * What the outbox (send-pending-mail) sends for an appointment request the visitor's own
 * call did not mail, as its row says (store.ts, PracticeMailHistory): «[Verspätet]» only
 * when a send had failed (send_failed_at) – a request inserted and never reported is not
 * late for an outage that never happened; marked for checking (NEVER_REPORTED_NOTE) when
 * the site never reported it (reported_at null), and then not acknowledged: the request
 * passed none of the function's checks, and its address may be anyone's.
 */
export function pendingRequestMails(row: StoredAppointmentRequest, settings: MailSettings, now: Date, links: StaffLinks): PendingMails {
  // An answer without the column (reported_at undefined) counts as reported.
  const reported = row.reported_at !== null;
  let practiceMail = appointmentPracticeMail(row, settings, now, links);
  if (!reported) practiceMail = markAsDoubtful(practiceMail, NEVER_REPORTED_NOTE);
  if (row.send_failed_at) practiceMail = markAsDelayed(practiceMail, new Date(row.created_at));
  return { practiceMail, acknowledgement: reported ? appointmentAcknowledgementMail(row, settings) : null };
}

/**
 * The same for a contact message: stored by send-contact-email itself, so always reported;
 * «[Verspätet]» only when a send had failed (send_failed_at).
 */
export function pendingContactMails(row: StoredContactMessage, settings: MailSettings): PendingMails {
  const receivedAt = new Date(row.created_at);
  const mail = contactPracticeMail(row, settings, receivedAt);
  return {
    practiceMail: row.send_failed_at ? markAsDelayed(mail, receivedAt) : mail,
    acknowledgement: contactAcknowledgementMail(row, settings),
  };
}

// ---------------------------------------------------------------- acknowledgements

/**
 * The visitor's copy. Anyone can type any address into a form, so this mail carries no
 * text the visitor typed (not even the name): it cannot be used to send someone else a
 * message through the practice, and it repeats no health details.
 */
function acknowledgement(to: string, settings: MailSettings, language: Language, subject: string, body: readonly string[]): OutgoingMail {
  const layout = mailLayout(language);
  // No name: the mail repeats nothing the visitor typed.
  const greeting = layout.greeting(null);
  const footer = ACKNOWLEDGEMENT_TEXTS[language].footer;
  return {
    to,
    replyTo: settings.practiceEmail,
    subject,
    text: [greeting, ...body, layout.replyHint, layout.signatureLines.join('\n'), `--\n${footer}`].join('\n\n') + '\n',
    html: layout.htmlDocument(
      subject,
      [paragraph(greeting), ...body.map(paragraph), paragraph(layout.replyHint), layout.htmlSignature(),
        `<p style="margin:32px 0 0;font-size:12px;color:#64748b">${escapeHtml(footer)}</p>`].join('\n'),
    ),
  };
}
