import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myDataInvoiceTexts as copy } from '@/content/my-data-invoices';
import { queryRetryDelay } from '@/lib/query-client';
import { QueryProvider } from '@/lib/query-provider';
import { deferred, invoke, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';
import { setupUser } from '@/test/user';
import { MY_DATA_FUNCTION } from '@domain/my-data';
import type { MyDataInvoice } from '@domain/wire-types';
import { MyDataInvoices } from './my-data-invoices';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));

const INVOICE: MyDataInvoice = {
  number: '2026-0007', issuedOn: '2026-12-11', amountRappen: 19000, service: 'Schlafberatung', appointmentDate: '2026-12-11',
  appointmentTime: '09:30', name: 'Anna Muster', paidAt: null, deleteAt: '2037-01-01',
};
const PDF = { data: { invoice: { filename: 'rechnung-2026-0007.pdf', pdf: btoa('%PDF-1.3') } }, error: null };

/** The invoices as «Meine Daten» shows them; the page brings the query client (here the test). */
function openInvoices() {
  const user = setupUser();
  render(
    <QueryProvider>
      <MyDataInvoices invoices={[INVOICE]} token={() => 'tok'} />
    </QueryProvider>,
  );
  return user;
}

let saved: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  resetSupabaseMock();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  saved = vi.fn<() => void>();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(saved);
  URL.createObjectURL = vi.fn(() => 'blob:rechnung');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('«PDF herunterladen»', () => {
  it('one download at a time: a second press while the PDF is being made asks nothing more, then the file is saved once', async () => {
    const answer = deferred<{ data: unknown; error: Error | null }>();
    invoke.mockReturnValue(answer.promise);
    const user = openInvoices();
    await user.click(screen.getByRole('button', { name: copy.pdf }));
    const pending = await screen.findByRole('button', { name: copy.pdfPending });
    expect(pending).toHaveAttribute('aria-busy', 'true');
    await user.click(pending);
    expect(invoke).toHaveBeenCalledExactlyOnceWith(MY_DATA_FUNCTION, { body: { action: 'invoice', token: 'tok', number: '2026-0007' } });

    await act(async () => answer.resolve(PDF));
    expect(await screen.findByRole('button', { name: copy.pdf })).toBeInTheDocument();
    expect(saved).toHaveBeenCalledTimes(1);
    expect((saved.mock.contexts[0] as HTMLAnchorElement).download).toBe('rechnung-2026-0007.pdf');
  });

  it('a PDF that cannot be had is not asked again behind the visitor\'s back: it says so until the next press', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    invoke.mockResolvedValue({ data: null, error: supabaseError('FunctionsFetchError') });
    const user = openInvoices();
    await user.click(screen.getByRole('button', { name: copy.pdf }));
    expect(await screen.findByText(copy.pdfFailed)).toBeInTheDocument();
    // Past the time a query's retries (1 s, 2 s, 4 s) would have taken: still the one call.
    await act(() => vi.advanceTimersByTimeAsync(queryRetryDelay(0) + queryRetryDelay(1) + queryRetryDelay(2)));
    expect(invoke).toHaveBeenCalledTimes(1);

    invoke.mockResolvedValue(PDF);
    await user.click(screen.getByRole('button', { name: copy.pdf }));
    await expect.poll(() => saved.mock.calls.length).toBe(1);
    expect(screen.queryByText(copy.pdfFailed)).toBeNull();
    expect(invoke).toHaveBeenCalledTimes(2);
  });
});
