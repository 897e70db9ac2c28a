/**
 * The sleep diary's morning reminder (outbox kind 'sleep-reminder', domain/mail-kinds.ts):
 * from SLEEP_REMINDER_HOUR each morning until the appointment, while «Jeden Morgen erinnern»
 * is on – a short mail with the link to enter the night and «Erinnerungen beenden», which
 * opens the page with that one button. It names nothing of the nights.
 */
import type { Appointment } from '../lifecycle/appointment-emails.ts';
import { visitorMail } from '../lifecycle/appointment-emails.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import type { MailSettings } from '../mail/layout.ts';
import { mailKey } from '../mail/mail-keys.ts';
import { formatDateTimeLong } from '../domain/dates.ts';

export const SLEEP_REMINDER_SUBJECT = 'Schlaftagebuch: Wie war Ihre Nacht?';
export const SLEEP_REMINDER_LINK_LABEL = 'Tragen Sie die Nacht in einer Minute ein:';
export const SLEEP_REMINDER_LINK_TEXT = 'Nacht eintragen';
export const SLEEP_REMINDER_STOP_LABEL = 'Keine Erinnerungen mehr? Ein Klick auf der Seite genügt:';
export const SLEEP_REMINDER_STOP_TEXT = 'Erinnerungen beenden';

/** The mail's own idempotency key (the registry's template), as its outbox row's. */
export function sleepReminderKey(requestId: string, day: string): string {
  return mailKey('sleep-reminder', { id: requestId, day });
}

/** The query that opens the diary's page with «Erinnerungen beenden» first (the site reads it). */
export const SLEEP_REMINDER_STOP_QUERY = 'erinnerungen=beenden';

/** The reminder of one morning: the diary's link and the stop link (the same token, the page's stop view). */
export function sleepReminderMail(appointment: Appointment, settings: MailSettings, diaryUrl: string): OutgoingMail {
  const hash = diaryUrl.indexOf('#');
  const stopUrl = `${diaryUrl.slice(0, hash)}?${SLEEP_REMINDER_STOP_QUERY}${diaryUrl.slice(hash)}`;
  return visitorMail(appointment, settings, SLEEP_REMINDER_SUBJECT, [
    { text: `Guten Morgen! Bis zu Ihrem Termin am ${formatDateTimeLong(appointment.confirmed_date, appointment.confirmed_time)} hilft jede eingetragene Nacht.` },
    { label: SLEEP_REMINDER_LINK_LABEL, link: diaryUrl, linkText: SLEEP_REMINDER_LINK_TEXT },
    { label: SLEEP_REMINDER_STOP_LABEL, link: stopUrl, linkText: SLEEP_REMINDER_STOP_TEXT },
  ]);
}
