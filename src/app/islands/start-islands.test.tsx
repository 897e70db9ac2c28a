import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HYDRATION_ATTRIBUTE, hydrationModeOf } from '@/lib/hydration-mode';
import { ISLAND_ATTRIBUTE } from '@/components/islands/island-attributes';
import { startIslands } from '@/app/islands/start-islands';
import { findPageRoute } from '@/lib/route-table';
import { uiText } from '@/content/ui-text';
import { renderPage } from '@/entry-server';
import { setupUser } from '@/test/user';

const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/** The page as the build writes it: the prerendered markup in #root, marked for its islands. */
async function openPrerendered(pathname: string) {
  const { html } = await renderPage(pathname);
  document.body.innerHTML = `<div id="root" ${HYDRATION_ATTRIBUTE}="islands">${html}</div>`;
  window.history.replaceState(null, '', pathname);
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('a page hydrated by its islands', () => {
  it('is the home page’s mode, and the contact form’s is the whole app', () => {
    expect(findPageRoute('/')?.hydration).toBe('islands');
    expect(findPageRoute('/kontakt')?.hydration).toBeUndefined();
  });

  it('hydrates the header without a mismatch and leaves the page’s content as the build wrote it', async () => {
    const errors = vi.spyOn(console, 'error');
    await openPrerendered('/uber-uns');
    expect(hydrationModeOf()).toBe('islands');
    const islands = [...document.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)].map((element) => element.getAttribute(ISLAND_ATTRIBUTE));
    expect(islands).toEqual(['site-header']);

    await startIslands();

    expect(hydrated(screen.getByRole('banner'))).toBe(true);
    expect(hydrated(screen.getByRole('main'))).toBe(false);
    expect(hydrated(screen.getByRole('contentinfo'))).toBe(false);
    // A mismatch would be reported through console.error (onRecoverableError) and re-render the island.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('opens the phone menu, marks the open page, and leaves its links to the browser', async () => {
    await openPrerendered('/uber-uns');
    await startIslands();
    const user = setupUser();

    const toggle = screen.getByRole('button', { name: uiText.header.openMenu });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'));
    const menu = screen.getByRole('navigation', { name: uiText.header.mobileNavigation });
    const current = within(menu).getByRole('link', { name: 'Über uns' });
    expect(current).toHaveAttribute('aria-current', 'page');

    // Without the router a link is the browser's: the click is not taken over (no preventDefault).
    const home = within(menu).getByRole('link', { name: 'Home' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    home.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(home).toHaveAttribute('href', '/');
  });

  it('hydrates the hero’s video on the home page: none in the markup, the video once the browser allows motion', async () => {
    await openPrerendered('/');
    const island = document.querySelector(`[${ISLAND_ATTRIBUTE}="hero-video"]`);
    expect(island?.children).toHaveLength(0);
    await startIslands();
    // setup.ts's matchMedia says no reduced motion: the island renders its video.
    await waitFor(() => expect(island?.querySelector('video source')).toHaveAttribute('src', '/media/hero-home.webm'));
  });

  it('refuses markup that names an island it does not know', async () => {
    document.body.innerHTML = `<div id="root" ${HYDRATION_ATTRIBUTE}="islands"><div ${ISLAND_ATTRIBUTE}="newsletter"></div></div>`;
    await expect(startIslands()).rejects.toThrow('Unknown island "newsletter"');
  });
});
