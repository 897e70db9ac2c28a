/**
 * The newsletter's two e-mails, German with Swiss spelling, each as text and HTML in the
 * mails' layout (../mail/layout.ts):
 * - the confirmation mail to an address that subscribed: one link to confirm, what happens
 *   if it is ignored (no newsletter, no other confirmation mail for 30 days – the database's
 *   limit per mailbox – and the address deleted after three days). No name (there is none),
 *   nothing the visitor typed but the address it goes to.
 * - the announcement of a new article to a confirmed subscriber: title, excerpt, author and
 *   date, «Artikel lesen», and a footer with a visible «Newsletter abbestellen» link; the
 *   headers List-Unsubscribe (the one-click address) and List-Unsubscribe-Post (RFC 8058),
 *   which both transports carry (../mail/transport.ts).
 * Every value is HTML-escaped here. Pure: no network, no environment.
 */
import { formatDateShort, formatInstantLong } from '../domain/dates.ts';
import { escapeHtml } from '../domain/html.ts';
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS, NEWSLETTER_PENDING_DAYS } from '../domain/newsletter.ts';
import { practiceContact, practiceName } from '../domain/practice.ts';
import { htmlButton, htmlDocument, htmlSignature, type MailSettings, oneLine, paragraph, REPLY_HINT, signatureLines } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/types.ts';
import type { UnsubscribeLinks } from './links.ts';

export const CONFIRMATION_SUBJECT = 'Bitte bestätigen Sie Ihr Newsletter-Abonnement';
export const CONFIRM_LABEL = 'Anmeldung bestätigen';
export const READ_LABEL = 'Artikel lesen';
export const UNSUBSCRIBE_LABEL = 'Newsletter abbestellen';
export const NEWSLETTER_FOOTER = `Sie erhalten diese E-Mail, weil Sie den Newsletter der ${practiceName} abonniert haben.`;

/** RFC 8058 §3.1: the header's one key/value pair. */
export const ONE_CLICK_POST = 'List-Unsubscribe=One-Click';

const website = practiceContact.website.replace(/^https?:\/\//, '');
const footerStyle = 'margin:32px 0 0;font-size:12px;color:#64748b';

/** When a mailbox may be sent its next confirmation mail: NEWSLETTER_CONFIRM_INTERVAL_DAYS after this one was asked for. */
export function nextConfirmationAfter(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + NEWSLETTER_CONFIRM_INTERVAL_DAYS * 86_400_000);
}

/** What the confirmation mail says happens if it is ignored, with its two dates (the arguments as confirmationMail's). */
export function confirmationIgnoreText(expiresAt: Date, requestedAt: Date): string {
  return 'Haben Sie den Newsletter nicht bestellt, oder möchten Sie ihn doch nicht, ignorieren Sie diese E-Mail einfach: ' +
    `Dann erhalten Sie keinen Newsletter, Ihre Adresse wird nach ${NEWSLETTER_PENDING_DAYS} Tagen ` +
    `(am ${formatInstantLong(expiresAt)}) automatisch gelöscht, und bis zum ${formatInstantLong(nextConfirmationAfter(requestedAt))} ` +
    `(${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tage nach dieser Anmeldung) senden wir Ihnen keine solche E-Mail mehr, ` +
    'auch wenn jemand Ihre Adresse erneut anmeldet.';
}

/**
 * The confirmation mail. `expiresAt`: when the unconfirmed address is deleted and the link
 * stops working; `requestedAt`: when this mail was asked for, the moment the database
 * charged the mailbox its one confirmation mail in NEWSLETTER_CONFIRM_INTERVAL_DAYS. Both
 * dates are named in the mail, so its promises are the database's own dates – also when
 * the mail goes out late (deferred by the day's budget, or retried by the outbox).
 */
export function confirmationMail(to: string, confirmLink: string, expiresAt: Date, requestedAt: Date, settings: MailSettings): OutgoingMail {
  const greeting = 'Guten Tag';
  const lines = [
    `Sie haben auf ${website} den Newsletter der ${practiceName} bestellt: Wir schreiben Ihnen, wenn im Blog ein neuer Artikel erscheint.`,
    'Bitte bestätigen Sie Ihre Anmeldung mit dem Link unten. Erst dann erhalten Sie den Newsletter.',
  ];
  const ignore = confirmationIgnoreText(expiresAt, requestedAt);
  return {
    to,
    replyTo: settings.practiceEmail,
    subject: CONFIRMATION_SUBJECT,
    text: [greeting, ...lines, `${CONFIRM_LABEL}:\n${confirmLink}`, ignore, REPLY_HINT, signatureLines.join('\n')].join('\n\n') + '\n',
    html: htmlDocument(
      CONFIRMATION_SUBJECT,
      [
        paragraph(greeting),
        ...lines.map(paragraph),
        `<p style="margin:20px 0">${htmlButton(confirmLink, CONFIRM_LABEL, 'primary')}</p>`,
        paragraph(ignore),
        paragraph(REPLY_HINT),
        htmlSignature(),
      ].join('\n'),
    ),
  };
}

/** What an announcement tells of its article (the row the deploy registered). */
export interface AnnouncedArticle {
  slug: string;
  title: string;
  excerpt: string;
  /** 'YYYY-MM-DD' */
  published_on: string;
  author: string;
}

/** «Neu im Blog: <title>» to one confirmed subscriber, with both unsubscribe links. */
export function announcementMail(
  to: string,
  article: AnnouncedArticle,
  readLink: string,
  unsubscribe: UnsubscribeLinks,
  settings: MailSettings,
): OutgoingMail {
  const subject = oneLine(`Neu im Blog: ${article.title}`);
  const title = oneLine(article.title);
  const byline = `${oneLine(article.author)}, ${formatDateShort(article.published_on)}`;
  const footerText = `${NEWSLETTER_FOOTER}\n${UNSUBSCRIBE_LABEL}: ${unsubscribe.page}`;
  return {
    to,
    replyTo: settings.practiceEmail,
    subject,
    text: [`Neu im Blog der ${practiceName}`, title, article.excerpt, byline, `${READ_LABEL}:\n${readLink}`, signatureLines.join('\n'), `--\n${footerText}`]
      .join('\n\n') + '\n',
    html: htmlDocument(
      subject,
      [
        `<p style="margin:0 0 8px;color:#475569">${escapeHtml(`Neu im Blog der ${practiceName}`)}</p>`,
        `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>`,
        paragraph(article.excerpt),
        `<p style="margin:0 0 12px;color:#475569">${escapeHtml(byline)}</p>`,
        `<p style="margin:20px 0">${htmlButton(readLink, READ_LABEL, 'primary')}</p>`,
        htmlSignature(),
        `<p style="${footerStyle}">${escapeHtml(NEWSLETTER_FOOTER)}<br>` +
        `<a href="${escapeHtml(unsubscribe.page)}" style="color:#64748b">${escapeHtml(UNSUBSCRIBE_LABEL)}</a></p>`,
      ].join('\n'),
    ),
    headers: {
      'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
      'List-Unsubscribe-Post': ONE_CLICK_POST,
    },
  };
}
