import { describe, expect, it } from 'vitest';
import { fromInvoiceAnswer } from './invoice-api';

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
