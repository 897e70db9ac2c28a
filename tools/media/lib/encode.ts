import { stat } from 'node:fs/promises';
import { run } from './tools.ts';

/**
 * Quality ladder shared by the generator and import-photo: the highest quality that fits
 * the file's byte budget wins. Our dark, smooth gradients need a high quality (below ~90
 * WebP shows blocky bands in the night sky) and stay small anyway; a detailed real photo
 * steps down the ladder until it fits.
 */
export const WEBP_QUALITY_LADDER = [95, 92, 90, 88, 85, 82, 80, 76, 72, 68, 64, 60] as const;
export const HERO_SIZES = {
  large: { width: 1600, height: 900, suffix: '' },
  small: { width: 800, height: 450, suffix: '-sm' },
} as const;

const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];

/**
 * Scales (cover crop: fill the frame, cut the overflow centred) and encodes one still as WebP.
 * Lanczos keeps fine lines crisp when going from 1600 to 800 px.
 */
export async function encodeWebp(input: string, output: string, width: number, height: number, quality: number): Promise<void> {
  await run('ffmpeg', [
    ...quiet,
    '-i', input,
    '-vf', `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${width}:${height},format=yuv420p`,
    '-frames:v', '1',
    '-c:v', 'libwebp',
    '-preset', 'picture',
    '-quality', String(quality),
    '-compression_level', '6',
    '-map_metadata', '-1',
    output,
  ]);
}

/** Encodes with the best quality of the ladder that fits the budget; returns the quality used. */
export async function encodeWebpWithinBudget(input: string, output: string, width: number, height: number, budget: number): Promise<number> {
  for (const q of WEBP_QUALITY_LADDER) {
    await encodeWebp(input, output, width, height, q);
    const { size } = await stat(output);
    if (size <= budget) return q;
  }
  return WEBP_QUALITY_LADDER[WEBP_QUALITY_LADDER.length - 1] ?? 60;
}

/** JPEG for the social image (q≈80 ⇒ mjpeg qscale 4). */
export async function encodeJpeg(input: string, output: string, qscale = 4): Promise<void> {
  await run('ffmpeg', [...quiet, '-i', input, '-frames:v', '1', '-pix_fmt', 'yuvj444p', '-q:v', String(qscale), '-map_metadata', '-1', output]);
}

/** Resized, opaque PNG (icons). */
export async function encodePng(input: string, output: string, size: number): Promise<void> {
  await run('ffmpeg', [...quiet, '-i', input, '-vf', `scale=${size}:${size}:flags=lanczos`, '-frames:v', '1', '-pred', 'mixed', output]);
}

export interface LumaStats {
  mean: number;
  leftMean: number;
  leftMax: number;
}

const toLinear = (c: number): number => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/**
 * Relative luminance (WCAG) on a 64x36 thumbnail: the mean over the picture, and the mean
 * and brightest cell of the left half, where the page puts white headings.
 */
export async function lumaStats(input: string): Promise<LumaStats> {
  const w = 64;
  const h = 36;
  const raw = await run('ffmpeg', [...quiet, '-i', input, '-vf', `scale=${w}:${h}:flags=area`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
  let sum = 0;
  let leftSum = 0;
  let leftMax = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const l = 0.2126 * toLinear(raw[i] ?? 0) + 0.7152 * toLinear(raw[i + 1] ?? 0) + 0.0722 * toLinear(raw[i + 2] ?? 0);
      sum += l;
      if (x < w / 2) {
        leftSum += l;
        leftMax = Math.max(leftMax, l);
      }
    }
  }
  return { mean: sum / (w * h), leftMean: leftSum / ((w / 2) * h), leftMax };
}

/** WCAG contrast of white text over a background of luminance l darkened by a black overlay. */
export function whiteContrastWithOverlay(l: number, overlay = 0.4): number {
  // A black overlay of opacity o multiplies the sRGB channels by (1 - o); in linear light that
  // is roughly (1 - o)^2.2, exact enough for a budget check.
  const darkened = l * (1 - overlay) ** 2.2;
  return 1.05 / (darkened + 0.05);
}
