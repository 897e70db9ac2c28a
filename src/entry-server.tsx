import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';

export { headElementsFor, renderHeadHtml } from '@/app/head';
export { pageRoutes } from '@/app/route-table';

/** Renders one path to HTML at build time (the prerender step calls this for every route). */
export async function renderPage(pathname: string): Promise<{ html: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${pathname}`));
  if (context instanceof Response) throw new Error(`Unexpected redirect while prerendering ${pathname}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        {/* No hydration data: the pages have no loaders, and no inline script keeps the CSP strict. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html };
}
export { siteUrl } from '@/app/site-config';
