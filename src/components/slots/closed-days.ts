import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabaseClient } from '@/lib/supabase-client';
import { isIsoDate } from './slot-rules';

export const CLOSED_DAYS_FUNCTION = 'practice_closed_days';
/** The most days the function answers for: enough for the 6-month horizon. */
export const CLOSED_DAYS_SPAN = 200;

/**
 * The days the practice has closed from `from` on (public.practice_closed_days: dates
 * only, never a closure's note). Anything but dates in the answer is ignored.
 */
export async function fetchClosedDays(from: string): Promise<string[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc(CLOSED_DAYS_FUNCTION, { p_from: from, p_days: CLOSED_DAYS_SPAN });
  if (error) throw error;
  return (Array.isArray(data) ? (data as unknown[]) : []).filter(isIsoDate);
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The practice's closures from the first bookable day on, for the booking form's hint.
 * Read once per page view, and only once the visitor turns to a date (`request`): most
 * visitors of the page never get that far. A hint, not a rule: while it loads, or if it
 * fails, no closure is known and the database refuses the day on sending (then
 * `refresh` reads them again).
 */
export function useClosedDays(from: string | undefined) {
  const [requested, setRequested] = useState(false);
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['closed-days', from],
    queryFn: () => fetchClosedDays(from!),
    enabled: requested && from !== undefined,
    staleTime: Infinity,
  });
  const closedDays = useMemo(() => (data ? new Set(data) : NONE), [data]);
  const request = useCallback(() => setRequested(true), []);
  const refresh = useCallback(() => {
    setRequested(true);
    void queryClient.invalidateQueries({ queryKey: ['closed-days'] });
  }, [queryClient]);
  return { closedDays, request, refresh };
}
