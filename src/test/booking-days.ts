import { addDays, bookableDays, slotWindow } from '@domain/availability';
import { zurichIsoDate } from '@domain/dates';

/**
 * Days by the practice's rules (@domain/availability), counted from today, for the tests
 * of the date fields: they run on any day of the year, so no date or weekday is written
 * into them.
 */
export const today = () => zurichIsoDate();

/** The n-th bookable day from today (0: the earliest), closures aside. */
export function bookableDay(index: number): string {
  const day = bookableDays(today(), index + 1)[index];
  if (day === undefined) throw new RangeError(`bookableDay(${index}) lies beyond the booking horizon`);
  return day;
}

/** The first day of today's slot window that `test` picks. */
export function firstDayWhere(test: (day: string) => boolean): string {
  const { first, last } = slotWindow(today());
  for (let day = first; day <= last; day = addDays(day, 1)) if (test(day)) return day;
  throw new Error('No such day in the slot window');
}
