// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpError, invoke, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';
import { appointmentActionPage } from '@/content/appointment-action';
import { APPOINTMENT_ACTION_FUNCTION } from '@domain/wire-types';
import { fromRenewAnswer, renewPracticeLink } from './renew-api';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));

describe(`«${appointmentActionPage.renew.button}»`, () => {
  beforeEach(() => {
    resetSupabaseMock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends the page token with the intent renew-link; an owed mail is sent', async () => {
    invoke.mockResolvedValueOnce({ data: { result: 'owed' }, error: null });
    await expect(renewPracticeLink('tok')).resolves.toEqual({ kind: 'sent' });
    expect(invoke).toHaveBeenCalledWith(APPOINTMENT_ACTION_FUNCTION, expect.objectContaining({ body: { token: 'tok', intent: 'renew-link' } }));
  });

  it('a failed send that is stored is queued for the outbox; one that is not stored failed', async () => {
    invoke.mockResolvedValueOnce({ data: null, error: httpError(502, { error: 'mail_failed', stored: true }) });
    await expect(renewPracticeLink('tok')).resolves.toEqual({ kind: 'queued' });
    invoke.mockResolvedValueOnce({ data: null, error: httpError(502, { error: 'mail_failed' }) });
    await expect(renewPracticeLink('tok')).resolves.toEqual({ kind: 'failed' });
  });

  it('a held-back renewal names the next minute it may be asked again', () => {
    const now = new Date('2026-12-02T10:00:30Z');
    expect(fromRenewAnswer(429, { error: 'limited', retryAfterSeconds: 600 }, now)).toEqual({ kind: 'limited', nextAt: '2026-12-02T10:11:00.000Z' });
    expect(fromRenewAnswer(429, { error: 'limited', retryAfterSeconds: 30 }, now)).toEqual({ kind: 'limited', nextAt: '2026-12-02T10:01:00.000Z' });
  });

  it('a request that is gone is not found; a body outside the contract, a 5xx or the network failed', async () => {
    expect(fromRenewAnswer(404, { error: 'not_found' })).toEqual({ kind: 'not_found' });
    expect(fromRenewAnswer(200, { result: 'something else' })).toEqual({ kind: 'failed' });
    expect(fromRenewAnswer(429, { error: 'limited', retryAfterSeconds: -1 })).toEqual({ kind: 'failed' });
    invoke.mockResolvedValueOnce({ data: null, error: httpError(500) });
    await expect(renewPracticeLink('tok')).resolves.toEqual({ kind: 'failed' });
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsFetchError') });
    await expect(renewPracticeLink('tok')).resolves.toEqual({ kind: 'failed' });
  });
});
