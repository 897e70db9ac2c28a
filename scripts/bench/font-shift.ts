/**
 * How far the first screen's text moves when the web fonts arrive (at most 1 px).
 * A page paints in the metric-matched local fallbacks (src/styles/index.css); after its
 * largest paint src/app/web-fonts.ts loads Inter and Lora for the next page view, and the
 * open page keeps its fallbacks. Two measurements in Chromium:
 *
 * - measureFontArrival: what the visitor sees. The page loads with its font files held
 *   back; once it has settled, everything in the viewport is recorded; then the files are
 *   let through, and once both have loaded it is recorded again. Expected: nothing moves.
 * - measureFontSwitch: what a swap into the open page would do (font-display: swap, or
 *   setting html.web-fonts at once). Once the page has the fonts it takes the class off,
 *   records, puts it back and records again, in one task. This is why the open page does
 *   not switch (docs/performance.md), and how the fallbacks were tuned.
 *
 * What counts as a move is what counts for CLS: a change of a box's start position, its
 * left or top edge – of each line of text (Range.getClientRects of every text node) and of
 * the links, buttons, headings, images, icons and form fields. A width change alone (text
 * a little wider or narrower after the switch) does not move anything. A rewrap does: text
 * whose lines break elsewhere counts as moved by a whole line, and is listed on its own.
 * Nodes are paired by their place in the document (both records walk it the same way).
 *
 * Used by the browser test (e2e/font-shift.test.ts) and, through fontShiftByRoute, the
 * benchmark.
 */
import { chromium, type Page, type Route } from 'playwright-core';
import { waitForHydration } from '../../e2e/support/hydration.ts';
import { CHROMIUM_ARGS } from '../chromium.ts';

export interface FontShift {
  /** The largest move of a start edge in CSS px (a rewrap counts as a move by its line height). */
  maxPx: number;
  /** What moved most, e.g. `h1 «Endlich wieder schmerzfrei…» top +1.2 px`; empty when nothing moved. */
  worst: string;
  /** Texts whose lines break elsewhere after the switch, e.g. `p «Wir nehmen uns…» breaks 41,87 → 39,87`. */
  rewraps: string[];
}

export const DEFAULT_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const WEB_FONTS_CLASS = 'web-fonts';
const TIMEOUT_MS = 30_000;

export interface Box {
  left: number;
  top: number;
  height: number;
}

/** One text node or element, by its place in the document. */
export interface Item {
  label: string;
  /** The text's line boxes, or the element's border box (one entry). */
  boxes: Box[];
  /** Some of it is visible in the viewport. */
  inView: boolean;
  /** Offsets in the text at which a new line starts (texts in view only). */
  breaks?: number[];
}

export interface Geometry {
  /** The body's computed font-family: tells that the class does switch the fonts. */
  font: string;
  texts: Item[];
  elements: Item[];
}

/**
 * Runs in the page (serialised by Playwright, so it must not reference anything outside):
 * takes `className` off <html> and records the geometry of every visible text node and
 * element of interest, in document order, then puts the class back and records again. All
 * in one task, so no script of the page can change the DOM in between; the fonts of both
 * states must have loaded before (measureFontShift does that).
 */
