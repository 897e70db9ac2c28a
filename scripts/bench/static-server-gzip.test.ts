// @vitest-environment node
/**
 * The static server's `compress` option, which the benchmark relies on for transfer
 * sizes a real host would show (it sits here, with the benchmark, rather than beside
 * static-server.ts).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, createStaticServer } from '../static-server.ts';

let dir: string;
const servers: Server[] = [];
const js = `export const text = ${JSON.stringify('Schlafberatung '.repeat(400))};\n`;

async function serve(compress: boolean): Promise<string> {
  const server = createStaticServer(dir, { compress });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Raw bytes as sent (fetch would decode gzip transparently). */
async function get(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request(url, { agent: false, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'static-gzip-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets/app.js'), js);
  await writeFile(path.join(dir, 'assets/photo.webp'), Buffer.alloc(2000, 7));
  await writeFile(path.join(dir, '404.html'), '<!doctype html><title>404</title>');
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await rm(dir, { recursive: true, force: true });
});

describe('createStaticServer with compress: true', () => {
  it('gzips text files for clients that accept it, with the compressed length', async () => {
    const origin = await serve(true);
    const response = await get(`${origin}/assets/app.js`, 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(js.length / 10);
    expect(gunzipSync(response.body).toString()).toBe(js);
  });

  it('sends the file as it is to clients without gzip, and never compresses images', async () => {
    const origin = await serve(true);
    const plain = await get(`${origin}/assets/app.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    const image = await get(`${origin}/assets/photo.webp`, 'gzip');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(2000);
  });

  it('compresses the 404 page and keeps its status', async () => {
    const origin = await serve(true);
    const response = await get(`${origin}/nowhere`, 'gzip');
    expect(response.status).toBe(404);
    expect(gunzipSync(response.body).toString()).toContain('<title>404</title>');
  });

  it('is off by default', async () => {
    const origin = await serve(false);
    expect((await get(`${origin}/assets/app.js`, 'gzip')).headers['content-encoding']).toBeUndefined();
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding with its quality values', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
