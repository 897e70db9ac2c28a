/**
 * The «Schlaftagebuch führen» link: the site's page with a signed token in the fragment
 * (`<site>/schlaftagebuch#<token>`), as the action links – a fragment reaches no access log
 * and no Referer. It works until the end of the day after the appointment (Zurich), so the
 * last night can be entered the morning after too; after a move the next mail (or «Meine
 * Daten») carries a link for the new day. It opens the page of the request's language
 * (`/en/sleep-diary#<token>` for an English request; ../domain/link-paths.ts). Pure.
 */
import { zurichInstant } from '../domain/dates.ts';
import { DEFAULT_LANGUAGE, type Language } from '../domain/languages.ts';
import { LINKED_PAGE_PATHS } from '../domain/link-paths.ts';
import { addDays } from '../domain/sleep-diary.ts';
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
  requests: readonly { id: string; status: string; confirmed: { date: string } | null; language?: Language }[],
  now: Date,
): Promise<{ requestId: string; url: string }[]> {
  const open = requests.filter((request) => request.status === 'confirmed' && request.confirmed !== null && sleepDiaryExpiry(request.confirmed.date) > now);
  return await Promise.all(open.map(async (request) => ({
    requestId: request.id,
    url: await sleepDiaryUrl(settings, { id: request.id, confirmed_date: request.confirmed!.date, language: request.language ?? DEFAULT_LANGUAGE }),
  })));
}

/** The diary's link for a confirmed appointment, to the page of its language (German when none is named). */
export async function sleepDiaryUrl(
  settings: { secret: string; siteUrl: string },
  appointment: { id: string; confirmed_date: string; language?: Language },
): Promise<string> {
  const expiresAt = Math.floor(sleepDiaryExpiry(appointment.confirmed_date).getTime() / 1000);
  const path = LINKED_PAGE_PATHS.sleepDiary[appointment.language ?? DEFAULT_LANGUAGE];
  return `${settings.siteUrl}${path}#${await signSleepDiaryToken(settings.secret, { requestId: appointment.id, expiresAt })}`;
}
