// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  criticalStyle,
  endsFirstScreen,
  firstPaintFontFaces,
  firstScreenOf,
  unwrapWhereAndIs,
  withoutFirstPaintFontFaces,
  withoutUnreadProperties,
  withoutUnreadThemeVariables,
} from './critical-css.ts';

const FACES = [
  "@font-face{font-family:Inter Fallback;src:local(Arial);size-adjust:106%}",
  "@font-face{font-family:Lora Fallback;src:local(Times New Roman)}",
  "@font-face{font-family:Inter Core;src:url(/assets/inter-core-a.woff2)format(\"woff2-variations\")}",
  "@font-face{font-family:'Lora Core';src:url(/assets/lora-core-b.woff2)}",
  "@font-face{font-family:Inter Variable;src:url(/assets/inter-latin-c.woff2);unicode-range:U+0-FF}",
].join('');

const SHEET = `${FACES}@layer base{html{color:#111}:focus-visible{outline:2px solid}::placeholder{opacity:1}::-webkit-datetime-edit{padding:0}}
@layer utilities{.used{color:red}.unused{color:blue}:where(.space-y-4>:not(:last-child)){margin-block-end:1rem}:where(.space-y-8>:not(:last-child)){margin-block-end:2rem}
@media (hover:hover){.hover\\:used:hover{color:green}}.shadow{box-shadow:var(--tw-shadow)}}
:root.web-fonts{--font-sans:"Inter Core"}
@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}
@property --tw-ring-color{syntax:"*";inherits:false}`;

const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

