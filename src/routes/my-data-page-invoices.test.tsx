import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myDataPage as copy } from '@/content/my-data';
import { myDataInvoiceTexts } from '@/content/my-data-invoices';
import { showMyData } from '@/features/my-data/api/my-data-api';
import { renderRoute } from '@/test/render-route';
import type { MyData } from '@domain/wire-types';
import { formatDateLong } from '@domain/dates';
import { invoke, resetSupabaseMock } from '@/test/supabase-mock';

vi.mock('@/features/my-data/api/my-data-api', async (original) => ({
  ...(await original<typeof import('@/features/my-data/api/my-data-api')>()),
  showMyData: vi.fn(),
}));
vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
const show = vi.mocked(showMyData);

const TOKEN = 'bXktZGF0YS12MXxhbm5hQGV4YW1wbGUuY2h8MTc5ODM2MjAwMA.c2lnbmF0dXJl';

/** What is left after an erasure: no requests, messages or mails, one invoice (kept ten years). */
const ERASED_BUT_INVOICED: MyData = {
  mailbox: 'anna@example.ch',
  readAt: '2026-12-20T09:00:00.000Z',
  requests: [],
  messages: [],
  sleepDiaries: [],
  newsletter: null,
  mails: [],
  invoices: [{
    number: '2026-0007', issuedOn: '2026-12-11', amountRappen: 19000, service: 'Schlafberatung', appointmentDate: '2026-12-11',
    appointmentTime: '09:30', name: 'Anna Muster', paidAt: null, deleteAt: '2037-01-01',
  }],
};

async function openAndShow(data: MyData) {
  window.history.replaceState(null, '', `/meine-daten#${TOKEN}`);
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await act(async () => {
    opened = await renderRoute('/meine-daten');
  });
  show.mockResolvedValue({ kind: 'data', data });
  await opened!.user.click(screen.getByRole('button', { name: copy.showLabel }));
  await screen.findByRole('heading', { level: 2, name: copy.dataTitle });
  return opened!.user;
}

beforeEach(() => {
  show.mockReset();
  resetSupabaseMock();
  window.sessionStorage.clear();
});
afterEach(cleanup);

describe('«Meine Daten»: the invoices', () => {
  it('lists each invoice with the day it is deleted, says that invoices are kept ten years, and fetches its PDF again', async () => {
    const user = await openAndShow(ERASED_BUT_INVOICED);
    const region = screen.getByRole('region', { name: new RegExp(myDataInvoiceTexts.title) });
    expect(region).toHaveTextContent(myDataInvoiceTexts.kept);
    expect(within(region).getByText(myDataInvoiceTexts.entryTitle('2026-0007'))).toBeInTheDocument();
    expect(within(region).getByText(formatDateLong('2037-01-01'))).toBeInTheDocument();
    expect(within(region).getByText(myDataInvoiceTexts.open)).toBeInTheDocument();

    invoke.mockResolvedValue({ data: { invoice: { filename: 'rechnung-2026-0007.pdf', pdf: btoa('%PDF-1.3') } }, error: null });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:rechnung');
    URL.revokeObjectURL = vi.fn();
    await user.click(within(region).getByRole('button', { name: myDataInvoiceTexts.pdf }));
    expect(invoke).toHaveBeenCalledWith('my-data', { body: { action: 'invoice', token: TOKEN, number: '2026-0007' } });
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('rechnung-2026-0007.pdf');
  });

  it('says so when the PDF cannot be fetched', async () => {
    const user = await openAndShow(ERASED_BUT_INVOICED);
    invoke.mockResolvedValue({ data: null, error: new Error('500') });
    await user.click(screen.getByRole('button', { name: myDataInvoiceTexts.pdf }));
    expect(await screen.findByText(myDataInvoiceTexts.pdfFailed)).toBeInTheDocument();
  });
});
