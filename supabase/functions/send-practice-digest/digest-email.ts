/**
 * The practice's morning digest ("Tagesübersicht"): the requests still undecided, oldest
 * first, each with its confirm and decline links and how long it has waited against the
 * promised 24 hours, and likewise the visitors' wishes to move a confirmed appointment
 * (the current and the wished slot, the links to confirm or decline that wish); today's
 * and tomorrow's confirmed appointments, grouped by advisor (each advisor in the practice's
 * order, then «Ohne Zuteilung» when an appointment has none); what the outbox could
 * not deliver (a message with its full text, so that it reaches the practice even then);
 * the scheduled jobs' failures. To the practice only, Reply-To the practice itself: it
 * carries staff links. Null on a day with nothing to say. German; an entry of a visitor whose
 * language is not German names it («Sprache: Englisch»), so the practice answers and calls in
 * it. Pure: links, addresses and the clock are passed in.
 */
import { OPEN_INVOICES_INTRO, openInvoiceLine, openInvoicesTitle } from './open-invoices.ts';
import type { MoveLinks, StaffLinks } from '../_shared/lifecycle/action-links.ts';
import { confirmMoveLabel, declineMoveLabel, PRACTICE_LINK_LABEL } from '../_shared/lifecycle/appointment-emails.ts';
import { DECLINE_LINK_LABEL } from '../_shared/forms/request-emails.ts';
import { practiceAdvisors, replyWithinHours } from '../_shared/domain/practice.ts';
import { formatDateLong, formatDateTimeLong, formatInstantLong } from '../_shared/domain/dates.ts';
import { type Field, htmlButton, htmlDocument, htmlFields, type MailSettings, NOT_GIVEN, oneLine, paragraph, requestedSlot, serviceWithPrice, textFields } from '../_shared/mail/layout.ts';
import { languageFieldsForPractice } from '../_shared/mail/layout-en.ts';
import { escapeHtml } from '../_shared/domain/html.ts';
import type { OutgoingMail } from '../_shared/mail/types.ts';
import { mailtoHref } from '../_shared/mail/mailto.ts';
import type { AppointmentRequest, DigestData, MailKind } from '../_shared/database/store.ts';
import { WAITING_REPORTED_AFTER_HOURS } from '../_shared/domain/outbox.ts';
import { PRACTICE_LINK_DAYS_AFTER, STAFF_LINK_DAYS } from '../_shared/domain/practice-links.ts';
import { SLEEP_DIARY_DIGEST_LABEL, sleepDiaryDigestValue } from '../_shared/sleep-diary/digest.ts';

/** What the practice reads for each kind of mail that waits (every kind of the registry has one). */
export const WAITING_MAIL_LABELS: Record<MailKind, string> = {
  contact: 'Nachrichten aus dem Kontaktformular an die Praxis',
  request: 'Terminanfragen an die Praxis',
  acknowledgement: 'Eingangsbestätigungen an Besucherinnen und Besucher',
  outcome: 'Bestätigungen, Absagen und Verschiebungen an Besucherinnen und Besucher',
  reminder: 'Terminerinnerungen',
  'earlier-offer': 'Angebote früherer Termine',
  invoice: 'Rechnungen an Besucherinnen und Besucher',
  'sleep-reminder': 'Morgendliche Erinnerungen an das Schlaftagebuch',
  'newsletter-confirmation': 'Bestätigungen von Newsletter-Anmeldungen',
  announcement: 'Newsletter-Ankündigungen neuer Artikel',
  'data-link': 'Links zu «Meine Daten»',
  erasure: 'Mitteilungen über Löschungen an die Praxis',
  digest: 'Tagesübersichten',
  'cap-notice': 'Hinweise auf das Tageslimit',
  'practice-link': 'Neue Links zu Terminen an die Praxis',
};

export const WAITING_TITLE = 'Wartende E-Mails';
export const WAITING_INTRO = `Diese E-Mails warten seit mehr als ${WAITING_REPORTED_AFTER_HOURS} Stunden auf den Versand. ` +
  'Die Website versucht es weiter und sendet jede genau einmal; gelingt es nach drei Tagen nicht, steht sie mit ihrem Inhalt hier unter «Nicht zugestellt».';

/** "3 × Terminerinnerungen, die älteste seit …" */
export function waitingLine(mail: DigestData['waitingMails'][number]): string {
  return `${mail.count} × ${WAITING_MAIL_LABELS[mail.kind]}, ${mail.count === 1 ? 'seit' : 'die älteste seit'} ${formatInstantLong(new Date(mail.since))}`;
}

