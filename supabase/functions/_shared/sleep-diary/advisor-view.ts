/**
 * The sleep diary on the appointment's page (/termin/aktion) for the practice: the links it
 * holds – the calendar feeds' view link and the staff links of the request's mail and the
 * digest – show the visitor's nights; the visitor's own links (cancel, move, earlier, offers)
 * do not, so a forwarded visitor mail never carries the diary. Reading changes nothing.
 */
import type { AppointmentActionKind } from '../domain/wire-types.ts';
import type { SleepDiaryAdvisorView } from '../domain/sleep-diary.ts';
import type { SleepDiaryStore } from './store.ts';

/** The practice's links. */
const PRACTICE_ACTIONS: readonly AppointmentActionKind[] = ['view', 'confirm-preferred', 'confirm-alternative', 'decline', 'confirm-move', 'decline-move'];

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
