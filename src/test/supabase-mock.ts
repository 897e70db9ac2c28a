import { vi } from 'vitest';

/**
 * A stand-in for src/lib/supabase-client.ts, the module boundary of the form tests:
 *   vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
 * The spies record what the forms send; tests decide what "the backend" answers.
 */
export const invoke = vi.fn<(name: string, options: { body: unknown }) => Promise<{ data: unknown; error: Error | null }>>();
export const insert = vi.fn<(row: unknown) => Promise<{ data: null; error: Error | null }>>();
export const from = vi.fn((_table: string) => ({ insert }));
export const rpc = vi.fn<(name: string, args: Record<string, unknown>) => Promise<{ data: unknown; error: Error | null }>>();
export const getSupabaseClient = vi.fn(async () => ({ functions: { invoke }, from, rpc }));

export function resetSupabaseMock() {
  invoke.mockReset().mockResolvedValue({ data: { ok: true }, error: null });
  insert.mockReset().mockResolvedValue({ data: null, error: null });
  from.mockClear();
  rpc.mockReset().mockResolvedValue({ data: [], error: null });
  getSupabaseClient.mockReset().mockImplementation(async () => ({ functions: { invoke }, from, rpc }));
}

/** A promise the test resolves when it wants, to look at the form while it is sending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Errors shaped like the ones the client returns (functions-js's classes, as in supabase-js, carry these names). */
export function supabaseError(name: string, message = name): Error {
  return Object.assign(new Error(message), { name });
}
