import { useEffect } from 'react';
import { getSupabaseClient } from '@/lib/supabase-client';

/**
 * Starts loading supabase-js once a form page is idle, so pressing "send" does not wait
 * for the download. Only the form pages call this; a failure here is retried on submit.
 */
export function usePrefetchSupabase(): void {
  useEffect(() => {
    const start = () => void getSupabaseClient().catch(() => {});
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 1500);
    return () => clearTimeout(timer);
  }, []);
}
