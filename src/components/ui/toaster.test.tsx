import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { prepareToasts, Toaster, useToast, type ToastMessage } from '@/components/ui/toaster';

// The Radix part is loaded when the first notice is due (or a form is sent); here its
// arrival is held until a test lets it through.
const radixLoad = vi.hoisted(() => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // `used` is set right before the first use: an import before it is one nobody asked for.
  return { imports: 0, used: false, importedBeforeUse: false, release, released };
});
vi.mock('@/components/ui/toaster-radix', async (importOriginal) => {
  radixLoad.imports += 1;
  if (!radixLoad.used) radixLoad.importedBeforeUse = true;
  await radixLoad.released;
  return importOriginal();
});

const sent: ToastMessage = { title: 'Nachricht gesendet!', description: 'Wir melden uns.', variant: 'success', group: 'form' };
const failed: ToastMessage = { title: 'Fehler beim Senden', description: 'Bitte erneut versuchen.', variant: 'destructive', group: 'form' };

function Harness() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast(sent)}>
        Erfolg
      </button>
      <button type="button" onClick={() => toast(failed)}>
        Fehler
      </button>
    </>
  );
}

const region = () => screen.queryByRole('region', { name: 'Benachrichtigungen (F8)' });

// The tests run in order: the first ones before Radix has been loaded, the others after.
describe('notices', () => {
  it('do not load Radix Toast before a notice is due', async () => {
    render(
      <Toaster>
        <Harness />
      </Toaster>,
    );
    expect(radixLoad.imports).toBe(0);
    expect(region()).not.toBeInTheDocument();
  });

  it('keep a notice that is due while Radix is loading, and show it as a Radix toast, announced, once it is there', async () => {
    render(
      <Toaster>
        <Harness />
      </Toaster>,
    );
    radixLoad.used = true;
    fireEvent.click(screen.getByRole('button', { name: 'Fehler' }));
    fireEvent.click(screen.getByRole('button', { name: 'Erfolg' }));
    await waitFor(() => expect(radixLoad.imports).toBe(1));
    // Loaded for this first notice, not earlier (the first test's page asked for nothing).
    expect(radixLoad.importedBeforeUse).toBe(false);
    expect(screen.queryByText('Nachricht gesendet!')).not.toBeInTheDocument();

    radixLoad.release();
    const notices = await screen.findByRole('region', { name: 'Benachrichtigungen (F8)' });
    const notice = await within(notices).findByRole('listitem');
    expect(notice).toHaveTextContent('Nachricht gesendet!');
    expect(notice).toHaveTextContent('Wir melden uns.');
    // The later notice of the same group replaced the earlier one.
    expect(within(notices).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Fehler beim Senden')).not.toBeInTheDocument();
    // Radix copies each notice into an assertive live region, which screen readers read out.
    await waitFor(() =>
      expect(document.querySelector('[role="status"][aria-live="assertive"]')).toHaveTextContent('Nachricht gesendet!'),
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Schliessen' }));
    await waitFor(() => expect(within(notices).queryByRole('listitem')).not.toBeInTheDocument());
  });

  it('are ready from the start once Radix has been loaded (the F8 region is there before the first notice)', async () => {
    await prepareToasts();
    render(
      <Toaster>
        <Harness />
      </Toaster>,
    );
    expect(region()).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fehler' }));
    expect(await within(region()!).findByRole('listitem')).toHaveTextContent('Fehler beim Senden');
    expect(radixLoad.imports).toBe(1);
  });
});
