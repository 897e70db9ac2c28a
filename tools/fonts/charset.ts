/**
 * The characters the site's own text is set in, per font: the "core" subsets that every
 * page loads (and preloads). German and Swiss French letters, the typographic punctuation
 * the texts use (« » – ’ …) and a few signs around them. Anything else – a name with «ø»
 * or «ł» typed into a form – is drawn from the full Fontsource files, which the browser
 * downloads only for a page that shows such a character (they stay declared, with their
 * own unicode-range, in src/styles/index.css).
 *
 * No test checks that every text in src/content is covered: a character missing here is
 * drawn from the Fontsource file that has it (a download more, not a wrong glyph).
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
