/**
 * The characters the site's own text is set in, per font: the "core" subsets that every
 * page loads (and preloads). German and Swiss French letters, the typographic punctuation
 * the texts use (« » – ’ …) and a few signs around them. Anything else – a name with «ø»
 * or «ł» typed into a form – is drawn from the full Fontsource files, which the browser
 * downloads only for a page that shows such a character (they stay declared, with their
 * own unicode-range, in src/styles/index.css).
 *
 * src/styles/fonts.test.ts checks that every text in src/content is covered.
 */

const ASCII = range(0x20, 0x7e);

/** Latin-1 letters and signs of German, French and Italian (not all of Latin-1: each glyph costs bytes). */
const LATIN_1 = '\u00a0§©«\u00ad°·»ÀÂÄÇÈÉÊËÎÏÔÖÙÛÜàâäçèéêëîïôöùûü×';

/** General punctuation: dashes, quotes, ellipsis, bullet, the euro and the arrow. */
const PUNCTUATION = '–—‘’‚“”„…•‹›€→';

export const CORE_CHARACTERS: string = ASCII + LATIN_1 + PUNCTUATION;

function range(from: number, to: number): string {
  return String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

/** `U+0020-007E,U+00A0,…`: the characters as a CSS unicode-range, runs merged. */
export function unicodeRange(characters: string): string {
  const points = [...new Set([...characters].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const point of points) {
    const last = runs.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else runs.push([point, point]);
  }
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  return runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(',');
}
