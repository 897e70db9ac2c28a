import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, TooltipProvider } from '@/components/ui/tooltip';

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
  return { a: screen.getByRole('button', { name: 'A' }) };
}

describe('tooltip provider', () => {
  afterEach(() => vi.useRealTimers());

  it('uses the spec’s delays', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
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
});
