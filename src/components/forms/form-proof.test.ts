// @vitest-environment node
import { FunctionCallFailed } from '@/lib/call-function';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabaseClient, invoke, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';
import { prepareFormProof, takeFormProof } from './form-proof';
import { solveFormChallenge } from './proof-solver';
import type { FormChallenge } from '@domain/wire-types';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
// jsdom has no Worker, so the main-thread fallback runs; the solver itself is altcha-lib's,
// exercised against the real functions in tests/integration and in the browser suite.
vi.mock('./proof-solver', () => ({ solveFormChallenge: vi.fn(async () => ({ counter: 7, derivedKey: 'ab' })) }));

const NOW_S = Math.floor(Date.now() / 1000);

function challenge(expiresAt: number, nonce = 'aa'): FormChallenge {
  return {
    parameters: { algorithm: 'PBKDF2/SHA-256', nonce, salt: 'bb', cost: 1000, keyLength: 32, keyPrefix: 'cc', expiresAt },
    signature: 'dd',
  };
}

describe('form proof', () => {
  // Prepared proofs are kept per function name at module level: each test uses its own name.
  beforeEach(() => {
    resetSupabaseMock();
    vi.mocked(solveFormChallenge).mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks the function for a challenge with GET and hands out the solved proof', async () => {
    invoke.mockResolvedValue({ data: { challenge: challenge(NOW_S + 7200) }, error: null });
    const result = await takeFormProof('fn-get');
    expect(invoke).toHaveBeenCalledWith('fn-get', { method: 'GET' });
    expect(result).toEqual({ challenge: challenge(NOW_S + 7200), solution: { counter: 7, derivedKey: 'ab' } });
  });

  it('prepares once however often the form is focused; each proof is handed out once', async () => {
    invoke.mockResolvedValue({ data: { challenge: challenge(NOW_S + 7200) }, error: null });
    prepareFormProof('fn-once');
    prepareFormProof('fn-once');
    await takeFormProof('fn-once');
    expect(invoke).toHaveBeenCalledTimes(1);
    await takeFormProof('fn-once');
    expect(invoke).toHaveBeenCalledTimes(2);
  });

  it('replaces a prepared proof that is about to expire', async () => {
    invoke
      .mockResolvedValueOnce({ data: { challenge: challenge(NOW_S + 60, 'old') }, error: null })
      .mockResolvedValueOnce({ data: { challenge: challenge(NOW_S + 7200, 'new') }, error: null });
    const result = await takeFormProof('fn-expiring');
    expect(result.challenge.parameters.nonce).toBe('new');
  });

  it('rejects when no challenge comes, and tries again next time', async () => {
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsFetchError', 'Failed to fetch') });
    prepareFormProof('fn-failing');
    await expect(takeFormProof('fn-failing')).rejects.toBeInstanceOf(FunctionCallFailed);
    getSupabaseClient.mockRejectedValueOnce(new Error('Loading chunk failed'));
    await expect(takeFormProof('fn-failing')).rejects.toBeInstanceOf(FunctionCallFailed);
    invoke.mockResolvedValueOnce({ data: { challenge: challenge(NOW_S + 7200) }, error: null });
    await expect(takeFormProof('fn-failing')).resolves.toMatchObject({ solution: { counter: 7 } });
  });

  it('prepares again on the next focus after a failed attempt, and hands out that proof', async () => {
    invoke
      .mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsFetchError', 'Failed to fetch') })
      .mockResolvedValueOnce({ data: { challenge: challenge(NOW_S + 7200, 'second') }, error: null });
    prepareFormProof('fn-refocus');
    await vi.waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0)); // its failure has settled
    prepareFormProof('fn-refocus');
    await vi.waitFor(() => expect(invoke).toHaveBeenCalledTimes(2));
    await expect(takeFormProof('fn-refocus')).resolves.toMatchObject({ challenge: { parameters: { nonce: 'second' } } });
    expect(invoke).toHaveBeenCalledTimes(2);
  });
});
