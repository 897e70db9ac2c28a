import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareToasts, Toaster, useToast } from '@/components/ui/toaster';

// A file of its own: here Radix Toast cannot be loaded at all (offline).
vi.mock('@/components/ui/toaster-radix', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

function Harness() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ title: 'Nachricht gesendet!', description: 'Wir melden uns.', group: 'form' })}>
        Erfolg
      </button>
      <button
        type="button"
        onClick={() => toast({ title: 'Fehler beim Senden', description: 'Bitte erneut versuchen.', variant: 'destructive', group: 'form' })}
      >
        Fehler
      </button>
    </>
  );
}

describe('notices when Radix Toast cannot be loaded', () => {
  afterEach(() => vi.useRealTimers());

  it('are shown anyway, as a status or an alert, until they are closed or replaced', async () => {
    // The page's timers are the test's (moving with real time besides), so that «no timer» can be checked below.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    await expect(prepareToasts()).rejects.toThrow();
    render(
      <Toaster>
        <Harness />
      </Toaster>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Fehler' }));
    const notices = await screen.findByRole('region', { name: 'Benachrichtigungen' });
    // The live region is filled a frame after it appears, so that screen readers announce it.
    const alert = within(notices).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Fehler beim Senden'));
    expect(alert).toHaveTextContent('Bitte erneut versuchen.');

    // A later notice of the same form replaces it.
    fireEvent.click(screen.getByRole('button', { name: 'Erfolg' }));
    await waitFor(() => expect(within(notices).getByRole('status')).toHaveTextContent('Nachricht gesendet!Wir melden uns.'));
    expect(within(notices).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(notices).getAllByRole('listitem')).toHaveLength(1);

    // No timer: it stays until the visitor closes it, were it a day.
    act(() => vi.advanceTimersByTime(24 * 60 * 60 * 1000));
    vi.useRealTimers();
    expect(within(notices).getByRole('status')).toHaveTextContent('Nachricht gesendet!Wir melden uns.');
    fireEvent.click(within(notices).getByRole('button', { name: 'Schliessen' }));
    expect(screen.queryByRole('region', { name: 'Benachrichtigungen' })).not.toBeInTheDocument();
  });
});
