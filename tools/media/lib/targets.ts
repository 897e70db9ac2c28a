/**
 * Every file the media scripts write, with its size and byte budget. The generator checks
 * its output against these budgets; import-photo uses the same list to know what a name means.
 */
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..', '..');
export const PUBLIC = join(ROOT, 'public');
export const MEDIA = join(PUBLIC, 'media');

const KB = 1024;

export const HERO_NAMES = ['home', 'schlafberatung', 'uber-uns', 'kontakt', 'termin', 'blog', 'rechtliches'] as const;
export type HeroName = (typeof HERO_NAMES)[number];

export const BUDGET = {
  heroLarge: 90 * KB,
  heroSmall: 35 * KB,
  video: 1000 * KB,
  portrait: 8 * KB,
  illustration: 10 * KB,
  map: 15 * KB,
  og: 150 * KB,
} as const;

/** Minimum WCAG contrast for white headings on a hero under the page's 40 % dark overlay. */
export const MIN_HEADING_CONTRAST = 4.5;

export interface RasterTarget {
  file: string;
  width: number;
  height: number;
  format: 'webp' | 'jpeg';
  budget: number;
}

/** The raster images a real photo may replace, by the name used on the command line. */
export function rasterTargets(): Record<string, RasterTarget[]> {
  const out: Record<string, RasterTarget[]> = {};
  for (const name of HERO_NAMES) {
    out[`hero-${name}`] = [
      { file: join(MEDIA, `hero-${name}.webp`), width: 1600, height: 900, format: 'webp', budget: BUDGET.heroLarge },
      { file: join(MEDIA, `hero-${name}-sm.webp`), width: 800, height: 450, format: 'webp', budget: BUDGET.heroSmall },
    ];
  }
  out['og-image'] = [{ file: join(MEDIA, 'og-image.jpg'), width: 1200, height: 630, format: 'jpeg', budget: BUDGET.og }];
  return out;
}
