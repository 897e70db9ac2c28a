// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpError, invoke, resetSupabaseMock } from '@/test/supabase-mock';
import { APPOINTMENT_ACTION_FUNCTION } from '@domain/wire-types';
import { fromInvoiceAnswer, pressInvoiceButton } from './invoice-api';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));

describe('fromInvoiceAnswer', () => {
  const view = { invoicing: { from: '2026-11-27', priceRappen: 19000, invoice: null } };

  it('reads a resend held back by its budget as the instant a press may send it again, rounded up to the minute', () => {
    const now = new Date('2026-11-27T12:00:20.000Z');
    expect(fromInvoiceAnswer(429, { error: 'limited', retryAfterSeconds: 3300, view }, now)).toEqual({
      kind: 'limited', nextAt: '2026-11-27T12:56:00.000Z', invoicing: view.invoicing,
    });
    expect(fromInvoiceAnswer(429, { error: 'limited', retryAfterSeconds: 40, view }, new Date('2026-11-27T12:00:20.000Z'))).toMatchObject({
      nextAt: '2026-11-27T12:01:00.000Z',
    });
  });

  it('reads a budget spent for good as no instant, and a malformed wait as a failure', () => {
    expect(fromInvoiceAnswer(429, { error: 'limited', retryAfterSeconds: null, view })).toEqual({ kind: 'limited', nextAt: null, invoicing: view.invoicing });
    expect(fromInvoiceAnswer(429, { error: 'limited', retryAfterSeconds: 'soon', view })).toEqual({ kind: 'failed' });
    expect(fromInvoiceAnswer(429, { error: 'limited', view })).toEqual({ kind: 'failed' });
  });
});

describe('pressInvoiceButton', () => {
  const invoicing = { from: '2026-11-27', priceRappen: 19000, invoice: null };
  beforeEach(() => {
    resetSupabaseMock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends the intent (and an amount only when typed) and reads what became of the invoice', async () => {
    invoke.mockResolvedValueOnce({ data: { result: 'issued', mail: 'sent', view: { invoicing } }, error: null });
    await expect(pressInvoiceButton('tok', 'invoice')).resolves.toEqual({ kind: 'done', result: 'issued', mail: 'sent', invoicing });
    await pressInvoiceButton('tok', 'invoice', '150.00');
    expect(invoke.mock.calls.map(([name, options]) => [name, options.body])).toEqual([
      [APPOINTMENT_ACTION_FUNCTION, { token: 'tok', intent: 'invoice' }],
      [APPOINTMENT_ACTION_FUNCTION, { token: 'tok', intent: 'invoice', amount: '150.00' }],
    ]);
  });

  it.each([
    [409, { error: 'too_soon', from: '2026-12-10', view: { invoicing } }, { kind: 'too_soon', from: '2026-12-10', invoicing }],
    [400, { error: 'invalid_body', field: 'amount' }, { kind: 'invalid_amount' }],
    [409, { error: 'no_invoice' }, { kind: 'conflict' }],
    [409, { error: 'in_progress' }, { kind: 'in_progress' }],
    [500, { error: 'internal' }, { kind: 'failed' }],
  ])('a %i %j is %j', async (status, body, result) => {
    invoke.mockResolvedValue({ data: null, error: httpError(status, body) });
    await expect(pressInvoiceButton('tok', 'invoice')).resolves.toEqual(result);
  });
});
