/**
 * The style each prerendered page carries inline: the rules its own markup uses, and the
 * few a first paint needs besides. The whole sheet (about 9 KB gzipped) inside every page
 * made the documents 15–18 KB gzipped; a document above about 14 KB needs a second round
 * trip of a new connection's TCP slow start before the browser has all of it (10 segments
 * of 1460 bytes, headers included), which cost about 0.3 s of LCP on a simulated phone
 * (npm run bench, docs/performance.md). The page links the whole sheet inertly
 * (src/app/full-style-sheet.ts loads it after the first paint).
 *
 * Which rules a page uses: Beasties (npm `beasties`, the maintained fork of Google's
 * Critters) matches every selector of the sheet against the page's markup, with media
 * queries and pseudo-classes kept, so a page without JavaScript is styled completely.
 * Beasties leaves out every @font-face: the ones the first paint needs are added here.
 * It keeps every @property rule, though: Tailwind registers one per utility variable it
 * uses anywhere on the site, so the custom properties no kept rule reads are dropped here
 * (about 0.3 KB gzipped per page). The whole sheet brings them all back.
 */
import Beasties from 'beasties';
import postcss from 'postcss';
import { FIRST_SCREEN_END_ATTRIBUTE } from '../../src/lib/first-screen.ts';

/**
 * The @font-face rules a page needs before the whole sheet has loaded: the local,
 * metric-matched fallbacks it paints in, and the two core subsets, which a later view of
 * the visit (index.html sets html.web-fonts) and a browser without JavaScript use at once.
 * Fontsource's faces for other characters come with the whole sheet.
 */
const FIRST_PAINT_FAMILIES = ['Inter Fallback', 'Lora Fallback', 'Inter Core', 'Lora Core'];

/** Rules kept whether or not Beasties finds an element for them. */
const ALWAYS_KEPT = [
  // Set before the first paint by index.html's script on a later view of the visit.
  ':root.web-fonts',
];

/**
 * `:where(…)` and `:is(…)` with their contents kept: `:where(.space-y-4>:not(:last-child))`
 * becomes `.space-y-4>:not(:last-child)`.
 */
