import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@contract/wire-types';

/**
 * The Supabase client, created on first use. supabase-js is a separate chunk that only
 * the two form pages ever request, so no other page downloads it. URL and key come
 * from VITE_SUPABASE_URL / VITE_SUPABASE_PUBLISHABLE_KEY (vite.config.ts also takes a
 * legacy VITE_SUPABASE_ANON_KEY, supplies the local stack's values in development and
 * tests, and stops a production build without them).
 */
let client: Promise<SupabaseClient<Database>> | undefined;

export function getSupabaseClient(): Promise<SupabaseClient<Database>> {
  client ??= import('@supabase/supabase-js')
    .then(({ createClient }) =>
      createClient<Database>(import.meta.env.VITE_SUPABASE_URL, import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY, {
        auth: { storage: window.localStorage, persistSession: true, autoRefreshToken: true },
      }),
    )
    .catch((error: unknown) => {
      // A failed chunk download (offline) must not stick: the next attempt tries again.
      client = undefined;
      throw error;
    });
  return client;
}
