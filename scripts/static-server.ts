/**
 * Serves dist/ the way a plain static host does: a path is a file or a folder's
 * index.html, nothing is rewritten to the SPA, and an unknown path gets 404.html with
 * status 404. Used by `npm run preview`, the browser tests and `npm run bench`.
 * With `compress: true` text files go out gzipped to clients that accept it, as every
 * real host and CDN does; the benchmark's transfer sizes depend on it.
 * A `_headers` file in the root (the build writes one) is applied as Netlify and
 * Cloudflare Pages apply it: security headers, CSP and caching per path. It and
 * `_redirects` (and the nginx header snippet) are configuration, never served.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import { headersForPath, parseHeadersFile, type HeaderRule } from './prerender/host-config.ts';

const gzip = promisify(gzipCallback);

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};

/** Text formats worth compressing; images, fonts and video are compressed already. */
const compressible = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.xml', '.txt', '.svg']);

export interface StaticServerOptions {
  /** Gzip text files for clients that send `Accept-Encoding: gzip` (default: off). */
  compress?: boolean;
}

/** Whether an Accept-Encoding header allows gzip ("gzip;q=0" does not). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The file for a URL path, or undefined; never a file outside root. */
export async function resolveStaticFile(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const candidate = path.join(root, path.normalize(decoded));
  if (!candidate.startsWith(root)) return undefined;
  for (const file of [candidate, path.join(candidate, 'index.html')]) {
    if (await isFile(file)) return file;
  }
  return undefined;
}

export function createStaticServer(root: string, options: StaticServerOptions = {}): Server {
  const absoluteRoot = path.resolve(root);
  // Compressed once per file version, like a host that pre-compresses at deploy time;
  // compressing per request would add latency no real host has.
  const gzipped = new Map<string, { mtimeMs: number; body: Promise<Buffer> }>();
  const gzippedBody = (file: string, mtimeMs: number): Promise<Buffer> => {
    const cached = gzipped.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.body;
    const body = readFile(file).then((data) => gzip(data, { level: zlibConstants.Z_BEST_COMPRESSION }));
    body.catch(() => gzipped.delete(file));
    gzipped.set(file, { mtimeMs, body });
    return body;
  };
  let headerRules: { mtimeMs: number; rules: HeaderRule[] } | undefined;
  const hostHeaders = async (pathname: string): Promise<Record<string, string>> => {
    const file = path.join(absoluteRoot, '_headers');
    const info = await stat(file).catch(() => undefined);
    if (!info) return {};
    if (headerRules?.mtimeMs !== info.mtimeMs) {
      headerRules = { mtimeMs: info.mtimeMs, rules: parseHeadersFile(await readFile(file, 'utf8')) };
    }
    return headersForPath(headerRules.rules, pathname);
  };
  return createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const isHostConfig = ['/_headers', '/_redirects', '/nginx-security-headers.conf'].includes(url.pathname);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = isHostConfig ? undefined : await resolveStaticFile(absoluteRoot, url.pathname);
    const notFoundPage = path.join(absoluteRoot, '404.html');
    if (!file && !(await isFile(notFoundPage))) {
      // dist/ is missing or half-built (a rebuild in progress): say so instead of crashing.
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found (no 404.html in dist/)');
      return;
    }
    const served = file ?? notFoundPage;
    const status = file ? 200 : 404;
    const headers: Record<string, string> = {
      'Content-Type': contentTypes[path.extname(served)] ?? 'application/octet-stream',
      // Hashed build assets never change; everything else is revalidated.
      'Cache-Control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(await hostHeaders(url.pathname)),
    };
    const { size, mtimeMs } = await stat(served);
    const isCompressible = options.compress === true && compressible.has(path.extname(served));
    if (isCompressible) headers.Vary = 'Accept-Encoding';
    if (isCompressible && acceptsGzip(request.headers['accept-encoding'])) {
      const body = await gzippedBody(served, mtimeMs);
      headers['Content-Encoding'] = 'gzip';
      headers['Content-Length'] = String(body.length);
      response.writeHead(status, headers);
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    headers['Content-Length'] = String(size);
    response.writeHead(status, headers);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(served).pipe(response);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4173);
  const root = path.resolve(import.meta.dirname, '../dist');
  createStaticServer(root, { compress: true }).listen(port, () => {
    console.log(`Serving ${root} at http://localhost:${port}`);
  });
}