/** The outbox counts as stalled when it has not run for this long (it runs every 5 minutes hosted). */
export const OUTBOX_STALLED_MINUTES = 30;

/** One part of the mail, in both forms. */
interface Part {
  text: string;
  html: string;
}

const h2 = (title: string) => `<h2 style="font-size:17px;margin:28px 0 12px">${escapeHtml(title)}</h2>`;
const h3 = (title: string) => `<h3 style="font-size:15px;margin:20px 0 8px">${escapeHtml(title)}</h3>`;
const rule = '<hr style="border:none;border-top:1px solid #e2e8f0;margin:16px 0">';

function section(title: string, parts: Part[]): Part {
  return {
    text: `${title}\n${'='.repeat(title.length)}\n\n${parts.map((p) => p.text).join('\n\n---\n\n')}`,
    html: `${h2(title)}\n${parts.map((p) => p.html).join(`\n${rule}\n`)}`,
  };
}

const fullName = (r: AppointmentRequest) => `${r.first_name} ${r.last_name}`;

/** A wait past the promised hours: "seit 30 Stunden – länger als die versprochenen 24 Stunden" (`since`: "seit 30 Stunden"). */
export const waitedTooLong = (since: string) => `${since} – länger als die versprochenen ${replyWithinHours} Stunden`;

/** "seit 30 Stunden – länger als die versprochenen 24 Stunden" */
export function waitedText(createdAt: string, now: Date): string {
  const hours = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 3_600_000));
  const since = hours < 1 ? 'seit weniger als einer Stunde' : hours === 1 ? 'seit 1 Stunde' : `seit ${hours} Stunden`;
  return hours >= replyWithinHours
    ? waitedTooLong(since)
    : `${since} (noch ${replyWithinHours - hours} von ${replyWithinHours} Stunden)`;
}

/** The links of an undecided row: a request's confirm and decline links, or those of a wish to move. */
export type DigestLinks = { kind: 'request'; links: StaffLinks } | { kind: 'move'; links: MoveLinks };

/**
 * The practice links (action-links.ts practiceLink) of the digest's appointments and open
 * invoices: the appointment's page with its invoice, fresh every morning.
 */
export interface DigestPages {
  /** By request id: today's and tomorrow's appointments. */
  appointments: ReadonlyMap<string, string>;
  /** By invoice number: the invoices open past their payment period (also an erased appointment's). */
  invoices: ReadonlyMap<string, string>;
}

/** The open invoice's link in the digest, after its line. */
export const OPEN_INVOICE_LINK_LABEL = (number: string) => `Rechnung ${number} öffnen – als bezahlt markieren oder erneut senden`;

/** A confirmed appointment whose visitor asked to move it, and the practice has not decided yet. */
export const isPendingMove = (request: AppointmentRequest) => request.status === 'confirmed' && request.move_status === 'requested';

function actionsPart(fields: Field[], actions: { label: string; href: string }[], lead?: string): Part {
  return {
    text: `${lead ? `${lead}\n\n` : ''}${textFields(fields)}\n\n${actions.map((a) => `${a.label}:\n${a.href}`).join('\n\n')}`,
    html: `${lead ? `${paragraph(lead)}\n` : ''}${htmlFields(fields)}\n` +
      actions.map((a) => `<p style="margin:8px 0">${htmlButton(a.href, a.label, 'primary')}</p>`).join('\n'),
  };
}

function movePart(request: AppointmentRequest, links: MoveLinks, now: Date): Part {
  const current = formatDateTimeLong(request.confirmed_date!, request.confirmed_time);
  const wished = formatDateTimeLong(request.move_date!, request.move_time);
  const fields: Field[] = [
    { label: 'Name', value: fullName(request) },
    ...languageFieldsForPractice(request.language),
    { label: 'Dienstleistung', value: serviceWithPrice(request.service) },
    { label: 'Bisheriger Termin', value: current },
    { label: 'Gewünschter Termin', value: wished },
    { label: 'Telefon', value: request.phone },
    { label: 'E-Mail', value: request.email, href: mailtoHref(request.email) },
    { label: 'Wartet', value: waitedText(request.move_requested_at ?? request.created_at, now) },
  ];
  return actionsPart(fields, [
    { label: confirmMoveLabel(wished), href: links.confirmMove },
    { label: declineMoveLabel(current), href: links.declineMove },
  ], `Verschiebung gewünscht: ${fullName(request)} möchte den bestätigten Termin verschieben.`);
}

