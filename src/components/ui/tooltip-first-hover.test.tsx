import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipProvider } from '@/components/ui/tooltip';

// A file of its own: the hover has to be the page's first use, before Radix is loaded.
const radixLoad = vi.hoisted(() => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { imports: 0, release, released };
});
vi.mock('@/components/ui/tooltip-radix', async (importOriginal) => {
  radixLoad.imports += 1;
  await radixLoad.released;
  return importOriginal();
});

/**
 * Lets real I/O happen (the module's import) while the test's clock stands still. Bounded by
 * real time (Date is not faked), not by a count of turns: a cold module transform under load
 * took several thousand turns, which made a turn limit fail on a busy machine.
 */
async function waitForReal(condition: () => boolean) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && !condition()) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
  expect(condition()).toBe(true);
}

describe('tooltip, hovered before Radix is there', () => {
  afterEach(() => vi.useRealTimers());

  it('opens 700 ms after the hover began if the pointer is still there, not for a trigger it has left', async () => {
    // The clock of timers and performance.now() is the test's; setImmediate stays real for waitForReal().
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
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
    const a = screen.getByRole('button', { name: 'A' });
    const b = screen.getByRole('button', { name: 'B' });

    fireEvent.pointerMove(b, { pointerType: 'mouse' });
    await waitForReal(() => radixLoad.imports === 1);
    fireEvent.pointerLeave(b, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerMove(a, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(300));

    // Radix arrives 300 ms into the hover of A.
    radixLoad.release();
    await waitForReal(() => a.hasAttribute('data-state'));
    act(() => vi.advanceTimersByTime(399));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Erklärung A');
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    expect(radixLoad.imports).toBe(1);
  });
});
