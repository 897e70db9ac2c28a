// @vitest-environment node
/**
 * What the preview, the browser tests and the benchmark get from createStaticServer: a
 * static host's answers – the build's gzip copies, byte ranges, ETags, the 404 page with
 * status 404, `_headers` applied and the host's configuration never served – and the
 * build step that writes the gzip copies.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from './prerender/precompress.ts';
import { createStaticServer } from './static-server.ts';

let dir: string;
let origin: string;
let server: Server;
const js = `export const text = ${JSON.stringify('Schlafberatung '.repeat(400))};\n`;
const video = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

/** Raw bytes as sent (fetch would decode gzip transparently). */
function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${origin}${pathname}`, { agent: false, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'static-server-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'kontakt'));
  await writeFile(path.join(dir, 'assets/app.js'), js);
  await writeFile(path.join(dir, 'assets/photo.webp'), Buffer.alloc(2000, 7));
  await writeFile(path.join(dir, 'assets/hero.mp4'), video);
  await writeFile(path.join(dir, 'kontakt/index.html'), `<!doctype html><title>Kontakt</title>${'<p>Kontakt</p>'.repeat(50)}`);
  await writeFile(path.join(dir, '404.html'), `<!doctype html><title>404</title>${'<p>Seite nicht gefunden</p>'.repeat(50)}`);
  await writeFile(path.join(dir, '_headers'), '/*\n  X-Frame-Options: DENY\n\n/assets/*\n  X-Asset: yes\n');
  await writeFile(path.join(dir, '_redirects'), '/*  /404.html  404\n');
  await precompress(dir);
  server = createStaticServer(dir);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('precompress (the build step)', () => {
  it('writes a level-9 gzip copy of each text file, none of images, video or the host configuration', async () => {
    const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.gz')).sort();
    expect(files).toEqual(['404.html.gz', 'assets/app.js.gz', 'kontakt/index.html.gz']);
    expect(gunzipSync(await readFile(path.join(dir, 'assets/app.js.gz'))).toString()).toBe(js);
  });
});

describe('createStaticServer', () => {
  it('sends the gzip copy to clients that accept gzip, with its length', async () => {
    const response = await get('/assets/app.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(js.length / 10);
    expect(gunzipSync(response.body).toString()).toBe(js);
  });

  it('sends the file as it is to clients without gzip', async () => {
    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
  });

  it('answers byte ranges with 206 and Content-Range (Safari loads video this way)', async () => {
    const response = await get('/assets/hero.mp4', { Range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.body.equals(video.subarray(100, 200))).toBe(true);
  });

  it('sends an ETag and answers If-None-Match with 304', async () => {
    const first = await get('/kontakt/');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/kontakt/', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('serves a folder’s index.html for its path, and caches hashed assets for a year, pages never without revalidation', async () => {
    const page = await get('/kontakt');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>Kontakt</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/app.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('applies _headers per path', async () => {
    const asset = await get('/assets/photo.webp');
    expect(asset.headers['x-frame-options']).toBe('DENY');
    expect(asset.headers['x-asset']).toBe('yes');
    expect((await get('/kontakt/')).headers['x-asset']).toBeUndefined();
  });

  it('answers an unknown path with the 404 page, status 404, gzipped where accepted, with the security headers', async () => {
    const plain = await get('/nowhere');
    expect(plain.status).toBe(404);
    expect(plain.body.toString()).toContain('<title>404</title>');
    expect(plain.headers['x-frame-options']).toBe('DENY');
    const gzipped = await get('/nowhere', { 'Accept-Encoding': 'gzip' });
    expect(gzipped.status).toBe(404);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toContain('<title>404</title>');
    const missingAsset = await get('/assets/gone.js');
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.headers['cache-control']).toBe('no-cache');
  });

  it('never serves the host configuration or anything outside the build', async () => {
    for (const pathname of ['/_headers', '/_redirects', '/nginx-security-headers.conf', '/%2e%2e/%2e%2e/etc/passwd', '/../package.json']) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.body.toString(), pathname).toContain('<title>404</title>');
    }
  });

  it('refuses methods other than GET and HEAD, and sends no body to HEAD', async () => {
    const post = await get('/kontakt/', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const head = await get('/kontakt/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });
});
