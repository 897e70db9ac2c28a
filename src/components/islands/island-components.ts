import { SiteHeader } from '@/components/layout/site-header';
import { HeroVideo } from '@/components/sections/hero-video';

/**
 * The parts of a page that react to the visitor, by the name its markup carries
 * (data-island). On a page that hydrates only its islands (a page entry's
 * `hydration: 'islands'`, src/lib/site-pages.ts), these are the only components the
 * browser downloads and runs, with React but without the router. An island renders no
 * React Router part and no useId (its ids must be the same alone as inside the whole app).
 */
export const islandComponents = {
  'site-header': SiteHeader,
  'hero-video': HeroVideo,
};

export type IslandName = keyof typeof islandComponents;

export function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(islandComponents, name);
}
