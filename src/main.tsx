import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { App } from '@/app/app';
import { routes } from '@/app/routes';
import '@/styles/index.css';

/**
 * Loads the current page's lazy chunk before hydrating, so the first client render is
 * the same tree as the prerendered HTML (no hydration mismatch, no flash of nothing).
 */
async function resolveLazyRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  await resolveLazyRoutes();
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // Prerendered pages come with markup to hydrate; the dev server serves an empty root.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
