import { startTransition, StrictMode, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Committed } from '@/app/committed';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from '@/components/islands/island-attributes';
import { islandComponents, isIslandName } from '@/components/islands/island-components';

/**
 * Hydrates each island of a prerendered page as a root of its own; everything around them
 * stays the HTML the build wrote (links load the next page, which is prerendered too).
 * `beforeHydration` runs just before React takes over the islands' events; the promise
 * resolves once every island is live.
 */
export async function startIslands(beforeHydration?: () => void, root: ParentNode = document): Promise<void> {
  const islands = [...root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].map((element) => {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? undefined;
    if (!isIslandName(name)) throw new Error(`Unknown island "${name}": add it to src/components/islands/island-components.ts`);
    const json = element.getAttribute(ISLAND_PROPS_ATTRIBUTE);
    return { element, Component: islandComponents[name] as ComponentType<object>, props: json ? (JSON.parse(json) as object) : {} };
  });
  beforeHydration?.();
  await Promise.all(
    islands.map(
      ({ element, Component, props }) =>
        new Promise<void>((resolve) => {
          // As in start-client.tsx: hydrated in slices, so a tap is never held up for long.
          startTransition(() => {
            hydrateRoot(
              element,
              <StrictMode>
                <Component {...props} />
                <Committed onCommit={resolve} />
              </StrictMode>,
            );
          });
        }),
    ),
  );
}
