import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { preloadAllPages } from '@/app/router/routes';

export { documentLanguage, headElementsFor, renderHeadHtml } from '@/app/head/head';
export { pageRoutes } from '@/lib/route-table';
export { siteUrl } from '@/app/head/site-config';

/** The Supabase project this build talks to (the prerender step writes it into the CSP). */
export const supabaseUrl: string = import.meta.env.VITE_SUPABASE_URL;

/** Renders one path to HTML at build time (the prerender step calls this for every route). */
export async function renderPage(pathname: string): Promise<{ html: string }> {
  await preloadAllPages();
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return { html };
}
