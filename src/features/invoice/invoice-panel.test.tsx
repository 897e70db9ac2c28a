import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceTexts as copy } from '@/content/invoice';
import { queryRetryDelay } from '@/lib/query-client';
import { QueryProvider } from '@/lib/query-provider';
import { deferred, invoke, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';
import { setupUser } from '@/test/user';
import { APPOINTMENT_ACTION_FUNCTION, type InvoiceView } from '@domain/wire-types';
import { InvoicePanel } from './invoice-panel';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));

const TODAY = '2026-12-11';
const NOT_ISSUED: InvoiceView = { from: TODAY, priceRappen: 19000, invoice: null };
const SENT: InvoiceView = {
  ...NOT_ISSUED,
  invoice: { number: '2026-0007', issuedOn: TODAY, amountRappen: 19000, state: 'sent', sentAt: `${TODAY}T10:00:00.000Z`, paidAt: null },
};

/** The panel as the action page shows it; the page brings the query client (here the test). */
function openPanel(invoicing: InvoiceView) {
  const user = setupUser();
  render(
    <QueryProvider>
      <InvoicePanel invoicing={invoicing} token={() => 'tok'} today={TODAY} />
    </QueryProvider>,
  );
  return user;
}

beforeEach(() => {
  resetSupabaseMock();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the invoice panel\'s presses', () => {
  it('one press at a time: a second press while the first is on its way sends nothing, and the button says it is sending', async () => {
    const answer = deferred<{ data: unknown; error: Error | null }>();
    invoke.mockReturnValue(answer.promise);
    const user = openPanel(NOT_ISSUED);
    const button = screen.getByRole('button', { name: copy.send });
    await user.click(button);
    await user.click(button);
    expect(await screen.findByRole('button', { name: copy.sending })).toHaveAttribute('aria-busy', 'true');
    await user.click(screen.getByRole('button', { name: copy.sending }));
    expect(invoke).toHaveBeenCalledExactlyOnceWith(APPOINTMENT_ACTION_FUNCTION, { body: { token: 'tok', intent: 'invoice' }, timeout: 45_000 });

    await act(async () => answer.resolve({ data: { result: 'issued', mail: 'sent', view: { invoicing: SENT } }, error: null }));
    expect(await screen.findByRole('status')).toHaveTextContent(copy.outcome.sent('2026-0007'));
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('a press that fails is never repeated behind the practice\'s back: it says so and waits for the next press', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    invoke.mockResolvedValue({ data: null, error: supabaseError('FunctionsFetchError') });
    const user = openPanel(SENT);
    await user.click(screen.getByRole('button', { name: copy.markPaid }));
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.outcome.failed);
    // Past the time a query's retries (1 s, 2 s, 4 s) would have taken: still the one call.
    await act(() => vi.advanceTimersByTimeAsync(queryRetryDelay(0) + queryRetryDelay(1) + queryRetryDelay(2)));
    expect(invoke).toHaveBeenCalledTimes(1);

    invoke.mockResolvedValue({ data: { result: 'paid', mail: 'none', view: { invoicing: { ...SENT, invoice: { ...SENT.invoice!, state: 'paid', paidAt: `${TODAY}T11:00:00.000Z` } } } }, error: null });
    await user.click(screen.getByRole('button', { name: copy.markPaid }));
    await expect.poll(() => screen.getByRole('status').textContent).toBe(copy.outcome.paid('2026-0007'));
    expect(screen.queryByRole('button', { name: copy.markPaid })).toBeNull();
    expect(invoke.mock.calls.map(([, options]) => options.body)).toEqual([
      { token: 'tok', intent: 'invoice-paid' },
      { token: 'tok', intent: 'invoice-paid' },
    ]);
  });
});
