import { useQuery } from '@tanstack/react-query';
import { getSupabaseClient } from '@/lib/supabase-client';
import { serviceCatalog, timeSlots, type ServiceValue } from '@domain/catalog';
import { parseIsoDate } from '@domain/dates';

export const START_TIMES_FUNCTION = 'appointment_start_times';

/**
 * The shortest service (by the catalogue's lengths): what the form asks about before a
 * service is chosen. A time taken even for the shortest one is taken for every service.
 */
export const SHORTEST_SERVICE: ServiceValue = serviceCatalog.reduce((shortest, entry) =>
  entry.durationMinutes < shortest.durationMinutes ? entry : shortest,
).value;

const isServiceValue = (value: string): value is ServiceValue => serviceCatalog.some((entry) => entry.value === value);
const isTimeSlot = (value: unknown): value is string => (timeSlots as readonly unknown[]).includes(value);

/**
 * The start times of a date at which nobody is free for the service's whole length
 * (public.appointment_start_times: per start time of the day, free or not, and nothing
 * else – no names, no lengths, no advisors). Anything else in the answer is ignored.
 */
export async function fetchTakenStartTimes(date: string, service: ServiceValue): Promise<string[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc(START_TIMES_FUNCTION, { p_day: date, p_service: service });
  if (error) throw error;
  return (Array.isArray(data) ? data : []).filter((entry) => entry?.free === false && isTimeSlot(entry.time)).map((entry) => entry.time);
}

/**
 * The start times of the chosen date that are taken for the chosen service (its value;
 * '' or anything unknown: the shortest service), for the form to mark. A hint, not a
 * rule: while it loads, or if it fails, every time stays selectable (the practice
 * confirms each request by hand anyway). No request for an empty or unfinished date.
 * Another service is another question (the query key holds it).
 */
export function useTakenStartTimes(date: string, service: string): readonly string[] {
  const asked = isServiceValue(service) ? service : SHORTEST_SERVICE;
  const { data } = useQuery({
    queryKey: ['start-times', date, asked],
    queryFn: () => fetchTakenStartTimes(date, asked),
    enabled: parseIsoDate(date) !== null,
    staleTime: 60_000,
  });
  return data ?? [];
}
