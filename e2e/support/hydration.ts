import type { Page } from 'playwright-core';

/**
 * Resolves once React has hydrated the page. Prerendered HTML looks complete before that,
 * so a click earlier would hit dead markup. React marks every DOM node it has hydrated
 * with an internal key (__reactFiber$…); the layout's <main> is one of them.
 * Shared by the browser tests and the benchmark (scripts/bench/first-use.ts).
 */
export async function waitForHydration(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
    },
    undefined,
    { timeout },
  );
}