function undecidedPart(request: AppointmentRequest, links: StaffLinks, now: Date): Part {
  const fields: Field[] = [
    { label: 'Name', value: fullName(request) },
    ...languageFieldsForPractice(request.language),
    { label: 'Dienstleistung', value: serviceWithPrice(request.service) },
    { label: 'Wunschtermin', value: requestedSlot(request.preferred_date, request.preferred_time) },
    { label: 'Alternativtermin', value: requestedSlot(request.alternative_date, request.alternative_time) },
    { label: 'Telefon', value: request.phone },
    { label: 'E-Mail', value: request.email, href: mailtoHref(request.email) },
    { label: 'Wartet', value: waitedText(request.created_at, now) },
  ];
  const actions = [
    { label: `Wunschtermin bestätigen – ${requestedSlot(request.preferred_date, request.preferred_time)}`, href: links.confirmPreferred },
    ...(links.confirmAlternative && request.alternative_date
      ? [{ label: `Alternativtermin bestätigen – ${requestedSlot(request.alternative_date, request.alternative_time)}`, href: links.confirmAlternative }]
      : []),
    { label: DECLINE_LINK_LABEL, href: links.decline },
  ];
  return actionsPart(fields, actions);
}

function appointmentPart(request: AppointmentRequest, page: string | undefined, sleepNights?: Record<string, number>): Part {
  const fields: Field[] = [
    { label: 'Termin', value: formatDateTimeLong(request.confirmed_date!, request.confirmed_time) },
    { label: 'Name', value: fullName(request) },
    ...languageFieldsForPractice(request.language),
    { label: 'Dienstleistung', value: serviceWithPrice(request.service) },
    { label: 'Telefon', value: request.phone },
    // How many nights of the sleep diary were kept, nothing of them (sleep-diary/digest.ts).
    ...(sleepNights ? [{ label: SLEEP_DIARY_DIGEST_LABEL, value: sleepDiaryDigestValue(sleepNights[request.id] ?? null) }] : []),
  ];
  // The appointment's page: the invoice from its day on, the diary (domain/practice-links.ts).
  return page ? actionsPart(fields, [{ label: PRACTICE_LINK_LABEL, href: page }]) : { text: textFields(fields), html: htmlFields(fields) };
}

/** The group of appointments without an advisor (confirmed before advisors were recorded). */
export const UNASSIGNED_HEADING = 'Ohne Zuteilung';
export const NO_APPOINTMENTS = 'Keine Termine.';

/**
 * Today's and tomorrow's appointments by advisor: a heading for each advisor in the
 * practice's order (with «Keine Termine.» when they have none), then «Ohne Zuteilung»
 * only when some appointment has no advisor. Within a group the rows keep their order
 * (by day and time).
 */
function appointmentsSection(title: string, rows: readonly AppointmentRequest[], pages: DigestPages, sleepNights?: Record<string, number>): Part {
  const groups: { heading: string; rows: AppointmentRequest[] }[] = [
    ...practiceAdvisors.map(({ id, name }) => ({ heading: name, rows: rows.filter((r) => r.advisor === id) })),
    ...(rows.some((r) => r.advisor === null) ? [{ heading: UNASSIGNED_HEADING, rows: rows.filter((r) => r.advisor === null) }] : []),
  ];
  const parts = groups.map((group) => {
    const heading = group.heading;
    const entries = group.rows.map((row) => appointmentPart(row, pages.appointments.get(row.id), sleepNights));
    return {
      text: `${heading}\n${'-'.repeat(heading.length)}\n\n` + (entries.length ? entries.map((p) => p.text).join('\n\n---\n\n') : NO_APPOINTMENTS),
      html: `${h3(heading)}\n` + (entries.length ? entries.map((p) => p.html).join(`\n${rule}\n`) : paragraph(NO_APPOINTMENTS)),
    };
  });
  return {
    text: `${title}\n${'='.repeat(title.length)}\n\n${parts.map((p) => p.text).join('\n\n\n')}`,
    html: `${h2(title)}\n${parts.map((p) => p.html).join('\n')}`,
  };
}

function fieldsPart(fields: Field[], note: string): Part {
  return { text: `${note}\n\n${textFields(fields)}`, html: `${paragraph(note)}\n${htmlFields(fields)}` };
}

