/**
 * Generates every picture the site uses, from code: `npm run media`.
 *
 *   npm run media                 everything (about 1-2 minutes)
 *   npm run media -- svg heroes   only some steps: svg, heroes, og, icons, video
 *
 * Needs Debian's `chromium` and `ffmpeg` (apt-get install chromium ffmpeg). All randomness is
 * seeded, so the output is the same on every run with the same tool versions.
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Renderer } from './lib/browser.ts';
import { encodeJpeg, encodePng, encodeWebpWithinBudget, HERO_SIZES, lumaStats, whiteContrastWithOverlay } from './lib/encode.ts';
import { encodePhoto, photoOverride, rel } from './lib/photo.ts';
import { BUDGET, HERO_NAMES, MEDIA, MIN_HEADING_CONTRAST, PUBLIC, rasterTargets, ROOT, type HeroName } from './lib/targets.ts';
import { MediaToolError, requireFfmpeg, run } from './lib/tools.ts';
import { encodeMp4, encodeWebm, LOOP, loopSeamError, renderHomeFrames, renderHomePoster } from './scenes/hero-home.ts';
import { stillHeroes } from './scenes/heroes.ts';
import { OG, ogHtml } from './scenes/og-image.ts';
import { appIcon, favicon } from './svg/icons.ts';
import { illustrationKoerpervermessung, illustrationSchlafsystem } from './svg/illustrations.ts';
import { mapStandort } from './svg/map.ts';
import { portraitLukas, portraitNeutral, portraitSandra } from './svg/portraits.ts';

const STEPS = ['svg', 'heroes', 'og', 'icons', 'video'] as const;
type Step = (typeof STEPS)[number];

const problems: string[] = [];
const written: Array<{ file: string; bytes: number; dims: string }> = [];
const t0 = Date.now();
const log = (msg: string) => console.log(`[media ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${msg}`);

async function record(file: string, dims: string, budget?: number): Promise<void> {
  const { size } = await stat(file);
  written.push({ file, bytes: size, dims });
  if (budget !== undefined && size > budget) {
    problems.push(`${relative(ROOT, file)} is ${(size / 1024).toFixed(1)} KB, over its ${(budget / 1024).toFixed(0)} KB budget`);
  }
}

async function writeSvg(file: string, svg: string, budget: number): Promise<void> {
  await writeFile(file, svg);
  const m = /width="(\d+)" height="(\d+)"/.exec(svg);
  await record(file, m ? `${m[1]}x${m[2]}` : '?', budget);
}

async function stepSvg(): Promise<void> {
  await writeSvg(join(MEDIA, 'team', 'sandra-huber.svg'), portraitSandra(), BUDGET.portrait);
  await writeSvg(join(MEDIA, 'team', 'lukas-brunner.svg'), portraitLukas(), BUDGET.portrait);
  await writeSvg(join(MEDIA, 'team', 'praxisorganisation.svg'), portraitNeutral(), BUDGET.portrait);
  await writeSvg(join(MEDIA, 'illustration-koerpervermessung.svg'), illustrationKoerpervermessung(), BUDGET.illustration);
  await writeSvg(join(MEDIA, 'illustration-schlafsystem.svg'), illustrationSchlafsystem(), BUDGET.illustration);
  await writeSvg(join(MEDIA, 'standort-karte.svg'), mapStandort(), BUDGET.map);
  await writeSvg(join(PUBLIC, 'favicon.svg'), favicon(), 2048);
  log('SVGs written');
}

/** Encodes an imported photo (media-src/photos) instead of the artwork; true if there was one. */
async function applyPhotoOverride(name: string): Promise<boolean> {
  const photo = photoOverride(name);
  const targets = rasterTargets()[name];
  if (!photo || !targets) return false;
  for (const o of await encodePhoto(photo, targets)) await record(o.file, `${o.dims} photo`, o.budget);
  log(`${name}: using the imported photo ${rel(photo)}`);
  return true;
}