export function recordFontSwitch([className, toggle]: readonly [string, boolean]): { before: Geometry; after: Geometry } {
  const ELEMENTS = 'a, button, h1, h2, h3, h4, h5, h6, img, picture, video, svg:not(svg *), input, select, textarea';
  const viewport = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
  type Area = typeof viewport;
  const intersect = (a: Area, b: Area): Area => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  // More than a pixel each way: a visually-hidden (sr-only) 1×1 box does not count as seen.
  const isSeen = (area: Area) => area.right - area.left > 1 && area.bottom - area.top > 1;
  /** The part of the viewport `element`'s content can show in: cut by every clipping ancestor. */
  const clipOf = (element: Element | null): Area => {
    let area = viewport;
    for (let el = element; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clip !== 'auto') {
        area = intersect(area, el.getBoundingClientRect());
      }
    }
    return area;
  };
  const isShown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const describe = (el: Element, text: string) => {
    const words = text.replace(/\u00ad/g, '').replace(/\s+/g, ' ').trim();
    return `${el.tagName.toLowerCase()} «${words.length > 28 ? `${words.slice(0, 27)}…` : words}»`;
  };
  const toBox = (rect: DOMRect): Box => ({ left: rect.left, top: rect.top, height: rect.height });

  /** Where the lines of `node` start: the offset of each character that sits lower than the one before. */
  const lineStarts = (node: Text): number[] => {
    const range = document.createRange();
    const starts: number[] = [];
    let lastTop = -Infinity;
    for (let i = 0; i < node.length; i++) {
      if (/\s/.test(node.data[i]!)) continue;
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      if (rect.top > lastTop + rect.height / 2) {
        if (lastTop !== -Infinity) starts.push(i);
        lastTop = rect.top;
      }
    }
    return starts;
  };

  const recordTexts = (): Item[] => {
    const texts: Item[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent || !node.data.trim() || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
      const shown = rects.length > 0 && isShown(parent);
      const clip = clipOf(parent);
      const inView = shown && rects.some((rect) => isSeen(intersect(clip, rect)));
      texts.push({
        label: describe(parent, node.data),
        boxes: shown ? rects.map(toBox) : [],
        inView,
        ...(inView && rects.length > 1 ? { breaks: lineStarts(node) } : {}),
      });
    }
    return texts;
  };
  const recordElements = (): Item[] =>
    [...document.body.querySelectorAll(ELEMENTS)].map((el) => {
      const rect = el.getBoundingClientRect();
      const shown = rect.width > 0 && rect.height > 0 && isShown(el);
      const name = el.getAttribute('aria-label') ?? el.getAttribute('alt') ?? (el.textContent || el.getAttribute('name')) ?? '';
      return {
        label: describe(el, name),
        boxes: shown ? [toBox(rect)] : [],
        inView: shown && isSeen(intersect(clipOf(el.parentElement), rect)),
      };
    });

  const record = (): Geometry => ({ font: getComputedStyle(document.body).fontFamily, texts: recordTexts(), elements: recordElements() });
  if (!toggle) {
    const now = record();
    return { before: now, after: now };
  }
  const root = document.documentElement;
  root.classList.remove(className);
  const before = record();
  root.classList.add(className);
  return { before, after: record() };
}

/** Compares two records of the same page (fallback fonts first, web fonts second). */
export function compareGeometry(before: Geometry, after: Geometry): FontShift {
  let maxPx = 0;
  let worst = '';
  const rewraps: string[] = [];
  const moved = (px: number, what: string) => {
    if (Math.abs(px) <= maxPx) return;
    maxPx = Math.abs(px);
    worst = what;
  };
  const signed = (px: number) => `${px >= 0 ? '+' : '−'}${Math.abs(px).toFixed(1)} px`;
  const compare = (kind: string, a: Item[], b: Item[]) => {
    if (a.length !== b.length) throw new Error(`the page has ${a.length} ${kind} with the fallback fonts, ${b.length} with the web fonts`);
    a.forEach((old, index) => {
      const now = b[index]!;
      if (!(old.inView || now.inView) || old.boxes.length === 0 || now.boxes.length === 0) return;
      const lines = old.boxes.length > 1 || now.boxes.length > 1;
      const breaksMoved = old.breaks && now.breaks && old.breaks.join() !== now.breaks.join();
      if (old.boxes.length !== now.boxes.length || breaksMoved) {
        const what = breaksMoved
          ? `breaks ${old.breaks!.join(',')} → ${now.breaks!.join(',')}`
          : `${old.boxes.length} → ${now.boxes.length} lines`;
        rewraps.push(`${old.label} ${what}`);
        moved(old.boxes[0]!.height, `${old.label} rewraps (${what})`);
      }
      old.boxes.slice(0, now.boxes.length).forEach((box, line) => {
        const where = lines ? ` line ${line + 1}` : '';
        moved(now.boxes[line]!.left - box.left, `${old.label}${where} left ${signed(now.boxes[line]!.left - box.left)}`);
        moved(now.boxes[line]!.top - box.top, `${old.label}${where} top ${signed(now.boxes[line]!.top - box.top)}`);
      });
    });
  };
  compare('texts', before.texts, after.texts);
  compare('elements', before.elements, after.elements);
  return { maxPx: Math.round(maxPx * 100) / 100, worst, rewraps };
}

/** Sets or removes html.web-fonts, then lays the page out and waits for the fonts that needs. */
async function setWebFonts(page: Page, on: boolean): Promise<void> {
  await page.evaluate(
    async ([name, add]) => {
      document.documentElement.classList.toggle(name, add);
      void document.body.offsetHeight;
      await document.fonts.ready;
    },
    [WEB_FONTS_CLASS, on] as const,
  );
}

