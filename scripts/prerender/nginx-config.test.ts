// @vitest-environment node
/**
 * Serves a real build through docs/deploy/nginx.conf with the machine's nginx and checks
 * what a visitor gets: the security headers of dist/_headers on every response (pages,
 * assets, the 404 page, sitemap.xml), the caching and the 404 status. nginx runs as an
 * ordinary process of this test: its own prefix, config and error log in a temporary
 * folder, a free high port, stopped afterwards. Without nginx the suite is skipped, and
 * fails under CI=true (Debian: `apt-get install -y nginx`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, HOST } from '../stack/ports.ts';
import { buildForHost, HOSTED_URL } from './hosted-build.ts';
import { headersForPath, parseHeadersFile, type HeaderRule } from './host-config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const DOCS_CONFIG = path.join(root, 'docs/deploy/nginx.conf');
/** Where docs/deploy/nginx.conf expects dist/; the test puts its build there instead. */
const DOCS_SITE_DIR = '/var/www/ruhepol/dist';
/** The local stack's ports and the dev/preview servers' – never taken by this test. */
const RESERVED_PORTS = new Set([54321, 54322, 54323, 54324, 54325, 5173, 4173, 4174]);

const HOW_TO_GET_NGINX =
  'This test serves the build through docs/deploy/nginx.conf and needs nginx. On Debian or Ubuntu: ' +
  '`apt-get install -y nginx` (installs /usr/sbin/nginx; nothing needs to run as a service); ' +
  'anywhere else set NGINX_PATH to an nginx executable.';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findNginx(env: NodeJS.ProcessEnv = process.env): { path: string } | { missing: string } {
  const configured = env.NGINX_PATH?.trim();
  if (configured) {
    return isExecutable(configured)
      ? { path: configured }
      : { missing: `NGINX_PATH is set to ${configured}, which is not an executable file. ${HOW_TO_GET_NGINX}` };
  }
  // sbin is often not on an unprivileged user's PATH.
  const dirs = [...(env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin'];
  const found = dirs.map((dir) => path.join(dir, 'nginx')).find(isExecutable);
  return found ? { path: found } : { missing: `No nginx found on PATH or in /usr/sbin. ${HOW_TO_GET_NGINX}` };
}

const nginx = findNginx();

/** Like e2e/support/context.ts for Chromium: without nginx, skipped locally, failed under CI=true. */
const describeNginx: (name: string, body: () => void) => void =
  'path' in nginx
    ? describe
    : process.env.CI === 'true'
      ? (name) =>
          describe(name, () => {
            it('needs nginx', () => {
              throw new Error(nginx.missing);
            });
          })
      : (name) =>
          describe.skip(name, () => {
            it(`skipped: ${nginx.missing}`, () => {});
          });

async function highPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port >= 1024 && !RESERVED_PORTS.has(port)) return port;
  }
}

/**
 * docs/deploy/nginx.conf as the test runs it: the build's folder instead of
 * /var/www/ruhepol/dist (root and includes), and loopback ports without TLS instead of
 * 443 and 80. Everything else – locations, headers, try_files, error_page – is the file's.
 */
function localSiteConfig(docs: string, { siteDir, port, redirectPort }: { siteDir: string; port: number; redirectPort: number }): string {
  // Directives only, not the comments that mention them.
  const https = /^(\s*)listen\s+443\b[^;]*;/gm;
  const http = /^(\s*)listen\s+80\b[^;]*;/gm;
  const count = (pattern: RegExp) => docs.match(pattern)?.length ?? 0;
  // If the file changes shape, say so instead of silently testing something else.
  if (count(https) !== 1 || count(http) !== 1) {
    throw new Error(`${DOCS_CONFIG}: expected one \`listen 443 …;\` and one \`listen 80;\` to replace`);
  }
  if (!docs.includes(`root ${DOCS_SITE_DIR};`)) throw new Error(`${DOCS_CONFIG}: expected \`root ${DOCS_SITE_DIR};\``);
  if (!/^[\w./-]+$/.test(siteDir)) throw new Error(`the build folder ${siteDir} cannot be written into nginx.conf unquoted`);
  return docs
    .split(DOCS_SITE_DIR)
    .join(siteDir)
    .replace(https, `$1listen ${HOST}:${port};`)
    .replace(http, `$1listen ${HOST}:${redirectPort};`);
}

/** A complete nginx.conf around the site's server blocks, everything nginx writes kept in `prefix`. */
function mainConfig(prefix: string): string {
  const isRoot = process.getuid?.() === 0;
  return [
    // As root, nginx's workers would run as `nobody`, which cannot read the build's
    // temporary folder (mode 0700); unprivileged, nginx cannot switch users and would only warn.
    isRoot ? `user ${userInfo().username};` : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 64; }',
    'http {',
    // What a distribution's nginx.conf has (mime.types), reduced to the site's files.
    '  types { text/html html; text/css css; application/javascript js; application/json json; application/xml xml;',
    '          text/plain txt; image/svg+xml svg; image/png png; image/webp webp; image/avif avif; font/woff2 woff2;',
    '          video/mp4 mp4; video/webm webm; application/manifest+json webmanifest; }',
    '  default_type application/octet-stream;',
    `  access_log ${prefix}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${prefix}/${kind};`),
    `  include ${prefix}/site.conf;`,
    '}',
    '',
  ].join('\n');
}

