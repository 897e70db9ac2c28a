// @vitest-environment node
/**
 * The translation of the rules' regular expressions into Postgres patterns: classes become
 * code point ranges found by testing, the rest of the pattern stays, and a construct with
 * no faithful translation throws rather than being translated wrongly. (That the database
 * then answers as the functions do, code point by code point, is
 * tests/integration/contract.test.ts's part.)
 */
import { describe, expect, it } from 'vitest';
import { codePointRanges, postgresRegex } from './postgres-regex.ts';

describe('postgresRegex', () => {
  it('writes a class as ranges of three or more, shorter runs one by one', () => {
    expect(postgresRegex(/[a-cxy]/u)).toBe('[\\u0061-\\u0063\\u0078\\u0079]');
    expect(postgresRegex(/[\u{1F600}-\u{1F602}]/u)).toBe('[\\U0001F600-\\U0001F602]');
  });

  it('keeps a negated class negated, and writes escaped and plain literals as code points', () => {
    expect(postgresRegex(/^\.[^ab]{2}$/u)).toBe('^[\\u002E][^\\u0061\\u0062]{2}$');
    expect(postgresRegex(/x+/u)).toBe('[\\u0078]+');
  });

  it('turns a lookahead before one character into one class', () => {
    expect(postgresRegex(/(?![\t\n])[\t-\r]/u)).toBe('[\\u000B-\\u000D]');
  });

  it('writes a Unicode property as every code point that has it, surrogates left out', () => {
    const pattern = postgresRegex(/\p{Zl}/u);
    expect(pattern).toBe('[\\u2028]');
    expect(codePointRanges((character) => /\p{Cs}/u.test(character))).toBe('');
  });

  it('refuses what it cannot translate faithfully', () => {
    expect(() => postgresRegex(/a./u)).toThrow(/'\.'/);
    expect(() => postgresRegex(/[a]/)).toThrow(/flag u/);
    expect(() => postgresRegex(/(?<=a)b/u)).toThrow(/lookahead/);
    expect(() => postgresRegex(/(a)\1/u)).toThrow(/\\1/);
  });
});
