/** The form's text fields by name, trimmed (so "  " counts as empty). */
export function readTextFields<TName extends string>(form: HTMLFormElement, names: readonly TName[]): Record<TName, string> {
  const data = new FormData(form);
  return Object.fromEntries(
    names.map((name) => {
      const value = data.get(name);
      return [name, typeof value === 'string' ? value.trim() : ''];
    }),
  ) as Record<TName, string>;
}

/** Optional fields travel as null when left empty (docs/product.md §3). */
export function emptyToNull(value: string): string | null {
  return value === '' ? null : value;
}
