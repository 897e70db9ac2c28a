import { describe, expect, it } from 'vitest';
import { createQueryClient, knownResult, QueryCallFailed, queryRetryDelay } from '@/lib/query-client';

describe('query client defaults', () => {
  const options = createQueryClient().getDefaultOptions();

  it('keeps unused data for 5 minutes', () => {
    expect(options.queries?.gcTime).toBe(300_000);
  });

  it('starts no collection timer while prerendering, so the build can exit', () => {
    const server = createQueryClient(true).getDefaultOptions();
    expect(server.queries?.gcTime).toBe(Infinity);
    expect(server.mutations?.gcTime).toBe(Infinity);
  });

  it('retries queries 3 times with a delay doubling from 1 s, capped at 30 s', () => {
    expect(options.queries?.retry).toBe(3);
    expect(options.queries?.retryDelay).toBe(queryRetryDelay);
    expect([0, 1, 2, 3, 4, 5, 10].map((failures) => queryRetryDelay(failures))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('never retries a mutation (a form is not sent twice behind the visitor’s back)', () => {
    expect(options.mutations?.retry).toBe(0);
  });
});

describe('knownResult', () => {
  it('passes every known result on, a refusal too', async () => {
    await expect(knownResult(Promise.resolve({ kind: 'invalid_link' as const }))).resolves.toEqual({ kind: 'invalid_link' });
  });

  it('throws for a failed call, so the query retries it', async () => {
    await expect(knownResult(Promise.resolve({ kind: 'failed' as const }))).rejects.toBeInstanceOf(QueryCallFailed);
  });
});
