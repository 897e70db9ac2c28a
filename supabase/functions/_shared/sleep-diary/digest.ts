/**
 * The sleep diary in the practice's digest: for each of the day's appointments only how many
 * nights the visitor kept – never a figure, a time or a note (health data stays on the
 * appointment's page, behind the practice's links).
 */

/** The field's label in an appointment's entry. */
export const SLEEP_DIARY_DIGEST_LABEL = 'Schlaftagebuch';

/** 'keines' (no diary), 'noch keine Nacht', '1 Nacht', '5 Nächte'. */
export function sleepDiaryDigestValue(nights: number | null): string {
  if (nights === null) return 'keines';
  if (nights === 0) return 'noch keine Nacht';
  return nights === 1 ? '1 Nacht' : `${nights} Nächte`;
}
