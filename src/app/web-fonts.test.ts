import { afterEach, describe, expect, it, vi } from 'vitest';
import { showWebFonts, WEB_FONTS_CLASS } from './web-fonts';

function withFonts(load: (font: string) => Promise<FontFace[]>) {
  Object.defineProperty(document, 'fonts', { value: { load: vi.fn(load) }, configurable: true });
  return document.fonts.load as unknown as ReturnType<typeof vi.fn>;
}

afterEach(() => document.documentElement.classList.remove(WEB_FONTS_CLASS));

describe('showWebFonts', () => {
  it('loads the two core faces, and only then sets the class', async () => {
    const pending: Array<() => void> = [];
    const load = withFonts(() => new Promise((resolve) => pending.push(() => resolve([]))));
    const shown = showWebFonts();
    expect(load.mock.calls.map(([font]) => font)).toEqual(['1em "Inter Core"', '1em "Lora Core"']);
    expect(document.documentElement.classList.contains(WEB_FONTS_CLASS)).toBe(false);
    pending[0]!();
    await Promise.resolve();
    expect(document.documentElement.classList.contains(WEB_FONTS_CLASS), 'one face loaded').toBe(false);
    pending[1]!();
    await shown;
    expect(document.documentElement.classList.contains(WEB_FONTS_CLASS)).toBe(true);
  });

  it('keeps the fallbacks when a font fails to load', async () => {
    withFonts(() => Promise.reject(new DOMException('failed', 'NetworkError')));
    await showWebFonts();
    expect(document.documentElement.classList.contains(WEB_FONTS_CLASS)).toBe(false);
  });

  it('does nothing when the page already shows them (a later view of the visit)', async () => {
    document.documentElement.classList.add(WEB_FONTS_CLASS);
    const load = withFonts(() => Promise.resolve([]));
    await showWebFonts();
    expect(load).not.toHaveBeenCalled();
  });
});
