/**
 * The «Meine Daten» link mail: the link a visitor asked for on the page, to that address
 * only, valid MY_DATA_REQUESTED_LINK_HOURS. It says nothing about what is stored (the same
 * mail for every address), what the link does, and that it can be ignored. In the language
 * of the page it was asked on (the owed row's `language`): an English one leads to
 * /en/my-data. Pure.
 */
import { MY_DATA_REQUESTED_LINK_HOURS } from '../domain/my-data.ts';
import type { Language } from '../domain/languages.ts';
import { practiceContact, practiceName } from '../domain/practice.ts';
import { htmlButton, type MailSettings, paragraph } from '../mail/layout.ts';
import { DATE_FORMATS, mailLayout } from '../mail/layout-en.ts';
import type { OutgoingMail } from '../mail/types.ts';
import { dataLinkMailKey, withKey } from '../mail/mail-keys.ts';
import type { LinkSettings } from '../lifecycle/action-links.ts';
import { requestedMyDataUrl } from './links.ts';
import type { DataLinkMail } from './store.ts';

const website = practiceContact.website.replace(/^https?:\/\//, '');

export interface DataLinkTexts {
  subject: string;
  label: string;
  lines(validUntil: string): string[];
  ignore: string;
}

export const DATA_LINK_TEXTS: Record<Language, DataLinkTexts> = {
  de: {
    subject: 'Ihr Link zu «Meine Daten»',
    label: 'Meine Daten öffnen',
    lines: (validUntil) => [
      `Sie haben auf ${website} einen Link zu «Meine Daten» angefordert. Dort sehen Sie, was die ${practiceName} über diese E-Mail-Adresse gespeichert hat, ` +
      'können es herunterladen und alles löschen lassen.',
      `Der Link gilt ${MY_DATA_REQUESTED_LINK_HOURS} Stunden (bis ${validUntil}) und nur für diese E-Mail-Adresse.`,
    ],
    ignore: 'Haben Sie den Link nicht angefordert, ignorieren Sie diese E-Mail einfach: Es geschieht nichts.',
  },
  en: {
    subject: 'Your link to “My data”',
    label: 'Open My data',
    lines: (validUntil) => [
      `You asked for a link to “My data” on ${website}. There you can see what ${practiceName} has stored about this e-mail address, ` +
      'download it and have all of it deleted.',
      `The link is valid for ${MY_DATA_REQUESTED_LINK_HOURS} hours (until ${validUntil}) and only for this e-mail address.`,
    ],
    ignore: 'If you did not ask for this link, simply ignore this e-mail: nothing will happen.',
  },
};

/** The German subject and button (every language's: DATA_LINK_TEXTS). */
export const DATA_LINK_SUBJECT = DATA_LINK_TEXTS.de.subject;
export const DATA_LINK_LABEL = DATA_LINK_TEXTS.de.label;

export function dataLinkMail(to: string, link: string, expiresAt: Date, settings: MailSettings, language: Language): OutgoingMail {
  const texts = DATA_LINK_TEXTS[language];
  const layout = mailLayout(language);
  const greeting = layout.greeting(null);
  const lines = texts.lines(DATE_FORMATS[language].formatInstantLong(expiresAt));
  return {
    to,
    replyTo: settings.practiceEmail,
    subject: texts.subject,
    text: [greeting, ...lines, `${texts.label}:\n${link}`, texts.ignore, layout.replyHint, layout.signatureLines.join('\n')].join('\n\n') + '\n',
    html: layout.htmlDocument(
      texts.subject,
      [
        paragraph(greeting),
        ...lines.map(paragraph),
        `<p style="margin:20px 0">${htmlButton(link, texts.label, 'primary')}</p>`,
        paragraph(texts.ignore),
        paragraph(layout.replyHint),
        layout.htmlSignature(),
      ].join('\n'),
    ),
    language,
  };
}

/**
 * The link mail of an owed data-link row, sent at `sentAt`: the link signed for its address,
 * valid MY_DATA_REQUESTED_LINK_HOURS from then – not from when it was asked for, so that one the
 * links' budget held back for a while still works its whole lifetime when it arrives; keyed by
 * the row; in the language it was asked in (German for a row that names none), to the page of
 * that language.
 */
export async function dataLinkMailFor(
  row: DataLinkMail,
  links: LinkSettings,
  settings: MailSettings,
  sentAt: Date,
): Promise<OutgoingMail> {
  const { language } = row;
  const url = await requestedMyDataUrl(links, row.email, sentAt, language);
  const expiresAt = new Date(sentAt.getTime() + MY_DATA_REQUESTED_LINK_HOURS * 3_600_000);
  return withKey(dataLinkMail(row.email, url, expiresAt, settings, language), dataLinkMailKey(row.id));
}
