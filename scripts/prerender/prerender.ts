import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HeadElement } from '../../src/app/head.ts';
import type { PageRoute } from '../../src/app/route-table.ts';

/** What the server bundle (src/entry-server.tsx) exports for prerendering. */
export interface ServerEntry {
  renderPage(pathname: string): Promise<{ html: string }>;
  headElementsFor(pathname: string): HeadElement[];
  renderHeadHtml(elements: HeadElement[]): string;
  pageRoutes: readonly PageRoute[];
  siteUrl: string;
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** A path no page uses, rendered as the 404 page. */
const NOT_FOUND_PROBE = '/404';

/** The route chunk and everything it imports, so the browser fetches them in parallel with the entry. */
function modulePreloads(manifest: Manifest, sourceModule: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(sourceModule);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

export function fillTemplate(template: string, head: string, body: string): string {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('index.html must contain <!--app-head--> and <!--app-html-->');
  }
  // Function replacers: page HTML may contain "$&"-like sequences that string replacement would expand.
  return template.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => body);
}

export function sitemapXml(siteUrl: string, routes: readonly PageRoute[]): string {
  const urls = routes
    .map((route) => `  <url><loc>${siteUrl}${route.path}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** The output file of a route: "/" → index.html, "/blog" → blog/index.html. */
export function outputFileFor(outDir: string, routePath: string): string {
  return path.join(outDir, routePath, 'index.html');
}

export async function prerender({ outDir, entry }: { outDir: string; entry: ServerEntry }): Promise<string[]> {
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const manifestPath = path.join(outDir, '.vite/manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  const written: string[] = [];

  async function renderTo(file: string, pathname: string, sourceModule: string | undefined) {
    const { html } = await entry.renderPage(pathname);
    if (!html.includes('<h1')) throw new Error(`${pathname} rendered without a main heading`);
    const head = [
      entry.renderHeadHtml(entry.headElementsFor(pathname)),
      ...(sourceModule ? modulePreloads(manifest, sourceModule) : []),
    ].join('\n    ');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, fillTemplate(template, head, html));
    written.push(file);
  }

  for (const route of entry.pageRoutes) {
    await renderTo(outputFileFor(outDir, route.path), route.path, route.module);
  }
  await renderTo(path.join(outDir, '404.html'), NOT_FOUND_PROBE, undefined);

  await writeFile(path.join(outDir, 'sitemap.xml'), sitemapXml(entry.siteUrl, entry.pageRoutes));
  await writeFile(path.join(outDir, 'robots.txt'), robotsTxt(entry.siteUrl));
  // The manifest was only needed here; it is not part of the site.
  await rm(path.join(outDir, '.vite'), { recursive: true, force: true });
  return written;
}