/** Resolves once both core faces have loaded in the page. */
async function coreFontsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.fonts.check('1em "Inter Core"') && document.fonts.check('1em "Lora Core"') && document.fonts.status === 'loaded',
    undefined,
    { timeout: TIMEOUT_MS },
  );
}

/** Opens `url` and waits for hydration; answers the document's HTTP status. */
async function openPage(page: Page, url: string): Promise<number | undefined> {
  // Not 'load': a page whose largest paint is text (an article) asks for the web fonts
  // before its load event, and measureFontArrival holds them – the event would never come.
  const response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: TIMEOUT_MS });
  // tsx compiles with esbuild's keepNames, which wraps inner functions in a __name() call
  // that exists in Node only; recordFontSwitch has some, so the page gets a stand-in.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  await waitForHydration(page, TIMEOUT_MS);
  return response?.status();
}

/** The quiet time before the first record: the home page's hero video is added after hydration. */
const SETTLE_MS = 1500;

/**
 * What moves in the first screen of `url` when its font files arrive, as a visitor sees it,
 * and the page's HTTP status. The page stays open, hydrated, with its fonts: the browser
 * suite goes on checking it (e2e/routes.test.ts).
 */
export async function measureFontArrival(page: Page, url: string): Promise<FontShift & { status: number | undefined }> {
  const held: Route[] = [];
  let letThrough = false;
  const hold = (route: Route) => (letThrough ? route.continue() : void held.push(route));
  await page.route(/\.woff2$/, hold);
  try {
    const status = await openPage(page, url);
    await page.waitForTimeout(SETTLE_MS);
    const { before } = await page.evaluate(recordFontSwitch, [WEB_FONTS_CLASS, false] as const);
    // Both core files must have been asked for, or nothing would arrive to move anything.
    if (held.length < 2) throw new Error(`${url} asked for ${held.length} font files before the first record, expected the two core files`);
    letThrough = true;
    await Promise.all(held.map((route) => route.continue()));
    await coreFontsLoaded(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { after } = await page.evaluate(recordFontSwitch, [WEB_FONTS_CLASS, false] as const);
    return { ...compareGeometry(before, after), status };
  } finally {
    await page.unroute(/\.woff2$/, hold);
  }
}

/** What a swap of the web fonts into the open page would move in the first screen of `url`. */
export async function measureFontSwitch(page: Page, url: string): Promise<FontShift> {
  await openPage(page, url);
  await coreFontsLoaded(page);
  // Both states once, so that every face either needs has loaded (the local fallbacks too).
  await setWebFonts(page, true);
  await setWebFonts(page, false);
  await setWebFonts(page, true);
  const { before, after } = await page.evaluate(recordFontSwitch, [WEB_FONTS_CLASS, true] as const);
  // Nothing would move either if the class changed nothing (a stack the class cannot reach).
  if (before.font === after.font) throw new Error(`html.${WEB_FONTS_CLASS} does not change the font on ${url} (${before.font})`);
  return compareGeometry(before, after);
}

export interface RouteFontShift {
  /** The largest move over the viewports when the font files arrive (measureFontArrival). */
  arrival: FontShift & { viewport: string };
  /** The largest move over the viewports a swap into the open page would cause (measureFontSwitch). */
  switch: FontShift & { viewport: string };
}

/** Per route, the largest arrival and switch shifts over the viewports, for the benchmark's report. */
export async function fontShiftByRoute(
  baseUrl: string,
  routes: string[],
  chromiumPath: string,
  viewports = DEFAULT_VIEWPORTS,
): Promise<Record<string, RouteFontShift>> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true });
  const results: Record<string, RouteFontShift> = {};
  const keepLarger = (previous: (FontShift & { viewport: string }) | undefined, shift: FontShift, viewport: string) => {
    const rewraps = [...(previous?.rewraps ?? []), ...shift.rewraps.map((text) => `${viewport}: ${text}`)];
    return !previous || shift.maxPx > previous.maxPx ? { ...shift, rewraps, viewport } : { ...previous, rewraps };
  };
  try {
    for (const viewport of viewports) {
      const size = `${viewport.width}×${viewport.height}`;
      for (const route of routes) {
        // A fresh context for each: an arrival needs a cache without the fonts.
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        const url = new URL(route, baseUrl).href;
        const { maxPx, worst, rewraps } = await measureFontArrival(page, url);
        const arrival = { maxPx, worst, rewraps };
        const swap = await measureFontSwitch(page, url);
        results[route] = {
          arrival: keepLarger(results[route]?.arrival, arrival, size),
          switch: keepLarger(results[route]?.switch, swap, size),
        };
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
