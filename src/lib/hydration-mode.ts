/**
 * How a page comes alive in the browser, as the page registry says (site-pages.ts,
 * `hydration`): 'app' hydrates the whole page with the router (forms, pages behind a
 * token); 'islands' hydrates only the parts that react (src/components/islands/island-components.ts). The
 * prerender step writes the mode on #root; src/main.tsx reads it. Kept apart from the
 * islands' code so the entry can read it without loading React.
 */
export type HydrationMode = 'app' | 'islands';

export const HYDRATION_ATTRIBUTE = 'data-hydration';

export function hydrationModeOf(doc: Document = document): HydrationMode {
  return doc.getElementById('root')?.getAttribute(HYDRATION_ATTRIBUTE) === 'islands' ? 'islands' : 'app';
}
