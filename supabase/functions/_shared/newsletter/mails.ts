/**
 * The newsletter's two e-mails, each as text and HTML in the mails' layout, in the
 * subscriber's language (the row's `language`; docs/decisions/011-two-languages.md):
 * German with Swiss spelling as it always was (../mail/layout.ts), English next to it in
 * the same shape (NEWSLETTER_TEXTS, ../mail/layout-en.ts), so a text missing in English
 * does not compile. The links are the caller's, to the pages of the same language
 * (./links.ts).
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
import { escapeHtml } from '../domain/html.ts';
import { DEFAULT_LANGUAGE, type Language } from '../domain/languages.ts';
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS, NEWSLETTER_PENDING_DAYS } from '../domain/newsletter.ts';
import { practiceContact, practiceName } from '../domain/practice.ts';
import { htmlButton, type MailSettings, oneLine, paragraph } from '../mail/layout.ts';
import { DATE_FORMATS, mailLayout } from '../mail/layout-en.ts';
import type { OutgoingMail } from '../mail/types.ts';
import type { UnsubscribeLinks } from './links.ts';

/** RFC 8058 §3.1: the header's one key/value pair. */
export const ONE_CLICK_POST = 'List-Unsubscribe=One-Click';

const website = practiceContact.website.replace(/^https?:\/\//, '');
const footerStyle = 'margin:32px 0 0;font-size:12px;color:#64748b';

/** When a mailbox may be sent its next confirmation mail: NEWSLETTER_CONFIRM_INTERVAL_DAYS after this one was asked for. */
export function nextConfirmationAfter(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + NEWSLETTER_CONFIRM_INTERVAL_DAYS * 86_400_000);
}

/** The newsletter's words in one language. */
export interface NewsletterTexts {
  confirmationSubject: string;
  confirmLabel: string;
  readLabel: string;
  unsubscribeLabel: string;
  /** Why the subscriber gets the announcement (its footer). */
  footer: string;
  /** What the confirmation mail says before its link. */
  confirmationLines: readonly string[];
  /** What the confirmation mail says happens if it is ignored: when the address is deleted, and when the next such mail may come. */
  ignoreText(expiresAt: string, nextAfter: string): string;
  announcementSubject(title: string): string;
  /** The line above the article's title. */
  newOnTheBlog: string;
}

export const NEWSLETTER_TEXTS: Record<Language, NewsletterTexts> = {
  de: {
    confirmationSubject: 'Bitte bestätigen Sie Ihr Newsletter-Abonnement',
    confirmLabel: 'Anmeldung bestätigen',
    readLabel: 'Artikel lesen',
    unsubscribeLabel: 'Newsletter abbestellen',
    footer: `Sie erhalten diese E-Mail, weil Sie den Newsletter der ${practiceName} abonniert haben.`,
    confirmationLines: [
      `Sie haben auf ${website} den Newsletter der ${practiceName} bestellt: Wir schreiben Ihnen, wenn im Blog ein neuer Artikel erscheint.`,
      'Bitte bestätigen Sie Ihre Anmeldung mit dem Link unten. Erst dann erhalten Sie den Newsletter.',
    ],
    ignoreText: (expiresAt, nextAfter) =>
      'Haben Sie den Newsletter nicht bestellt, oder möchten Sie ihn doch nicht, ignorieren Sie diese E-Mail einfach: ' +
      `Dann erhalten Sie keinen Newsletter, Ihre Adresse wird nach ${NEWSLETTER_PENDING_DAYS} Tagen ` +
      `(am ${expiresAt}) automatisch gelöscht, und bis zum ${nextAfter} ` +
      `(${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tage nach dieser Anmeldung) senden wir Ihnen keine solche E-Mail mehr, ` +
      'auch wenn jemand Ihre Adresse erneut anmeldet.',
    announcementSubject: (title) => `Neu im Blog: ${title}`,
    newOnTheBlog: `Neu im Blog der ${practiceName}`,
  },
  en: {
    confirmationSubject: 'Please confirm your newsletter subscription',
    confirmLabel: 'Confirm subscription',
    readLabel: 'Read the article',
    unsubscribeLabel: 'Unsubscribe from the newsletter',
    footer: `You are receiving this e-mail because you subscribed to the ${practiceName} newsletter.`,
    confirmationLines: [
      `You have subscribed to the ${practiceName} newsletter on ${website}: we will write to you whenever a new article appears on our blog.`,
      'Please confirm your subscription using the link below. Only then will you receive the newsletter.',
    ],
    ignoreText: (expiresAt, nextAfter) =>
      'If you did not subscribe to the newsletter, or no longer wish to receive it, simply ignore this e-mail: ' +
      `you will then receive no newsletter, your address will be deleted automatically after ${NEWSLETTER_PENDING_DAYS} days ` +
      `(on ${expiresAt}), and until ${nextAfter} ` +
      `(${NEWSLETTER_CONFIRM_INTERVAL_DAYS} days after this subscription) we will not send you another e-mail of this kind, ` +
      'even if someone subscribes your address again.',
    announcementSubject: (title) => `New on the blog: ${title}`,
    newOnTheBlog: `New on the ${practiceName} blog`,
  },
};

