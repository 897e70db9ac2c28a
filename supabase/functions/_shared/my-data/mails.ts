/**
 * The «Meine Daten» link mail: the link a visitor asked for on the page, to that address
 * only, valid MY_DATA_REQUESTED_LINK_HOURS. It says nothing about what is stored (the same
 * mail for every address), what the link does, and that it can be ignored. Pure.
 */
import { formatInstantLong } from '../domain/dates.ts';
import { MY_DATA_REQUESTED_LINK_HOURS } from '../domain/my-data.ts';
import { practiceContact, practiceName } from '../domain/practice.ts';
import { htmlButton, htmlDocument, htmlSignature, type MailSettings, paragraph, REPLY_HINT, signatureLines } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/types.ts';
import { dataLinkMailKey, withKey } from '../mail/mail-keys.ts';
import type { LinkSettings } from '../lifecycle/action-links.ts';
import { requestedMyDataUrl } from './links.ts';
import type { DataLinkMail } from './store.ts';

export const DATA_LINK_SUBJECT = 'Ihr Link zu «Meine Daten»';
export const DATA_LINK_LABEL = 'Meine Daten öffnen';

const website = practiceContact.website.replace(/^https?:\/\//, '');

export function dataLinkMail(to: string, link: string, expiresAt: Date, settings: MailSettings): OutgoingMail {
  const greeting = 'Guten Tag';
  const lines = [
    `Sie haben auf ${website} einen Link zu «Meine Daten» angefordert. Dort sehen Sie, was die ${practiceName} über diese E-Mail-Adresse gespeichert hat, ` +
    'können es herunterladen und alles löschen lassen.',
    `Der Link gilt ${MY_DATA_REQUESTED_LINK_HOURS} Stunden (bis ${formatInstantLong(expiresAt)}) und nur für diese E-Mail-Adresse.`,
  ];
  const ignore = 'Haben Sie den Link nicht angefordert, ignorieren Sie diese E-Mail einfach: Es geschieht nichts.';
  return {
    to,
    replyTo: settings.practiceEmail,
    subject: DATA_LINK_SUBJECT,
    text: [greeting, ...lines, `${DATA_LINK_LABEL}:\n${link}`, ignore, REPLY_HINT, signatureLines.join('\n')].join('\n\n') + '\n',
    html: htmlDocument(
      DATA_LINK_SUBJECT,
      [
        paragraph(greeting),
        ...lines.map(paragraph),
        `<p style="margin:20px 0">${htmlButton(link, DATA_LINK_LABEL, 'primary')}</p>`,
        paragraph(ignore),
        paragraph(REPLY_HINT),
        htmlSignature(),
      ].join('\n'),
    ),
  };
}

/**
 * The link mail of an owed data-link row, sent at `sentAt`: the link signed for its address,
 * valid MY_DATA_REQUESTED_LINK_HOURS from then – not from when it was asked for, so that one the
 * links' budget held back for a while still works its whole lifetime when it arrives; keyed by
 * the row.
 */
export async function dataLinkMailFor(row: DataLinkMail, links: LinkSettings, settings: MailSettings, sentAt: Date): Promise<OutgoingMail> {
  const url = await requestedMyDataUrl(links, row.email, sentAt);
  const expiresAt = new Date(sentAt.getTime() + MY_DATA_REQUESTED_LINK_HOURS * 3_600_000);
  return withKey(dataLinkMail(row.email, url, expiresAt, settings), dataLinkMailKey(row.id));
}
