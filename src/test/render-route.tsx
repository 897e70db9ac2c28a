import { StrictMode, useEffect } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '@/app/app';
import { preloadPage } from '@/app/router/routes';
import { setupUser } from '@/test/user';

/** The location the app is at, readable from a test. */
export const currentLocation: { pathname: string; hash: string } = { pathname: '', hash: '' };

function LocationProbe() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    currentLocation.pathname = pathname;
    currentLocation.hash = hash;
  }, [pathname, hash]);
  return null;
}

/**
 * Renders the real app (routes, layout, providers) at a path, as a visitor would open
 * it, with the page's chunk loaded first as in the browser.
 */
export async function renderRoute(path: string) {
  await preloadPage(new URL(path, 'http://localhost').pathname);
  const user = setupUser();
  const view = render(
    // StrictMode as in the browser entry: effects that cannot run twice show up here.
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <App />
        <LocationProbe />
      </MemoryRouter>
    </StrictMode>,
  );
  return { user, location: currentLocation, ...view };
}
