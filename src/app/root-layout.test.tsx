import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

describe('navigating between pages', () => {
  let scrollIntoView: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    vi.spyOn(window, 'scrollTo');
  });
  afterEach(() => vi.restoreAllMocks());

  it('updates the title, starts at the top and moves focus to the new page', async () => {
    const { user } = await renderRoute('/');
    await user.click(within(screen.getByRole('navigation', { name: 'Hauptnavigation' })).getByRole('link', { name: 'Über uns' }));
    await screen.findByRole('heading', { level: 1, name: /./, hidden: false });
    await waitFor(() => expect(document.title).toMatch(/^Über uns – Ruhepol Schlafberatung$/));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('scrolls to the #anchor of a link once the target page is there', async () => {
    const { user, location } = await renderRoute('/');
    const servicesLink = screen.getAllByRole('link', { name: /Mehr erfahren über Liegediagnostik/ })[0]!;
    await user.click(servicesLink);
    await waitFor(() => expect(location.hash).toBe('#liegediagnostik'));
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('liegediagnostik'));
  });

  it('leaves scrolling to the browser on the first page load', async () => {
    await renderRoute('/schlafberatung#liegediagnostik');
    await screen.findAllByRole('heading', { level: 1 });
    expect(window.scrollTo).not.toHaveBeenCalled();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
