/**
 * Accessibility checks shared by the suites: axe-core with the WCAG 2.0/2.1/2.2 A and AA
 * rules, and what keyboard users need from focus (it is visible, and it never falls back
 * to <body>, where the next Tab would start over from the top).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * One line per failing element: rule id, impact, target, what is wrong.
 *
 * axe runs as `axe.run()` in the page (AxeBuilder's legacy mode), not as `runPartial()` per
 * frame followed by `finishRun()` in a blank page that AxeBuilder opens for it: that page
 * doubled the cost of every check (about 1.1 against 0.5 CPU-seconds per run, measured on
 * four routes at both widths, with the same rules passed and failed). What legacy mode
 * leaves out are cross-origin frames, and the site has none: its CSP (`default-src 'self'`)
 * allows no frame from another origin. AxeBuilder marks the mode deprecated for its v5;
 * then this calls `axe.run()` itself.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}) at ${node.target.map(String).join(' > ')}: ${violation.help}` +
        (node.failureSummary ? ` – ${node.failureSummary.replace(/\s+/g, ' ').trim()}` : ''),
    ),
  );
}

export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${where}`).toEqual([]);
}

export interface FocusInfo {
  /** e.g. `button "Menü öffnen"`, `input[name=vorname]`, `body`. */
  description: string;
  isBody: boolean;
  /** A focus indicator is drawn: an outline or a box-shadow. */
  indicated: boolean;
  tag: string;
  name: string | null;
  label: string;
}

export async function focusInfo(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) {
      return { description: 'body', isBody: true, indicated: false, tag: 'body', name: null, label: '' };
    }
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const label = (
      element.getAttribute('aria-label') ??
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement
        ? (element.labels?.[0]?.textContent ?? '')
        : (element.textContent ?? ''))
    )
      .replace(/\s+/g, ' ')
      .trim();
    const name = element.getAttribute('name');
    const tag = element.tagName.toLowerCase();
    return {
      description: `${tag}${name ? `[name=${name}]` : ''} "${label}"`,
      isBody: false,
      indicated: outline || shadow,
      tag,
      name,
      label,
    };
  });
}

/** Focus is on an element (not <body>) and that element shows a focus indicator. */
export async function expectVisibleFocus(page: Page, step: string): Promise<FocusInfo> {
  const focus = await focusInfo(page);
  expect(focus.isBody, `focus lost to <body> (${step})`).toBe(false);
  expect(focus.indicated, `no visible focus indicator on ${focus.description} (${step})`).toBe(true);
  return focus;
}

/**
 * Presses Tab until the focused element matches, checking at every stop that focus is
 * visible and not lost: what a keyboard user sees on the way.
 */
export async function tabUntil(
  page: Page,
  matches: (focus: FocusInfo) => boolean,
  { maxSteps = 60, key = 'Tab' }: { maxSteps?: number; key?: string } = {},
): Promise<FocusInfo> {
  const visited: string[] = [];
  for (let step = 0; step < maxSteps; step++) {
    await page.keyboard.press(key);
    const focus = await expectVisibleFocus(page, `after ${key} #${step + 1}, path: ${visited.join(' → ')}`);
    visited.push(focus.description);
    if (matches(focus)) return focus;
  }
  throw new Error(`Not reached with ${maxSteps} × ${key}; focus went: ${visited.join(' → ')}`);
}
