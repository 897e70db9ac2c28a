/**
 * Serves a build the way a plain static host does, with sirv: a path is a file or a
 * folder's index.html, nothing is rewritten to the SPA, and an unknown path gets 404.html
 * with status 404. Byte ranges (Safari asks for the hero video in ranges), ETag and
 * If-None-Match are sirv's; so are the gzip copies the build writes beside each text file
 * (scripts/prerender/precompress.ts), sent to clients that accept gzip.
 * A `_headers` file in the root (the build writes one) is applied as Netlify and
 * Cloudflare Pages apply it: security headers, CSP and caching per path. It and the other
 * host configuration files are never served.
 * Used by `npm run preview`, the browser tests and `npm run bench`.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { HOST_CONFIG_FILES, headersForPath, parseHeadersFile, type HeaderRule } from './prerender/host-config.ts';
import { languageOfPath } from '../src/lib/language.ts';

/** The `_headers` rules of a build, re-read when the file changes (a rebuild under a running preview). */
function hostHeaderRules(root: string): (pathname: string) => Promise<Record<string, string>> {
  const file = path.join(root, '_headers');
  let cached: { mtimeMs: number; rules: HeaderRule[] } | undefined;
  return async (pathname) => {
    const info = await stat(file).catch(() => undefined);
    if (!info) return {};
    if (cached?.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, rules: parseHeadersFile(await readFile(file, 'utf8')) };
    return headersForPath(cached.rules, pathname);
  };
}

/** sirv's own test for the *.gz copies, so that the 404 page is chosen alike. */
function acceptsGzip(request: IncomingMessage): boolean {
  return (request.headers['accept-encoding'] ?? '').includes('gzip');
}

function setAll(response: ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
}

export function createStaticServer(root: string): Server {
  const absoluteRoot = path.resolve(root);
  const rulesFor = hostHeaderRules(absoluteRoot);
  // dev: look files up per request instead of indexing the folder once at start – the
  // browser tests start the server before the build has written anything.
  const files = sirv(absoluteRoot, { dev: true, etag: true, gzip: true });

  const sendNotFound = async (request: IncomingMessage, response: ServerResponse, headers: Record<string, string>, pathname: string) => {
    // The 404 page in the path's language, as the host configuration has it (scripts/prerender/host-config.ts).
    const page = path.join(absoluteRoot, languageOfPath(pathname) === 'en' ? 'en' : '', '404.html');
    const gzipped = acceptsGzip(request) ? await readFile(`${page}.gz`).catch(() => undefined) : undefined;
    const body = gzipped ?? (await readFile(page).catch(() => undefined));
    setAll(response, { ...headers, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' });
    if (!body) {
      // The build is missing or half-written (a rebuild in progress): say so instead of crashing.
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found (no 404.html in this build)');
      return;
    }
    response.writeHead(404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      ...(gzipped ? { 'Content-Encoding': 'gzip' } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };

  return createServer(async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const headers = {
      // Hashed build assets never change; everything else is revalidated (by ETag).
      'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(await rulesFor(pathname)),
    };
    if (HOST_CONFIG_FILES.includes(pathname.slice(1))) {
      await sendNotFound(request, response, headers, pathname);
      return;
    }
    // sirv keeps headers already set on the response over its own.
    setAll(response, headers);
    files(request, response, () => void sendNotFound(request, response, headers, pathname));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4173);
  const root = path.resolve(import.meta.dirname, '../dist');
  createStaticServer(root).listen(port, () => {
    console.log(`Serving ${root} at http://localhost:${port}`);
  });
}
