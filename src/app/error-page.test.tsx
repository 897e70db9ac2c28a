import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type NonIndexRouteObject, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';

function Broken(): never {
  throw new Error('kaputt');
}

/** The app's real route tree with one extra page that fails to render. */
function routesWithBrokenPage(): RouteObject[] {
  const [root] = routes as [NonIndexRouteObject];
  const [pages] = root.children as [NonIndexRouteObject];
  const brokenPage: RouteObject = { path: '/kaputt', Component: Broken };
  return [{ ...root, children: [{ ...pages, children: [brokenPage, ...(pages.children ?? [])] }] }];
}

describe('render errors', () => {
  afterEach(() => vi.restoreAllMocks());

  it('show "Unexpected Application Error!" with a way home instead of a blank page', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(routesWithBrokenPage(), { initialEntries: ['/kaputt'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    // The layout survives a page error: the visitor can still use the navigation.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'kaputt' }));
  });
});
