import { rememberEarlyButtonPress } from '@/app/early-press';

/**
 * The first script of every prerendered page, inlined by the build in place of the module
 * script Vite emits (scripts/prerender/page-starter.ts). It starts nothing the page's
 * largest paint could wait for: the app's entry, the page's modules and the web manifest
 * are requested once the browser reports the largest paint (afterLargestPaint below), on
 * the visitor's first tap or key, or after MAX_WAIT_MS, whichever comes first. Requested
 * from <head> or <body> as Vite links them, even a 3 KB entry shares the phone's first
 * round trips with the hero image and delays its paint (docs/performance.md).
 *
 * A press on a button before the app runs is remembered from the start (early-press.ts)
 * and handed to the entry, src/main.tsx, through `window[EARLY_PRESS_HANDOFF]`.
 */

/** Longest wait for the largest paint before starting the app anyway (a slow or broken image). */
export const MAX_WAIT_MS = 3000;

/** Where the starter leaves the early press for src/main.tsx. */
export const EARLY_PRESS_HANDOFF = '__takeEarlyPress';

/** The id of the inert <template> of the page's modules (scripts/prerender/prerender.ts). */
export const PAGE_MODULES_ID = 'page-modules';

declare global {
  interface Window {
    [EARLY_PRESS_HANDOFF]?: () => HTMLButtonElement | undefined;
  }
}

/** What the build writes on the inline script: the entry's URL and the web manifest's. */
export interface StarterData {
  entry: string;
  manifest?: string;
}

/** Starts fetching the modules the prerender step listed for this page, all at once (once). */
export function activatePageModules(doc: Document = document): void {
  const list = doc.getElementById(PAGE_MODULES_ID);
  if (!(list instanceof HTMLTemplateElement)) return;
  doc.head.append(list.content.cloneNode(true));
  list.remove();
}

export function startPage(data: StarterData, win: Window = window): void {
  const doc = win.document;
  win[EARLY_PRESS_HANDOFF] = rememberEarlyButtonPress(win);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    activatePageModules(doc);
    if (data.manifest) {
      const manifest = doc.createElement('link');
      manifest.rel = 'manifest';
      manifest.href = data.manifest;
      doc.head.append(manifest);
    }
    const entry = doc.createElement('script');
    entry.type = 'module';
    entry.src = data.entry;
    doc.body.append(entry);
  };
  afterLargestPaint(win, start);
  for (const type of ['pointerdown', 'keydown'] as const) {
    win.addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  win.setTimeout(start, MAX_WAIT_MS);
}

/**
 * Calls `then` once the page's largest paint is on the screen, as the browser reports it:
 * the hero image (the page's `fetchpriority="high"` image) painted, or on a page without
 * one its first paint. The load event and one frame do not promise that: a busy machine
 * can paint later, after the modules have been requested, and Lighthouse counts every
 * request that finished before the observed largest paint into it (two of three runs of
 * /blog on a loaded machine: first paint 0.8 and 1.4 s, LCP 1.0 and 2.2 s). Where the
 * browser reports no paints (Safari), one frame after the load event.
 */
function afterLargestPaint(win: Window, then: () => void): void {
  const doc = win.document;
  const Observer = (win as Window & typeof globalThis).PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes(LARGEST_PAINT)) {
    const afterNextFrame = () => win.requestAnimationFrame(() => win.setTimeout(then, 0));
    if (doc.readyState === 'complete') afterNextFrame();
    else win.addEventListener('load', afterNextFrame, { once: true });
    return;
  }
  const observer = new Observer((list) => {
    // Looked up now, not when the starter runs: it runs in <head>, before the parser has
    // reached the hero. A reported paint means the parser has got past what it painted.
    const hero = doc.querySelector('img[fetchpriority="high"]');
    if (!list.getEntries().some((entry) => hero === null || (entry as LargestContentfulPaint).element === hero)) return;
    observer.disconnect();
    then();
  });
  // Buffered: a paint before this script ran counts too.
  observer.observe({ type: LARGEST_PAINT, buffered: true });
}

const LARGEST_PAINT = 'largest-contentful-paint';
