/**
 * «Meine Daten» in every mail to a visitor: the one place it is added, so no mail builder
 * repeats it. The functions' Mailer is wrapped once (../runtime.ts): every mail whose
 * recipient is not the practice's address – acknowledgements, the state mails, the reminder,
 * the newsletter's confirmation and announcements – gets a last paragraph, text and HTML,
 * with the recipient's own link (../my-data/links.ts, valid MY_DATA_MAIL_LINK_DAYS). The
 * practice's mails carry none. A data-link mail (the link asked for on the page) is the
 * link itself: it keeps its own, shorter-lived one and gets no second. The paragraph and its
 * link are in the mail's language – OutgoingMail.language, else the language its HTML
 * document declares (./layout-en.ts writes `<html lang="en-GB">` for English), else German:
 * an English mail's leads to /en/my-data. Pure apart from the wrapped Mailer.
 */
import { escapeHtml } from '../domain/html.ts';
import { DEFAULT_LANGUAGE, type Language } from '../domain/languages.ts';
import type { LinkSettings } from '../lifecycle/action-links.ts';
import { mailMyDataUrl } from '../my-data/links.ts';
import type { Mailer } from './transport.ts';
import type { OutgoingMail } from './types.ts';

/** The footer's words in each language. */
export const MY_DATA_FOOTER_TEXTS: Record<Language, { label: string; text: string }> = {
  de: { label: 'Meine Daten', text: 'Was wir über Ihre E-Mail-Adresse gespeichert haben – ansehen, herunterladen oder löschen:' },
  en: { label: 'My data', text: 'What we have stored about your e-mail address – view, download or delete it:' },
};

export const MY_DATA_LABEL = MY_DATA_FOOTER_TEXTS.de.label;
export const MY_DATA_FOOTER_TEXT = MY_DATA_FOOTER_TEXTS.de.text;

/** The language a mail is written in: its own field, else its document's `<html lang>` (en-GB → 'en'), else German. */
export function mailLanguage(mail: Pick<OutgoingMail, 'language' | 'html'>): Language {
  if (mail.language) return mail.language;
  return /<html[^>]*\slang="en(-[A-Za-z]+)?"/i.test(mail.html) ? 'en' : DEFAULT_LANGUAGE;
}

/** The idempotency keys of the mails that are the «Meine Daten» link themselves. */
export const isDataLinkMail = (mail: OutgoingMail) => mail.idempotencyKey?.startsWith('data-link/') ?? false;

/** The mail with its «Meine Daten» paragraph in the mail's language (text appended; HTML before </body>). */
export async function withMyDataLink(mail: OutgoingMail, links: LinkSettings, now: Date): Promise<OutgoingMail> {
  const language = mailLanguage(mail);
  const { label, text } = MY_DATA_FOOTER_TEXTS[language];
  const url = await mailMyDataUrl(links, mail.to, now, language);
  const html = `<p style="margin:24px 0 0;font-size:13px;color:#475569">${escapeHtml(text)} ` +
    `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>\n`;
  return {
    ...mail,
    text: `${mail.text.replace(/\n*$/, '')}\n\n${label}: ${text}\n${url}\n`,
    html: /<\/body>/i.test(mail.html) ? mail.html.replace(/<\/body>/i, `${html}</body>`) : `${mail.html}\n${html}`,
  };
}

export interface MyDataFooterSettings {
  practiceEmail: string;
  links: LinkSettings;
  now?: () => Date;
}

/** The Mailer that adds «Meine Daten» to every mail not addressed to the practice. */
export function withMyDataFooter(mailer: Mailer, settings: MyDataFooterSettings): Mailer {
  const practice = settings.practiceEmail.trim().toLowerCase();
  const now = settings.now ?? (() => new Date());
  return {
    transport: mailer.transport,
    timeoutMs: mailer.timeoutMs,
    async send(mail) {
      const forVisitor = mail.to.trim().toLowerCase() !== practice && !isDataLinkMail(mail);
      await mailer.send(forVisitor ? await withMyDataLink(mail, settings.links, now()) : mail);
    },
  };
}
