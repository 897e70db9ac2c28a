import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadRadixTooltips, Tooltip, TooltipProvider } from '@/components/ui/tooltip';

// A file of its own: the focus has to be the page's first use, before Radix is loaded.
const radixLoad = vi.hoisted(() => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, released };
});
vi.mock('@/components/ui/tooltip-radix', async (importOriginal) => {
  await radixLoad.released;
  return importOriginal();
});

describe('tooltip, focused before Radix is there', () => {
  it('opens once Radix has arrived and stays open when the scroll the focus caused reaches Radix after it', async () => {
    render(
      <TooltipProvider>
        <Tooltip content="Erklärung">
          <button type="button">Preis auf Anfrage</button>
        </Tooltip>
      </TooltipProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Preis auf Anfrage' });
    act(() => trigger.focus());

    // The page's clock, so that the scroll comes a frame after Radix mounted however slowly
    // this machine runs the test (the grace after a focus is counted in its time).
    let now = 1_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      radixLoad.release();
      await act(() => loadRadixTooltips());
      expect(await screen.findByRole('tooltip')).toHaveTextContent('Erklärung');

      // The browser scrolled the trigger into view on focus; the scroll event arrives a frame later.
      now += 16;
      fireEvent.scroll(document);
      expect(screen.getByRole('tooltip')).toHaveTextContent('Erklärung');
    } finally {
      clock.mockRestore();
    }
  });
});
