import '@/styles/index.css';
import { rememberEarlyButtonPress } from '@/app/early-press';
import { loadFullStyleSheet } from '@/app/full-style-sheet';
import { loadWebFonts } from '@/app/web-fonts';
import { activatePageModules, EARLY_PRESS_HANDOFF, MAX_WAIT_MS } from '@/app/starter/page-starter';

/**
 * The browser entry, deliberately tiny: every page arrives prerendered and complete, so
 * its largest paint should not wait for React. Fetching and running the app (about 100 KB
 * of gzipped JavaScript) up front made the hero image share the connection with it and
 * pushed LCP on a throttled phone from about 1.5 s to 2.3 s (npm run bench). So the hero
 * is painted first; then the page's modules (listed by the prerender step in an inert
 * <template>) are fetched in parallel and the app hydrates. The rest of the style sheet and
 * the web fonts wait for that paint as well (full-style-sheet.ts; web-fonts.ts: the fonts
 * for the next page view, the open page keeps its fallbacks).
 *
 * On a built page this entry is itself requested only after that paint, by the inline page
 * starter (src/app/starter/), which has already remembered any early press and started the
 * page's modules; the waits below then end at once. On the dev server it is linked as Vite
 * links it and does both itself.
 */

/** Resolves once the hero image has been painted, as the browser reports it. */
function heroPainted(hero: HTMLImageElement): Promise<void> {
  return new Promise((resolve) => {
    if (hero.complete && hero.naturalWidth === 0) return resolve(); // already failed
    hero.addEventListener('error', () => resolve(), { once: true });
    if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      // No paint timing (older Safari): decoded and one frame later is close enough.
      void hero
        .decode()
        .catch(() => undefined)
        .then(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => (entry as LargestContentfulPaint).element === hero)) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/**
 * Resolves at the page's first largest-paint report: on a page without a hero (an article,
 * the pages the e-mails link to) its text, painted with the document.
 */
function firstLargestPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** Resolves on the visitor's first tap, click or key: then the page should work at once. */
function firstInput(): Promise<void> {
  return new Promise((resolve) => {
    for (const type of ['pointerdown', 'keydown'] as const) {
      addEventListener(type, () => resolve(), { once: true, capture: true, passive: true });
    }
  });
}

async function afterLargestPaint(): Promise<void> {
  // A background tab paints nothing; the dev server's empty page (no <main> yet) nothing of its own.
  if (document.visibilityState === 'hidden' || !document.querySelector('main')) return;
  const hero = document.querySelector<HTMLImageElement>('main img[fetchpriority="high"]');
  await Promise.race([hero ? heroPainted(hero) : firstLargestPaint(), firstInput(), new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS))]);
}

async function start(): Promise<void> {
  const takeEarlyPress = window[EARLY_PRESS_HANDOFF] ?? rememberEarlyButtonPress();
  await afterLargestPaint();
  const fullStyle = loadFullStyleSheet();
  void loadWebFonts();
  activatePageModules();
  const { startClient } = await import('@/app/start-client');
  // Whatever React shows from now on (a menu opened by an early press, a form's message)
  // has its rules once the whole sheet applies.
  await fullStyle;
  let earlyPress: HTMLButtonElement | undefined;
  // From hydrateRoot on React sees every press itself (and replays those it gets while hydrating).
  await startClient(() => (earlyPress = takeEarlyPress()));
  if (earlyPress?.isConnected) earlyPress.click();
}

void start();
