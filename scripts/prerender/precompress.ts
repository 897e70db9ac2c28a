/**
 * The last step of the build: a gzip copy beside every text file of dist/, as
 * `file.js.gz`. nginx serves those with `gzip_static on` (docs/deploy/nginx.conf) and the
 * preview server with sirv's `gzip` option, so neither compresses per request at a lower
 * level. Hosts that compress by themselves (Netlify, Cloudflare Pages) ignore the copies.
 *
 * The pages are compressed with Zopfli (@gfx/zopfli, WebAssembly): the same gzip format,
 * about 500 bytes (3.7 %) smaller than zlib's level 9, which is what a page needs to arrive
 * in the first round trip (docs/performance.md); about 0.1 s a page. The scripts, styles
 * and the rest are on no such path and keep zlib's level 9, which takes milliseconds.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { constants, gzip as gzipCallback } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import { HOST_CONFIG_FILES } from './host-config.ts';

const gzip = promisify(gzipCallback);

/** Text formats worth compressing; images, fonts and video are compressed already. */
const COMPRESSIBLE = /\.(html|js|css|json|webmanifest|xml|txt|svg)$/;

/** Writes `<file>.gz` for each compressible file that shrinks; returns the files written. */
export async function precompress(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const candidates = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !HOST_CONFIG_FILES.includes(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const written = await Promise.all(candidates.map(compressFile));
  return written.filter((file) => file !== undefined);
}

/** Zopfli's passes per page: 5 gives what 15 does within a few bytes, in half the time. */
const ZOPFLI_ITERATIONS = 5;

/** Writes `<file>.gz` if it is smaller than the file; returns its name, or undefined. */
export async function compressFile(file: string): Promise<string | undefined> {
  const data = await readFile(file);
  const compressed = file.endsWith('.html')
    ? await zopfliGzip(data, { numiterations: ZOPFLI_ITERATIONS })
    : await gzip(data, { level: constants.Z_BEST_COMPRESSION });
  if (compressed.length >= data.length) return undefined;
  await writeFile(`${file}.gz`, compressed);
  return `${file}.gz`;
}
