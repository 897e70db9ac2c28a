/**
 * The sleep diary's morning reminder (outbox kind 'sleep-reminder', domain/mail-kinds.ts):
 * from SLEEP_REMINDER_HOUR each morning until the appointment, while «Jeden Morgen erinnern»
 * is on – a short mail with the link to enter the night and «Erinnerungen beenden», which
 * opens the page with that one button. It names nothing of the nights. In the request's
 * language (German, or English with the link to /en/sleep-diary: ./links.ts).
 */
import type { Appointment } from '../lifecycle/appointment-emails.ts';
import { visitorMail } from '../lifecycle/appointment-emails.ts';
import type { Language } from '../domain/languages.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import type { MailSettings } from '../mail/layout.ts';
import { DATE_FORMATS } from '../mail/layout-en.ts';
import { mailKey } from '../mail/mail-keys.ts';

export interface SleepReminderTexts {
  subject: string;
  lead(appointment: string): string;
  linkLabel: string;
  linkText: string;
  stopLabel: string;
  stopText: string;
}

export const SLEEP_REMINDER_TEXTS: Record<Language, SleepReminderTexts> = {
  de: {
    subject: 'Schlaftagebuch: Wie war Ihre Nacht?',
    lead: (appointment) => `Guten Morgen! Bis zu Ihrem Termin am ${appointment} hilft jede eingetragene Nacht.`,
    linkLabel: 'Tragen Sie die Nacht in einer Minute ein:',
    linkText: 'Nacht eintragen',
    stopLabel: 'Keine Erinnerungen mehr? Ein Klick auf der Seite genügt:',
    stopText: 'Erinnerungen beenden',
  },
  en: {
    subject: 'Sleep diary: how did you sleep?',
    lead: (appointment) => `Good morning! Every night you record before your appointment on ${appointment} helps.`,
    linkLabel: 'Enter last night in a minute:',
    linkText: 'Enter the night',
    stopLabel: 'No more reminders? One click on the page is enough:',
    stopText: 'Stop reminders',
  },
};

/** The German words (every language's: SLEEP_REMINDER_TEXTS). */
export const SLEEP_REMINDER_SUBJECT = SLEEP_REMINDER_TEXTS.de.subject;
export const SLEEP_REMINDER_LINK_LABEL = SLEEP_REMINDER_TEXTS.de.linkLabel;
export const SLEEP_REMINDER_LINK_TEXT = SLEEP_REMINDER_TEXTS.de.linkText;
export const SLEEP_REMINDER_STOP_LABEL = SLEEP_REMINDER_TEXTS.de.stopLabel;
export const SLEEP_REMINDER_STOP_TEXT = SLEEP_REMINDER_TEXTS.de.stopText;

/** The mail's own idempotency key (the registry's template), as its outbox row's. */
export function sleepReminderKey(requestId: string, day: string): string {
  return mailKey('sleep-reminder', { id: requestId, day });
}

/** The query that opens the diary's page with «Erinnerungen beenden» first (the site reads it, on both languages' pages). */
export const SLEEP_REMINDER_STOP_QUERY = 'erinnerungen=beenden';

/** The reminder of one morning: the diary's link and the stop link (the same token, the page's stop view). */
export function sleepReminderMail(appointment: Appointment, settings: MailSettings, diaryUrl: string): OutgoingMail {
  const texts = SLEEP_REMINDER_TEXTS[appointment.language];
  const hash = diaryUrl.indexOf('#');
  const stopUrl = `${diaryUrl.slice(0, hash)}?${SLEEP_REMINDER_STOP_QUERY}${diaryUrl.slice(hash)}`;
  const when = DATE_FORMATS[appointment.language].formatDateTimeLong(appointment.confirmed_date, appointment.confirmed_time);
  return visitorMail(appointment, settings, texts.subject, [
    { text: texts.lead(when) },
    { label: texts.linkLabel, link: diaryUrl, linkText: texts.linkText },
    { label: texts.stopLabel, link: stopUrl, linkText: texts.stopText },
  ]);
}
