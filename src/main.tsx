import '@/styles/index.css';
import { loadFullStyleSheet } from '@/app/full-style-sheet';
import { loadWebFonts } from '@/app/web-fonts';
import { activatePageModules, EARLY_PRESS_HANDOFF } from '@/app/starter/page-starter';
import { hydrationModeOf } from '@/lib/hydration-mode';

/**
 * The browser entry, deliberately tiny: every page arrives prerendered and complete, so
 * its largest paint should not wait for React. Fetching and running the app (about 100 KB
 * of gzipped JavaScript) up front made the hero image share the connection with it and
 * pushed LCP on a throttled phone from about 1.5 s to 2.3 s (npm run bench). So a built page
 * requests this entry only after its largest paint: the inline page starter
 * (src/app/starter/) waits until the browser reports that paint (or the first tap or key,
 * at most 3 s), starts the page's modules (listed by the prerender step in an inert
 * <template>) and keeps any early press for us. The rest of the style sheet and the web
 * fonts follow now (full-style-sheet.ts; web-fonts.ts: the fonts for the next page view,
 * the open page keeps its fallbacks), and the page hydrates: the whole app, or on a page
 * the registry marks so, only its islands (src/app/islands/, without the router).
 *
 * The dev server (and the bench's client-rendered shells) link this entry as Vite does:
 * their root is empty, React renders the whole app, and there is nothing to press before that.
 */
async function start(): Promise<void> {
  const takeEarlyPress = window[EARLY_PRESS_HANDOFF] ?? (() => undefined);
  const fullStyle = loadFullStyleSheet();
  void loadWebFonts();
  activatePageModules();
  const hydrate =
    hydrationModeOf() === 'islands'
      ? (await import('@/app/islands/start-islands')).startIslands
      : (await import('@/app/start-client')).startClient;
  // Whatever React shows from now on (a menu opened by an early press, a form's message)
  // has its rules once the whole sheet applies.
  await fullStyle;
  let earlyPress: HTMLButtonElement | undefined;
  // From hydrateRoot on React sees every press itself (and replays those it gets while hydrating).
  await hydrate(() => (earlyPress = takeEarlyPress()));
  if (earlyPress?.isConnected) earlyPress.click();
}

void start();
