/**
 * The e-mails of an appointment's life after the request (docs/appointment-lifecycle.md),
 * German with Swiss spelling, plain text and HTML:
 * - to the visitor: the confirmation (with the calendar entry, METHOD:REQUEST, the cancel
 *   link and, until the notice, «Termin verschieben»), the decline (with the practice's
 *   note and a link to book again), the confirmation of a cancellation (METHOD:CANCEL),
 *   the reminder the day before, and for a wish to move the appointment: the receipt (the
 *   current appointment stays until the practice confirms), the new confirmation (the
 *   same calendar entry, moved) or the news that the appointment stays;
 * - to the practice: the confirmed appointment (the same calendar entry, replacing the
 *   tentative one of the request), the visitor's cancellation (METHOD:CANCEL), the wish to
 *   move with its confirm and decline links and the moved appointment's updated entry –
 *   each with a link to the appointment's page that works until its invoice is done
 *   (../domain/practice-links.ts), and so Reply-To the practice itself.
 * These go out only after a person acted on a signed link. The ones after a confirmation
 * greet the visitor by name – a name the rules keep to letters (../domain/field-rules.ts,
 * isPersonName: no link, number or address can ride in it); the decline does not: it goes
 * to an address nobody has confirmed, for a request the practice did not recognise,
 * perhaps made in a stranger's name, so it repeats nothing the visitor typed
 * (docs/security-and-limits.md, «What the practice's mails repeat»). Every calendar file carries the request's UID and
 * its calendar_sequence, and lasts the appointment's own appointment_minutes. The advisor
 * (../domain/practice.ts) is named in the visitor's confirmation, moved confirmation and
 * reminder (one sentence), in the calendar entries' SUMMARY and in the practice's mails;
 * an appointment without an advisor simply goes without. Subjects name no service (health
 * details). Pure: addresses, links and the clock are passed in.
 *
 * Languages (docs/decisions/011-two-languages.md): every mail to the visitor is in the
 * request's `language` – its words (./appointment-mail-texts.ts), dates, service names,
 * greeting and signature (../mail/layout-en.ts), the calendar entry's SUMMARY and
 * DESCRIPTION, and its links, which the link settings sign for the pages of that language
 * (./action-links.ts). The practice's mails and their calendar entries stay German and name
 * a visitor's language other than German («Sprache: Englisch»).
 */
import { type AdvisorId, advisorName, practiceName } from '../domain/practice.ts';
import { formatDateTimeLong, formatInstantLong } from '../domain/dates.ts';
import type { Language } from '../domain/languages.ts';
import { calendarUid } from '../mail/ics.ts';
import {
  type Field, findService, htmlButton, htmlDocument, htmlFields, type MailSettings, oneLine, paragraph,
  serviceWithPrice, textFields,
} from '../mail/layout.ts';
import { DATE_FORMATS, languageFieldsForPractice, languageLineForPractice, mailLayout } from '../mail/layout-en.ts';
import { APPOINTMENT_MAIL_TEXTS, type AppointmentMailTexts } from './appointment-mail-texts.ts';
import { escapeHtml } from '../domain/html.ts';
import { buildCalendarFile } from '../mail/ics.ts';
import type { MailAttachment, OutgoingMail } from '../mail/types.ts';
import { mailtoHref } from '../mail/mailto.ts';
import { practiceContact, replyWithinHours } from '../domain/practice.ts';
import type { AppointmentRequest } from '../database/store.ts';
import type { MoveLinks, VisitorLinks } from './action-links.ts';
import { NOBODY_FREE_WARNING } from './slot-checks.ts';
import { answerLink, staffDecisionMail } from '../forms/request-emails.ts';

/** A confirmed (or cancelled) appointment: the slot is set. */
export type Appointment = AppointmentRequest & { confirmed_date: string; confirmed_time: string };

export function isAppointment(request: AppointmentRequest): request is Appointment {
  return request.confirmed_date !== null && request.confirmed_time !== null;
}

