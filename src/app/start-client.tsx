import { StrictMode } from 'react';
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
    if (container.firstElementChild) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
