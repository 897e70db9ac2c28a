import { Route, Routes } from 'react-router-dom';
import { lazyPage, type LazyPage } from '@/app/lazy-page';
import { findPageRoute, pageRoutes, type PageId } from '@/app/route-table';
import NotFoundPage from '@/routes/not-found-page';

/** Each page is its own chunk: a visitor downloads only the page they open. */
const pages: Record<PageId, LazyPage> = {
  home: lazyPage(() => import('@/routes/home-page')),
  schlafberatung: lazyPage(() => import('@/routes/schlafberatung-page')),
  'uber-uns': lazyPage(() => import('@/routes/uber-uns-page')),
  kontakt: lazyPage(() => import('@/routes/kontakt-page')),
  'termin-vereinbaren': lazyPage(() => import('@/routes/termin-page')),
  blog: lazyPage(() => import('@/routes/blog-page')),
  impressum: lazyPage(() => import('@/routes/impressum-page')),
  datenschutz: lazyPage(() => import('@/routes/datenschutz-page')),
};

/** Loads the chunk of the page at this path (nothing for the 404 page, which is built in). */
export async function preloadPage(pathname: string): Promise<void> {
  const route = findPageRoute(pathname);
  if (route) await pages[route.id].preload();
}

export async function preloadAllPages(): Promise<void> {
  await Promise.all(Object.values(pages).map((page) => page.preload()));
}

export function PageRoutes() {
  return (
    <Routes>
      {pageRoutes.map((route) => {
        const Page = pages[route.id];
        return <Route key={route.id} path={route.path} element={<Page />} />;
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