const UNDELIVERED_NOTE: Record<'request' | 'outcome' | 'reminder', (r: AppointmentRequest) => string> = {
  request: () => 'Die E-Mail zu dieser Terminanfrage kam nie an; die Anfrage steht oben bei den offenen Anfragen.',
  outcome: (r) =>
    `Die E-Mail an ${fullName(r)} über den Stand der Anfrage (${statusText(r)}) konnte nicht zugestellt werden. Bitte informieren Sie ${fullName(r)} telefonisch.`,
  reminder: (r) => `Die Erinnerung an ${fullName(r)} konnte nicht zugestellt werden.`,
};

/** An invoice's mail given up: what to do, on its appointment's page (also after an erasure). */
export const undeliveredInvoiceNote = (number: string, name: string) =>
  `Die Rechnung ${number} an ${name} konnte nicht zugestellt werden. Bitte senden Sie sie auf der Seite des Termins erneut («Rechnung erneut senden») oder per Post.`;

function statusText(r: AppointmentRequest): string {
  const key = r.outcome_key ?? '';
  if (r.status === 'confirmed' && key.startsWith('move-requested:') && r.move_date) {
    return `Verschiebung auf ${formatDateTimeLong(r.move_date, r.move_time)} gewünscht`;
  }
  if (r.status === 'confirmed' && key.startsWith('moved:')) return `verschoben auf ${formatDateTimeLong(r.confirmed_date!, r.confirmed_time)}`;
  if (r.status === 'confirmed' && key.startsWith('move-declined:')) {
    return `Verschiebung abgelehnt, Termin bleibt am ${formatDateTimeLong(r.confirmed_date!, r.confirmed_time)}`;
  }
  if (r.status === 'confirmed') return `bestätigt für ${formatDateTimeLong(r.confirmed_date!, r.confirmed_time)}`;
  if (r.status === 'cancelled') return 'abgesagt';
  if (r.status === 'declined') return 'abgelehnt';
  return 'offen';
}

