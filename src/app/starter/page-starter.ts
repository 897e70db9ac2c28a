import { rememberEarlyButtonPress } from '@/app/early-press';

/**
 * The first script of every prerendered page, inlined by the build in place of the module
 * script Vite emits (scripts/prerender/page-starter.ts). It starts nothing the page's
 * largest paint could wait for: the app's entry, the page's modules and the web manifest
 * are requested once the page has loaded (the hero image is in, one frame later it is on
 * the screen), on the visitor's first tap or key, or after MAX_WAIT_MS, whichever comes
 * first. Requested from <head> or <body> as Vite links them, even a 3 KB entry shares the
 * phone's first round trips with the hero image and delays its paint (docs/performance.md).
 *
 * A press on a button before the app runs is remembered from the start (early-press.ts)
 * and handed to the entry, src/main.tsx, through `window[EARLY_PRESS_HANDOFF]`.
 */

/** Longest wait for the page's load before starting the app anyway (a slow or broken image). */
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
  // One frame after the load event the hero has been painted (the frame that shows it has run).
  const afterNextFrame = () => win.requestAnimationFrame(() => win.setTimeout(start, 0));
  if (doc.readyState === 'complete') afterNextFrame();
  else win.addEventListener('load', afterNextFrame, { once: true });
  for (const type of ['pointerdown', 'keydown'] as const) {
    win.addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  win.setTimeout(start, MAX_WAIT_MS);
}
