import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@/app/providers';
import { Tooltip } from '@/components/ui/tooltip';

function hover(element: HTMLElement) {
  fireEvent.pointerMove(element, { pointerType: 'mouse' });
}

describe('tooltip provider', () => {
  afterEach(() => vi.useRealTimers());

  it('uses the spec’s delays', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('opens a tooltip only after 700 ms of hovering', () => {
    vi.useFakeTimers();
    render(
      <AppProviders>
        <Tooltip content="Erklärung">
          <button type="button">Preis auf Anfrage</button>
        </Tooltip>
      </AppProviders>,
    );
    hover(screen.getByRole('button', { name: 'Preis auf Anfrage' }));
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Erklärung');
  });
});
