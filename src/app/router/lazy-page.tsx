import { lazy, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's chunk; after this the page renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A page in its own chunk. Unlike plain React.lazy, a page whose chunk was preloaded
 * renders synchronously: the browser preloads the current page before hydrating and the
 * build preloads every page before rendering, so server HTML and first client render
 * are the same tree. Pages reached later by navigation load on demand.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
    });
  const OnDemand = lazy(() => preload().then(() => ({ default: Loaded! })));
  const Page = () => (Loaded ? <Loaded /> : <OnDemand />);
  return Object.assign(Page, { preload });
}
