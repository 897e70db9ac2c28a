/**
 * How the copy of both languages shapes a word: the same rule, whatever the language.
 * Plain functions; the words themselves are the copy modules'.
 */

/** How a text names a kind of thing for none, for one and for several. */
export interface CountedWords {
  none: string;
  one: string;
  many: string;
}

/** «keine Nachricht», «1 Nachricht», «2 Nachrichten» – "no message", "1 message", "2 messages". */
export function counted(count: number, { none, one, many }: CountedWords): string {
  if (count === 0) return none;
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * A label with a soft hyphen after each of `pieces`, read from its start: where a narrow
 * table column may break it, with a hyphen (breakAfter('Einschlafdauer', 'Ein', 'schlaf')
 * is Ein-schlaf-dauer). A wide column shows it whole.
 */
export function breakAfter(label: string, ...pieces: string[]): string {
  let at = 0;
  let marked = '';
  for (const piece of pieces) {
    const end = label.indexOf(piece, at) + piece.length;
    marked += `${label.slice(at, end)}\u00AD`;
    at = end;
  }
  return marked + label.slice(at);
}
