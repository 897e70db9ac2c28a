/** Site icons: a crescent moon on night blue. */
import { palette as c } from '../lib/palette.ts';
import { crescentPath, linear, svgDoc } from './common.ts';

/** favicon.svg: few, large shapes so it stays crisp at 16 px. */
export function favicon(): string {
  const moon = crescentPath(15, 16.5, 9.5, 4.6, -3.6, 8.2);
  return svgDoc(32, 32, `<rect width="32" height="32" rx="7" fill="${c.night}"/><path d="${moon}" fill="${c.amber}"/>`, { label: 'Ruhepol Schlafberatung' });
}

/**
 * Raster app icons (apple-touch-icon, icon-192, icon-512): full-bleed square, because iOS and
 * Android round the corners themselves; the motif stays inside the central 80 % safe zone, so
 * the same file also works as a maskable icon.
 */
export function appIcon(size: number): string {
  const moon = crescentPath(236, 268, 150, 72, -58, 130);
  const star = (x: number, y: number, s: number) =>
    `<path d="M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z" fill="${c.amberSoft}"/>`;
  const body =
    `<defs>${linear('bg', [[0, c.night], [1, c.nightDeep]])}${linear('moon', [[0, '#f6dca6'], [1, c.amber]], { x1: 0, y1: 0, x2: 1, y2: 1 })}</defs>` +
    `<rect width="512" height="512" fill="url(#bg)"/><path d="${moon}" fill="url(#moon)"/>` +
    star(360, 150, 22) +
    star(408, 248, 12);
  return svgDoc(size, size, body, { viewBox: '0 0 512 512' });
}
