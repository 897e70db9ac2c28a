// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFormProofMock, TEST_PROOF } from '@/test/form-proof-mock';
import { httpError, invoke, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';
import { FunctionCallFailed } from '@/lib/call-function';
import type { MyData } from '@domain/wire-types';
import { eraseMyData, MY_DATA_FUNCTION, sendDataLinkSubmission, showMyData } from './my-data-api';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));

const TOKEN = 'my-data-token';
const data: MyData = {
  mailbox: 'anna@example.ch', readAt: '2026-12-01T09:00:00.000Z', requests: [], messages: [], newsletter: null, mails: [], sleepDiaries: [],
};
const erased = { requests: 1, messages: 0, newsletter: 0, mails: 2, cancelled: 0, sleepDiaries: 0, invoicesKept: 1 };

describe('«Meine Daten»’s calls', () => {
  beforeEach(() => {
    resetSupabaseMock();
    resetFormProofMock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows what is stored for the token’s address', async () => {
    invoke.mockResolvedValue({ data: { data }, error: null });
    await expect(showMyData(TOKEN)).resolves.toEqual({ kind: 'data', data });
    expect(invoke).toHaveBeenCalledWith(MY_DATA_FUNCTION, { body: { action: 'show', token: TOKEN } });
  });

  it('a lapsed or forged link is invalid; a 5xx, the network or data outside its shape fail', async () => {
    invoke.mockResolvedValueOnce({ data: null, error: httpError(403, { error: 'invalid_link', reason: 'expired' }) });
    await expect(showMyData(TOKEN)).resolves.toEqual({ kind: 'invalid_link' });
    invoke.mockResolvedValueOnce({ data: null, error: httpError(500) });
    await expect(showMyData(TOKEN)).resolves.toEqual({ kind: 'failed' });
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsFetchError') });
    await expect(showMyData(TOKEN)).resolves.toEqual({ kind: 'failed' });
    invoke.mockResolvedValueOnce({ data: { data: { ...data, requests: null } }, error: null });
    await expect(showMyData(TOKEN)).resolves.toEqual({ kind: 'failed' });
  });

  it('erases, and tells a stored erasure whose mail failed from one that failed', async () => {
    invoke.mockResolvedValueOnce({ data: { erased }, error: null });
    await expect(eraseMyData(TOKEN)).resolves.toEqual({ kind: 'erased', erased });
    expect(invoke).toHaveBeenLastCalledWith(MY_DATA_FUNCTION, { body: { action: 'erase', token: TOKEN } });
    invoke.mockResolvedValueOnce({ data: null, error: httpError(502, { error: 'mail_failed' }) });
    await expect(eraseMyData(TOKEN)).resolves.toEqual({ kind: 'mail_failed' });
    invoke.mockResolvedValueOnce({ data: null, error: httpError(403, { error: 'invalid_link', reason: 'tampered' }) });
    await expect(eraseMyData(TOKEN)).resolves.toEqual({ kind: 'invalid_link' });
    invoke.mockResolvedValueOnce({ data: { erased: { requests: 'all' } }, error: null });
    await expect(eraseMyData(TOKEN)).resolves.toEqual({ kind: 'failed' });
  });

  it('the link form’s submission carries the proof; any refusal rejects so the form keeps the address', async () => {
    const request = { action: 'link' as const, email: 'anna@example.ch', language: 'en' as const, website: '', elapsedMs: 4000 };
    await expect(sendDataLinkSubmission(request)).resolves.toBe('sent');
    expect(invoke).toHaveBeenLastCalledWith(MY_DATA_FUNCTION, { body: { ...request, altcha: TEST_PROOF } });
    invoke.mockResolvedValueOnce({ data: null, error: httpError(429, { error: 'rate_limited', retryAfterSeconds: 60 }) });
    await expect(sendDataLinkSubmission(request)).rejects.toBeInstanceOf(FunctionCallFailed);
  });
});