export function unwrapWhereAndIs(selector: string): string {
  let result = selector;
  for (let start = result.search(/:(?:where|is)\(/); start !== -1; start = result.search(/:(?:where|is)\(/)) {
    const open = result.indexOf('(', start);
    let depth = 0;
    let close = open;
    for (; close < result.length; close++) {
      if (result[close] === '(') depth++;
      else if (result[close] === ')' && --depth === 0) break;
    }
    if (close >= result.length) return selector;
    result = result.slice(0, start) + result.slice(open + 1, close) + result.slice(close + 1);
  }
  return result;
}

/** Pseudo-elements only form controls have (preflight styles them): kept where the page has one. */
const FORM_CONTROL_PSEUDO_ELEMENT = /^::(?:-webkit-|-moz-|placeholder|file-selector-button)/;

/**
 * Beasties matches a selector against the markup after stripping every pseudo-class and
 * pseudo-element with its argument. Rules of three kinds were lost that way (seen by
 * e2e/page-style.test.ts): Tailwind's `:where(.space-y-4>:not(:last-child))` (spacing and
 * dividers between children; the whole selector was stripped), and rules for a
 * pseudo-class or pseudo-element alone, with nothing left to match: the site's
 * `:focus-visible` outline, preflight's `::placeholder` and `::-webkit-datetime-edit`.
 * The first is matched by its contents; a form control's pseudo-element is kept where the
 * page has a form control, any other lone pseudo on every page. `normalizeCssSelector` is
 * Beasties' own step for this (not in its type declarations; the version is pinned in
 * package.json, and the test above fails if a new one behaves differently).
 */
class SiteBeasties extends Beasties {
  normalizeCssSelector(selector: string): string {
    const normalize = (Beasties.prototype as unknown as { normalizeCssSelector(s: string): string }).normalizeCssSelector;
    const normalized = normalize.call(this, unwrapWhereAndIs(selector));
    if (normalized !== '') return normalized;
    return FORM_CONTROL_PSEUDO_ELEMENT.test(selector.trim()) ? 'input,select,textarea' : '*';
  }
}

/**
 * The markup without its hidden parts (`hidden`, not `hidden="until-found"`, which the
 * browser's find-in-page opens): the mobile menu and the tooltips' texts. Only React shows
 * them, and src/main.tsx starts React once the whole sheet applies; without JavaScript they
 * stay hidden. Their rules (about 0.1 KB gzipped a page) come with the whole sheet. Beasties'
 * own DOM does the removal (a pass that changes no style), so the second pass matches
 * against what is left.
 */
class HiddenMarkupRemover extends Beasties {
  processStyle(_style: unknown, document: { querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null; remove(): void }> }): void {
    for (const element of [...document.querySelectorAll('[hidden]')]) {
      if (element.getAttribute('hidden') !== 'until-found') element.remove();
    }
  }
}

const hiddenMarkupRemover = new HiddenMarkupRemover({ external: false, reduceInlineStyles: true, mergeStylesheets: false, logLevel: 'warn' });

const beasties = new SiteBeasties({
  // Only the <style> element given to it; no file is read or written.
  external: false,
  reduceInlineStyles: true,
  inlineFonts: false,
  preloadFonts: false,
  allowRules: ALWAYS_KEPT,
  keyframes: 'critical',
  compress: true,
  logLevel: 'warn',
});

/** The sheet's @font-face rules for the families the first paint uses (a face holds no nested block). */
function firstPaintFaceRules(css: string): string[] {
  const faces = [...css.matchAll(/@font-face\s*\{[^}]*\}/g)].map(([rule]) => rule);
  const familyOf = (rule: string) => /font-family:\s*["']?([^;"'}]+)/.exec(rule)?.[1]?.trim();
  const kept = faces.filter((rule) => FIRST_PAINT_FAMILIES.includes(familyOf(rule) ?? ''));
  const missing = FIRST_PAINT_FAMILIES.filter((family) => !kept.some((rule) => familyOf(rule) === family));
  if (missing.length > 0) throw new Error(`The style sheet declares no @font-face for ${missing.join(', ')}`);
  return kept;
}

export function firstPaintFontFaces(css: string): string {
  return firstPaintFaceRules(css).join('');
}

/**
 * The whole sheet as the pages load it after their first paint: without the faces every
 * page already declares inline. Declared twice, a face is two FontFace objects: the
 * second would be unloaded when the first has the file, so the next page would load it
 * again before it could show it.
 */
export function withoutFirstPaintFontFaces(css: string): string {
  return firstPaintFaceRules(css).reduce((sheet, rule) => sheet.replace(rule, ''), css);
}

/**
 * Drops the @property registrations of custom properties that no declaration of `css`
 * reads, and their defaults in Tailwind's @supports block for browsers without @property.
 */
export function withoutUnreadProperties(css: string): string {
  const root = postcss.parse(css);
  const read = new Set<string>();
  root.walkDecls((decl) => {
    for (const [, name] of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(name!);
  });
  root.walkAtRules('property', (rule) => {
    if (!read.has(rule.params.trim())) rule.remove();
  });
  root.walkAtRules('supports', (block) => {
    block.walkDecls(/^--tw-/, (decl) => {
      if (!read.has(decl.prop)) decl.remove();
    });
  });
  return root.toString();
}

/**
 * Drops the theme variables (Tailwind's `@layer theme`: every one the site uses anywhere,
 * about 0.25 KB gzipped a page) that no declaration of `css` and no style attribute of
 * `pageHtml` reads, also through another variable. The whole sheet declares them all.
 */
export function withoutUnreadThemeVariables(css: string, pageHtml = ''): string {
  const root = postcss.parse(css);
  const inTheme = (decl: postcss.Declaration) => {
    for (let node = decl.parent as postcss.Node | undefined; node; node = node.parent as postcss.Node | undefined) {
      if (node.type === 'atrule' && (node as postcss.AtRule).name === 'layer' && (node as postcss.AtRule).params === 'theme') return true;
    }
    return false;
  };
  const readIn = (text: string, into: Set<string>) => {
    for (const [, name] of text.matchAll(/var\(\s*(--[\w-]+)/g)) into.add(name!);
  };
  // A variable read only by a dropped one is dropped in the next pass.
  for (let removed = true; removed; ) {
    removed = false;
    const read = new Set<string>();
    readIn(pageHtml, read);
    root.walkDecls((decl) => readIn(decl.value, read));
    root.walkDecls(/^--/, (decl) => {
      if (!read.has(decl.prop) && inTheme(decl)) {
        decl.remove();
        removed = true;
      }
    });
  }
  // Rules and blocks left empty (the @supports block of the colours in lab()).
  for (let emptied = true; emptied; ) {
    emptied = false;
    root.walk((node) => {
      if ((node.type === 'rule' || (node.type === 'atrule' && (node as postcss.AtRule).name === 'supports')) && (node as postcss.Container).nodes?.length === 0) {
        node.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}

const firstScreenEnd = new RegExp(`<[a-z]+ ${FIRST_SCREEN_END_ATTRIBUTE}=""`);

/** Whether the page marks the end of its first screen (src/components/ui/first-screen-end.tsx). */
export function endsFirstScreen(pageHtml: string): boolean {
  return firstScreenEnd.test(pageHtml);
}

/**
 * The page without the rest of its main content after the end of its first screen, where it
 * marks one. The footer stays: it is the same on every page, and should the whole sheet
 * never come (its script blocked), the site's addresses and links stay legible.
 */
export function firstScreenOf(pageHtml: string): string {
  const end = firstScreenEnd.exec(pageHtml);
  if (!end) return pageHtml;
  const mainEnd = pageHtml.indexOf('</main>', end.index);
  if (mainEnd === -1) throw new Error(`The end of the first screen (${FIRST_SCREEN_END_ATTRIBUTE}) must be inside <main>`);
  return pageHtml.slice(0, end.index) + pageHtml.slice(mainEnd);
}

/**
 * The inline style of one page: the first paint's @font-face rules, then every rule of
 * `css` that the page's visible markup (`pageHtml`, the complete document) uses – without
 * the main content after the end of the first screen if the page marks it (firstScreenOf).
 */
export async function criticalStyle(pageHtml: string, css: string): Promise<string> {
  if (!pageHtml.includes('</head>')) throw new Error('The page has no </head>');
  const probe = firstScreenOf(pageHtml).replace('</head>', () => `<style>${css}</style></head>`);
  const visible = await hiddenMarkupRemover.process(probe);
  const reduced = /<style>([\s\S]*?)<\/style>/.exec(await beasties.process(visible))?.[1] ?? '';
  const style = firstPaintFontFaces(css) + withoutUnreadThemeVariables(withoutUnreadProperties(reduced), pageHtml);
  if (/<\/style/i.test(style)) throw new Error('The style contains "</style", which would end the inline element');
  return style;
}
