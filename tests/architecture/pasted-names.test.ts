// @vitest-environment node
/**
 * Tests take the practice's names and the product's texts from the modules that hold them,
 * never as pasted copies: a renamed advisor or a reworded notice then changes one line, and a
 * test cannot pass against a stale copy of what a visitor no longer reads.
 *
 * A product text is a string literal of the site or the functions (src/, supabase/functions/,
 * their tests and test support left out) of at least PASTED_LENGTH characters that reads as
 * words: it holds a space and a word of three letters, and no `=` (a MIME type's parameters, a
 * meta tag's content) nor only lower-case tokens between commas (a header list) – those are the
 * wire a test must spell out to check a third party's side of it. Template literals count piece
 * by piece (the text between two substitutions), and so does JSX text.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { practiceAdvisors } from '../../supabase/functions/_shared/domain/practice.ts';

const root = new URL('../../', import.meta.url);
const TEST_FILE = /(^|\/)(e2e|tests)\/|\.test\.tsx?$|^src\/test\//;
const PASTED_LENGTH = 30;

/** The repository's TypeScript files (git's list: no build output, no node_modules). */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
const testFiles = files.filter((file) => TEST_FILE.test(file));
const productFiles = files.filter((file) => !TEST_FILE.test(file) && /^(src|supabase\/functions)\//.test(file));
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

/** Whether a literal reads as a product's words rather than a protocol's tokens. */
export function isProductText(value: string): boolean {
  return (
    value.length >= PASTED_LENGTH &&
    value.includes(' ') &&
    /\p{L}{3}/u.test(value) &&
    !value.includes('=') &&
    !/^[a-z0-9-]+(, [a-z0-9-]+)+$/.test(value)
  );
}

/** The product texts of one source file, trimmed (a piece of a template keeps its words). */
export function productTexts(code: string, jsx: boolean): string[] {
  const source = ts.createSourceFile(jsx ? 'file.tsx' : 'file.ts', code, ts.ScriptTarget.Latest, false, jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      const value = node.text.replace(/\s+/g, ' ').trim();
      if (isProductText(value)) texts.push(value);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return texts;
}

/** Each product text with the first file that writes it. */
const product = new Map<string, string>();
for (const file of productFiles) {
  for (const text of productTexts(read(file), file.endsWith('.tsx'))) if (!product.has(text)) product.set(text, file);
}

describe('test files', () => {
  it.each(practiceAdvisors.map((advisor) => advisor.name))('never paste the advisor name «%s»', (name) => {
    expect(testFiles.length).toBeGreaterThan(50);
    const pasted = testFiles.filter((file) => read(file).includes(name));
    expect(pasted).toEqual([]);
  });

  it('never paste a product text: they import it, or call what writes it', () => {
    expect(product.size).toBeGreaterThan(500);
    const pasted = testFiles.flatMap((file) => {
      const code = read(file);
      return [...product].filter(([text]) => code.includes(text)).map(([text, from]) => `${file}: «${text}» (from ${from})`);
    });
    expect(pasted).toEqual([]);
  });
});

describe('the product-text scan', () => {
  it('finds strings, template pieces and JSX text, and leaves protocol values alone', () => {
    const code = [
      `const a = 'Ihre Anfrage ist bei uns gespeichert.';`,
      'const b = `Der Termin am ${day} ist leider nicht mehr frei, bitte wählen Sie.`;',
      `const c = <p>Schreiben Sie uns, wir antworten bald und gern.</p>;`,
      `const d = 'text/calendar; charset=utf-8; method=PUBLISH';`,
      `const e = 'authorization, x-client-info, apikey, content-type';`,
      `const f = 'zu kurz';`,
    ].join('\n');
    expect(productTexts(code, true)).toEqual([
      'Ihre Anfrage ist bei uns gespeichert.',
      'ist leider nicht mehr frei, bitte wählen Sie.',
      'Schreiben Sie uns, wir antworten bald und gern.',
    ]);
  });
});
