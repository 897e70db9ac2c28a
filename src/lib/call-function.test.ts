// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { getSupabaseClient, httpError, invoke, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';
import { callFunction } from './call-function';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));

const answer = z.object({ view: z.object({ date: z.string() }) });
const refusal = z.object({ error: z.literal('closed') });

describe('callFunction, the one way the site calls a function', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    resetSupabaseMock();
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('posts the body (with a timeout when given) and hands back the answer its schema accepts, without fields the schema does not know', async () => {
    invoke.mockResolvedValue({ data: { view: { date: '2026-12-02', extra: 1 } }, error: null });
    await expect(callFunction('fn', { body: { token: 't' }, answer, timeout: 5000 })).resolves.toEqual({
      kind: 'answer',
      data: { view: { date: '2026-12-02' } },
    });
    expect(invoke).toHaveBeenCalledWith('fn', { body: { token: 't' }, timeout: 5000 });
  });

  it('without a body it GETs', async () => {
    invoke.mockResolvedValue({ data: { view: { date: 'x' } }, error: null });
    await callFunction('fn', { answer });
    expect(invoke).toHaveBeenCalledWith('fn', { method: 'GET' });
  });

  it('a 2xx outside the contract fails, and the log names where it left the schema but not what it held', async () => {
    invoke.mockResolvedValue({ data: { view: { date: 7, note: 'schlafe schlecht' } }, error: null });
    await expect(callFunction('fn', { body: {}, answer })).resolves.toEqual({ kind: 'failed' });
    const logged = JSON.stringify(consoleError.mock.calls);
    expect(logged).toContain('view.date');
    expect(logged).not.toContain('schlafe schlecht');
  });

  it('a non-2xx is refused with its status and its body as the refusal schema reads it', async () => {
    invoke.mockResolvedValue({ data: null, error: httpError(409, { error: 'closed' }) });
    await expect(callFunction('fn', { body: {}, answer, refusal })).resolves.toEqual({ kind: 'refused', status: 409, refusal: { error: 'closed' } });
  });

  it('a body the caller does not explain (a 5xx, a code newer than the site, no JSON) is refused with no refusal', async () => {
    invoke.mockResolvedValueOnce({ data: null, error: httpError(500, { error: 'internal' }) });
    await expect(callFunction('fn', { body: {}, answer, refusal })).resolves.toEqual({ kind: 'refused', status: 500, refusal: undefined });
    const html = Object.assign(supabaseError('FunctionsHttpError'), { context: new Response('<html>', { status: 502 }) });
    invoke.mockResolvedValueOnce({ data: null, error: html });
    await expect(callFunction('fn', { body: {}, answer })).resolves.toEqual({ kind: 'refused', status: 502, refusal: undefined });
  });

  it('the network, a timeout or the client not loading (offline) end as failed, never as a throw', async () => {
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsFetchError', 'Failed to fetch') });
    await expect(callFunction('fn', { body: {}, answer })).resolves.toEqual({ kind: 'failed' });
    invoke.mockRejectedValueOnce(new DOMException('The operation timed out.', 'TimeoutError'));
    await expect(callFunction('fn', { body: {}, answer })).resolves.toEqual({ kind: 'failed' });
    getSupabaseClient.mockRejectedValueOnce(new Error('Loading chunk failed'));
    await expect(callFunction('fn', { body: {}, answer })).resolves.toEqual({ kind: 'failed' });
  });
});