/** A confirmed appointment with the visitor's wish to move it (move-requested, move-declined). */
export type MoveWish = Appointment & { move_date: string; move_time: string };
/** An appointment moved by the practice's confirmation: the slot before it is known. */
export type MovedAppointment = Appointment & { moved_from_date: string; moved_from_time: string };

export function hasMoveWish(request: Appointment): request is MoveWish {
  return request.move_date !== null && request.move_time !== null;
}

export function wasMoved(request: Appointment): request is MovedAppointment {
  return request.moved_from_date !== null && request.moved_from_time !== null;
}

/** The German calendar files' names (the practice's always; the visitor's in German); English: APPOINTMENT_MAIL_TEXTS.en.calendar. */
export const CONFIRMED_CALENDAR_FILENAME = APPOINTMENT_MAIL_TEXTS.de.calendar.confirmedFile;
export const CANCELLED_CALENDAR_FILENAME = APPOINTMENT_MAIL_TEXTS.de.calendar.cancelledFile;

const HOME_VISIT = 'beratung-zuhause';

const fullName = (request: AppointmentRequest) => `${request.first_name} ${request.last_name}`;
/** The slots as the practice reads them (German). */
const when = (appointment: Appointment) => formatDateTimeLong(appointment.confirmed_date, appointment.confirmed_time);
const wished = (wish: MoveWish) => formatDateTimeLong(wish.move_date, wish.move_time);
const movedFrom = (moved: MovedAppointment) => formatDateTimeLong(moved.moved_from_date, moved.moved_from_time);
const isHomeVisit = (request: AppointmentRequest) => findService(request.service)?.value === HOME_VISIT;

/** The words of a mail to this visitor: the request's language's. */
export const textsFor = (request: { language: Language }): AppointmentMailTexts => APPOINTMENT_MAIL_TEXTS[request.language];
/** The slots as the visitor reads them: in the request's language. */
const whenFor = (appointment: Appointment) => DATE_FORMATS[appointment.language].formatDateTimeLong(appointment.confirmed_date, appointment.confirmed_time);
const wishedFor = (wish: MoveWish) => DATE_FORMATS[wish.language].formatDateTimeLong(wish.move_date, wish.move_time);
const movedFromFor = (moved: MovedAppointment) => DATE_FORMATS[moved.language].formatDateTimeLong(moved.moved_from_date, moved.moved_from_time);

/** The practice's label for the advisor, in its mails and calendar entries. */
export const ADVISOR_LABEL = 'Beratung durch';

const advisorOf = (appointment: { advisor: AdvisorId | null }) => appointment.advisor === null ? null : advisorName(appointment.advisor);

/** The visitor is told who sees them, in one sentence; null (left out) for an appointment without an advisor. */
export function advisorSentence(appointment: { advisor: AdvisorId | null; language: Language }): string | null {
  const advisor = advisorOf(appointment);
  return advisor === null ? null : textsFor(appointment).advisorSentence(advisor);
}

function advisorBlocks(appointment: Appointment): Block[] {
  const sentence = advisorSentence(appointment);
  return sentence === null ? [] : [{ text: sentence }];
}

/** Where the appointment takes place, as the visitor reads it. */
function placeOf(request: AppointmentRequest): string {
  return isHomeVisit(request) ? textsFor(request).homePlace : practiceContact.address;
}

/** What the visitor needs to know before coming (docs/product.md, the booking page's notes). */
function preparationText(request: AppointmentRequest): string {
  const { preparation } = textsFor(request);
  return isHomeVisit(request) ? preparation.home : preparation.practice;
}

/** The appointment as the visitor reads it, in its language; the length is its own (appointment_minutes), not the catalogue's today. */
export function appointmentFields(appointment: Appointment): Field[] {
  const texts = textsFor(appointment);
  return [
    { label: texts.fields.appointment, value: whenFor(appointment) },
    { label: texts.fields.service, value: mailLayout(appointment.language).serviceWithPrice(appointment.service) },
    { label: texts.fields.duration, value: texts.minutes(appointment.appointment_minutes) },
    { label: texts.fields.place, value: placeOf(appointment) },
  ];
}

