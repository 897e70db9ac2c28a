/**
 * The hero image's responsive sources. The Hero component renders them and the page's
 * <head> preloads the same ones; kept apart from src/app/head/head.ts so the component does
 * not pull the whole head builder into every page's first load.
 */
export function heroImageSources(baseName: string) {
  return {
    src: `/media/${baseName}.webp`,
    srcSet: `/media/${baseName}-sm.webp 800w, /media/${baseName}.webp 1600w`,
    sizes: '100vw',
    width: 1600,
    height: 900,
  };
}
