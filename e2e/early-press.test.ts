/**
 * A press before the page is live. The prerendered page is visible before React runs it
 * (src/main.tsx hydrates after the hero image is painted), so on a slow phone the menu
 * button can be tapped while it has no handler yet. The press must not be lost.
 */
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { uiText } from '../src/content/ui-text.ts';

test.use({ viewport: VIEWPORTS.mobile });

test.describe('a press before the page is live', () => {
  // The home page hydrates its islands alone, the contact page the whole app (src/app/islands).
  for (const path of ['/', '/kontakt']) {
    test(`${path}: opens the mobile menu once the page has hydrated, once`, async ({ page, watched }) => {
      const { problems } = watched;
      // Hold back the start of the page's hydration: the page is painted and tappable, but not yet live.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/start-(client|islands)-[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(path);
      const toggle = page.getByRole('banner').locator('button[aria-expanded]');
      // Every change of the button's state, as the page makes it.
      await toggle.evaluate((button) => {
        const changes: string[] = [];
        (window as unknown as { menuStates: string[] }).menuStates = changes;
        new MutationObserver(() => changes.push(button.getAttribute('aria-expanded') ?? '')).observe(button, {
          attributes: true,
          attributeFilter: ['aria-expanded'],
        });
      });
      const menuStates = () => page.evaluate(() => (window as unknown as { menuStates: string[] }).menuStates);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded'), 'nothing can happen before hydration').toBe('false');

      release();
      await waitForHydration(page);
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByRole('navigation', { name: uiText.header.mobileNavigation }).isVisible()).toBe(true);
      // Carried out once: a second toggle would have closed the menu again. A press of our own
      // comes after whatever the hydration carried out; then the record shows open, closed.
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await menuStates()).toEqual(['true', 'false']);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });
  }
});
