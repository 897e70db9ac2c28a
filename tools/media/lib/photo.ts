/**
 * Real photos that replace generated pictures. The original is kept in media-src/photos/
 * under the target's name, so `npm run media` re-encodes the photo instead of drawing the
 * artwork again, and the site stays reproducible from the repository.
 */
import { existsSync, readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { encodeJpeg, encodeWebpWithinBudget } from './encode.ts';
import { ROOT, type RasterTarget } from './targets.ts';
import { run } from './tools.ts';

export const PHOTO_DIR = join(ROOT, 'media-src', 'photos');
const PHOTO_EXT = /\.(jpe?g|png|webp|tiff?|heic|avif)$/i;

/** The kept original for a target name (e.g. "hero-kontakt"), if the practice imported one. */
export function photoOverride(name: string): string | undefined {
  if (!existsSync(PHOTO_DIR)) return undefined;
  const file = readdirSync(PHOTO_DIR).find((f) => PHOTO_EXT.test(f) && f.replace(PHOTO_EXT, '') === name);
  return file ? join(PHOTO_DIR, file) : undefined;
}

export interface EncodedPhoto {
  file: string;
  bytes: number;
  dims: string;
  detail: string;
  budget: number;
}

/** Scales to cover each target, crops from the centre, encodes within the target's budget. */
export async function encodePhoto(input: string, outputs: RasterTarget[]): Promise<EncodedPhoto[]> {
  const done: EncodedPhoto[] = [];
  for (const t of outputs) {
    let detail: string;
    if (t.format === 'webp') {
      detail = `WebP q${await encodeWebpWithinBudget(input, t.file, t.width, t.height, t.budget)}`;
    } else {
      const tmp = `${t.file}.tmp.png`;
      await run('ffmpeg', ['-v', 'error', '-y', '-i', input, '-vf', `scale=${t.width}:${t.height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${t.width}:${t.height}`, '-frames:v', '1', tmp]);
      await encodeJpeg(tmp, t.file);
      await run('rm', ['-f', tmp]);
      detail = 'JPEG q≈80';
    }
    const { size } = await stat(t.file);
    done.push({ file: t.file, bytes: size, dims: `${t.width}x${t.height}`, detail, budget: t.budget });
  }
  return done;
}

export const rel = (file: string) => relative(ROOT, file);
