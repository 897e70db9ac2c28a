import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module for each test: it remembers whether the fonts have loaded.
let loadWebFonts: typeof import('./web-fonts').loadWebFonts;
let showWebFontsIfLoaded: typeof import('./web-fonts').showWebFontsIfLoaded;
let WEB_FONTS_CLASS: string;
beforeEach(async () => {
  vi.resetModules();
  ({ loadWebFonts, showWebFontsIfLoaded, WEB_FONTS_CLASS } = await import('./web-fonts'));
});

function withFonts(load: (font: string) => Promise<FontFace[]>) {
  Object.defineProperty(document, 'fonts', { value: { load: vi.fn(load) }, configurable: true });
  return document.fonts.load as unknown as ReturnType<typeof vi.fn>;
}

const shown = () => document.documentElement.classList.contains(WEB_FONTS_CLASS);

afterEach(() => document.documentElement.classList.remove(WEB_FONTS_CLASS));

describe('web fonts for the next page view', () => {
  it('loads the two core faces without showing them on the open page', async () => {
    const load = withFonts(() => Promise.resolve([]));
    await loadWebFonts();
    expect(load.mock.calls.map(([font]) => font)).toEqual(['1em "Inter Core"', '1em "Lora Core"']);
    expect(shown()).toBe(false);
  });

  it('shows them on the next page once both have loaded, not before', async () => {
    const pending: Array<() => void> = [];
    withFonts(() => new Promise((resolve) => pending.push(() => resolve([]))));
    const loading = loadWebFonts();
    expect(showWebFontsIfLoaded()).toBe(false);
    pending[0]!();
    await Promise.resolve();
    expect(showWebFontsIfLoaded(), 'one face loaded').toBe(false);
    pending[1]!();
    await loading;
    expect(showWebFontsIfLoaded()).toBe(true);
    expect(shown()).toBe(true);
  });

  it('keeps the fallbacks on later pages when a font failed to load', async () => {
    withFonts(() => Promise.reject(new DOMException('failed', 'NetworkError')));
    await loadWebFonts();
    expect(showWebFontsIfLoaded()).toBe(false);
    expect(shown()).toBe(false);
  });

  it('keeps a class index.html set before the first paint (a later view of the visit)', () => {
    document.documentElement.classList.add(WEB_FONTS_CLASS);
    expect(showWebFontsIfLoaded()).toBe(true);
  });
});
