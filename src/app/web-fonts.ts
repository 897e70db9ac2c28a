/**
 * Inter and Lora after the first paint. A page paints in the metric-matched local
 * fallbacks (src/styles/index.css); src/main.tsx calls this once the page's largest
 * element is on screen. It loads the two core files (src/styles/fonts.css) and only then
 * sets html.web-fonts, so the text changes to the web fonts in one step instead of one
 * family at a time. Fetched before that paint (preloaded, or found by the first layout),
 * the 50 KB of font files shared the phone's connection with the document and the hero
 * image and held the largest paint back by about 0.3 s (npm run bench, README
 * "Performance").
 */

/** The class on <html> that puts the web fonts in front of the font stacks (index.css). */
export const WEB_FONTS_CLASS = 'web-fonts';

/** One font shorthand per core face: `document.fonts.load` fetches the face that matches it. */
const CORE_FACES = ['1em "Inter Core"', '1em "Lora Core"'] as const;

/**
 * Resolves once the web fonts are shown, or have failed to load (the fallbacks then stay,
 * which looks almost the same). Already shown (a later page view, where index.html sets
 * the class before the first paint): nothing to do.
 */
export async function showWebFonts(doc: Document = document): Promise<void> {
  const root = doc.documentElement;
  if (root.classList.contains(WEB_FONTS_CLASS)) return;
  try {
    await Promise.all(CORE_FACES.map((face) => doc.fonts.load(face)));
  } catch {
    return;
  }
  root.classList.add(WEB_FONTS_CLASS);
}
