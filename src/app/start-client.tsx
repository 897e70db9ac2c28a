import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { preloadPage } from '@/app/router/routes';

/**
 * Hydrates the prerendered page (or renders it, where the root is empty as on the dev
 * server). `beforeHydration` runs just before React takes over the page's events; the
 * promise resolves once the page is live.
 */
export async function startClient(beforeHydration?: () => void): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The current page's chunk first, so hydration renders exactly the prerendered tree.
  await preloadPage(window.location.pathname);
  await new Promise<void>((resolve) => {
    const app = (
      <StrictMode>
        <BrowserRouter>
          <App onCommit={resolve} />
        </BrowserRouter>
      </StrictMode>
    );
    beforeHydration?.();
    // Prerendered pages come with markup to hydrate; the dev server serves an empty root.
    // As a transition, React hydrates in slices of a few milliseconds and yields to the
    // browser in between, instead of one task of about 40 ms (160 ms on a phone) that
    // would hold up a tap; a tap on a part not yet hydrated makes React hydrate it first.
    if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
  });
}
