/**
 * The site's one way to call an edge function. Every call ends as one `FunctionCall`:
 *
 * - `answer`: a 2xx whose body the function's answer schema (@domain/answers) accepts;
 * - `refused`: any non-2xx, with its status and its JSON body as the call's refusal schema
 *   reads it (`refusal`; undefined when the body is not one the caller explains: a 5xx, a
 *   gateway's page, a code newer than the site);
 * - `failed`: the network, a timeout, the client's chunk not loading (offline), or a 2xx
 *   outside the contract – nothing known, try again.
 *
 * So a feature's `api/` module maps known outcomes to what its page shows and never reads
 * the client's errors or raw JSON. Neither the body sent nor the one received is logged
 * (tokens, health data): a failure logs the function's name, the status and where the
 * answer left its schema.
 */
import type * as z from 'zod/mini';
import { getSupabaseClient } from './supabase-client';

export type FunctionCall<Answer, Refusal = never> =
  | { kind: 'answer'; data: Answer }
  | { kind: 'refused'; status: number; refusal: Refusal | undefined }
  | { kind: 'failed' };

export interface CallOptions<Answer, Refusal> {
  /** The JSON body (POST); none: a GET. */
  body?: unknown;
  /** What a 2xx must be. */
  answer: z.ZodMiniType<Answer, unknown>;
  /** The refusal bodies the caller explains. */
  refusal?: z.ZodMiniType<Refusal, unknown>;
  /** Milliseconds before a hanging call ends as `failed`. */
  timeout?: number;
}

/**
 * functions-js reports a non-2xx as FunctionsHttpError with the Response as its `context`
 * (body unread), a network failure as FunctionsFetchError. Recognised by shape, not by
 * class: importing the classes would put functions-js into the calling page's own chunk.
 */
function responseOf(error: unknown): Response | undefined {
  const context = typeof error === 'object' && error !== null ? (error as { context?: unknown }).context : undefined;
  return typeof context === 'object' && context !== null && typeof (context as Response).json === 'function' &&
    typeof (context as Response).status === 'number'
    ? (context as Response)
    : undefined;
}

const where = (issues: readonly { path: readonly PropertyKey[] }[]) => issues.slice(0, 3).map((issue) => issue.path.join('.') || '(body)');

export async function callFunction<Answer, Refusal = never>(
  name: string,
  { body, answer, refusal, timeout }: CallOptions<Answer, Refusal>,
): Promise<FunctionCall<Answer, Refusal>> {
  try {
    const supabase = await getSupabaseClient();
    const { data, error } = await supabase.functions.invoke(name, {
      ...(body === undefined ? { method: 'GET' as const } : { body: body as Record<string, unknown> }),
      ...(timeout !== undefined && { timeout }),
    });
    if (error) {
      const response = responseOf(error);
      if (!response) {
        console.error(`${name}: not reached`);
        return { kind: 'failed' };
      }
      const json: unknown = await response.json().catch(() => undefined);
      const refused = refusal?.safeParse(json);
      if (!refused?.success) console.error(`${name}: ${response.status}`);
      return { kind: 'refused', status: response.status, refusal: refused?.success ? refused.data : undefined };
    }
    const parsed = answer.safeParse(data);
    if (parsed.success) return { kind: 'answer', data: parsed.data };
    console.error(`${name}: an answer outside the contract at`, where(parsed.error.issues));
    return { kind: 'failed' };
  } catch {
    // The client's chunk did not load (offline), or the call was aborted by its timeout.
    console.error(`${name}: not reached`);
    return { kind: 'failed' };
  }
}

/** A form's submission failed: the form shows its failure notice and keeps the values. */
export class FunctionCallFailed extends Error {
  constructor(readonly fn: string) {
    super(`${fn}: the submission was not accepted`);
  }
}
