import { useQuery } from '@tanstack/react-query';
import { getSupabaseClient } from '@/lib/supabase-client';
import { timeSlots } from '@domain/catalog';
import { parseIsoDate } from '@domain/dates';

export const TAKEN_SLOTS_FUNCTION = 'taken_appointment_slots';

const isTimeSlot = (value: unknown): value is string => (timeSlots as readonly unknown[]).includes(value);

/**
 * The times already confirmed for someone on a date (public.taken_appointment_slots:
 * dates and times, nobody's data). Anything else in the answer is ignored.
 */
export async function fetchTakenTimes(date: string): Promise<string[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc(TAKEN_SLOTS_FUNCTION, { p_from: date, p_days: 1 });
  if (error) throw error;
  return (Array.isArray(data) ? data : []).filter((slot) => slot?.date === date && isTimeSlot(slot.time)).map((slot) => slot.time);
}

/**
 * The taken times of the chosen date, for the form to mark. A hint, not a rule: while it
 * loads, or if it fails, every time stays selectable (the practice confirms each request
 * by hand anyway). No request for an empty or unfinished date.
 */
export function useTakenTimes(date: string): readonly string[] {
  const { data } = useQuery({
    queryKey: ['taken-times', date],
    queryFn: () => fetchTakenTimes(date),
    enabled: parseIsoDate(date) !== null,
    staleTime: 60_000,
  });
  return data ?? [];
}
