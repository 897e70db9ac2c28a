/**
 * A JavaScript regular expression (flag `u`) as a PostgreSQL one, for the generated rules
 * (scripts/db-rules/rules-sql.ts). Postgres has no \p{…}, and its [[:alpha:]] and friends
 * depend on the server's locale, so every character class is written out as explicit
 * code point ranges: each class, Unicode property escape or literal character of the
 * pattern is tested against every code point with this Node's own RegExp, and the code
 * points it matches become one bracket expression of \uXXXX / \UXXXXXXXX escapes (which
 * PGlite and PostgreSQL 15 read alike, whatever the locale). The Unicode version is the
 * running Node's (process.versions.unicode): the generated file names it.
 *
 * What the patterns of domain/field-rules.ts use is supported: anchors, classes (negated
 * too), property escapes, escaped and plain literals, quantifiers, groups, alternation and
 * a lookahead that narrows the single character after it (`(?![\t\n\r])[\p{Cc}…]`).
 * Anything else (`.`, back references, flags other than `u`) throws, so that a new
 * construct in a rule is noticed here rather than translated wrongly.
 */

const LAST_CODE_POINT = 0x10ffff;
const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;

/** A code point as a Postgres regex escape. */
function escape(c: number): string {
  return c <= 0xffff
    ? `\\u${c.toString(16).toUpperCase().padStart(4, '0')}`
    : `\\U${c.toString(16).toUpperCase().padStart(8, '0')}`;
}

/**
 * The code points (NUL included; never a surrogate, which Postgres text cannot hold) for
 * which the test holds, written as bracket-expression content: runs of three or more as a
 * range, shorter ones one by one.
 */
export function codePointRanges(test: (character: string) => boolean): string {
  let text = '';
  let first = -1;
  const close = (last: number) => {
    if (first < 0) return;
    text += last - first >= 2 ? `${escape(first)}-${escape(last)}` : last === first ? escape(first) : escape(first) + escape(last);
    first = -1;
  };
  for (let c = 0; c <= LAST_CODE_POINT; c += 1) {
    if (isSurrogate(c)) continue;
    if (test(String.fromCodePoint(c))) {
      if (first < 0) first = c;
    } else {
      close(c - 1);
    }
  }
  close(LAST_CODE_POINT);
  return text;
}

/** The index just after the class that starts at `start` (`[`). */
function classEnd(source: string, start: number): number {
  let i = start + 1;
  if (source[i] === '^') i += 1;
  while (i < source.length && source[i] !== ']') i = source[i] === '\\' ? escapeEnd(source, i) : i + 1;
  if (i >= source.length) throw new SyntaxError(`Unclosed class in /${source}/`);
  return i + 1;
}

/** The index just after the escape that starts at `start` (`\`). */
function escapeEnd(source: string, start: number): number {
  const kind = source[start + 1];
  if ((kind === 'p' || kind === 'P' || kind === 'u') && source[start + 2] === '{') {
    const end = source.indexOf('}', start);
    if (end < 0) throw new SyntaxError(`Unclosed escape in /${source}/`);
    return end + 1;
  }
  if (kind === 'u') return start + 6;
  if (kind === 'x') return start + 4;
  if (kind !== undefined && /[1-9kbB]/.test(kind)) throw new SyntaxError(`\\${kind} has no Postgres translation here: /${source}/`);
  return start + 2;
}

/** The index just after the group that starts at `start` (`(`), classes and escapes skipped. */
function groupEnd(source: string, start: number): number {
  let depth = 0;
  for (let i = start; i < source.length; ) {
    const ch = source[i];
    if (ch === '\\') i = escapeEnd(source, i);
    else if (ch === '[') i = classEnd(source, i);
    else {
      if (ch === '(') depth += 1;
      if (ch === ')' && --depth === 0) return i + 1;
      i += 1;
    }
  }
  throw new SyntaxError(`Unclosed group in /${source}/`);
}

/** The end of the single-character atom at `start` (a class, an escape or a literal), or -1. */
function atomEnd(source: string, start: number): number {
  const ch = source[start];
  if (ch === '[') return classEnd(source, start);
  if (ch === '\\') return escapeEnd(source, start);
  if (ch === undefined || '^$|()*+?{}.'.includes(ch)) return -1;
  return start + String.fromCodePoint(source.codePointAt(start)!).length;
}

/** One character's worth of pattern as a bracket expression, its code points found by testing. */
function bracket(atom: string): string {
  const matches = new RegExp(`^(?:${atom})$`, 'u');
  const negated = /^\[\^|^\\[PSDW]/.test(atom);
  return negated
    ? `[^${codePointRanges((character) => !matches.test(character))}]`
    : `[${codePointRanges((character) => matches.test(character))}]`;
}

/** The Postgres ARE that matches what `pattern` matches. */
export function postgresRegex(pattern: RegExp): string {
  if (pattern.flags !== 'u') throw new SyntaxError(`Only the flag u is translated: /${pattern.source}/${pattern.flags}`);
  const source = pattern.source;
  let out = '';
  for (let i = 0; i < source.length; ) {
    const ch = source[i]!;
    if (source.startsWith('(?!', i) || source.startsWith('(?=', i)) {
      // A lookahead that narrows the one character after it: both together are one class.
      const lookahead = groupEnd(source, i);
      const end = atomEnd(source, lookahead);
      if (end < 0) throw new SyntaxError(`A lookahead must precede one character: /${source}/`);
      out += bracket(source.slice(i, end));
      i = end;
    } else if (ch === '{') {
      const end = source.indexOf('}', i);
      if (end < 0 || !/^\{\d+(,\d*)?\}$/.test(source.slice(i, end + 1))) throw new SyntaxError(`Not a quantifier in /${source}/`);
      out += source.slice(i, end + 1);
      i = end + 1;
    } else if (source.startsWith('(?:', i)) {
      out += '(?:';
      i += 3;
    } else if (source.startsWith('(?', i)) {
      throw new SyntaxError(`Only (?:…) and a lookahead before one character are translated: /${source}/`);
    } else if ('^$|()*+?'.includes(ch)) {
      out += ch;
      i += 1;
    } else if (ch === '.') {
      throw new SyntaxError(`'.' has no Postgres translation here (use a class): /${source}/`);
    } else {
      const end = atomEnd(source, i);
      out += bracket(source.slice(i, end));
      i = end;
    }
  }
  return out;
}
