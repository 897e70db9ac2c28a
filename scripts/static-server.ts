/**
 * Serves dist/ the way a plain static host does: a path is a file or a folder's
 * index.html, nothing is rewritten to the SPA, and an unknown path gets 404.html with
 * status 404. Used by `npm run preview` and by the browser tests.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

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

export function createStaticServer(root: string): Server {
  const absoluteRoot = path.resolve(root);
  return createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = await resolveStaticFile(absoluteRoot, url.pathname);
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
    };
    const { size } = await stat(served);
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
  createStaticServer(root).listen(port, () => {
    console.log(`Serving ${root} at http://localhost:${port}`);
  });
}
