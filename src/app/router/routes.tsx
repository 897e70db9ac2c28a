import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyPage, type LazyPage } from '@/app/router/lazy-page';
import { findPageRoute, pageRoutes, type PageEntry } from '@/lib/route-table';
import NotFoundPage from '@/routes/not-found-page';

type PageModule = { default: ComponentType };

/**
 * Every page component, found by Vite at build time; each stays its own chunk, so a
 * visitor downloads only the page they open. The 404 page is built in (imported above).
 * An article's page is its Markdown file (scripts/articles/vite-articles.ts).
 */
const pageModules = import.meta.glob<PageModule>([
  '/src/routes/*-page.tsx',
  '!/src/routes/not-found-page.tsx',
  '/src/content/articles/*.md',
  '/src/content/articles/en/*.md',
]);

/** The lazy component of a registry entry; a module missing from src/routes stops the app at start. */
export function pageComponentFor(entry: Pick<PageEntry, 'id' | 'module'>, modules = pageModules): LazyPage {
  const load = modules[`/${entry.module}`];
  if (!load) throw new Error(`Page "${entry.id}": ${entry.module} does not exist`);
  return lazyPage(load);
}

const pages = Object.fromEntries(pageRoutes.map((entry) => [entry.id, pageComponentFor(entry)])) as Record<string, LazyPage>;

/** Loads the chunk of the page at this path (nothing for the 404 page, which is built in). */
export async function preloadPage(pathname: string): Promise<void> {
  const route = findPageRoute(pathname);
  if (route) await pages[route.id]!.preload();
}

export async function preloadAllPages(): Promise<void> {
  await Promise.all(Object.values(pages).map((page) => page.preload()));
}

export function PageRoutes() {
  return (
    <Routes>
      {pageRoutes.map((route) => {
        const Page = pages[route.id]!;
        return <Route key={route.path} path={route.path} element={<Page />} />;
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
