/**
 * The sticky header on phones: the booking button is in the header itself (not only in
 * the menu), next to the logo and the menu button, without overlap or sideways scrolling,
 * down to 320 px wide screens, and a target at least 44 px high.
 */
import { expect, test } from './support/fixtures.ts';
import { uiText } from '../src/content/ui-text.ts';

// Every test here is a page load of its own that changes nothing: the two workers may share
// this file's tests, so that a long sweep does not end the run on one worker alone.
test.describe.configure({ mode: 'parallel' });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('header on a phone', () => {
  for (const width of [320, 360, 390]) {
    test.describe(() => {
      test.use({ viewport: { width, height: 740 } });

      test(`shows "Termin vereinbaren" in the sticky header at ${width} px`, async ({ page }) => {
        await page.goto('/schlafberatung');
        const banner = page.getByRole('banner');
        const booking = banner.getByRole('link', { name: 'Termin vereinbaren' }).first();
        const logo = banner.getByRole('link', { name: /Ruhepol/ });
        const toggle = banner.getByRole('button', { name: uiText.header.openMenu });
        expect(await booking.isVisible()).toBe(true);
        const [bookingBox, logoBox, toggleBox] = await Promise.all([booking.boundingBox(), logo.boundingBox(), toggle.boundingBox()]);
        expect(bookingBox!.height).toBeGreaterThanOrEqual(44);
        expect(overlaps(bookingBox!, logoBox!)).toBe(false);
        expect(overlaps(bookingBox!, toggleBox!)).toBe(false);
        expect(bookingBox!.x + bookingBox!.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        // Still there after scrolling: the header is sticky.
        await page.mouse.wheel(0, 1500);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
        expect((await booking.boundingBox())!.y).toBeGreaterThanOrEqual(0);
        expect((await booking.boundingBox())!.y).toBeLessThan(64);
        await booking.click();
        await page.waitForURL('/termin-vereinbaren');
      });
    });
  }
});