/** The German words, as the tests and the e2e suite name them. */
export const CONFIRMATION_SUBJECT = NEWSLETTER_TEXTS.de.confirmationSubject;
export const CONFIRM_LABEL = NEWSLETTER_TEXTS.de.confirmLabel;
export const READ_LABEL = NEWSLETTER_TEXTS.de.readLabel;
export const UNSUBSCRIBE_LABEL = NEWSLETTER_TEXTS.de.unsubscribeLabel;
export const NEWSLETTER_FOOTER = NEWSLETTER_TEXTS.de.footer;

/** What the confirmation mail says happens if it is ignored, with its two dates (the arguments as confirmationMail's). */
export function confirmationIgnoreText(expiresAt: Date, requestedAt: Date, language: Language = DEFAULT_LANGUAGE): string {
  const { formatInstantLong } = DATE_FORMATS[language];
  return NEWSLETTER_TEXTS[language].ignoreText(formatInstantLong(expiresAt), formatInstantLong(nextConfirmationAfter(requestedAt)));
}

/**
 * The confirmation mail, in the subscriber's language, with the link to the confirm page of
 * that language. `expiresAt`: when the unconfirmed address is deleted and the link
 * stops working; `requestedAt`: when this mail was asked for, the moment the database
 * charged the mailbox its one confirmation mail in NEWSLETTER_CONFIRM_INTERVAL_DAYS. Both
 * dates are named in the mail, so its promises are the database's own dates – also when
 * the mail goes out late (deferred by the day's budget, or retried by the outbox).
 */
export function confirmationMail(
  to: string,
  confirmLink: string,
  expiresAt: Date,
  requestedAt: Date,
  settings: MailSettings,
  language: Language,
): OutgoingMail {
  const texts = NEWSLETTER_TEXTS[language];
  const layout = mailLayout(language);
  const greeting = layout.greeting(null);
  const lines = texts.confirmationLines;
  const ignore = confirmationIgnoreText(expiresAt, requestedAt, language);
  return {
    to,
    replyTo: settings.practiceEmail,
    subject: texts.confirmationSubject,
    text: [greeting, ...lines, `${texts.confirmLabel}:\n${confirmLink}`, ignore, layout.replyHint, layout.signatureLines.join('\n')].join('\n\n') + '\n',
    html: layout.htmlDocument(
      texts.confirmationSubject,
      [
        paragraph(greeting),
        ...lines.map(paragraph),
        `<p style="margin:20px 0">${htmlButton(confirmLink, texts.confirmLabel, 'primary')}</p>`,
        paragraph(ignore),
        paragraph(layout.replyHint),
        layout.htmlSignature(),
      ].join('\n'),
    ),
  };
}

/** What an announcement tells of its article (the row the deploy registered, in the subscriber's language). */
export interface AnnouncedArticle {
  slug: string;
  title: string;
  excerpt: string;
  /** 'YYYY-MM-DD' */
  published_on: string;
  author: string;
}

/**
 * «Neu im Blog: <title>» / "New on the blog: <title>" to one confirmed subscriber, in their
 * language, with both unsubscribe links (the visible one to the page of that language).
 */
export function announcementMail(
  to: string,
  article: AnnouncedArticle,
  readLink: string,
  unsubscribe: UnsubscribeLinks,
  settings: MailSettings,
  language: Language,
): OutgoingMail {
  const texts = NEWSLETTER_TEXTS[language];
  const layout = mailLayout(language);
  const subject = oneLine(texts.announcementSubject(article.title));
  const title = oneLine(article.title);
  const byline = `${oneLine(article.author)}, ${DATE_FORMATS[language].formatDateShort(article.published_on)}`;
  const footerText = `${texts.footer}\n${texts.unsubscribeLabel}: ${unsubscribe.page}`;
  return {
    to,
    replyTo: settings.practiceEmail,
    subject,
    text: [texts.newOnTheBlog, title, article.excerpt, byline, `${texts.readLabel}:\n${readLink}`, layout.signatureLines.join('\n'), `--\n${footerText}`]
      .join('\n\n') + '\n',
    html: layout.htmlDocument(
      subject,
      [
        `<p style="margin:0 0 8px;color:#475569">${escapeHtml(texts.newOnTheBlog)}</p>`,
        `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>`,
        paragraph(article.excerpt),
        `<p style="margin:0 0 12px;color:#475569">${escapeHtml(byline)}</p>`,
        `<p style="margin:20px 0">${htmlButton(readLink, texts.readLabel, 'primary')}</p>`,
        layout.htmlSignature(),
        `<p style="${footerStyle}">${escapeHtml(texts.footer)}<br>` +
        `<a href="${escapeHtml(unsubscribe.page)}" style="color:#64748b">${escapeHtml(texts.unsubscribeLabel)}</a></p>`,
      ].join('\n'),
    ),
    headers: {
      'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
      'List-Unsubscribe-Post': ONE_CLICK_POST,
    },
  };
}
