import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

describe('404 page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows 404, the message and a link home, and logs the attempted path', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderRoute('/gibt-es/nicht?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByText(/Diese Seite gibt es nicht \(mehr\)\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('non-existent route'), '/gibt-es/nicht');
  });

  it('keeps the header and footer so the visitor can navigate on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderRoute('/alt/seite');
    await screen.findByText('Oops! Page not found');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
