import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Loads the lazy page chunks that match a path before the router starts, so the first
 * render is the finished page: hydration sees the same tree as the prerendered HTML.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}
