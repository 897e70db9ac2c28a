/**
 * The rest of the style sheet. Each prerendered page carries in a <style> element only
 * the rules its own markup uses (scripts/prerender/critical-css.ts), so that the document
 * fits the first round trip of a new connection. What React may show later – another
 * page, a form's messages, the menu, a tooltip or notice – needs the whole sheet. The page
 * names it in an inert <link> (a type no browser fetches); this turns that into a real
 * style sheet after the first paint.
 */

/** The `type` that keeps the prerendered page's link to the whole sheet from being fetched. */
export const DEFERRED_STYLE_TYPE = 'text/x-after-first-paint';

/**
 * Starts loading the whole style sheet; resolves when it applies (or failed to load: the
 * page's own rules stay). Without a deferred link (the dev server injects the style
 * itself) it resolves at once.
 */
export function loadFullStyleSheet(doc: Document = document): Promise<void> {
  const deferred = doc.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][type="${DEFERRED_STYLE_TYPE}"]`);
  if (!deferred) return Promise.resolve();
  const live = doc.createElement('link');
  live.rel = 'stylesheet';
  live.setAttribute('href', deferred.getAttribute('href') ?? '');
  return new Promise((resolve) => {
    live.addEventListener('load', () => resolve(), { once: true });
    live.addEventListener('error', () => resolve(), { once: true });
    // Replaced, not added: Vite's loader for lazy chunks looks for link[rel=stylesheet][href]
    // before adding a sheet, and finds this one.
    deferred.replaceWith(live);
  });
}
