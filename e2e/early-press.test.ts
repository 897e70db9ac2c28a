/**
 * A press before the page is live. The prerendered page is visible before React runs it
 * (src/main.tsx hydrates after the hero image is painted), so on a slow phone the menu
 * button can be tapped while it has no handler yet. The press must not be lost.
 */
import { expect, it } from 'vitest';
import { openPage, siteUrl, sharedBrowser } from './support/browser.ts';
import { describeE2e } from './support/context.ts';
import { waitForHydration } from './support/hydration.ts';

const browser = sharedBrowser();

describeE2e('a press before the page is live', () => {
  it('opens the mobile menu once the page has hydrated, once', async () => {
    const { page, context, problems } = await openPage(browser(), 'mobile');
    try {
      // Hold back the app's chunk: the page is painted and tappable, but not yet live.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/start-client-[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(siteUrl('/'));
      const toggle = page.getByRole('banner').locator('button[aria-expanded]');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded'), 'nothing can happen before hydration').toBe('false');

      release();
      await waitForHydration(page);
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByRole('navigation', { name: 'Hauptnavigation mobil' }).isVisible()).toBe(true);
      // Carried out once: a second toggle would have closed the menu again.
      await page.waitForTimeout(300);
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
