/**
 * Replaces a generated picture with a real photo, in the same sizes and quality ladder:
 *
 *   npm run media:import -- hero-home path/to/photo.jpg
 *   npm run media:import -- hero-kontakt ~/Bilder/praxis.jpg
 *
 * The photo is scaled to cover the frame and cropped from the centre. The original is kept
 * in media-src/photos/, so a later `npm run media` keeps using the photo. To go back to the
 * artwork, delete that file and run `npm run media`. Needs ffmpeg.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { lumaStats, whiteContrastWithOverlay } from './lib/encode.ts';
import { encodePhoto, PHOTO_DIR, photoOverride, rel } from './lib/photo.ts';
import { MIN_HEADING_CONTRAST, rasterTargets } from './lib/targets.ts';
import { MediaToolError, requireFfmpeg, run } from './lib/tools.ts';

function usage(names: string[]): string {
  return `Verwendung / usage: npm run media:import -- <name> <foto.jpg|png|webp>\nNamen / names:\n  ${names.join('\n  ')}`;
}

async function main(): Promise<void> {
  const targets = rasterTargets();
  const names = Object.keys(targets);
  const [rawName, photo] = process.argv.slice(2).filter((a) => a !== '--');
  if (!rawName || !photo) throw new MediaToolError(usage(names));
  const name = rawName.replace(/(-sm)?\.(webp|jpe?g)$/i, '');
  const outputs = targets[name];
  if (!outputs) throw new MediaToolError(`Unbekannter Bildname (unknown image name): "${rawName}"\n${usage(names)}`);
  const input = resolve(photo);
  if (!existsSync(input)) throw new MediaToolError(`Foto nicht gefunden (photo not found): ${input}`);
  requireFfmpeg();

  // Fail early, in ffmpeg's own words, if the file is not a picture ffmpeg can read.
  await run('ffmpeg', ['-v', 'error', '-i', input, '-frames:v', '1', '-f', 'null', '-']).catch((err: unknown) => {
    throw new MediaToolError(`ffmpeg kann das Foto nicht lesen (cannot read the photo): ${input}\n${String(err).slice(0, 600)}`);
  });

  for (const o of await encodePhoto(input, outputs)) {
    console.log(`✓ ${rel(o.file)}  ${o.dims}  ${(o.bytes / 1024).toFixed(1)} KB  (${o.detail})`);
    if (o.bytes > o.budget) console.warn(`  ! über dem Budget von ${(o.budget / 1024).toFixed(0)} KB (over budget)`);
  }

  // Keep the original beside the generator's sources, replacing an earlier import.
  await mkdir(PHOTO_DIR, { recursive: true });
  const previous = photoOverride(name);
  const kept = join(PHOTO_DIR, `${name}${extname(input).toLowerCase() || '.jpg'}`);
  if (previous && resolve(previous) !== input) await rm(previous);
  if (resolve(kept) !== input) await copyFile(input, kept);
  console.log(`✓ Original gespeichert (kept): ${rel(kept)}, \`npm run media\` verwendet nun dieses Foto.`);

  const first = outputs[0];
  if (name.startsWith('hero-') && first) {
    const contrast = whiteContrastWithOverlay((await lumaStats(first.file)).leftMax);
    if (contrast < MIN_HEADING_CONTRAST) {
      console.warn(
        `  ! Die linke Bildhälfte ist hell: weisse Überschriften erreichen nur ${contrast.toFixed(1)}:1 (mind. ${MIN_HEADING_CONTRAST}:1).\n` +
          '    The left half is bright for white headings: choose a darker photo or a stronger overlay.',
      );
    }
  }
  if (name === 'hero-home') {
    console.log('  Hinweis: hero-home.webm/.mp4 spielen weiterhin über diesem Bild; ersetzen oder entfernen Sie das Video, damit das Foto sichtbar bleibt.');
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof MediaToolError ? err.message : err);
  process.exitCode = 1;
});
