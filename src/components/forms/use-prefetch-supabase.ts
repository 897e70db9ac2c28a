import { useEffect } from 'react';
import { getSupabaseClient } from '@/lib/supabase-client';

/**
 * Starts loading the Supabase client as soon as the visitor begins to use the page (first
 * focus, tap or key), so pressing "send" does not wait for the download – but a visitor
 * who only reads the page never downloads it (src/lib/supabase-lite.ts, about 7 KB
 * gzipped). Only the form pages call this; a failure here is retried on submit.
 */
export function usePrefetchSupabase(): void {
  useEffect(() => {
    const start = () => void getSupabaseClient().catch(() => {});
    const events = ['focusin', 'pointerdown', 'keydown'] as const;
    const onFirstUse = () => {
      for (const type of events) document.removeEventListener(type, onFirstUse, true);
      start();
    };
    for (const type of events) document.addEventListener(type, onFirstUse, { capture: true, passive: true });
    return () => {
      for (const type of events) document.removeEventListener(type, onFirstUse, true);
    };
  }, []);
}
