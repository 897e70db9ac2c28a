/** The attributes that mark an island in the page's markup (island.tsx writes them, start-islands.tsx reads them). */
export const ISLAND_ATTRIBUTE = 'data-island';
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