describe("a page's critical style", () => {
  it('keeps the rules the markup uses and drops the others', async () => {
    const style = await criticalStyle(page('<p class="used hover:used">x</p>'), SHEET);
    expect(style).toContain('.used{color:red}');
    expect(style).toContain('.hover\\:used:hover');
    expect(style).not.toContain('.unused');
    expect(style).not.toContain('.shadow');
  });

  it("keeps Tailwind's :where(…) spacing for a parent on the page, not for one elsewhere", async () => {
    const style = await criticalStyle(page('<div class="space-y-4"><p>a</p><p>b</p></div>'), SHEET);
    expect(style).toContain('.space-y-4>');
    expect(style).not.toContain('.space-y-8');
  });

  it('keeps a lone pseudo-class everywhere and form controls’ pseudo-elements where the page has a control', async () => {
    const without = await criticalStyle(page('<p>x</p>'), SHEET);
    expect(without).toContain(':focus-visible');
    expect(without).not.toContain('::placeholder');
    expect(without).not.toContain('datetime-edit');
    const withInput = await criticalStyle(page('<input type="date">'), SHEET);
    expect(withInput).toContain('::placeholder');
    expect(withInput).toContain('::-webkit-datetime-edit');
  });

  it('starts with the faces the first paint uses: the fallbacks and the core subsets, not Fontsource’s', async () => {
    const style = await criticalStyle(page('<p>x</p>'), SHEET);
    expect(style.startsWith(firstPaintFontFaces(SHEET))).toBe(true);
    expect(style).not.toContain('inter-latin-c');
    expect(style).toContain(':root.web-fonts');
    expect(firstPaintFontFaces(SHEET).match(/@font-face/g)).toHaveLength(4);
    expect(() => firstPaintFontFaces(FACES.replace('Lora Fallback', 'Other'))).toThrow(/Lora Fallback/);
    // The whole sheet, loaded later, declares only the faces the pages do not carry.
    expect(withoutFirstPaintFontFaces(SHEET).match(/@font-face\{[^}]*\}/g)).toEqual([
      '@font-face{font-family:Inter Variable;src:url(/assets/inter-latin-c.woff2);unicode-range:U+0-FF}',
    ]);
  });

  it('keeps only the @property rules of custom properties a kept rule reads', async () => {
    expect(withoutUnreadProperties('.a{box-shadow:var(--tw-shadow)}@property --tw-shadow{syntax:"*"}@property --tw-ring-color{syntax:"*"}')).toBe(
      '.a{box-shadow:var(--tw-shadow)}@property --tw-shadow{syntax:"*"}',
    );
    expect(withoutUnreadProperties('@supports (x:y){*{--tw-shadow:0;--tw-ring-color:red}}.a{color:var(--tw-shadow)}')).toBe(
      '@supports (x:y){*{--tw-shadow:0}}.a{color:var(--tw-shadow)}',
    );
  });

  it('keeps only the theme variables a kept rule or a style attribute reads, also through another variable', async () => {
    const theme =
      '@layer theme{:root,:host{--font-sans:Arial;--font-mono:monospace;--default-font-family:var(--font-sans);--default-mono-font-family:var(--font-mono);--text-sm:.875rem;--text-7xl:4.5rem;--color-red-700:#bf000f}' +
      '@supports (color:lab(0% 0 0)){:root,:host{--color-red-700:lab(40% 67 53)}}}';
    const rules = '@layer base{html{font-family:var(--default-font-family,sans-serif)}}.text-sm{font-size:var(--text-sm)}';
    expect(withoutUnreadThemeVariables(theme + rules)).toBe(
      '@layer theme{:root,:host{--font-sans:Arial;--default-font-family:var(--font-sans);--text-sm:.875rem}}' + rules,
    );
    // A variable read by the markup stays, and a custom property outside the theme is not the theme's to drop.
    expect(withoutUnreadThemeVariables(`${theme}.a{--tw-x:1}`, '<p style="color:var(--color-red-700)">')).toBe(
      '@layer theme{:root,:host{--color-red-700:#bf000f}@supports (color:lab(0% 0 0)){:root,:host{--color-red-700:lab(40% 67 53)}}}.a{--tw-x:1}',
    );
    // In a page: the theme of SHEET-like input keeps what the page's rules read.
    const style = await criticalStyle(page('<p class="text-sm">x</p>'), `${FACES}${theme}@layer utilities{.text-sm{font-size:var(--text-sm)}}`);
    expect(style).toContain('--text-sm:.875rem');
    expect(style).not.toContain('--text-7xl');
  });

  it('leaves out the rules only hidden markup uses, not those of markup the find-in-page search opens', async () => {
    const style = await criticalStyle(
      page('<p class="used">x</p><nav hidden><a class="hover:used unused">y</a></nav><div hidden="until-found"><p class="shadow">z</p></div>'),
      SHEET,
    );
    expect(style).toContain('.used{color:red}');
    expect(style).not.toContain('.hover\\:used');
    expect(style).not.toContain('.unused');
    expect(style).toContain('.shadow{');
  });

  it('leaves out the rules of the main content after the end of the first screen, where the page marks one, not the footer’s', async () => {
    const marked = page('<main><p class="used">x</p><div data-first-screen-end=""></div><p class="shadow">y</p></main><footer class="unused">z</footer>');
    expect(endsFirstScreen(marked)).toBe(true);
    const style = await criticalStyle(marked, SHEET);
    expect(style).toContain('.used{color:red}');
    expect(style).not.toContain('.shadow{');
    expect(style).toContain('.unused{');
    expect(() => firstScreenOf(page('<main></main><footer><div data-first-screen-end=""></div></footer>'))).toThrow(/inside <main>/);
    const unmarked = page('<p class="used">x</p><p class="shadow">y</p>');
    expect(endsFirstScreen(unmarked)).toBe(false);
    expect(firstScreenOf(unmarked)).toBe(unmarked);
    expect(await criticalStyle(unmarked, SHEET)).toContain('.shadow{');
  });

  it('unwraps :where and :is with nested parentheses, and leaves other selectors alone', () => {
    expect(unwrapWhereAndIs(':where(.space-y-4>:not(:last-child))')).toBe('.space-y-4>:not(:last-child)');
    expect(unwrapWhereAndIs('.a :is(.b, .c:not(.d))')).toBe('.a .b, .c:not(.d)');
    expect(unwrapWhereAndIs('.a:hover')).toBe('.a:hover');
  });
});
