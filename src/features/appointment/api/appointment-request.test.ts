// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_PROOF_HEADER } from '@/components/forms/form-proof-header';
import { resetFormProofMock } from '@/test/form-proof-mock';
import { from, httpError, insert, invoke, QUEUED_ANSWER, resetSupabaseMock } from '@/test/supabase-mock';
import { bookableServices } from '@/content/services';
import { FunctionCallFailed } from '@/lib/call-function';
import { APPOINTMENT_TABLE } from './appointment-insert';
import { APPOINTMENT_FUNCTION, prepareAppointmentRequest, sendAppointmentRequest } from './appointment-request';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));

const service = bookableServices[0]!;
const values = {
  vorname: 'Anna',
  nachname: 'Muster',
  email: 'anna@example.ch',
  telefon: '044 123 45 67',
  service: service.value,
  datum: '2036-12-10',
  uhrzeit: '',
  alternativ: '',
  alternativUhrzeit: '',
  nachricht: '',
};
const prepared = () => prepareAppointmentRequest(values, { website: '', elapsedMs: 4000 }, 'req-1', 'en');
const postgresError = (code: string) => Object.assign(new Error(code), { code });

describe('the appointment request: store, then mail', () => {
  beforeEach(() => {
    resetSupabaseMock();
    resetFormProofMock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('stores the spec row (the service by its label, empty optional fields null) and the page\'s language with the proof header, then mails', async () => {
    const request = prepared();
    expect(request.email).toMatchObject({ language: 'en' });
    expect(request.row).toMatchObject({ id: 'req-1', language: 'en', service: service.label, preferred_time: null, alternative_date: null, message: null });
    await expect(sendAppointmentRequest(request)).resolves.toBe('sent');
    expect(from).toHaveBeenCalledWith(APPOINTMENT_TABLE);
    expect(insert).toHaveBeenCalledWith(request.row, expect.objectContaining({ [FORM_PROOF_HEADER.toLowerCase()]: expect.any(String) }));
    expect(invoke).toHaveBeenCalledWith(APPOINTMENT_FUNCTION, { body: expect.objectContaining({ ...request.email }) });
    expect(insert.mock.invocationCallOrder[0]).toBeLessThan(invoke.mock.invocationCallOrder[0]!);
  });

  it('a row already stored (the same request sent again) is mailed; the answer may say queued', async () => {
    insert.mockResolvedValueOnce({ data: null, error: postgresError('23505') });
    invoke.mockResolvedValueOnce({ data: QUEUED_ANSWER, error: null });
    await expect(sendAppointmentRequest(prepared())).resolves.toBe('queued');
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('a refused insert mails nothing; a failed mail rejects with the row stored', async () => {
    insert.mockResolvedValueOnce({ data: null, error: postgresError('42501') });
    await expect(sendAppointmentRequest(prepared())).rejects.toMatchObject({ code: '42501' });
    expect(invoke).not.toHaveBeenCalled();
    invoke.mockResolvedValueOnce({ data: null, error: httpError(503) });
    await expect(sendAppointmentRequest(prepared())).rejects.toBeInstanceOf(FunctionCallFailed);
    expect(insert).toHaveBeenCalledTimes(2);
  });
});
