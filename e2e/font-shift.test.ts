/**
 * no text in the first screen moves more than 1 px when the web fonts arrive. A
 * first view paints in the metric-matched local fallbacks (src/styles/index.css) and keeps
 * them; Inter and Lora load after its largest paint for the next page view
 * (src/app/web-fonts.ts). measureFontArrival holds the font files back, records where each
 * line of text and each link, button, heading and image of the viewport starts, lets the
 * files through and records again once both have loaded. A text whose lines break
 * elsewhere has moved by a whole line, so none may.
 */
import { measureFontArrival } from '../scripts/bench/font-shift.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { routes } from './support/site.ts';

const MAX_SHIFT_PX = 1;

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`web fonts at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    for (const route of routes) {
      test(`${route.path}: the first screen moves at most ${MAX_SHIFT_PX} px when the web fonts arrive`, async ({ page }) => {
        const shift = await measureFontArrival(page, route.path);
        expect(shift.rewraps, 'texts whose lines break elsewhere once the web fonts are there').toEqual([]);
        expect(shift.maxPx, `moved most: ${shift.worst}`).toBeLessThanOrEqual(MAX_SHIFT_PX);
      });
    }
  });
}
