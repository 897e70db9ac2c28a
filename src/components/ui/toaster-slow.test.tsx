import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { prepareToasts, TOAST_FALLBACK_AFTER_MS, Toaster, useToast } from '@/components/ui/toaster';

// A file of its own: here Radix Toast takes longer than a notice may wait.
const radixLoad = vi.hoisted(() => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, released };
});
vi.mock('@/components/ui/toaster-radix', async (importOriginal) => {
  await radixLoad.released;
  return importOriginal();
});

let count = 0;
function Harness() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast({ title: `Nachricht ${++count}`, description: 'Wir melden uns.' })}>
      Zeigen
    </button>
  );
}

describe('notices when Radix Toast is slow to load', () => {
  it('are shown in the fallback after a while, and as Radix toasts once it is there and the fallback is closed', async () => {
    render(
      <Toaster>
        <Harness />
      </Toaster>,
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Zeigen' }));
      act(() => vi.advanceTimersByTime(TOAST_FALLBACK_AFTER_MS - 1));
      expect(screen.queryByRole('region', { name: /^Benachrichtigungen/ })).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    const fallback = screen.getByRole('region', { name: 'Benachrichtigungen' });
    await waitFor(() => expect(within(fallback).getByRole('status')).toHaveTextContent('Nachricht 1'));

    // Radix arrives late: the notice on screen stays where it is, and is not shown twice.
    radixLoad.release();
    await act(() => prepareToasts());
    expect(screen.getAllByText('Nachricht 1')).toHaveLength(1);

    fireEvent.click(within(fallback).getByRole('button', { name: 'Schliessen' }));
    const notices = await screen.findByRole('region', { name: 'Benachrichtigungen (F8)' });
    fireEvent.click(screen.getByRole('button', { name: 'Zeigen' }));
    expect(await within(notices).findByRole('listitem')).toHaveTextContent('Nachricht 2');
  });
});
