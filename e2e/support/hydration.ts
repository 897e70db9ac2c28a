import type { Page } from 'playwright-core';
import { HYDRATION_ATTRIBUTE } from '../../src/lib/hydration-mode.ts';
import { ISLAND_ATTRIBUTE } from '../../src/components/islands/island-attributes.ts';

/**
 * Resolves once React has hydrated the page. Prerendered HTML looks complete before that,
 * so a click earlier would hit dead markup. React marks every DOM node it has hydrated
 * with an internal key (__reactFiber$…). Where the whole app hydrates, the layout's <main>
 * is one of them; on a page that hydrates only its islands (#root[data-hydration=islands],
 * src/app/islands), the first element of every island is (an island without markup yet,
 * such as the hero's video before it plays, has nothing to wait for).
 * Shared by the browser tests and the benchmark (scripts/bench/first-use.ts).
 */
export async function waitForHydration(page: Page, timeout?: number): Promise<void> {
  // No named helper inside: the benchmark runs this file through tsx, whose helper for
  // function names does not exist in the page.
  await page.waitForFunction(
    ({ hydrationAttribute, islandAttribute }) => {
      const islandsOnly = document.getElementById('root')?.getAttribute(hydrationAttribute) === 'islands';
      const elements = islandsOnly
        ? [...document.querySelectorAll(`[${islandAttribute}]`)].flatMap((island) => (island.firstElementChild ? [island.firstElementChild] : []))
        : [document.querySelector('main')];
      return elements.every((element) => element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
    },
    { hydrationAttribute: HYDRATION_ATTRIBUTE, islandAttribute: ISLAND_ATTRIBUTE },
    { timeout },
  );
}
