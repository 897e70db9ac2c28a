import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Renderer } from '../lib/browser.ts';
import { pageHtml } from '../lib/browser.ts';
import { createRng, range, r1 } from '../lib/rng.ts';
import { run } from '../lib/tools.ts';

export const LOOP = { seconds: 10, fps: 24, width: 1280, height: 720 } as const;
const FRAMES = LOOP.seconds * LOOP.fps;

interface Star {
  x: number;
  y: number;
  r: number;
  a: number;
  /** whole twinkle cycles per loop: keeps the loop seamless */
  k: number;
  p: number;
  warm: boolean;
}

/** Star field: sparse and faint on the left (headline side), richer around the moon. */
export function makeStars(seed = 20250101): Star[] {
  const rng = createRng(seed);
  const stars: Star[] = [];
  while (stars.length < 110) {
    const x = range(rng, 10, 1590);
    const y = range(rng, 10, 640) * (0.55 + 0.45 * rng());
    const keep = 0.12 + 0.88 * Math.min(1, Math.max(0, (x - 350) / 700));
    if (rng() > keep) continue;
    const bright = rng() < 0.12;
    stars.push({
      x: r1(x),
      y: r1(y),
      r: r1(bright ? range(rng, 1.4, 2.1) : range(rng, 0.6, 1.2)),
      a: r1(range(rng, 0.35, 0.9) * (x < 700 ? 0.6 : 1) * 100) / 100,
      k: 1 + Math.floor(rng() * 3),
      p: r1(rng() * 10) / 10,
      warm: rng() < 0.3,
    });
  }
  return stars;
}

async function openScene(renderer: Renderer, width: number, height: number) {
  const page = await renderer.newPage(width, height);
  const script = await readFile(new URL('./night-loop.browser.js', import.meta.url), 'utf8');
  await page.setContent(pageHtml(`<canvas id="c" width="${width}" height="${height}"></canvas>`, width, height), { waitUntil: 'load' });
  await page.addScriptTag({ content: script });
  await page.evaluate((stars) => {
    const w = window as unknown as { nightLoop: { init(c: HTMLCanvasElement, d: unknown): void } };
    w.nightLoop.init(document.getElementById('c') as HTMLCanvasElement, { stars });
  }, makeStars());
  const draw = async (t: number) =>
    page.evaluate((tt) => (window as unknown as { nightLoop: { draw(t: number): void } }).nightLoop.draw(tt), t);
  // Reading the canvas back is ~3x faster than a page screenshot and gives the same pixels.
  const shot = async (path: string) => {
    const url = await page.evaluate(() => (document.getElementById('c') as HTMLCanvasElement).toDataURL('image/png'));
    await writeFile(path, Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
  };
  return { page, draw, shot };
}

/** Poster: frame 0 of the loop, rendered directly at 1600x900. */
export async function renderHomePoster(renderer: Renderer, outPng: string): Promise<void> {
  const { page, draw, shot } = await openScene(renderer, 1600, 900);
  await draw(0);
  await shot(outPng);
  await page.close();
}

/**
 * Proves the loop is periodic: the largest channel difference between the scene at t = 0
 * and at t = 1 (one full loop later). 0 means the last frame flows into the first exactly
 * like any two neighbouring frames.
 */
export async function loopSeamError(renderer: Renderer): Promise<number> {
  const { page } = await openScene(renderer, LOOP.width, LOOP.height);
  const diff = await page.evaluate(() => {
    const w = window as unknown as { nightLoop: { draw(t: number): void } };
    const canvas = document.getElementById('c') as HTMLCanvasElement;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    w.nightLoop.draw(0);
    const a = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    w.nightLoop.draw(1);
    const b = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let max = 0;
    for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
    return max;
  });
  await page.close();
  return diff;
}

/** Renders the loop's frames (0 … N-1; frame N would equal frame 0) into dir. */
export async function renderHomeFrames(renderer: Renderer, dir: string, onProgress?: (i: number) => void): Promise<string> {
  await mkdir(dir, { recursive: true });
  const { page, draw, shot } = await openScene(renderer, LOOP.width, LOOP.height);
  for (let i = 0; i < FRAMES; i++) {
    await draw(i / FRAMES);
    await shot(join(dir, `f${String(i).padStart(4, '0')}.png`));
    onProgress?.(i);
  }
  await page.close();
  return join(dir, 'f%04d.png');
}

const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
// No random container IDs, no version strings: the same frames give the same bytes.
const bitexact = ['-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1'];

/**
 * VP9, two-pass constant quality. (Two-pass *bitrate* mode is not repeatable across runs
 * here; constant quality is, and this soft scene needs few bits: ~55 dB PSNR at ~0.2 MB.)
 */
export async function encodeWebm(pattern: string, out: string, passlog: string): Promise<void> {
  const common = [
    '-framerate', String(LOOP.fps), '-i', pattern,
    '-an', '-pix_fmt', 'yuv420p',
    '-c:v', 'libvpx-vp9', '-crf', '15', '-b:v', '0',
    '-g', String(FRAMES), '-row-mt', '1', '-tile-columns', '1', '-threads', '2',
    '-auto-alt-ref', '1', '-lag-in-frames', '25',
    '-deadline', 'good', '-cpu-used', '2',
    '-passlogfile', passlog,
  ];
  await run('ffmpeg', [...quiet, ...common, '-pass', '1', '-f', 'null', '/dev/null']);
  await run('ffmpeg', [...quiet, ...common, '-pass', '2', ...bitexact, out]);
}

/** H.264 High, constant quality with a VBV cap (x264's two-pass mode is not repeatable with threads). */
export async function encodeMp4(pattern: string, out: string): Promise<void> {
  await run('ffmpeg', [
    ...quiet,
    '-framerate', String(LOOP.fps), '-i', pattern,
    '-an', '-pix_fmt', 'yuv420p',
    '-c:v', 'libx264', '-preset', 'slow', '-profile:v', 'high', '-level', '4.0',
    '-crf', '18', '-maxrate', '900k', '-bufsize', '1800k',
    '-g', String(FRAMES), '-x264-params', 'aq-mode=3', '-threads', '2',
    '-movflags', '+faststart', ...bitexact, out,
  ]);
}
