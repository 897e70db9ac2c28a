import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { resolveLazyRoutes } from '@/app/resolve-lazy-routes';
import { routes } from '@/app/routes';

/**
 * Renders the real app (routes, layout, providers) at a path, as a visitor would open
 * it, with the page's chunk loaded first as in the browser.
 */
export async function renderRoute(path: string) {
  await resolveLazyRoutes(routes, path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, ...view };
}
