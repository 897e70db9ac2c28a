// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFormProofMock, TEST_PROOF } from '@/test/form-proof-mock';
import { httpError, invoke, QUEUED_ANSWER, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';
import { FunctionCallFailed } from '@/lib/call-function';
import { CONTACT_FUNCTION, prepareContactSubmission, sendContactSubmission } from './contact-message';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));

const values = { vorname: 'Anna', nachname: 'Muster', email: 'anna@example.ch', telefon: '', betreff: '', nachricht: 'Guten Tag' };
const signals = { website: '', elapsedMs: 4000 };

describe('the contact message call', () => {
  beforeEach(() => {
    resetSupabaseMock();
    resetFormProofMock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends the spec body (the name joined, empty optional fields null) and the page\'s language with the proof; sent or queued', async () => {
    const request = prepareContactSubmission(values, signals, 'req-1', 'en');
    expect(request).toEqual({ requestId: 'req-1', language: 'en', name: 'Anna Muster', email: 'anna@example.ch', phone: null, subject: null, message: 'Guten Tag', ...signals });
    invoke.mockResolvedValueOnce({ data: { ok: true }, error: null });
    await expect(sendContactSubmission(request)).resolves.toBe('sent');
    expect(invoke).toHaveBeenCalledWith(CONTACT_FUNCTION, { body: { ...request, altcha: TEST_PROOF } });
    invoke.mockResolvedValueOnce({ data: QUEUED_ANSWER, error: null });
    await expect(sendContactSubmission(request)).resolves.toBe('queued');
  });

  it('a refusal, a 5xx or the network rejects, so the form keeps the values', async () => {
    const request = prepareContactSubmission(values, signals, 'req-1', 'de');
    invoke.mockResolvedValueOnce({ data: null, error: httpError(400, { error: 'invalid_body', field: 'email' }) });
    await expect(sendContactSubmission(request)).rejects.toBeInstanceOf(FunctionCallFailed);
    invoke.mockResolvedValueOnce({ data: null, error: httpError(503) });
    await expect(sendContactSubmission(request)).rejects.toBeInstanceOf(FunctionCallFailed);
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsFetchError') });
    await expect(sendContactSubmission(request)).rejects.toBeInstanceOf(FunctionCallFailed);
  });
});
