import { vi } from 'vitest';

/**
 * A stand-in for src/lib/supabase-client.ts, the module boundary of the form tests:
 *   vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
 * The spies record what the forms send; tests decide what "the backend" answers.
 */
export const invoke = vi.fn<(name: string, options: { body: unknown }) => Promise<{ data: unknown; error: Error | null }>>();
/**
 * The insert as it goes out: the row and the headers set on that one request
 * (`setHeader`, names in lower case). Called when the insert is awaited, as postgrest-js
 * sends it only then.
 */
export const insert = vi.fn<(row: unknown, headers: Record<string, string>) => Promise<{ data: null; error: Error | null }>>();

/** postgrest-js's builder, as far as the site uses it: `insert(row).setHeader(name, value)`, then awaited. */
function insertBuilder(row: unknown) {
  const headers: Record<string, string> = {};
  const builder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
      return builder;
    },
    then<T, E = never>(onFulfilled?: (value: { data: null; error: Error | null }) => T | PromiseLike<T>, onRejected?: (reason: unknown) => E | PromiseLike<E>) {
      return insert(row, headers).then(onFulfilled, onRejected);
    },
  };
  return builder;
}

export const from = vi.fn((_table: string) => ({ insert: insertBuilder }));
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

/** A function's non-2xx answer as functions-js reports it: FunctionsHttpError with the unread Response as `context`. */
export function httpError(status: number, body: unknown = { error: 'internal' }): Error {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return Object.assign(supabaseError('FunctionsHttpError', 'Edge Function returned a non-2xx status code'), { context: response });
}

/** The form functions' 202: the request is stored, its e-mail to the practice waits for the day's mail cap. */
export const QUEUED_ANSWER = { queued: true, reason: 'daily_cap' } as const;

/** A form proof header's value back to the proof (base64url of the JSON's UTF-8 bytes). */
export function decodeProofHeader(value: string | undefined): unknown {
  return value === undefined ? undefined : JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
}