/** Encodes one hero PNG to both WebP sizes and checks the headline contrast. */
async function heroWebps(name: HeroName, png: string): Promise<void> {
  for (const size of [HERO_SIZES.large, HERO_SIZES.small]) {
    const out = join(MEDIA, `hero-${name}${size.suffix}.webp`);
    const budget = size.suffix ? BUDGET.heroSmall : BUDGET.heroLarge;
    const q = await encodeWebpWithinBudget(png, out, size.width, size.height, budget);
    await record(out, `${size.width}x${size.height} q${q}`, budget);
  }
  const l = await lumaStats(join(MEDIA, `hero-${name}.webp`));
  const worst = whiteContrastWithOverlay(l.leftMax);
  log(`hero-${name}: mean luminance ${l.mean.toFixed(3)}, left half ${l.leftMean.toFixed(3)} (brightest ${l.leftMax.toFixed(3)}), white-text contrast ≥ ${worst.toFixed(1)}:1 with 40 % overlay`);
  if (worst < MIN_HEADING_CONTRAST) problems.push(`hero-${name}: left half too bright for white headings (${worst.toFixed(2)}:1)`);
}

async function stepHeroes(renderer: Renderer, tmp: string): Promise<void> {
  for (const name of HERO_NAMES) {
    if (await applyPhotoOverride(`hero-${name}`)) continue;
    const png = join(tmp, `hero-${name}.png`);
    if (name === 'home') {
      await renderHomePoster(renderer, png);
      await heroWebps(name, png);
      continue;
    }
    await renderer.renderToPng(stillHeroes[name](), 1600, 900, png);
    await heroWebps(name, png);
  }
}

async function stepOg(renderer: Renderer, tmp: string): Promise<void> {
  if (await applyPhotoOverride('og-image')) return;
  const poster = join(tmp, 'hero-home.png');
  await renderHomePoster(renderer, poster);
  const { head, body } = await ogHtml(poster);
  const png = join(tmp, 'og.png');
  await renderer.renderToPng(body, OG.width, OG.height, png, { head });
  const out = join(MEDIA, 'og-image.jpg');
  await encodeJpeg(png, out);
  await record(out, `${OG.width}x${OG.height}`, BUDGET.og);
  log('og-image.jpg written');
}

async function stepIcons(renderer: Renderer, tmp: string): Promise<void> {
  const icons: Array<[string, number]> = [
    ['apple-touch-icon.png', 180],
    ['icon-192.png', 192],
    ['icon-512.png', 512],
  ];
  for (const [name, size] of icons) {
    const png = join(tmp, name);
    await renderer.renderToPng(appIcon(size), size, size, png);
    // Re-encode: ffmpeg's PNG encoder compresses Chromium's screenshots noticeably better.
    await encodePng(png, join(PUBLIC, name), size);
    await record(join(PUBLIC, name), `${size}x${size}`, 64 * 1024);
  }
  log('icons written');
}

async function probe(file: string): Promise<string> {
  const out = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height,pix_fmt,r_frame_rate,nb_read_frames', '-count_frames', '-show_entries', 'format=duration', '-of', 'json', file]);
  const info = JSON.parse(out.toString()) as {
    streams: Array<{ codec_type: string; codec_name: string; width: number; height: number; pix_fmt: string; r_frame_rate: string; nb_read_frames: string }>;
    format: { duration: string };
  };
  const v = info.streams.filter((s) => s.codec_type === 'video');
  const audio = info.streams.filter((s) => s.codec_type === 'audio');
  const s = v[0];
  if (!s || v.length !== 1) problems.push(`${file}: expected exactly one video stream`);
  if (audio.length) problems.push(`${file}: has an audio track`);
  if (s && (s.width !== LOOP.width || s.height !== LOOP.height)) problems.push(`${file}: ${s.width}x${s.height}, expected ${LOOP.width}x${LOOP.height}`);
  if (s && Number(s.nb_read_frames) !== LOOP.seconds * LOOP.fps) problems.push(`${file}: ${s.nb_read_frames} frames, expected ${LOOP.seconds * LOOP.fps}`);
  return s ? `${s.codec_name} ${s.width}x${s.height} ${s.pix_fmt} ${s.r_frame_rate} fps, ${s.nb_read_frames} frames, ${Number(info.format.duration).toFixed(2)} s, ${audio.length ? 'with' : 'no'} audio` : 'no video';
}

