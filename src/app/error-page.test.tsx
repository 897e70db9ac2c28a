import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/app/error-boundary';
import { RootLayout } from '@/app/root-layout';

function Broken(): never {
  throw new Error('kaputt');
}

describe('render errors', () => {
  afterEach(() => vi.restoreAllMocks());

  it('show "Unexpected Application Error!" with a way home inside the layout, never a blank page', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter>
        <RootLayout>
          <Broken />
        </RootLayout>
      </MemoryRouter>,
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    // The layout survives a page error: the visitor can still use the navigation.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'kaputt' }), expect.any(String));
  });

  it('show the message even when the layout itself fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });
});
