import { QueryClient, queryOptions, type QueryKey } from '@tanstack/react-query';

/** Data cache defaults from docs/product.md §9, written out so they read like it. */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY_COUNT = 3;
export const QUERY_RETRY_BASE_DELAY_MS = 1000;
export const QUERY_RETRY_MAX_DELAY_MS = 30 * 1000;
/** A form submission is never repeated behind the visitor's back: a retry could send twice. */
export const MUTATION_RETRY_COUNT = 0;

/** 1 s, 2 s, 4 s, … capped at 30 s. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** failureCount, QUERY_RETRY_MAX_DELAY_MS);
}

/**
 * The cache's garbage-collection time where it runs: 5 minutes in the browser; never while
 * prerendering, where a query (even a disabled one) would otherwise start a 5-minute timer
 * that keeps the build's Node process from exiting. React Query's own server default is
 * the same (Infinity).
 */
export function gcTimeFor(isServer: boolean): number {
  return isServer ? Infinity : QUERY_GC_TIME_MS;
}

export function createQueryClient(isServer = typeof window === 'undefined'): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: gcTimeFor(isServer),
        retry: QUERY_RETRY_COUNT,
        retryDelay: queryRetryDelay,
      },
      mutations: {
        gcTime: gcTimeFor(isServer),
        retry: MUTATION_RETRY_COUNT,
      },
    },
  });
}

/** A function call's result that is not known: the network, a timeout, a 5xx (src/lib/call-function.ts). */
export class QueryCallFailed extends Error {
  constructor() {
    super('The function call failed');
    this.name = 'QueryCallFailed';
  }
}

/**
 * A query's function from a feature's API call: every known result – a refusal too, such as
 * an expired link – is the query's data and is never asked again; only `failed` throws, so
 * the query's retries (3, from 1 s doubling) apply where trying again can help.
 */
export async function knownResult<Result extends { kind: string }>(call: Promise<Result>): Promise<Exclude<Result, { kind: 'failed' }>> {
  const result = await call;
  if (result.kind === 'failed') throw new QueryCallFailed();
  return result as Exclude<Result, { kind: 'failed' }>;
}

/**
 * What a page reads as its link opens, for the token read from it ('' until then: nothing
 * is asked): a known answer through knownResult, never refetched on its own – the page is
 * one visit's state, and a refetch on focus could replace what the visitor is about to press
 * on or typing against.
 */
export function linkQueryOptions<Key extends QueryKey, Result extends { kind: string }>(
  queryKey: Key,
  token: string,
  read: (token: string) => Promise<Result>,
) {
  return queryOptions({
    queryKey,
    queryFn: () => knownResult(read(token)),
    enabled: token !== '',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
