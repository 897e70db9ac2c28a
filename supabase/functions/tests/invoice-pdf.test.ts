/**
 * The invoice PDF prints every name the forms accept: the embedded name font has a glyph for
 * every code point the name rule lets through, the name fits its box above the title however
 * long it is, and the QR bill's own fields hold nothing outside SIX's character set (none of
 * the visitor's text at all). That the PDF reads back as typed is tests/invoice-pdf-text.test.ts's
 * part (poppler's pdftotext, under Node).
 */
import assert from 'node:assert/strict';
import PDFDocument from 'pdfkit';
import { FIELD_LIMITS } from '../_shared/domain/field-limits.ts';
import { fieldProblem, isNameCharacter } from '../_shared/domain/field-rules.ts';
import { practiceBilling } from '../_shared/domain/practice.ts';
import {
  invoicePdf,
  layoutName,
  NAME_BOX,
  NAME_FONT,
  NAME_SIZES,
  QR_BILL_CHARACTERS,
  qrBillData,
  recipientName,
  registerNameFont,
  TITLE_Y,
} from '../_shared/invoices/invoice-pdf.ts';
import { LONGEST_NAME, SAMPLE_INVOICE, SCRIPT_NAMES } from './sample-invoice.ts';

function nameDocument(name = '') {
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  registerNameFont(doc, name);
  doc.font(NAME_FONT);
  return doc;
}

interface FontkitRun {
  positions: { xOffset: number; yOffset: number }[];
}
/** fontkit's font inside pdfkit's embedded one (no public accessor). */
const fontkitFont = (doc: ReturnType<typeof nameDocument>) =>
  (doc as unknown as { _font: { font: { GPOS?: unknown; hasGlyphForCodePoint(c: number): boolean; layout(text: string): FontkitRun } } })._font
    .font;

const everyNameCharacter = () => {
  const characters: string[] = [];
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const character = String.fromCodePoint(c);
    if (isNameCharacter(character)) characters.push(character);
  }
  return characters;
};

Deno.test('the name font has a glyph for every character the name rule accepts', () => {
  const font = fontkitFont(nameDocument());
  const characters = everyNameCharacter();
  assert.ok(characters.length > 1500, `${characters.length} characters`);
  const missing = characters.filter((character) => !font.hasGlyphForCodePoint(character.codePointAt(0)!));
  assert.deepEqual(missing.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`), []);
});

Deno.test('a combining mark left after NFC sits on its letter: a name with one gets the font with mark positioning', () => {
  // «n̈» has no precomposed letter: the diaeresis is placed by the font's GPOS (mark to base).
  const placed = fontkitFont(nameDocument('Spın\u0308al')).layout('n\u0308').positions[1]!;
  assert.ok(placed.xOffset !== 0 || placed.yOffset !== 0, JSON.stringify(placed));
  // A name without a mark gets the same font without GPOS, which fontkit then never parses.
  assert.ok(fontkitFont(nameDocument('Spın\u0308al')).GPOS);
  assert.equal(fontkitFont(nameDocument('Anna Müller')).GPOS, undefined);
});

Deno.test('the sample names are names the forms accept', () => {
  for (const [first, last] of Object.values(SCRIPT_NAMES)) {
    assert.equal(fieldProblem('name', first, FIELD_LIMITS.name), null, first);
    assert.equal(fieldProblem('name', last, FIELD_LIMITS.name), null, last);
  }
});

Deno.test('the recipient is the name composed (NFC): typed with combining accents, printed as one letter each', () => {
  assert.equal(recipientName({ first_name: 'Zoe\u0308', last_name: 'A\u030Angstro\u0308m' }), 'Zoë Ångström');
});

Deno.test('a name of usual length prints on one line at the full size', () => {
  const doc = nameDocument();
  for (const [first, last] of Object.values(SCRIPT_NAMES)) {
    const layout = layoutName(doc, recipientName({ first_name: first, last_name: last }));
    assert.equal(layout.size, NAME_SIZES.largest, first);
    assert.deepEqual(layout.lines, [recipientName({ first_name: first, last_name: last })]);
  }
});

/** The widest letter the rule accepts, in the name font. */
function widestLetter(doc: ReturnType<typeof nameDocument>): string {
  doc.fontSize(100);
  let widest = 'W';
  for (const character of everyNameCharacter()) {
    if (/\p{L}/u.test(character) && doc.widthOfString(character) > doc.widthOfString(widest)) widest = character;
  }
  return widest;
}

Deno.test('the longest names stay inside the name box, above the title: every line within its width, all lines within its height', () => {
  const doc = nameDocument();
  const wide = widestLetter(doc);
  const part = (letter: string, word: number) =>
    Array.from({ length: FIELD_LIMITS.name }, (_, i) => ((i + 1) % (word + 1) === 0 ? ' ' : letter)).join('').trim();
  const names = [
    // 200 letters without a space, first and last name at their limit.
    LONGEST_NAME,
    [wide.repeat(FIELD_LIMITS.name), wide.repeat(FIELD_LIMITS.name)],
    // Words of every length in the widest letter: a word just too long for what is left of a line leaves the line half empty.
    ...Array.from({ length: FIELD_LIMITS.name }, (_, i) => [part(wide, i + 1), part(wide, i + 1)]),
    ['Maria Magdalena Josefa Theresia Walburga Franziska Antonia Creszentia von und zu Hohenberg'.slice(0, FIELD_LIMITS.name), 'Ἀλέξανδρος-Παπαδόπουλος Ὀδυσσεύς Λαέρτιος Ἰωάννης'],
  ];
  for (const [first, last] of names) {
    const name = recipientName({ first_name: first!, last_name: last! });
    const layout = layoutName(doc, name);
    doc.fontSize(layout.size);
    const what = `${name.slice(0, 30)}…`;
    assert.ok(layout.size >= NAME_SIZES.smallest, what);
    assert.ok(layout.lines.length * doc.currentLineHeight(true) <= NAME_BOX.height, `${what}: ${layout.lines.length} lines at ${layout.size} pt`);
    for (const line of layout.lines) assert.ok(doc.widthOfString(line) <= NAME_BOX.width, `${what}: «${line}» too wide`);
    // Nothing left out: the lines are the name, broken at spaces or between letters.
    assert.equal(layout.lines.join('').replaceAll(' ', ''), name.replaceAll(' ', ''), what);
  }
  // The name box ends before the title starts.
  assert.ok(NAME_BOX.y + NAME_BOX.height < TITLE_Y);
});

Deno.test('the QR bill names no debtor and holds only SIX characters, whatever the name', () => {
  for (const [first, last] of [...Object.values(SCRIPT_NAMES), ['דוד', 'Müller']]) {
    const data = qrBillData({ ...SAMPLE_INVOICE, first_name: first, last_name: last });
    assert.equal('debtor' in data, false);
    const texts: string[] = [];
    const collect = (value: unknown) => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(data);
    for (const text of texts) {
      assert.match(text, QR_BILL_CHARACTERS, text);
      assert.ok(!text.includes(first) && !text.includes(last), text);
    }
  }
  // A creditor outside the set is refused before any page is written.
  assert.throws(() => invoicePdf(SAMPLE_INVOICE, { ...practiceBilling, name: 'Praxis Ὕπνος' }), /character set/);
});

Deno.test('a PDF is made for a name of every accepted script', async () => {
  for (const [first, last] of Object.values(SCRIPT_NAMES)) {
    const pdf = await invoicePdf({ ...SAMPLE_INVOICE, first_name: first, last_name: last });
    assert.equal(new TextDecoder().decode(pdf.subarray(0, 5)), '%PDF-');
  }
});