/**
 * Mean absolute difference of decoded frames: the loop point (last → first) against the
 * largest ordinary step between neighbouring frames. A seamless loop stays in that range.
 */
async function seamVersusStep(file: string): Promise<{ seam: number; step: number }> {
  const w = 320;
  const h = 180;
  const raw = await run('ffmpeg', ['-v', 'error', '-i', file, '-vf', `scale=${w}:${h}:flags=area`, '-f', 'rawvideo', '-pix_fmt', 'gray', '-']);
  const n = w * h;
  const frames = Math.floor(raw.length / n);
  const mad = (i: number, j: number) => {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += Math.abs((raw[i * n + k] ?? 0) - (raw[j * n + k] ?? 0));
    return sum / n;
  };
  let step = 0;
  for (let i = 0; i + 1 < frames; i++) step = Math.max(step, mad(i, i + 1));
  return { seam: mad(frames - 1, 0), step };
}

async function stepVideo(renderer: Renderer, tmp: string): Promise<void> {
  const frames = join(tmp, 'frames');
  const total = LOOP.seconds * LOOP.fps;
  const pattern = await renderHomeFrames(renderer, frames, (i) => {
    if ((i + 1) % 60 === 0) log(`loop frames ${i + 1}/${total}`);
  });
  const seam = await loopSeamError(renderer);
  log(`loop seam: max channel difference between t=0 and t=1 is ${seam}`);
  if (seam > 2) problems.push(`hero loop is not periodic (t=0 vs t=1 differ by ${seam})`);
  const webm = join(MEDIA, 'hero-home.webm');
  const mp4 = join(MEDIA, 'hero-home.mp4');
  // The two encoders run side by side; each is capped at two threads.
  await Promise.all([
    encodeWebm(pattern, webm, join(tmp, 'vp9')).then(() => log('hero-home.webm encoded')),
    encodeMp4(pattern, mp4).then(() => log('hero-home.mp4 encoded')),
  ]);
  await record(webm, `${LOOP.width}x${LOOP.height}`, BUDGET.video);
  await record(mp4, `${LOOP.width}x${LOOP.height}`, BUDGET.video);
  log(`webm: ${await probe(webm)}`);
  log(`mp4:  ${await probe(mp4)}`);
  for (const file of [webm, mp4]) {
    const { seam: s, step } = await seamVersusStep(file);
    log(`${relative(ROOT, file)}: mean change last→first frame ${s.toFixed(2)}, largest step between neighbours ${step.toFixed(2)} (0-255 scale)`);
    if (s > step * 1.5 + 0.5) problems.push(`${relative(ROOT, file)}: visible jump at the loop point`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const unknown = args.filter((a) => !STEPS.includes(a as Step));
  if (unknown.length) throw new MediaToolError(`Unbekannter Schritt: ${unknown.join(', ')}. Mögliche Schritte: ${STEPS.join(', ')}`);
  const steps = new Set<Step>(args.length ? (args as Step[]) : STEPS);

  requireFfmpeg();
  await mkdir(join(MEDIA, 'team'), { recursive: true });
  if (steps.has('svg')) await stepSvg();

  const needsBrowser = [...steps].some((s) => s !== 'svg');
  if (needsBrowser) {
    const tmp = await mkdtemp(join(tmpdir(), 'ruhepol-media-'));
    const renderer = await Renderer.launch();
    try {
      if (steps.has('heroes')) await stepHeroes(renderer, tmp);
      if (steps.has('og')) await stepOg(renderer, tmp);
      if (steps.has('icons')) await stepIcons(renderer, tmp);
      if (steps.has('video')) await stepVideo(renderer, tmp);
    } finally {
      await renderer.close();
      await rm(tmp, { recursive: true, force: true });
    }
  }

  console.log('\nWritten:');
  for (const w of written) console.log(`  ${relative(ROOT, w.file).padEnd(44)} ${w.dims.padEnd(14)} ${(w.bytes / 1024).toFixed(1).padStart(7)} KB`);
  if (problems.length) {
    console.error(`\n${problems.length} problem(s):\n  - ${problems.join('\n  - ')}`);
    process.exitCode = 1;
  } else {
    log('done, all files within budget');
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof MediaToolError ? err.message : err);
  process.exitCode = 1;
});