/**
 * The appointment's calendar entry as RFC 5546 scheduling: REQUEST while confirmed,
 * CANCEL once cancelled; the practice organizes, the visitor attends. The SUMMARY names
 * the advisor (if any), the entry lasts the appointment's own appointment_minutes. The
 * visitor's entry is in the request's language (its words, its file's name); the practice's
 * is German and names a language other than German.
 */
function calendarAttachment(appointment: Appointment, settings: MailSettings, now: Date, forPractice: boolean): MailAttachment {
  const method = appointment.status === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const name = fullName(appointment);
  const advisor = advisorOf(appointment);
  const calendar = forPractice ? APPOINTMENT_MAIL_TEXTS.de.calendar : textsFor(appointment).calendar;
  const summary = forPractice
    ? `Termin: ${appointment.service} – ${name}${advisor === null ? '' : ` (${advisor})`}`
    : calendar.summary(mailLayout(appointment.language).serviceName(appointment.service), advisor);
  const description = forPractice
    ? [
      ...(advisor === null ? [] : [`${ADVISOR_LABEL}: ${advisor}`]),
      `Telefon: ${appointment.phone}`,
      `E-Mail: ${appointment.email}`,
      ...languageLineForPractice(appointment.language),
      `Anfrage-Nr.: ${appointment.id}`,
    ].join('\n')
    : calendar.description(preparationText(appointment));
  const content = buildCalendarFile({
    uid: calendarUid(appointment.id),
    date: appointment.confirmed_date,
    time: appointment.confirmed_time,
    durationMinutes: appointment.appointment_minutes,
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
    filename: method === 'CANCEL' ? calendar.cancelledFile : calendar.confirmedFile,
    content,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/**
 * A piece of a visitor mail: a paragraph, a table of fields, a link on its own line, or a
 * quoted note. A link's `linkText` replaces an unreadable address (a token) in the HTML
 * part; the text part always shows the address.
 */
export type Block =
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

/**
 * A mail to the visitor in the request's language (greeting, reply hint, signature, the
 * document's language; `language` on the mail for the «Meine Daten» footer).
 * `byName`: the greeting names the visitor (not in the decline: see the module's comment).
 */
export function visitorMail(
  request: AppointmentRequest,
  settings: MailSettings,
  subject: string,
  blocks: Block[],
  attachments: MailAttachment[] = [],
  byName = true,
): OutgoingMail {
  const layout = mailLayout(request.language);
  const all: Block[] = [{ text: layout.greeting(byName ? fullName(request) : null) }, ...blocks, { text: layout.replyHint }];
  return {
    to: request.email,
    replyTo: settings.practiceEmail,
    subject: oneLine(subject),
    text: [...all.map(blockText), layout.signatureLines.join('\n')].join('\n\n') + '\n',
    html: layout.htmlDocument(subject, [...all.map(blockHtml), layout.htmlSignature()].join('\n')),
    ...(attachments.length ? { attachments } : {}),
    language: request.language,
  };
}

/** The label before the cancel link, in every visitor mail that has one (German; every language's: APPOINTMENT_MAIL_TEXTS). */
export const CANCEL_LINK_LABEL = APPOINTMENT_MAIL_TEXTS.de.cancelLinkLabel;
/** The label before the request-move link. */
export const REQUEST_MOVE_LINK_LABEL = APPOINTMENT_MAIL_TEXTS.de.requestMoveLinkLabel;
/** The links' words in the HTML part, where the address with its token would run off a phone's screen. */
export const CANCEL_LINK_TEXT = APPOINTMENT_MAIL_TEXTS.de.cancelLinkText;
export const REQUEST_MOVE_LINK_TEXT = APPOINTMENT_MAIL_TEXTS.de.requestMoveLinkText;
/** The confirmation's label before the link that asks for an earlier time (docs/appointment-lifecycle.md, «An earlier time»). */
export const EARLIER_LINK_LABEL = APPOINTMENT_MAIL_TEXTS.de.earlierLinkLabel;
/** Its words in the HTML part. */
export const EARLIER_LINK_TEXT = APPOINTMENT_MAIL_TEXTS.de.earlierLinkText;
/** The sleep diary's link words (docs/product.md §10), in the HTML part and, through its label, in the text part. */
export const SLEEP_DIARY_LINK_TEXT = APPOINTMENT_MAIL_TEXTS.de.sleepDiaryLinkText;
/** The confirmation's label before the sleep diary's link. */
export const SLEEP_DIARY_LINK_LABEL = APPOINTMENT_MAIL_TEXTS.de.sleepDiaryLinkLabel;

/** The sleep diary's link, where the mail has one (the confirmation and the moved confirmation). */
function sleepDiaryBlocks(texts: AppointmentMailTexts, links: VisitorLinks): Block[] {
  return links.sleepDiary ? [{ label: texts.sleepDiaryLinkLabel, link: links.sleepDiary, linkText: texts.sleepDiaryLinkText }] : [];
}

/** The cancel link, then «Termin verschieben» while it is offered. */
function visitorLinkBlocks(texts: AppointmentMailTexts, links: VisitorLinks): Block[] {
  return [
    { label: texts.cancelLinkLabel, link: links.cancel, linkText: texts.cancelLinkText },
    ...(links.requestMove ? [{ label: texts.requestMoveLinkLabel, link: links.requestMove, linkText: texts.requestMoveLinkText }] : []),
  ];
}

/** Inside the notice there are no links: only a call changes the appointment. */
export const CALL_US_TEXT = APPOINTMENT_MAIL_TEXTS.de.callUs;

function callUsBlock(texts: AppointmentMailTexts): Block {
  return { text: texts.callUs };
}

/** The practice link's words in the practice's mails about an appointment (action-links.ts practiceLink). */
export const PRACTICE_LINK_LABEL = 'Termin öffnen – Rechnung und Schlaftagebuch';

/** What the practice link does and how long it works (domain/practice-links.ts), after the link. */
export function practiceLinkHint(until: Date): string {
  return 'Der Link öffnet die Seite des Termins auf der Website: Ab dem Tag des Termins senden Sie dort die Rechnung ' +
    `(«Rechnung senden») und markieren sie später als bezahlt. Er gilt bis ${formatInstantLong(until)}; ` +
    'danach schickt Ihnen die Seite auf Wunsch einen neuen.';
}

/**
 * The practice's copy of a state (confirmed, taken offer, moved, cancelled): its fields, the
 * calendar entry and the practice link to the appointment's page (`page`: its URL and until
 * when it works). Reply-To is the practice itself, never the visitor: a reply would quote the
 * link, which opens the visitor's sleep diary and sends the invoice; «<Name> antworten» opens
 * a fresh mail to the visitor instead (as in the request's mail, ../forms/request-emails.ts).
 */
export interface PracticePage {
  link: string;
  until: Date;
}

function practiceMail(
  appointment: Appointment,
  settings: MailSettings,
  title: string,
  fields: Field[],
  hint: string,
  attachment: MailAttachment,
  page: PracticePage,
): OutgoingMail {
  const name = fullName(appointment);
  const answer = answerLink(appointment, answerSubject(appointment));
  const answerHint = `An ${name} schreiben Sie über «${answer.label}»: Das öffnet eine neue E-Mail. ` +
    'Diese Nachricht enthält Ihren Link zur Seite des Termins und darf nicht weitergeleitet werden; «Antworten» geht deshalb an Ihre eigene Adresse.';
  const linkHint = practiceLinkHint(page.until);
  return {
    to: settings.practiceEmail,
    replyTo: settings.practiceEmail,
    subject: oneLine(`${title}: ${name} – ${when(appointment)}`),
    text: `${title}\n\n${answer.label}:\n${answer.href}\n\n${answerHint}\n\n${textFields(fields)}\n\n${hint}\n\n` +
      `${PRACTICE_LINK_LABEL}:\n${page.link}\n\n${linkHint}\n`,
    html: htmlDocument(
      title,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>\n` +
        `<p style="margin:0 0 8px">${htmlButton(answer.href, answer.label, 'secondary')}</p>\n` +
        `<p style="margin:0 0 24px;color:#475569">${escapeHtml(answerHint)}</p>\n${htmlFields(fields)}\n` +
        `<p style="margin:24px 0 0;color:#475569">${escapeHtml(hint)}</p>\n` +
        `<p style="margin:24px 0 8px">${htmlButton(page.link, PRACTICE_LINK_LABEL, 'primary')}</p>\n` +
        `<p style="margin:0;color:#475569">${escapeHtml(linkHint)}</p>`,
    ),
    attachments: [attachment],
  };
}

/** The advisor as a field of the practice's mails; none for an appointment without an advisor. */
function advisorFields(appointment: Appointment): Field[] {
  const advisor = advisorOf(appointment);
  return advisor === null ? [] : [{ label: ADVISOR_LABEL, value: advisor }];
}

/**
 * The subject of the practice's «<Name> antworten» mail to the visitor: in the visitor's
 * language, so the practice's answer starts in it.
 */
export const APPOINTMENT_ANSWER_SUBJECTS: Record<Language, string> = {
  de: `Ihr Termin bei ${practiceName}`,
  en: `Your appointment with ${practiceName}`,
};

const answerSubject = (request: { language: Language }) => APPOINTMENT_ANSWER_SUBJECTS[request.language];

function practiceFields(appointment: Appointment, extra: Field[]): Field[] {
  return [
    { label: 'Name', value: fullName(appointment) },
    { label: 'E-Mail', value: appointment.email, href: mailtoHref(appointment.email) },
    { label: 'Telefon', value: appointment.phone },
    ...languageFieldsForPractice(appointment.language),
    { label: 'Dienstleistung', value: serviceWithPrice(appointment.service) },
    { label: 'Termin', value: when(appointment) },
    ...advisorFields(appointment),
    ...extra,
    { label: 'Anfrage-Nr.', value: appointment.id },
  ];
}

// ---------------------------------------------------------------- confirmed

/**
 * `links`: the cancel link (always: inside the notice the page says to call) and
 * «Termin verschieben» while the appointment is more than the notice away (null after).
 */
export function confirmationMail(appointment: Appointment, settings: MailSettings, now: Date, links: VisitorLinks): OutgoingMail {
  const texts = textsFor(appointment);
  return visitorMail(appointment, settings, texts.confirmation.subject(whenFor(appointment)), [
    { text: texts.confirmation.lead },
    { fields: appointmentFields(appointment) },
    ...advisorBlocks(appointment),
    { text: preparationText(appointment) },
    { text: texts.confirmation.attachment(texts.calendar.confirmedFile) },
    ...visitorLinkBlocks(texts, links),
    // «Früherer Termin gewünscht» while it can still be moved online (earlier-time.ts).
    ...(links.earlier ? [{ label: texts.earlierLinkLabel, link: links.earlier, linkText: texts.earlierLinkText }] : []),
    ...sleepDiaryBlocks(texts, links),
  ], [calendarAttachment(appointment, settings, now, false)]);
}

export function confirmedPracticeMail(appointment: Appointment, settings: MailSettings, now: Date, page: PracticePage): OutgoingMail {
  return practiceMail(
    appointment,
    settings,
    'Termin bestätigt',
    practiceFields(appointment, []),
    `${fullName(appointment)} erhält die Bestätigung mit demselben Kalendereintrag. Der Eintrag im Anhang ` +
      `(${CONFIRMED_CALENDAR_FILENAME}) ersetzt den provisorischen Eintrag der Anfrage in Ihrem Kalender.`,
    calendarAttachment(appointment, settings, now, true),
    page,
  );
}

// ---------------------------------------------------------------- declined

/** The decline may reach someone who never asked (a request in a stranger's name): it says so. */
export const DECLINE_NOT_YOURS = APPOINTMENT_MAIL_TEXTS.de.decline.notYours;

/** The decline's subject: the request's own words, as its acknowledgement's. */
export const DECLINE_SUBJECT = APPOINTMENT_MAIL_TEXTS.de.decline.subject;
/**
 * The subject of a decline that offers other times: that is what the visitor acts on, so
 * the subject says so (the plain DECLINE_SUBJECT would read like the acknowledgement again).
 */
export const OFFERS_SUBJECT = APPOINTMENT_MAIL_TEXTS.de.decline.offersSubject;

/**
 * `offers`: the times the practice offered instead, each with its take-offer link
 * (offers.ts); only the time, nothing else of the request. With offers the subject says
 * they are there (OFFERS_SUBJECT).
 */
export function declineMail(request: AppointmentRequest, settings: MailSettings, bookingUrl: string, offers: readonly OfferedTime[] = []): OutgoingMail {
  const texts = textsFor(request);
  const slot = DATE_FORMATS[request.language].formatSlotLong(request.preferred_date, request.preferred_time);
  return visitorMail(request, settings, offers.length > 0 ? texts.decline.offersSubject : texts.decline.subject, [
    { text: texts.decline.lead(slot) },
    ...(request.staff_note ? [{ label: texts.ourNote, quote: request.staff_note }] : []),
    ...offerBlocks(request.language, offers),
    { label: texts.decline.bookAgain, link: bookingUrl },
    { text: texts.decline.notYours },
  ], [], false);
}

/** A time offered with the decline and the link that takes it. */
export interface OfferedTime {
  date: string;
  time: string;
  link: string;
}

export const OFFERS_INTRO = APPOINTMENT_MAIL_TEXTS.de.decline.offersIntro;
export const OFFERS_VALIDITY = APPOINTMENT_MAIL_TEXTS.de.decline.offersValidity;

function offerBlocks(language: Language, offers: readonly OfferedTime[]): Block[] {
  if (offers.length === 0) return [];
  const { decline } = APPOINTMENT_MAIL_TEXTS[language];
  return [
    { text: decline.offersIntro },
    ...offers.map((offer) => ({
      label: DATE_FORMATS[language].formatDateTimeLong(offer.date, offer.time),
      link: offer.link,
      linkText: decline.offerLinkText,
    })),
    { text: decline.offersValidity },
  ];
}

/** The practice's short mail when the visitor took an offered time: with the entry for its calendar, as a confirmation's. */
export function offerTakenPracticeMail(appointment: Appointment, settings: MailSettings, now: Date, page: PracticePage): OutgoingMail {
  return practiceMail(
    appointment,
    settings,
    'Angebotenen Termin genommen',
    practiceFields(appointment, []),
    `${fullName(appointment)} hat den angebotenen Termin ${when(appointment)} genommen und erhält die Bestätigung mit demselben ` +
      `Kalendereintrag (${CONFIRMED_CALENDAR_FILENAME}, im Anhang). Die anderen angebotenen Termine sind verfallen.`,
    calendarAttachment(appointment, settings, now, true),
    page,
  );
}

// ---------------------------------------------------------------- cancelled

export function cancellationMail(appointment: Appointment, settings: MailSettings, now: Date, bookingUrl: string): OutgoingMail {
  const texts = textsFor(appointment);
  return visitorMail(appointment, settings, texts.cancellation.subject(whenFor(appointment)), [
    { text: texts.cancellation.lead(whenFor(appointment)) },
    { text: texts.cancellation.attachment(texts.calendar.cancelledFile) },
    { label: texts.cancellation.bookAgain, link: bookingUrl },
  ], [calendarAttachment(appointment, settings, now, false)]);
}

/** How the practice's copy says the visitor cancelled (an erasure's cancellation says so otherwise: ../my-data/erasure-mail.ts). */
export const CANCELLED_BY_LINK = 'hat den Termin über den Link in der Bestätigung abgesagt';

export function cancelledPracticeMail(appointment: Appointment, settings: MailSettings, now: Date, cancelledAt: Date, page: PracticePage): OutgoingMail {
  return practiceMail(
    appointment,
    settings,
    'Termin abgesagt',
    practiceFields(appointment, [{ label: 'Abgesagt', value: formatInstantLong(cancelledAt) }]),
    `${fullName(appointment)} ${CANCELLED_BY_LINK} und erhält eine Bestätigung. ` +
      `Der Anhang (${CANCELLED_CALENDAR_FILENAME}) entfernt den Termin aus Ihrem Kalender; der Zeitpunkt ist auf der Website wieder frei.`,
    calendarAttachment(appointment, settings, now, true),
    page,
  );
}

// ---------------------------------------------------------------- reminder

/** `links`: the cancel and request-move links while the appointment is more than the notice away; null after (then: call us). */
export function reminderMail(appointment: Appointment, settings: MailSettings, links: VisitorLinks | null = null): OutgoingMail {
  const texts = textsFor(appointment);
  return visitorMail(appointment, settings, texts.reminder.subject(whenFor(appointment)), [
    { text: texts.reminder.lead },
    { fields: appointmentFields(appointment) },
    ...advisorBlocks(appointment),
    { text: preparationText(appointment) },
    ...(links ? visitorLinkBlocks(texts, links) : [callUsBlock(texts)]),
  ]);
}

// ---------------------------------------------------------------- the visitor's wish to move

/** The visitor's receipt: the wish is with the practice; the current appointment stays until it confirms. */
export function moveRequestedMail(wish: MoveWish, settings: MailSettings): OutgoingMail {
  const texts = textsFor(wish);
  return visitorMail(wish, settings, texts.moveRequested.subject(wishedFor(wish)), [
    { text: texts.moveRequested.lead },
    {
      fields: [
        { label: texts.fields.current, value: whenFor(wish) },
        { label: texts.fields.wished, value: wishedFor(wish) },
        { label: texts.fields.service, value: mailLayout(wish.language).serviceWithPrice(wish.service) },
      ],
    },
    { text: texts.moveRequested.until(whenFor(wish)) },
  ]);
}

/**
 * What the practice can do about the warnings of a wished slot: outside the opening hours
 * it may still confirm; with both advisors busy the database refuses the confirmation.
 */
export const MOVE_WARNING_CONSEQUENCE = {
  nobodyFree: 'So lässt sich die Verschiebung nicht bestätigen: Lehnen Sie sie ab oder schlagen Sie eine andere Zeit vor.',
  confirmAnyway: 'Sie können den Termin trotzdem bestätigen.',
} as const;

function warningConsequence(warnings: readonly string[]): string {
  return warnings.includes(NOBODY_FREE_WARNING) ? MOVE_WARNING_CONSEQUENCE.nobodyFree : MOVE_WARNING_CONSEQUENCE.confirmAnyway;
}

/** The practice's two links for a wish to move (`wished`, `current`: the slots in words), in its mail and in the digest. */
export const confirmMoveLabel = (wished: string) => `Neuen Termin bestätigen – ${wished}`;
export const declineMoveLabel = (current: string) => `Verschiebung ablehnen – der Termin am ${current} bleibt`;

/**
 * The practice decides the wish: the current and the wished slot, what speaks against the
 * wished one (`warnings`: outside the opening hours, already taken – it may confirm
 * anyway), and its links for this wish (Reply-To the practice itself, as for a new
 * request: ../forms/request-emails.ts staffDecisionMail). Nothing changes in a calendar
 * yet: no attachment.
 */
export function moveRequestedPracticeMail(wish: MoveWish, settings: MailSettings, links: MoveLinks, warnings: readonly string[]): OutgoingMail {
  const name = fullName(wish);
  const title = 'Terminverschiebung gewünscht';
  return staffDecisionMail(settings, {
    name,
    title,
    subject: `${title}: ${name} – ${wished(wish)}`,
    intro: `${name} möchte den bestätigten Termin verschieben. Bis Sie entscheiden, gilt der bisherige Termin.`,
    answer: answerLink(wish, answerSubject(wish)),
    fields: [
      { label: 'Name', value: name },
      { label: 'E-Mail', value: wish.email, href: mailtoHref(wish.email) },
      { label: 'Telefon', value: wish.phone },
      ...languageFieldsForPractice(wish.language),
      { label: 'Dienstleistung', value: serviceWithPrice(wish.service) },
      { label: 'Bisheriger Termin', value: when(wish) },
      { label: 'Gewünschter Termin', value: wished(wish) },
      { label: 'Anfrage-Nr.', value: wish.id },
    ],
    warning: warnings.length ? `Achtung: ${warnings.join(' ')} ${warningConsequence(warnings)}` : null,
    actionsTitle: 'Verschiebung bestätigen oder ablehnen',
    actions: [
      { label: confirmMoveLabel(wished(wish)), href: links.confirmMove },
      { label: declineMoveLabel(when(wish)), href: links.declineMove },
    ],
    linksUntil: links.until,
    hint: `Bitte entscheiden Sie innerhalb von ${replyWithinHours} Stunden. Mit der Bestätigung erhalten Sie und ${name} ` +
      'den geänderten Kalendereintrag, und der bisherige Zeitpunkt ist auf der Website wieder frei.',
  });
}

/**
 * The practice confirmed the wish: the visitor's new confirmation, whose calendar file
 * moves the entry they have (same UID, higher SEQUENCE), with fresh links for the new slot.
 */
export function movedMail(moved: MovedAppointment, settings: MailSettings, now: Date, links: VisitorLinks): OutgoingMail {
  const texts = textsFor(moved);
  return visitorMail(moved, settings, texts.moved.subject(whenFor(moved)), [
    { text: texts.moved.lead },
    { fields: appointmentFields(moved) },
    ...advisorBlocks(moved),
    { text: texts.moved.previous(movedFromFor(moved)) },
    { text: preparationText(moved) },
    { text: texts.moved.attachment(texts.calendar.confirmedFile) },
    ...visitorLinkBlocks(texts, links),
    ...sleepDiaryBlocks(texts, links),
  ], [calendarAttachment(moved, settings, now, false)]);
}

export function movedPracticeMail(moved: MovedAppointment, settings: MailSettings, now: Date, page: PracticePage): OutgoingMail {
  return practiceMail(
    moved,
    settings,
    'Termin verschoben',
    practiceFields(moved, [{ label: 'Früherer Termin', value: movedFrom(moved) }]),
    `${fullName(moved)} erhält die Bestätigung des neuen Termins mit demselben Kalendereintrag. Der Eintrag im Anhang ` +
      `(${CONFIRMED_CALENDAR_FILENAME}) ersetzt den bisherigen in Ihrem Kalender; der frühere Zeitpunkt ` +
      `(${movedFrom(moved)}) ist auf der Website wieder frei.`,
    calendarAttachment(moved, settings, now, true),
    page,
  );
}

/** The first sentence of the declined wish's mail (`wishedSlot`: the wished slot in words; German – every language's: APPOINTMENT_MAIL_TEXTS). */
export const moveDeclinedLead = APPOINTMENT_MAIL_TEXTS.de.moveDeclined.lead;

/**
 * The practice declined the wish: the appointment stays as it was (nothing changes in a
 * calendar: no attachment), with the practice's note if any; while the appointment is more
 * than the notice away (`links`), another wish or a cancellation online, else by phone.
 */
export function moveDeclinedMail(wish: MoveWish, settings: MailSettings, links: VisitorLinks | null): OutgoingMail {
  const texts = textsFor(wish);
  return visitorMail(wish, settings, texts.moveDeclined.subject(whenFor(wish)), [
    { text: texts.moveDeclined.lead(wishedFor(wish)) },
    { fields: appointmentFields(wish) },
    ...(wish.staff_note ? [{ label: texts.ourNote, quote: wish.staff_note }] : []),
    ...(links ? visitorLinkBlocks(texts, links) : [callUsBlock(texts)]),
  ]);
}
