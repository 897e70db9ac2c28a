import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

async function openPage(path: string) {
  return renderRoute(path);
}

describe('site header', () => {
  it('links every main page and the booking page, marking the current one', async () => {
    await openPage('/uber-uns');
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Schlafberatung', '/schlafberatung'],
      ['Über uns', '/uber-uns'],
      ['Kontakt', '/kontakt'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Über uns' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    const banner = screen.getByRole('banner');
    expect(within(banner).getAllByRole('link', { name: 'Termin vereinbaren', hidden: true })[0]).toHaveAttribute(
      'href',
      '/termin-vereinbaren',
    );
  });

  it('opens the mobile menu with its button and closes it when an item is chosen', async () => {
    const { user, location } = await openPage('/');
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation mobil' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Menü schliessen');
    const menu = screen.getByRole('navigation', { name: 'Hauptnavigation mobil' });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBe(menu);

    await user.click(within(menu).getByRole('link', { name: 'Kontakt' }));
    await waitFor(() => expect(location.pathname).toBe('/kontakt'));
    expect(screen.getByRole('button', { name: 'Menü öffnen' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation mobil' })).not.toBeInTheDocument();
  });

  it('closes the mobile menu on Escape and gives focus back to its button', async () => {
    const { user } = await openPage('/');
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    await user.click(toggle);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the mobile menu when its button is pressed again', async () => {
    const { user } = await openPage('/');
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    await user.click(toggle);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
