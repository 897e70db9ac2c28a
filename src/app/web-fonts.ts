/**
 * Inter and Lora from the next page view on. A page paints in the metric-matched local
 * fallbacks (src/styles/index.css). After its largest paint, src/main.tsx calls
 * loadWebFonts(): the two core files (src/styles/fonts.css) load into the browser's cache
 * and memory, but the open page keeps its fallbacks. The page the visitor opens next shows
 * the web fonts at once: a navigation inside the site sets html.web-fonts as the new page
 * renders (showWebFontsIfLoaded, src/app/root-layout.tsx), and a new document of the visit
 * (a reload, a page reached from this site) gets the class before its first paint from
 * index.html's script.
 *
 * Why not on the open page: fetched before its largest paint (preloaded, or found by the
 * first layout with font-display swap/optional), the 50 KB of fonts shared the phone's
 * connection with the document and the hero and held LCP at 1.0–1.5 s; swapped into the
 * page after that paint, text moved by up to 44 px, because one size-adjust per face
 * cannot match every word of the fallback to Inter and Lora, and some lines wrap
 * differently (npm run bench, docs/performance.md).
 */

/** The class on <html> that puts the web fonts in front of the font stacks (index.css). */
export const WEB_FONTS_CLASS = 'web-fonts';

/** One font shorthand per core face: `document.fonts.load` fetches the face that matches it. */
const CORE_FACES = ['1em "Inter Core"', '1em "Lora Core"'] as const;

let loaded = false;

/**
 * Loads the two core faces without showing them; resolves when they have loaded (or
 * failed: the next pages then keep the fallbacks as well, which look almost the same).
 */
export async function loadWebFonts(doc: Document = document): Promise<void> {
  if (loaded) return;
  try {
    await Promise.all(CORE_FACES.map((face) => doc.fonts.load(face)));
    loaded = true;
  } catch {
    // Network gone or the files unreachable: nothing to show.
  }
}

/** On a new page of the visit: the web fonts, if they are there. Returns whether they are shown. */
export function showWebFontsIfLoaded(doc: Document = document): boolean {
  const root = doc.documentElement;
  if (!root.classList.contains(WEB_FONTS_CLASS) && loaded) root.classList.add(WEB_FONTS_CLASS);
  return root.classList.contains(WEB_FONTS_CLASS);
}
