/**
 * The sleep diary on the appointment's page (/termin/aktion) for the practice: the links its
 * mails hold – the practice link of the «Termin bestätigt» copy, the digest and a renewal
 * mail, and the staff links of the request's mail – show the visitor's nights; the visitor's
 * own links (cancel, move, earlier, offers) do not, so a forwarded visitor mail never carries
 * the diary, and neither does the calendar feeds' view link, which a calendar provider and
 * everyone the calendar is shared with hold. Reading changes nothing.
 */
import type { AppointmentActionKind } from '../domain/wire-types.ts';
import type { SleepDiaryAdvisorView } from '../domain/sleep-diary.ts';
import type { SleepDiaryStore } from './store.ts';

/** The practice's links. */
const PRACTICE_ACTIONS: readonly AppointmentActionKind[] = ['practice', 'confirm-preferred', 'confirm-alternative', 'decline', 'confirm-move', 'decline-move'];

/** What the view adds for this link: `{ sleepDiary }` on a practice link (null without a diary), nothing on a visitor's. */
export async function advisorDiary(
  store: SleepDiaryStore | null | undefined,
  action: AppointmentActionKind,
  requestId: string,
): Promise<{ sleepDiary?: SleepDiaryAdvisorView | null }> {
  if (!store || !PRACTICE_ACTIONS.includes(action)) return {};
  const diary = await store.read(requestId);
  return { sleepDiary: diary && diary.consentedAt !== null ? { nights: diary.nights } : null };
}