/** The digest of `day` (YYYY-MM-DD, Zurich), or null when there is nothing to say. */
export function digestMail(
  data: DigestData,
  links: ReadonlyMap<string, DigestLinks>,
  settings: MailSettings,
  day: string,
  now: Date,
  pages: DigestPages,
): OutgoingMail | null {
  const sections: Part[] = [];
  const counts: string[] = [];

  if (data.undecided.length > 0) {
    const parts = data.undecided.map((r) => {
      const found = links.get(r.id)!;
      return found.kind === 'move' ? movePart(r, found.links, now) : undecidedPart(r, found.links, now);
    });
    const more = data.undecidedTotal - data.undecided.length;
    if (more > 0) parts.push({ text: `… und ${more} weitere.`, html: paragraph(`… und ${more} weitere.`) });
    sections.push(section(`Offene Terminanfragen (${data.undecidedTotal})`, parts));
    counts.push(`${data.undecidedTotal} offen`);
  }

  if (data.confirmed.length > 0) {
    sections.push(appointmentsSection('Termine heute und morgen', data.confirmed, pages, data.sleepNights));
    counts.push(`${data.confirmed.length} ${data.confirmed.length === 1 ? 'Termin' : 'Termine'}`);
  }

  const undelivered: Part[] = [
    ...data.gaveUpContacts.map((c) =>
      fieldsPart([
        { label: 'Name', value: c.name },
        { label: 'E-Mail', value: c.email, href: mailtoHref(c.email) },
        { label: 'Telefon', value: c.phone ?? NOT_GIVEN },
        { label: 'Betreff', value: c.subject ?? NOT_GIVEN },
        { label: 'Eingegangen', value: formatInstantLong(new Date(c.created_at)) },
        { label: 'Nachricht', value: c.message, multiline: true },
      ], 'Eine Nachricht über das Kontaktformular, deren E-Mail nicht zugestellt werden konnte:')
    ),
    ...data.gaveUpAppointments.map(({ kind, request }) =>
      fieldsPart([
        { label: 'Name', value: fullName(request) },
        ...languageFieldsForPractice(request.language),
        { label: 'Telefon', value: request.phone },
        { label: 'E-Mail', value: request.email, href: mailtoHref(request.email) },
        { label: 'Anfrage-Nr.', value: request.id },
      ], UNDELIVERED_NOTE[kind](request))
    ),
    ...(data.gaveUpInvoices ?? []).map((mail): Part => {
      const note = undeliveredInvoiceNote(mail.number, `${mail.first_name} ${mail.last_name}`);
      const page = pages.invoices.get(mail.number);
      if (!page) return { text: note, html: paragraph(note) };
      const fields: Field[] = [{ label: 'Rechnung', value: mail.number }, { label: 'Termin', value: formatDateLong(mail.appointment_date) }];
      return actionsPart(fields, [{ label: OPEN_INVOICE_LINK_LABEL(mail.number), href: page }], note);
    }),
    ...data.gaveUpNewsletter.map((mail) =>
      fieldsPart(
        [{ label: 'E-Mail', value: mail.email, href: mailtoHref(mail.email) }],
        mail.kind === 'announcement'
          ? `Die Ankündigung des Artikels «${mail.title ?? ''}» an diese Newsletter-Adresse konnte nicht zugestellt werden.`
          : 'Die Bestätigungs-E-Mail an diese Adresse, die den Newsletter bestellen wollte, konnte nicht zugestellt werden.',
      )
    ),
  ];
  if (undelivered.length > 0) {
    sections.push(section('Nicht zugestellt', undelivered));
    counts.push(`${undelivered.length} nicht zugestellt`);
  }

  // The invoices unpaid past their payment period, each with its appointment's page: open-invoices.ts.
  const openInvoices = data.openInvoices ?? [];
  if (openInvoices.length > 0) {
    const parts = openInvoices.map((invoice): Part => {
      const line = openInvoiceLine(invoice, day);
      const page = pages.invoices.get(invoice.number);
      if (!page) return { text: line, html: paragraph(line) };
      const label = OPEN_INVOICE_LINK_LABEL(invoice.number);
      return {
        text: `${line}\n${label}:\n${page}`,
        html: `${paragraph(line)}\n<p style="margin:0 0 12px">${htmlButton(page, label, 'secondary')}</p>`,
      };
    });
    sections.push(section(openInvoicesTitle(openInvoices.length), [
      { text: OPEN_INVOICES_INTRO, html: paragraph(OPEN_INVOICES_INTRO) },
      ...parts,
    ]));
    counts.push(`${openInvoices.length} ${openInvoices.length === 1 ? 'Rechnung' : 'Rechnungen'} offen`);
  }

  if (data.waitingMails.length > 0) {
    const lines = data.waitingMails.map(waitingLine);
    sections.push(section(WAITING_TITLE, [
      { text: `${WAITING_INTRO}\n\n${lines.join('\n')}`, html: `${paragraph(WAITING_INTRO)}\n${lines.map(paragraph).join('\n')}` },
    ]));
    counts.push(`${data.waitingMails.reduce((sum, mail) => sum + mail.count, 0)} wartend`);
  }

  const troubles: Part[] = data.failedRuns.map((run) => {
    const line = `${formatInstantLong(new Date(run.ranAt))}: ${run.job} – ${
      Object.entries(run.summary).map(([key, value]) => `${key} ${String(value)}`).join(', ')
    }`;
    return { text: line, html: paragraph(line) };
  });
  const lastRun = data.outboxLastRunAt ? new Date(data.outboxLastRunAt) : null;
  if (lastRun && now.getTime() - lastRun.getTime() > OUTBOX_STALLED_MINUTES * 60_000) {
    const line = `Der automatische E-Mail-Versand (send-pending-mail) lief zuletzt am ${formatInstantLong(lastRun)}.`;
    troubles.push({ text: line, html: paragraph(line) });
  }
  if (troubles.length > 0) {
    const note = 'Für die Betreuung der Website (Details in der Tabelle job_runs):';
    sections.push(section('Störungen', [{ text: note, html: paragraph(note) }, ...troubles]));
    counts.push('Störungen');
  }

  if (sections.length === 0) return null;
  const title = `Tagesübersicht ${formatDateLong(day)}`;
  const intro = `Guten Tag. Das steht an (Stand ${formatInstantLong(now)}).`;
  const footer = 'Jeder Link öffnet eine Seite der Website mit der Anfrage oder dem Termin; erst dort lösen Sie die Aktion aus. ' +
    `Die Links gelten mindestens ${STAFF_LINK_DAYS} Tage, die eines Termins bis ${PRACTICE_LINK_DAYS_AFTER} Tage nach dem Termin. ` +
    'Diese E-Mail enthält Ihre Bestätigungslinks: bitte nicht weiterleiten.';
  return {
    to: settings.practiceEmail,
    replyTo: settings.practiceEmail,
    subject: oneLine(`${title}: ${counts.join(', ')}`),
    text: `${title}\n\n${intro}\n\n${sections.map((s) => s.text).join('\n\n\n')}\n\n${footer}\n`,
    html: htmlDocument(
      title,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>\n${paragraph(intro)}\n` +
        `${sections.map((s) => s.html).join('\n')}\n<p style="margin:28px 0 0;color:#475569">${escapeHtml(footer)}</p>`,
    ),
  };
}
