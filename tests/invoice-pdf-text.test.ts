// @vitest-environment node
/**
 * The invoice PDF prints every name the forms accept as it was typed, read back by a tool
 * no one here wrote: the functions' code renders invoices for names in each script the name
 * rule accepts (Latin with every kind of diacritic, Greek, Cyrillic; accents typed as
 * combining marks too), for a name at the forms' limit and for every letter and mark the rule
 * accepts; poppler's `pdftotext -bbox` gives
 * each word with its box. The name must be there exactly (composed, NFC, as the forms' NFD
 * input reads), inside the name box, above the title, and nowhere else on the page; the QR
 * code (zxing-cpp) names no debtor. The layout for every adversarial length is
 * supabase/functions/tests/invoice-pdf.test.ts's part. Without the Debian packages the suite
 * is skipped, and fails under CI=true (.ci/run installs them).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../supabase/functions/_shared/domain/field-limits.ts';
import { fieldProblem, isNameCharacter } from '../supabase/functions/_shared/domain/field-rules.ts';
import { LONGEST_NAME, SAMPLE_INVOICE, SCRIPT_NAMES } from '../supabase/functions/tests/sample-invoice.ts';
import { pdfTools, renderInvoices, run } from './support/pdf-tools.ts';

const { tools, describeWithTools } = pdfTools(['pdftotext', 'pdftoppm', 'ZXingReader']);

const MM = 72 / 25.4;
/** The name box and the title's top, in points from the page's top left (invoice-pdf.ts NAME_BOX, TITLE_Y). */
const BOX = { x: 120 * MM, y: 50 * MM, width: 65 * MM, height: 22 * MM };
const TITLE_Y = 75 * MM;
/** pdftotext's boxes are the font's ascent to descent; a rounding's worth of slack. */
const SLACK = 0.5;
/**
 * pdfkit draws a combining mark raised by its GPOS offset, and pdftotext boxes it as if the
 * whole glyph, ascent and all, were raised: a word with a mark on the first line seems to
 * start up to a point or two above the box, though its ink stays below the box's top.
 */
const MARK_RISE = 3;

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#(\d+));/g, (_, name: string, code?: string) =>
    code ? String.fromCodePoint(Number(code)) : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[name]!,
  );

function words(html: string): Word[] {
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
    ([, xMin, yMin, xMax, yMax, text]) => ({ text: decodeEntities(text!), xMin: +xMin!, yMin: +yMin!, xMax: +xMax!, yMax: +yMax! }),
  );
}

const centreInBox = (word: Word) => {
  const [x, y] = [(word.xMin + word.xMax) / 2, (word.yMin + word.yMax) / 2];
  return x >= BOX.x && x <= BOX.x + BOX.width && y >= BOX.y && y <= BOX.y + BOX.height;
};

/**
 * Every letter and mark the rule accepts, as last names the rule accepts too: the letters
 * 100 at a time, each mark on an «o» and apart (pdftotext orders glyphs by where they stand,
 * and a mark drawn right of its letter, such as U+0315, or across two, such as U+0361,
 * would otherwise be read after the next letter).
 */
function everyCharacter() {
  const letters: string[] = [];
  const marks: string[] = [];
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const character = String.fromCodePoint(c);
    if (!isNameCharacter(character)) continue;
    if (/\p{L}/u.test(character)) letters.push(character);
    else if (/\p{M}/u.test(character)) marks.push(character);
  }
  const names: string[] = [];
  for (let i = 0; i < letters.length; i += FIELD_LIMITS.name) names.push(letters.slice(i, i + FIELD_LIMITS.name).join(''));
  for (let i = 0; i < marks.length; i += 30) names.push(marks.slice(i, i + 30).map((mark) => `o${mark}`).join(' '));
  return names.map((last, index) => ({ what: `every accepted letter and mark, part ${index + 1} of ${names.length}`, first: 'A', last }));
}

