/**
 * What the practice is told about a slot it is asked to confirm (a request's slot or a
 * visitor's wish to move): whether the slot lies outside the opening hours
 * (../domain/availability.ts, with the practice's closures from the database) and which
 * times on its date are already confirmed for others. Only a warning: the practice may
 * confirm any slot it chooses. Pure apart from the lookups it is handed.
 */
import { dayAvailability } from '../domain/availability.ts';
import { formatDateLong } from '../domain/dates.ts';
import type { AppointmentSlot, SlotWarning } from '../domain/wire-types.ts';
import type { Store } from '../database/store.ts';

/** The database reads a slot check needs (the Store has them). */
export type SlotLookup = Pick<Store, 'closedDays' | 'takenTimes'>;

/** Why the slot lies outside the opening hours, given the closures of its date; null when it is an ordinary opening time. */
export function slotWarning(slot: AppointmentSlot, closures: ReadonlySet<string>): SlotWarning | null {
  const day = dayAvailability(slot.date, closures);
  if (!day.open) return day.reason;
  if (slot.time !== null && !(day.times as readonly string[]).includes(slot.time)) return { kind: 'time_not_offered' };
  return null;
}

/** slotWarning with the practice's closures of that one date read from the database. */
export async function readSlotWarning(lookup: Pick<Store, 'closedDays'>, slot: AppointmentSlot): Promise<SlotWarning | null> {
  return slotWarning(slot, new Set(await lookup.closedDays(slot.date, 1)));
}

/** The taken times without one entry for the request's own confirmed time (another request may have the same time). */
export function othersTimes(taken: readonly string[], own: string | null): string[] {
  const index = own === null ? -1 : taken.indexOf(own);
  return index === -1 ? [...taken] : [...taken.slice(0, index), ...taken.slice(index + 1)];
}

/** The practice's warning, one sentence each, about a slot it is asked to confirm. */
export function slotWarningText(slot: AppointmentSlot, warning: SlotWarning): string {
  const day = formatDateLong(slot.date);
  switch (warning.kind) {
    case 'holiday':
      return `Am ${day} ist ${warning.name}; die Praxis ist an diesem Feiertag geschlossen.`;
    case 'weekday':
      return `Am ${day} ist die Praxis geschlossen (kein Öffnungstag).`;
    case 'closure':
      return `Am ${day} ist die Praxis geschlossen (eingetragene Schliessung).`;
    case 'time_not_offered':
      return `Die Uhrzeit ${slot.time} Uhr wird am ${day} nicht angeboten.`;
  }
}

export const TAKEN_WARNING = 'Zu dieser Zeit ist bereits ein anderer Termin bestätigt.';

/**
 * The warning lines for a slot the practice is asked to confirm: outside the opening
 * hours, or its time confirmed for someone else (`ownTime`: this request's own confirmed
 * time on that date, which is not someone else's).
 */
export async function slotWarningLines(lookup: SlotLookup, slot: { date: string; time: string }, ownTime: string | null): Promise<string[]> {
  const lines: string[] = [];
  const warning = await readSlotWarning(lookup, slot);
  if (warning) lines.push(slotWarningText(slot, warning));
  if (othersTimes(await lookup.takenTimes(slot.date), ownTime).includes(slot.time)) lines.push(TAKEN_WARNING);
  return lines;
}
