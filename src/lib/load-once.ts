/**
 * Heavy code the first page load can do without (the Supabase client, auth-js, Radix
 * Tooltip and Toast) is loaded with `import()` on first use. `loadOnce(load)` turns such a
 * loader into a function that may be called from anywhere, as often as needed:
 * - callers at the same time share one attempt: `load` runs once, not once per caller;
 * - a rejected attempt is forgotten: the next call runs `load` again, so one network error
 *   (offline for a moment, a chunk that failed to download) does not break the feature
 *   for the rest of the visit;
 * - a resolved value is kept for good: every later call gets it without running `load`.
 * A `load` that throws instead of rejecting counts as a rejected attempt.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let attempt: Promise<T> | undefined;
  return () =>
    (attempt ??= new Promise<T>((resolve) => resolve(load())).catch((error: unknown) => {
      attempt = undefined;
      throw error;
    }));
}
