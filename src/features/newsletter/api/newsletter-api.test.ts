// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFormProofMock, TEST_PROOF } from '@/test/form-proof-mock';
import { httpError, invoke, QUEUED_ANSWER, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';
import { FunctionCallFailed } from '@/lib/call-function';
import { NEWSLETTER_FUNCTION, sendLinkAction, sendSubscribeSubmission } from './newsletter-api';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));

describe('the newsletter calls', () => {
  beforeEach(() => {
    resetSupabaseMock();
    resetFormProofMock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('subscribes with the proof; every accepted address answers alike', async () => {
    const request = { action: 'subscribe' as const, email: 'anna@example.ch', website: '', elapsedMs: 3000 };
    await expect(sendSubscribeSubmission(request)).resolves.toBe('sent');
    invoke.mockResolvedValueOnce({ data: QUEUED_ANSWER, error: null });
    await expect(sendSubscribeSubmission(request)).resolves.toBe('sent');
    expect(invoke).toHaveBeenCalledWith(NEWSLETTER_FUNCTION, { body: { ...request, altcha: TEST_PROOF } });
  });

  it('a refused or unreachable subscription rejects, so the box keeps the address', async () => {
    const request = { action: 'subscribe' as const, email: 'anna@example.ch', website: '', elapsedMs: 3000 };
    invoke.mockResolvedValueOnce({ data: null, error: httpError(400, { error: 'invalid_body', field: 'email' }) });
    await expect(sendSubscribeSubmission(request)).rejects.toBeInstanceOf(FunctionCallFailed);
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsFetchError') });
    await expect(sendSubscribeSubmission(request)).rejects.toBeInstanceOf(FunctionCallFailed);
  });

  it('a confirm or unsubscribe link is done, or no good (410); anything else rejects', async () => {
    invoke.mockResolvedValueOnce({ data: { status: 'confirmed' }, error: null });
    await expect(sendLinkAction('confirm', 'tok')).resolves.toBe('done');
    expect(invoke).toHaveBeenLastCalledWith(NEWSLETTER_FUNCTION, { body: { action: 'confirm', token: 'tok' } });
    invoke.mockResolvedValueOnce({ data: null, error: httpError(410, { error: 'link_invalid' }) });
    await expect(sendLinkAction('unsubscribe', 'tok')).resolves.toBe('link_invalid');
    invoke.mockResolvedValueOnce({ data: null, error: httpError(503) });
    await expect(sendLinkAction('unsubscribe', 'tok')).rejects.toBeInstanceOf(FunctionCallFailed);
  });
});
