/**
 * The sticky header on phones: the booking button is in the header itself (not only in
 * the menu), next to the logo and the menu button, without overlap or sideways scrolling,
 * down to 320 px wide screens, and a target at least 44 px high (one page, widened from 320
 * to 360 and 390 px).
 */
import { expect, test } from './support/fixtures.ts';
import { uiText } from '../src/content/ui-text.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const WIDTHS = [320, 360, 390];

test.describe('header on a phone', () => {
  test.use({ viewport: { width: WIDTHS[0]!, height: 740 } });

  // One page, made wider step by step: the header is laid out again for each width.
  test(`shows "Termin vereinbaren" in the sticky header at ${WIDTHS.join(', ')} px`, async ({ page }) => {
    await page.goto('/schlafberatung');
    const banner = page.getByRole('banner');
    const booking = banner.getByRole('link', { name: 'Termin vereinbaren' }).first();
    const logo = banner.getByRole('link', { name: /Ruhepol/ });
    const toggle = banner.getByRole('button', { name: uiText.header.openMenu });
    for (const width of WIDTHS) {
      const at = `at ${width} px`;
      await page.setViewportSize({ width, height: 740 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.evaluate(() => window.scrollY), at).toBe(0);
      expect(await booking.isVisible(), at).toBe(true);
      const [bookingBox, logoBox, toggleBox] = await Promise.all([booking.boundingBox(), logo.boundingBox(), toggle.boundingBox()]);
      expect(bookingBox!.height, at).toBeGreaterThanOrEqual(44);
      expect(overlaps(bookingBox!, logoBox!), `booking and logo overlap ${at}`).toBe(false);
      expect(overlaps(bookingBox!, toggleBox!), `booking and menu button overlap ${at}`).toBe(false);
      expect(bookingBox!.x + bookingBox!.width, at).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), at).toBeLessThanOrEqual(width);

      // Still there after scrolling: the header is sticky.
      await page.mouse.wheel(0, 1500);
      await expect.poll(() => page.evaluate(() => window.scrollY), at).toBeGreaterThan(500);
      expect((await booking.boundingBox())!.y, at).toBeGreaterThanOrEqual(0);
      expect((await booking.boundingBox())!.y, at).toBeLessThan(64);
    }
    await booking.click();
    await page.waitForURL('/termin-vereinbaren');
  });
});
