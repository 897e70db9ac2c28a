import type { RouteObject } from 'react-router-dom';
import { ErrorPage } from '@/app/error-page';
import { RootLayout } from '@/app/root-layout';
import { pageRoutes, type PageId } from '@/app/route-table';
import NotFoundPage from '@/routes/not-found-page';

type PageModule = { default: React.ComponentType };

/** Each page is its own chunk: a visitor downloads only the page they open. */
const pageModules: Record<PageId, () => Promise<PageModule>> = {
  home: () => import('@/routes/home-page'),
  schlafberatung: () => import('@/routes/schlafberatung-page'),
  'uber-uns': () => import('@/routes/uber-uns-page'),
  kontakt: () => import('@/routes/kontakt-page'),
  'termin-vereinbaren': () => import('@/routes/termin-page'),
  blog: () => import('@/routes/blog-page'),
  impressum: () => import('@/routes/impressum-page'),
  datenschutz: () => import('@/routes/datenschutz-page'),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Errors in the layout itself: the page still shows the message, never a blank screen.
    errorElement: <ErrorPage />,
    children: [
      {
        // Errors in a page keep the header and footer around the message.
        errorElement: <ErrorPage />,
        children: [
          ...pageRoutes.map(
            (route): RouteObject => ({
              ...(route.path === '/' ? { index: true } : { path: route.path }),
              lazy: async () => ({ Component: (await pageModules[route.id]()).default }),
            }),
          ),
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
