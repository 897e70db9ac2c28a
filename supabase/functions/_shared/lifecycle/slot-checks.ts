/**
 * What the practice is told about a slot it is asked to confirm (a request's slot or a
 * visitor's wish to move): whether the slot lies outside the opening hours
 * (../domain/availability.ts, with the practice's closures from the database) – only a
 * warning, the practice may confirm such a slot – and who of the advisors is free for it
 * (../domain/capacity.ts): with nobody free the database refuses the confirmation. Pure
 * apart from the lookups it is handed.
 */
import { dayAvailability } from '../domain/availability.ts';
import { formatDateLong } from '../domain/dates.ts';
import type { AppointmentSlot, SlotWarning } from '../domain/wire-types.ts';
import type { AppointmentRequest, Store } from '../database/store.ts';
import { type BookedSpan, type SpanAvailability, spanAvailability } from '../domain/capacity.ts';

/** The database reads a slot check needs (the Store has them). */
export type SlotLookup = Pick<Store, 'closedDays' | 'schedule'>;

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

/** The day's confirmed appointments other than `ownId`, as capacity counts them. */
export async function readBookedSpans(lookup: Pick<Store, 'schedule'>, date: string, ownId: string): Promise<BookedSpan[]> {
  return (await lookup.schedule(date, date))
    .filter((row) => row.status === 'confirmed' && row.id !== ownId && row.confirmed_date !== null && row.confirmed_time !== null)
    .map((row) => ({ advisor: row.advisor, date: row.confirmed_date!, time: row.confirmed_time!, minutes: row.appointment_minutes }));
}

/** Who is free for the request at `slot` (its own appointment left out), by domain/capacity.ts. */
export async function readSlotCapacity(
  lookup: Pick<Store, 'schedule'>,
  request: Pick<AppointmentRequest, 'id' | 'appointment_minutes'>,
  slot: { date: string; time: string },
): Promise<SpanAvailability> {
  return spanAvailability({ ...slot, minutes: request.appointment_minutes }, await readBookedSpans(lookup, slot.date, request.id));
}

export const NOBODY_FREE_WARNING = 'Zu dieser Zeit sind beide Beratenden bereits mit anderen Terminen belegt.';

/**
 * The warning lines for a slot the practice is asked to confirm: outside the opening
 * hours, or no advisor free for the request's whole length (its own appointment aside).
 */
export async function slotWarningLines(
  lookup: SlotLookup,
  request: Pick<AppointmentRequest, 'id' | 'appointment_minutes'>,
  slot: { date: string; time: string },
): Promise<string[]> {
  const lines: string[] = [];
  const warning = await readSlotWarning(lookup, slot);
  if (warning) lines.push(slotWarningText(slot, warning));
  if ((await readSlotCapacity(lookup, request, slot)).free.length === 0) lines.push(NOBODY_FREE_WARNING);
  return lines;
}
