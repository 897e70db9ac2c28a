/**
 * The token of a link in an e-mail (`/termin/aktion#<token>`, `/newsletter/bestaetigen#<token>`):
 * in the fragment, so it reaches no server log. Signed, it lets whoever holds it confirm,
 * decline, cancel or unsubscribe, so it should not stay where others see or find it: the
 * address bar (a screenshot, a shared screen, a copied address) and the history. Once
 * read, it is removed from the address and its history entry; the page keeps it in
 * memory for its calls, and in this tab's sessionStorage so that a reload still shows the
 * request (sessionStorage, not localStorage: it ends with the tab and no other tab sees
 * it). Storage the browser refuses (privacy settings) only costs the reload.
 *
 * Called from effects only, never at module scope: the page is prerendered at build
 * time, where there is no window.
 */

/** The address's fragment, decoded ('' without one). Only the browser has it, never the server. */
export function readFragment(): string {
  const raw = window.location.hash.replace(/^#/, '').trim();
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A fragment naming an element on the page is an in-page jump (the layout's skip link to #inhalt), not a token. */
export function isInPageJump(fragment: string): boolean {
  return fragment !== '' && document.getElementById(fragment) !== null;
}

/**
 * The token the address carries, or '' if none. A token found is kept for a reload and
 * removed from the address bar and the current history entry; the entry's state (the
 * router's) stays, and no navigation happens.
 */
export function takeTokenFromAddress(storageKey: string): string {
  const fragment = readFragment();
  if (fragment === '' || isInPageJump(fragment)) return '';
  keepToken(storageKey, fragment);
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return fragment;
}

/** The token this tab kept from an earlier read (a reload), or ''. */
export function keptToken(storageKey: string): string {
  try {
    return window.sessionStorage.getItem(storageKey) ?? '';
  } catch {
    return '';
  }
}

function keepToken(storageKey: string, token: string): void {
  try {
    window.sessionStorage.setItem(storageKey, token);
  } catch {
    // Refused or full: drop an older token rather than show its request after a reload.
    try {
      window.sessionStorage.removeItem(storageKey);
    } catch {
      // Storage is off altogether: the token lives in the page's memory only.
    }
  }
}
