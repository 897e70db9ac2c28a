import type { ComponentProps, ComponentType } from 'react';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from '@/components/islands/island-attributes';
import { islandComponents, type IslandName } from '@/components/islands/island-components';

type IslandProps<N extends IslandName> = ComponentProps<(typeof islandComponents)[N]> & object;

/**
 * One interactive part of a page, rendered inside a wrapper that names it and carries its
 * props as JSON, so that a prerendered page can hydrate just this part
 * (start-islands.tsx). Where the whole app runs, the wrapper is all there is to it. The
 * wrapper is `display: contents`: it adds no box, the layout is the component's own.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const Component = islandComponents[name] as ComponentType<object>;
  const json = JSON.stringify(props);
  return (
    <div className="contents" {...{ [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: json === '{}' ? undefined : json }}>
      <Component {...props} />
    </div>
  );
}
