/**
 * The renewal mail (mail kind 'practice-link'): a fresh link to an appointment, mailed to the
 * practice's own address – never the visitor's, whatever the row holds – when the page of a
 * lapsed practice link («Neuen Link an die Praxis senden») or of a calendar feed's entry («Link
 * an die Praxis senden») asked for one. Its links are made now, by the practice links' rule
 * (../domain/practice-links.ts), and fit the appointment's state: an undecided request gets
 * its confirm and decline links, a wish to move its confirm-move and decline-move links, and
 * every appointment its practice link (the invoice, the sleep diary). Whoever pressed the
 * button may be a stranger holding an old link or a shared calendar: the mail says so, and
 * repeats only what the practice's own page shows (name, service, slot, advisor, state) – no
 * address, phone or message. Reply-To the practice itself: it carries the practice's links.
 * German, as every practice mail; a visitor's language other than German is named
 * («Sprache: Englisch»). Pure apart from signing the links.
 */
import { formatDateTimeLong, formatInstantLong } from '../domain/dates.ts';
import { escapeHtml } from '../domain/html.ts';
import { advisorName } from '../domain/practice.ts';
import { type Field, htmlButton, htmlDocument, htmlFields, type MailSettings, oneLine, paragraph, requestedSlot, serviceWithPrice, textFields } from '../mail/layout.ts';
import { languageFieldsForPractice } from '../mail/layout-en.ts';
import type { OutgoingMail } from '../mail/types.ts';
import type { AppointmentRequest } from '../database/store.ts';
import { type LinkSettings, moveLinks, practiceLink, practiceLinkExpiryOf, staffLinks } from './action-links.ts';
import { confirmMoveLabel, PRACTICE_LINK_LABEL } from './appointment-emails.ts';
import { DECLINE_LINK_LABEL } from '../forms/request-emails.ts';

export const PRACTICE_LINK_MAIL_TITLE = 'Neuer Link zu einem Termin';

/** Why the mail came, and that it came only here. */
export const PRACTICE_LINK_MAIL_INTRO = 'Auf der Website wurde ein neuer Link zu diesem Termin angefordert – auf der Seite eines ' +
  'abgelaufenen Links oder eines Eintrags im Kalender der Praxis. Die Website sendet ihn nur an diese Adresse.';

export const PRACTICE_LINK_MAIL_NOT_YOU = 'Haben Sie keinen neuen Link angefordert, hat jemand einen alten Link oder einen ' +
  'Kalendereintrag geöffnet; der Link kam trotzdem nur zu Ihnen. Diese E-Mail enthält Ihre Links: bitte nicht weiterleiten.';

const STATUS: Record<AppointmentRequest['status'], string> = {
  requested: 'Angefragt, noch nicht bestätigt',
  confirmed: 'Bestätigt',
  declined: 'Abgelehnt',
  cancelled: 'Abgesagt',
};

interface MailLink {
  label: string;
  href: string;
}

/** The links the appointment's state calls for, and until when they work. */
async function linksFor(request: AppointmentRequest, links: LinkSettings, now: Date): Promise<{ items: MailLink[]; until: Date }> {
  if (request.status === 'requested') {
    const staff = await staffLinks(links, request, now);
    return {
      items: [
        { label: `Wunschtermin bestätigen – ${requestedSlot(request.preferred_date, request.preferred_time)}`, href: staff.confirmPreferred },
        ...(staff.confirmAlternative && request.alternative_date
          ? [{ label: `Alternativtermin bestätigen – ${requestedSlot(request.alternative_date, request.alternative_time)}`, href: staff.confirmAlternative }]
          : []),
        { label: DECLINE_LINK_LABEL, href: staff.decline },
      ],
      until: staff.until,
    };
  }
  const day = request.confirmed_date ?? request.preferred_date;
  const page = { label: PRACTICE_LINK_LABEL, href: await practiceLink(links, { id: request.id, confirmed_date: day }, now) };
  if (request.status === 'confirmed' && request.move_status === 'requested' && request.move_date !== null) {
    const move = await moveLinks(links, request, now);
    return {
      items: [
        { label: confirmMoveLabel(formatDateTimeLong(request.move_date, request.move_time)), href: move.confirmMove },
        { label: 'Verschiebung ablehnen', href: move.declineMove },
        page,
      ],
      until: move.until,
    };
  }
  return { items: [page], until: practiceLinkExpiryOf({ confirmed_date: day }, now) };
}

/** The renewal mail for `request` as it is now, to the practice (`settings.practiceEmail`) only. */
export async function practiceLinkMail(request: AppointmentRequest, settings: MailSettings, links: LinkSettings, now: Date): Promise<OutgoingMail> {
  const name = `${request.first_name} ${request.last_name}`;
  const slot = request.confirmed_date !== null
    ? formatDateTimeLong(request.confirmed_date, request.confirmed_time)
    : requestedSlot(request.preferred_date, request.preferred_time);
  const fields: Field[] = [
    { label: 'Name', value: name },
    ...languageFieldsForPractice(request.language),
    { label: 'Dienstleistung', value: serviceWithPrice(request.service) },
    { label: request.confirmed_date !== null ? 'Termin' : 'Wunschtermin', value: slot },
    ...(request.advisor ? [{ label: 'Beratung durch', value: advisorName(request.advisor) }] : []),
    { label: 'Stand', value: STATUS[request.status] },
  ];
  const { items, until } = await linksFor(request, links, now);
  const validity = `Die Links gelten bis ${formatInstantLong(until)}.`;
  return {
    to: settings.practiceEmail,
    replyTo: settings.practiceEmail,
    subject: oneLine(`${PRACTICE_LINK_MAIL_TITLE}: ${name} – ${slot}`),
    text: `${PRACTICE_LINK_MAIL_TITLE}\n\n${PRACTICE_LINK_MAIL_INTRO}\n\n${textFields(fields)}\n\n` +
      `${items.map((item) => `${item.label}:\n${item.href}`).join('\n\n')}\n\n${validity}\n\n${PRACTICE_LINK_MAIL_NOT_YOU}\n`,
    html: htmlDocument(
      PRACTICE_LINK_MAIL_TITLE,
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(PRACTICE_LINK_MAIL_TITLE)}</h1>\n${paragraph(PRACTICE_LINK_MAIL_INTRO)}\n` +
        `${htmlFields(fields)}\n` +
        items.map((item) => `<p style="margin:12px 0 0">${htmlButton(item.href, item.label, 'primary')}</p>`).join('\n') +
        `\n<p style="margin:16px 0 0;color:#475569">${escapeHtml(validity)}</p>\n` +
        `<p style="margin:16px 0 0;color:#475569">${escapeHtml(PRACTICE_LINK_MAIL_NOT_YOU)}</p>`,
    ),
  };
}
