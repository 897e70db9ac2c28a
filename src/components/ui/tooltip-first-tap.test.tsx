import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadRadixTooltips, Tooltip, TooltipProvider } from '@/components/ui/tooltip';

// A file of its own: the tap has to be the page's first use, before Radix is loaded.
const radixLoad = vi.hoisted(() => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, released };
});
vi.mock('@/components/ui/tooltip-radix', async (importOriginal) => {
  await radixLoad.released;
  return importOriginal();
});

describe('tooltip, tapped before Radix is there', () => {
  it('opens once Radix has arrived', async () => {
    render(
      <TooltipProvider>
        <Tooltip content="Erklärung">
          <button type="button">Preis auf Anfrage</button>
        </Tooltip>
      </TooltipProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Preis auf Anfrage' });
    fireEvent.pointerDown(trigger, { pointerType: 'touch' });
    fireEvent.click(trigger);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    radixLoad.release();
    await act(() => loadRadixTooltips());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Erklärung');
  });
});
