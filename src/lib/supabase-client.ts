import { loadOnce } from './load-once';
import type { SupabaseClient } from './supabase-lite';

export type { SupabaseClient };

/**
 * The Supabase client, created on first use. It is a separate chunk (./supabase-lite.ts:
 * PostgREST and edge functions, what the site calls; not the whole of supabase-js) that
 * only the form pages and the appointment action page ever request, so no other page
 * downloads it. URL and key come from VITE_SUPABASE_URL / VITE_SUPABASE_PUBLISHABLE_KEY
 * (vite.config.ts also takes a legacy VITE_SUPABASE_ANON_KEY, supplies the local stack's
 * values in development and tests, and stops a production build without them). Callers share
 * one client; a failed download (offline) is tried again on the next call (./load-once.ts).
 */
export const getSupabaseClient: () => Promise<SupabaseClient> = loadOnce(() =>
  import('./supabase-lite').then(({ createSupabaseClient }) =>
    createSupabaseClient(import.meta.env.VITE_SUPABASE_URL, import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY),
  ),
);