const cases = [
  ...Object.entries(SCRIPT_NAMES).map(([script, [first, last]]) => ({ what: script, first, last })),
  { what: 'the longest name (200 letters, no space in either part)', first: LONGEST_NAME[0], last: LONGEST_NAME[1] },
  ...everyCharacter(),
];

describeWithTools('the invoice PDF prints every name the forms accept, read back by pdftotext', () => {
  let dir: string;
  const pages: { text: string; words: Word[] }[] = [];
  let decoded: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'invoice-text-'));
    const pdfs = await renderInvoices(
      cases.map(({ first, last }) => ({ ...SAMPLE_INVOICE, first_name: first, last_name: last })),
      dir,
    );
    for (const pdf of pdfs) {
      const text = (await run(tools.pdftotext, ['-enc', 'UTF-8', pdf, '-'])).stdout;
      await run(tools.pdftotext, ['-enc', 'UTF-8', '-bbox', pdf, `${pdf}.html`]);
      pages.push({ text, words: words(readFileSync(`${pdf}.html`, 'utf8')) });
    }
    // The Greek one's QR code: the payment part is the library's, in Helvetica.
    await run(tools.pdftoppm, ['-r', '300', '-png', '-singlefile', pdfs[0]!, path.join(dir, 'greek')]);
    decoded = (await run(tools.ZXingReader, [path.join(dir, 'greek.png')])).stdout;
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(cases.map((entry, index) => [entry.what, index] as const))('%s: the exact name, inside the name box, above the title', (_, index) => {
    const { first, last } = cases[index]!;
    expect([fieldProblem('name', first, FIELD_LIMITS.name), fieldProblem('name', last, FIELD_LIMITS.name)]).toEqual([null, null]);
    const name = `${first} ${last}`.normalize('NFC');
    const page = pages[index]!;
    const inBox = page.words.filter(centreInBox);
    const short = name.length < 40;
    if (short) {
      // One line: the words in the box are the name, and the page's text has it as one line.
      expect(inBox.map((word) => word.text).join(' ')).toBe(name);
      expect(page.text.split('\n')).toContain(name);
    } else {
      // Broken into lines at spaces or between letters: every letter there, in order.
      expect(inBox.map((word) => word.text).join('')).toBe(name.replaceAll(' ', ''));
    }
    for (const word of inBox) {
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(BOX.x - SLACK);
      expect(word.xMax, word.text).toBeLessThanOrEqual(BOX.x + BOX.width + SLACK);
      expect(word.yMin, word.text).toBeGreaterThanOrEqual(BOX.y - SLACK - (/\p{M}/u.test(word.text) ? MARK_RISE : 0));
      expect(word.yMax, word.text).toBeLessThanOrEqual(BOX.y + BOX.height + SLACK);
    }
    // Nothing else on the page reaches into the box, and the title starts below it.
    const others = page.words.filter((word) => !centreInBox(word));
    for (const word of others) {
      const overlaps = word.xMax > BOX.x && word.xMin < BOX.x + BOX.width && word.yMax > BOX.y && word.yMin < BOX.y + BOX.height;
      expect(overlaps, `«${word.text}» reaches into the name box`).toBe(false);
    }
    const title = page.words.find((word) => word.text === 'Rechnung' && word.yMin > BOX.y);
    expect(title).toBeDefined();
    expect(title!.yMin).toBeGreaterThanOrEqual(TITLE_Y - SLACK);
    // The name is printed once: not in the payment part (no debtor there).
    if (short) expect(page.text.split(name).length - 1).toBe(1);
  });

  it('the QR code names no debtor, whatever the name', () => {
    const text = /^Text:\s+"([\s\S]*?)"$/m.exec(decoded)?.[1];
    expect(text, decoded).toBeDefined();
    const lines = text!.split('\n');
    expect(lines).toHaveLength(31);
    expect(lines.slice(20, 27)).toEqual(['', '', '', '', '', '', '']);
    for (const part of SCRIPT_NAMES.greek) expect(text).not.toContain(part);
  });
});
