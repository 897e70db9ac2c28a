/**
 * The home page hero: a looping, muted video where motion is welcome; the still image
 * when the video cannot load or the visitor asks for reduced motion; a pause control.
 */
import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';

const VIDEO = '[data-testid="hero-video"]';
const VIDEO_FILES = /\/media\/hero-home\.(webm|mp4)(\?|$)/;

function videoState(page: Page) {
  return page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(selector);
    if (!video) return null;
    return {
      paused: video.paused,
      muted: video.muted,
      loop: video.loop,
      currentTime: video.currentTime,
      opacity: getComputedStyle(video).opacity,
      source: video.currentSrc,
    };
  }, VIDEO);
}

/** The hero's still image has loaded and is what the visitor sees (nothing covers it). */
async function expectStillImageShown(page: Page) {
  const image = page.locator('section[aria-labelledby="hero-titel"] img[srcset]');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await image.evaluate((img) => getComputedStyle(img).visibility)).toBe('visible');
  expect(await image.getAttribute('src')).toMatch(/\/media\/hero-home(-sm)?\.webp$/);
}

// Motion allowed unless a test asks for reduced motion.
test.use({ viewport: VIEWPORTS.desktop, reducedMotion: 'no-preference' });

test.describe('hero video on the home page', () => {
  test('plays muted and looped where motion is allowed, fades in, and pauses on request', async ({ page, watched }) => {
    const { problems, settle } = watched;
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(async () => (await videoState(page))?.paused, { timeout: 15_000 }).toBe(false);
    const first = (await videoState(page))!;
    expect(first.muted, 'muted').toBe(true);
    expect(first.loop, 'looped').toBe(true);
    expect(first.source).toMatch(VIDEO_FILES);
    // It really plays: time moves on.
    await expect.poll(async () => (await videoState(page))!.currentTime, { timeout: 5_000 }).toBeGreaterThan(first.currentTime + 0.2);
    // Faded in once loaded.
    await expect.poll(async () => (await videoState(page))!.opacity, { timeout: 5_000 }).toBe('1');

    await page.getByRole('button', { name: 'Video pausieren' }).click();
    await expect.poll(async () => (await videoState(page))!.paused).toBe(true);
    const pausedAt = (await videoState(page))!.currentTime;
    // Half a second of the page's frames (30, each a real paint): a playing video would have moved on.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let frames = 0;
          const frame = () => (++frames >= 30 ? resolve() : requestAnimationFrame(frame));
          requestAnimationFrame(frame);
        }),
    );
    expect((await videoState(page))!.currentTime, 'stands still while paused').toBe(pausedAt);
    await page.getByRole('button', { name: 'Video abspielen' }).click();
    await expect.poll(async () => (await videoState(page))!.paused).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Video pausieren' }).isVisible()).toBe(true);

    await settle();
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  });

  test('shows the still image when the video cannot be loaded', async ({ page, watched }) => {
    const { requests } = watched;
    // As if the host lost the files: both sources answer 404.
    await page.route(VIDEO_FILES, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(() => requests.filter((url) => VIDEO_FILES.test(url)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator(VIDEO).count(), { timeout: 10_000 }).toBe(0);
    await expectStillImageShown(page);
    expect(await page.getByRole('button', { name: /^Video (pausieren|abspielen)$/ }).count(), 'no pause control without a video').toBe(0);
  });

  test.describe(() => {
    test.use({ reducedMotion: 'reduce' });

    test('shows the still image and loads no video when reduced motion is asked for', async ({ page, watched }) => {
      const { requests, settle, problems } = watched;
      await page.goto('/');
      await waitForHydration(page);
      await settle();
      expect(await page.locator(VIDEO).count()).toBe(0);
      expect(requests.filter((url) => VIDEO_FILES.test(url)), 'video files requested').toEqual([]);
      await expectStillImageShown(page);
      expect(problems.consoleErrors).toEqual([]);
    });
  });
});
