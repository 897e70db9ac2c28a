import { afterEach } from 'vitest';

// The files that run in the node environment (the backend suites, the build and script
// tests) render nothing: Testing Library and its matchers are loaded for the DOM files only.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
  });

  // jsdom has no matchMedia; tests that need a preference override this stub.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

  // jsdom lacks ResizeObserver, which Radix's positioning uses to measure the tooltip.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  // jsdom does not scroll; the layout scrolls on every navigation.
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= () => {};

  // The layout imports the <head> builder on demand (src/app/root-layout.tsx). Loaded up
  // front, so a test that ends right after rendering the layout does not leave that import
  // running into the environment's teardown.
  await import('@/app/head/head');
}
