import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { practice } from '@/content/practice';
import { renderRoute } from '@/test/render-route';

describe('site footer', () => {
  it('shows the address, phone and e-mail as links, the legal pages and the 2025 copyright', async () => {
    await renderRoute('/');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Birmensdorferstrasse 42');
    expect(footer).toHaveTextContent('8142 Uitikon ZH');
    expect(within(footer).getByRole('link', { name: practice.phone.display })).toHaveAttribute(
      'href',
      'tel:+41445552780',
    );
    expect(within(footer).getByRole('link', { name: practice.email })).toHaveAttribute(
      'href',
      `mailto:${practice.email}`,
    );
    expect(within(footer).getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    expect(within(footer).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
    expect(footer).toHaveTextContent(/© 2025 Ruhepol Schlafberatung/);
  });
});
