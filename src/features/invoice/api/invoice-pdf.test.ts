// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpError, invoke, resetSupabaseMock } from '@/test/supabase-mock';
import { MY_DATA_FUNCTION } from '@domain/my-data';
import { fetchInvoicePdf } from './invoice-pdf';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));

describe('an invoice’s PDF in «Meine Daten»', () => {
  beforeEach(() => {
    resetSupabaseMock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks my-data for the numbered invoice and hands back its file', async () => {
    const invoice = { filename: 'rechnung-2026-0007.pdf', pdf: 'JVBERi0=' };
    invoke.mockResolvedValue({ data: { invoice }, error: null });
    await expect(fetchInvoicePdf('tok', '2026-0007')).resolves.toEqual(invoice);
    expect(invoke).toHaveBeenCalledWith(MY_DATA_FUNCTION, { body: { action: 'invoice', token: 'tok', number: '2026-0007' } });
  });

  it('a refusal or a file outside its shape is null (the page says the PDF failed)', async () => {
    invoke.mockResolvedValueOnce({ data: null, error: httpError(403, { error: 'invalid_link', reason: 'expired' }) });
    await expect(fetchInvoicePdf('tok', '2026-0007')).resolves.toBeNull();
    invoke.mockResolvedValueOnce({ data: { invoice: { filename: 'x.pdf' } }, error: null });
    await expect(fetchInvoicePdf('tok', '2026-0007')).resolves.toBeNull();
  });
});