describeNginx('docs/deploy/nginx.conf serving a build', () => {
  let outDir: string;
  let prefix: string;
  let server: ChildProcess | undefined;
  let origin: string;
  let redirectOrigin: string;
  let rules: HeaderRule[];
  /** The headers _headers sets for every path (/*): the security headers. */
  let securityHeaders: Record<string, string>;
  let someScript: string;
  let someMedia: string;

  beforeAll(async () => {
    const nginxPath = (nginx as { path: string }).path;
    outDir = await mkdtemp(path.join(tmpdir(), 'nginx-site-'));
    prefix = await mkdtemp(path.join(tmpdir(), 'nginx-prefix-'));
    await buildForHost(outDir);
    rules = parseHeadersFile(await readFile(path.join(outDir, '_headers'), 'utf8'));
    securityHeaders = rules.find((rule) => rule.pattern === '/*')?.headers ?? {};
    someScript = (await readdir(path.join(outDir, 'assets'))).find((file) => file.endsWith('.js'))!;
    someMedia = (await readdir(path.join(outDir, 'media'))).find((file) => file.endsWith('.webp'))!;

    const port = await highPort();
    let redirectPort = await highPort();
    while (redirectPort === port) redirectPort = await highPort();
    origin = `http://${HOST}:${port}`;
    redirectOrigin = `http://${HOST}:${redirectPort}`;
    const docs = await readFile(DOCS_CONFIG, 'utf8');
    await writeFile(path.join(prefix, 'site.conf'), localSiteConfig(docs, { siteDir: outDir, port, redirectPort }));
    await writeFile(path.join(prefix, 'nginx.conf'), mainConfig(prefix));

    let output = '';
    const started = spawn(nginxPath, ['-p', `${prefix}/`, '-c', path.join(prefix, 'nginx.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = started;
    started.stdout.on('data', (chunk: Buffer) => (output += chunk));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    for (const deadline = Date.now() + 15_000; ; ) {
      const ready = await fetch(`${origin}/`).then(
        (response) => response.arrayBuffer().then(() => true),
        () => false,
      );
      if (ready) break;
      const code = await Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 100))]);
      if (code !== 'running' || Date.now() > deadline) {
        const errorLog = await readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => '');
        throw new Error(`nginx did not start (${code === 'running' ? 'no answer' : `exit code ${code}`}):\n${output}\n${errorLog}`);
      }
    }
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const stopped = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGQUIT'); // graceful shutdown of the master and its worker
      const timer = setTimeout(() => server?.kill('SIGKILL'), 5_000);
      await stopped;
      clearTimeout(timer);
    }
    for (const dir of [outDir, prefix]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('takes the security headers from the build (the CSP names the Supabase project)', () => {
    expect(Object.keys(securityHeaders)).toEqual(
      expect.arrayContaining(['Content-Security-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'X-Frame-Options']),
    );
    expect(securityHeaders['Content-Security-Policy']).toContain(`connect-src 'self' ${HOSTED_URL}`);
  });

  // {script} and {media} stand for a file of the build.
  const cases: Array<[url: string, status: number, file: string, cacheControl: string]> = [
    ['/', 200, 'index.html', 'no-cache'],
    // The site links its routes without a trailing slash; both forms serve the route's file.
    ['/kontakt', 200, 'kontakt/index.html', 'no-cache'],
    ['/kontakt/', 200, 'kontakt/index.html', 'no-cache'],
    ['/sitemap.xml', 200, 'sitemap.xml', 'no-cache'],
    ['/assets/{script}', 200, 'assets/{script}', 'public, max-age=31536000, immutable'],
    ['/media/{media}', 200, 'media/{media}', 'public, max-age=86400'],
    ['/gibt-es-nicht', 404, '404.html', 'no-cache'],
    ['/assets/gibt-es-nicht.js', 404, '404.html', 'no-cache'],
    // The host configuration in dist/ is not served.
    ['/_headers', 404, '404.html', 'no-cache'],
    ['/nginx-security-headers.conf', 404, '404.html', 'no-cache'],
  ];

  it.each(cases)('GET %s: status %i, the file, and every security header of dist/_headers once', async (url, status, file, cacheControl) => {
    const resolve = (template: string) => template.replace('{script}', someScript).replace('{media}', someMedia);
    const pathname = resolve(url);
    const response = await fetch(`${origin}${pathname}`, { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(path.join(outDir, resolve(file))))).toBe(true);
    for (const [name, value] of Object.entries(securityHeaders)) {
      // A header sent twice would read "value, value".
      expect(response.headers.get(name), `${name} on ${pathname}`).toBe(value);
    }
    // HTML is not cached long; where _headers sets the caching (assets, media), nginx agrees.
    expect(response.headers.get('Cache-Control')).toBe(cacheControl);
    const fromHeadersFile = headersForPath(rules, pathname)['Cache-Control'];
    if (status === 200 && fromHeadersFile) expect(fromHeadersFile).toBe(cacheControl);
  });

  it('sends the build’s gzip copies of pages and scripts to clients that accept gzip (gzip_static)', async () => {
    for (const [pathname, file] of [['/', 'index.html'], ['/kontakt', 'kontakt/index.html'], [`/assets/${someScript}`, `assets/${someScript}`]] as const) {
      const response = await fetch(`${origin}${pathname}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.headers.get('Content-Encoding'), pathname).toBe('gzip');
      // On-the-fly gzip would stream without a length; the stored copy has one.
      expect(Number(response.headers.get('Content-Length')), pathname).toBe((await stat(path.join(outDir, `${file}.gz`))).size);
      expect(await response.text()).toBe(await readFile(path.join(outDir, file), 'utf8'));
    }
  });

  it('redirects plain HTTP to the HTTPS site', async () => {
    const response = await fetch(`${redirectOrigin}/kontakt?x=1`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('https://www.ruhepol-schlafberatung.ch/kontakt?x=1');
  });
});
