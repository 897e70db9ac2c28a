/**
 * The «Schlaftagebuch führen» link: the site's page with a signed token in the fragment
 * (`<site>/schlaftagebuch#<token>`), as the action links – a fragment reaches no access log
 * and no Referer. It works until the end of the day after the appointment (Zurich), so the
 * last night can be entered the morning after too; after a move the next mail (or «Meine
 * Daten») carries a link for the new day. Pure.
 */
import { zurichInstant } from '../domain/dates.ts';
import { addDays, SLEEP_DIARY_PAGE_PATH } from '../domain/sleep-diary.ts';
import { signSleepDiaryToken } from './tokens.ts';

/** The end of the day after the appointment's day: midnight two days on, in Zurich. */
export function sleepDiaryExpiry(appointmentDate: string): Date {
  return zurichInstant(addDays(appointmentDate, 2), '00:00');
}

/**
 * «Meine Daten»'s links: one for each confirmed appointment whose link still works (until
 * the end of the day after it), so a visitor who lost the confirmation finds the diary.
 */
export async function sleepDiaryLinksOf(
  settings: { secret: string; siteUrl: string },
  requests: readonly { id: string; status: string; confirmed: { date: string } | null }[],
  now: Date,
): Promise<{ requestId: string; url: string }[]> {
  const open = requests.filter((request) => request.status === 'confirmed' && request.confirmed !== null && sleepDiaryExpiry(request.confirmed.date) > now);
  return await Promise.all(open.map(async (request) => ({
    requestId: request.id,
    url: await sleepDiaryUrl(settings, { id: request.id, confirmed_date: request.confirmed!.date }),
  })));
}

/** The diary's link for a confirmed appointment. */
export async function sleepDiaryUrl(settings: { secret: string; siteUrl: string }, appointment: { id: string; confirmed_date: string }): Promise<string> {
  const expiresAt = Math.floor(sleepDiaryExpiry(appointment.confirmed_date).getTime() / 1000);
  return `${settings.siteUrl}${SLEEP_DIARY_PAGE_PATH}#${await signSleepDiaryToken(settings.secret, { requestId: appointment.id, expiresAt })}`;
}
