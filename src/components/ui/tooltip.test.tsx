import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, TooltipProvider } from '@/components/ui/tooltip';

// The Radix part is loaded on first use; here its arrival is held until a test lets it through.
const radixLoad = vi.hoisted(() => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // `used` is set right before the first use: an import before it is one nobody asked for.
  return { imports: 0, used: false, importedBeforeUse: false, release, released };
});
vi.mock('@/components/ui/tooltip-radix', async (importOriginal) => {
  radixLoad.imports += 1;
  if (!radixLoad.used) radixLoad.importedBeforeUse = true;
  await radixLoad.released;
  return importOriginal();
});

const hover = (element: HTMLElement) => fireEvent.pointerMove(element, { pointerType: 'mouse' });

function renderTwoTooltips() {
  render(
    <TooltipProvider>
      <Tooltip content="Erklärung A">
        <button type="button">A</button>
      </Tooltip>
      <Tooltip content="Erklärung B">
        <button type="button">B</button>
      </Tooltip>
    </TooltipProvider>,
  );
  return { a: screen.getByRole('button', { name: 'A' }), b: screen.getByRole('button', { name: 'B' }) };
}

// The tests run in order: the first two before Radix has been loaded, the others after.
describe('tooltip', () => {
  afterEach(() => vi.useRealTimers());

  it('uses the spec’s delays', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('does not load Radix before the first use; the explanation is the trigger’s description all along', async () => {
    const { a, b } = renderTwoTooltips();
    expect(radixLoad.imports).toBe(0);
    expect(a).toHaveAccessibleDescription('Erklärung A');
    expect(b).toHaveAccessibleDescription('Erklärung B');
    // Only as a description: nothing of it shows or is read out of place.
    expect(screen.getByText('Erklärung A')).not.toBeVisible();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('opens for a focus that came before Radix, on the same element, once Radix is there', async () => {
    const { a } = renderTwoTooltips();
    radixLoad.used = true;
    act(() => a.focus());
    await waitFor(() => expect(radixLoad.imports).toBe(1));
    // Loaded for this first use, not earlier (the first test's page asked for nothing).
    expect(radixLoad.importedBeforeUse).toBe(false);
    // Still loading: the screen reader has the explanation from the first focus on.
    expect(a).toHaveAccessibleDescription('Erklärung A');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    radixLoad.release();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Erklärung A');
    // Radix took over the element the page rendered: focus stayed where it was.
    expect(screen.getByRole('button', { name: 'A' })).toBe(a);
    expect(a).toHaveFocus();
    expect(a).toHaveAttribute('aria-describedby', tooltip.id);
    expect(a).toHaveAccessibleDescription('Erklärung A');
    expect(a).toHaveAttribute('data-state', 'instant-open');

    fireEvent.keyDown(a, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(a).not.toHaveAttribute('aria-describedby');
    expect(radixLoad.imports).toBe(1);
  });

  it('opens a tooltip only after 700 ms of hovering', () => {
    vi.useFakeTimers();
    const { a } = renderTwoTooltips();
    hover(a);
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Erklärung A');
  });

  it('opens the next tooltip at once within 300 ms of closing one (skip delay), and waits again after that', () => {
    vi.useFakeTimers();
    const { a, b } = renderTwoTooltips();
    act(() => a.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('Erklärung A');
    act(() => vi.advanceTimersByTime(500));
    act(() => a.blur());
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS - 1));
    hover(b);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Erklärung B');

    fireEvent.pointerLeave(b, { pointerType: 'mouse' });
    fireEvent.keyDown(b, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS));
    hover(a);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Erklärung A');
  });

  it('opens on a tap, which touch screens use instead of hovering', () => {
    const { b } = renderTwoTooltips();
    fireEvent.pointerDown(b, { pointerType: 'touch' });
    fireEvent.click(b);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Erklärung B');
  });

  it('keeps a description the trigger brings itself', () => {
    render(
      <TooltipProvider>
        <p id="hinweis">Ein Hinweis auf der Seite.</p>
        <Tooltip content="Erklärung">
          <button type="button" aria-describedby="hinweis">
            C
          </button>
        </Tooltip>
      </TooltipProvider>,
    );
    const c = screen.getByRole('button', { name: 'C' });
    expect(c).toHaveAccessibleDescription('Ein Hinweis auf der Seite.');
    act(() => c.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('Erklärung');
    expect(c).toHaveAccessibleDescription('Ein Hinweis auf der Seite.');
  });
});
