/**
 * One shape for the copy of both languages. The German modules in this folder are the
 * source of each shape; the English module of the same name in ./en/ exports the same names
 * as plain data (`as const`), and the German module's bundle, `localized(german, english)`,
 * checks it against the German shape with the texts widened (`Copy<T>`): a text missing in
 * English does not compile, and the compiler names it. The English module imports nothing
 * of its German twin, so the two never import each other in a circle. A component reads its
 * language's copy with `useCopy(bundle)`.
 */
import { useLanguage } from '@/lib/page-links';
import type { Language } from '@/lib/language';

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

/**
 * The shape of `T` with its texts widened: a single string literal (an `as const` module's
 * text) becomes `string`, while a union of literals (a page path, an id) stays as it is; a
 * function that writes a text keeps its parameters; anything else callable (an icon) and
 * every other value keep their type.
 */
export type Copy<T> = [T] extends [string]
  ? true extends IsUnion<T>
    ? T
    : string
  : T extends (...args: infer A) => infer R
    ? [R] extends [string]
      ? (...args: A) => string
      : T
    : T extends readonly unknown[]
      ? { readonly [K in keyof T]: Copy<T[K]> }
      : T extends object
        ? { readonly [K in keyof T]: Copy<T[K]> }
        : T;

/** A module's copy in both languages. */
export type Localized<T> = Readonly<Record<Language, Copy<T>>>;

/** Both languages of a copy module, German first: `localized(homePage, homePageEn)`. */
export function localized<T>(de: T, en: Copy<NoInfer<T>>): Localized<T> {
  return { de: de as Copy<T>, en };
}

/** The copy for the open page's language (its path says which). */
export function useCopy<T>(copy: Localized<T>): Copy<T> {
  return copy[useLanguage()];
}
