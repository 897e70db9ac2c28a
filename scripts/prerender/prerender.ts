import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HeadElement } from '../../src/app/head/head.ts';
import {
  contentSecurityPolicy,
  headersFile,
  inlineScriptHashes,
  nginxSecurityHeadersFile,
  pageStylePolicy,
  redirectsFile,
} from './host-config.ts';
import type { PageRoute } from '../../src/lib/route-table.ts';
import { DEFERRED_STYLE_TYPE } from '../../src/app/full-style-sheet.ts';
import { criticalStyle, endsFirstScreen, withoutFirstPaintFontFaces } from './critical-css.ts';
import { readArticles } from '../articles/article-source.ts';
import { atomFeed, FEED_PATH } from '../articles/atom-feed.ts';
import { buildPageStarter, withInlineIcon, withPageStarter } from './page-starter.ts';
import { PAGE_MODULES_ID } from '../../src/app/starter/page-starter.ts';
import { HYDRATION_ATTRIBUTE, type HydrationMode } from '../../src/lib/hydration-mode.ts';
import { defaultLanguage, languages, languageTags } from '../../src/lib/language.ts';

/** What the server bundle (src/entry-server.tsx) exports for prerendering. */
export interface ServerEntry {
  renderPage(pathname: string): Promise<{ html: string }>;
  headElementsFor(pathname: string): HeadElement[];
  /** The page's `<html lang>`. */
  documentLanguage(pathname: string): string;
  renderHeadHtml(elements: HeadElement[]): string;
  pageRoutes: readonly PageRoute[];
  siteUrl: string;
  /** The Supabase project the build talks to; the CSP allows connections to it. */
  supabaseUrl: string;
}

/** The build's manifest, as far as the prerender step reads it: each chunk's file and static imports. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The 404 page of each language: a path no page uses, rendered as the 404 page, and its
 * file. An unknown path under /en/ gets the English one (host-config.ts, static-server.ts).
 */
export const notFoundPages = [
  { probe: '/404', file: '404.html' },
  { probe: '/en/404', file: 'en/404.html' },
] as const;

/** Where src/main.tsx starts each kind of page: the whole app, or the islands alone. */
const HYDRATION_STARTS: Record<HydrationMode, string> = {
  app: 'src/app/start-client.tsx',
  islands: 'src/app/islands/start-islands.tsx',
};

/**
 * The modules a page needs to hydrate: what the entry loads once the page is painted for
 * the page's kind (src/main.tsx imports either start dynamically) and, where the whole app
 * hydrates, the route's own chunk, each with everything it imports. An islands page needs
 * no page chunk: only its islands run, and they come with their start. They are listed as
 * modulepreload links inside an inert <template>, which the page starter activates after
 * the largest paint: fetched in <head>, the JavaScript would compete with the hero image
 * and fonts for the connection.
 */
function pageModulesTemplate(manifest: Manifest, hydration: HydrationMode, sourceModule: string | undefined): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(HYDRATION_STARTS[hydration]);
  if (hydration === 'app' && sourceModule) visit(sourceModule);
  const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return `<template id="${PAGE_MODULES_ID}">${links.join('')}</template>`;
}

/** The page's root, marked for src/main.tsx when only its islands hydrate. */
function withHydrationMode(page: string, hydration: HydrationMode): string {
  if (hydration === 'app') return page;
  if (!page.includes('<div id="root">')) throw new Error('index.html must contain <div id="root">');
  return page.replace('<div id="root">', `<div id="root" ${HYDRATION_ATTRIBUTE}="${hydration}">`);
}

/** The one style sheet Vite links from index.html: its link and path (/assets/index-….css). */
export function styleSheetLink(template: string): { link: string; href: string } {
  const links = [...template.matchAll(/<link rel="stylesheet"[^>]*\shref="(\/assets\/[^"]+\.css)"[^>]*>/g)];
  if (links.length !== 1) throw new Error(`index.html should link exactly one style sheet, found ${links.length}`);
  const [link, href] = links[0]! as unknown as [string, string];
  return { link, href };
}

/**
 * Each page gets the rules its markup uses inside a <style> element (critical-css.ts; the
 * CSP allows each by its hash, host-config.ts; a page that marks the end of its first
 * screen, not those of the main content after it), and the link to the whole sheet in a
 * form no browser fetches, which src/app/full-style-sheet.ts turns into a real one after the
 * first paint. Linked as Vite emits it, the sheet was a request of its own before anything
 * could paint; inline as a whole, it made the document too large for the first round trip.
 */
export async function withPageStyle(page: string, css: string, sheet: { link: string; href: string }): Promise<string> {
  const style = await criticalStyle(page.replace(sheet.link, ''), css);
  // A page whose style covers only its first screen (critical-css.ts): without JavaScript,
  // nothing would load the rest, so such a browser loads the whole sheet at once.
  const withoutScript = endsFirstScreen(page) ? `\n    <noscript><link rel="stylesheet" href="${sheet.href}"></noscript>` : '';
  const styled = page.replace(
    sheet.link,
    () => `<style>${style}</style>\n    <link rel="stylesheet" href="${sheet.href}" type="${DEFERRED_STYLE_TYPE}">${withoutScript}`,
  );
  // The policy that allows exactly this page's inline styles (host-config.ts), before the first of them.
  const policy = pageStylePolicy(styled);
  return styled.replace('<style>', () => `<meta http-equiv="Content-Security-Policy" content="${policy}">\n    <style>`);
}

/**
 * index.html without its comments (notes for developers, about 0.2 KB gzipped in every
 * page, which has to fit the first round trip); the two placeholders stay.
 */
export function withoutComments(template: string): string {
  return template.replace(/[ \t]*<!--(?!app-(?:head|html)-->)[\s\S]*?-->[ \t]*\n?/g, '');
}

const HTML_LANG = /<html lang="[^"]*">/;

export function fillTemplate(template: string, head: string, body: string, lang?: string): string {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('index.html must contain <!--app-head--> and <!--app-html-->');
  }
  if (!HTML_LANG.test(template)) throw new Error('index.html must start its document with <html lang="…">');
  // Function replacers: page HTML may contain "$&"-like sequences that string replacement would expand.
  const filled = template.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => body);
  return lang === undefined ? filled : filled.replace(HTML_LANG, () => `<html lang="${lang}">`);
}

/**
 * The listed pages of both languages: an unlisted one (reached from e-mails) says noindex
 * and stays out. Each page of a pair names the pair and x-default, as its <head> does
 * (Google Search Central, "Localized versions of your page": sitemap method).
 */
export function sitemapXml(siteUrl: string, routes: readonly PageRoute[]): string {
  const urls = routes
    .filter((route) => !route.unlisted)
    .map((route) => {
      const pairs = languages.flatMap((language) => (route.alternates[language] ? [[language, route.alternates[language]] as const] : []));
      const links =
        pairs.length < 2
          ? []
          : [
              ...pairs.map(([language, pagePath]) => `<xhtml:link rel="alternate" hreflang="${languageTags[language]}" href="${siteUrl}${pagePath}"/>`),
              `<xhtml:link rel="alternate" hreflang="x-default" href="${siteUrl}${route.alternates[defaultLanguage]}"/>`,
            ];
      return `  <url><loc>${siteUrl}${route.path}</loc>${links.join('')}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

/** The blog's Atom feed, /blog/feed.xml (its link is in the blog pages' <head>). */
async function writeFeed(outDir: string, siteUrl: string): Promise<void> {
  await mkdir(path.join(outDir, path.dirname(FEED_PATH)), { recursive: true });
  await writeFile(path.join(outDir, FEED_PATH), atomFeed(siteUrl, await readArticles()));
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** The output file of a route: "/" → index.html, "/blog" → blog/index.html. */
export function outputFileFor(outDir: string, routePath: string): string {
  return path.join(outDir, routePath, 'index.html');
}

/**
 * The client-rendered variant (`build.ts --spa`, for the benchmark only): every route
 * gets the bare shell as Vite emits it, with an empty #root and no per-page <head>
 * (title, description, canonical and the hero preload are set by the client after it
 * starts, as a site builder's SPA does). Same files and paths as prerender(), so a
 * static host serves both the same way.
 */
export async function writeSpaShells({ outDir, entry }: { outDir: string; entry: ServerEntry }): Promise<string[]> {
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const shell = fillTemplate(template, '', '');
  const files = [...entry.pageRoutes.map((route) => outputFileFor(outDir, route.path)), ...notFoundPages.map(({ file }) => path.join(outDir, file))];
  for (const file of files) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, shell);
  }
  await writeFile(path.join(outDir, 'sitemap.xml'), sitemapXml(entry.siteUrl, entry.pageRoutes));
  await writeFile(path.join(outDir, 'robots.txt'), robotsTxt(entry.siteUrl));
  await writeFeed(outDir, entry.siteUrl);
  // The same host configuration as the real site, so both are served with the same headers.
  await writeHostConfig(outDir, entry.supabaseUrl, files);
  await rm(path.join(outDir, '.vite'), { recursive: true, force: true });
  return files;
}

export async function prerender({ outDir, entry }: { outDir: string; entry: ServerEntry }): Promise<string[]> {
  const template = withInlineIcon(
    withPageStarter(withoutComments(await readFile(path.join(outDir, 'index.html'), 'utf8')), await buildPageStarter()),
    await readFile(path.join(outDir, 'favicon.svg'), 'utf8'),
  );
  const sheet = styleSheetLink(template);
  const css = await readFile(path.join(outDir, sheet.href), 'utf8');
  const manifestPath = path.join(outDir, '.vite/manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  const written: string[] = [];

  async function renderTo(file: string, pathname: string, route: PageRoute | undefined) {
    const { html } = await entry.renderPage(pathname);
    if (!html.includes('<h1')) throw new Error(`${pathname} rendered without a main heading`);
    const hydration = route?.hydration ?? 'app';
    const head = [
      entry.renderHeadHtml(entry.headElementsFor(pathname)),
      ...(route ? [pageModulesTemplate(manifest, hydration, route.module)] : []),
    ].join('\n    ');
    await mkdir(path.dirname(file), { recursive: true });
    const document = fillTemplate(template, head, html, entry.documentLanguage(pathname));
    await writeFile(file, await withPageStyle(withHydrationMode(document, hydration), css, sheet));
    written.push(file);
  }

  for (const route of entry.pageRoutes) {
    await renderTo(outputFileFor(outDir, route.path), route.path, route);
  }
  for (const { probe, file } of notFoundPages) await renderTo(path.join(outDir, file), probe, undefined);
  // Every page now declares the first paint's faces inline; the whole sheet, loaded after
  // that paint, must not declare them again (critical-css.ts).
  await writeFile(path.join(outDir, sheet.href), withoutFirstPaintFontFaces(css));

  await writeFile(path.join(outDir, 'sitemap.xml'), sitemapXml(entry.siteUrl, entry.pageRoutes));
  await writeFile(path.join(outDir, 'robots.txt'), robotsTxt(entry.siteUrl));
  await writeFeed(outDir, entry.siteUrl);
  await writeHostConfig(outDir, entry.supabaseUrl, written);
  // The manifest was only needed here; it is not part of the site.
  await rm(path.join(outDir, '.vite'), { recursive: true, force: true });
  return written;
}

/** `_headers`, `_redirects` and nginx's headers for the static host, with a CSP that fits the pages just written. */
async function writeHostConfig(outDir: string, supabaseUrl: string, htmlFiles: readonly string[]): Promise<void> {
  const pages = await Promise.all(htmlFiles.map((file) => readFile(file, 'utf8')));
  const csp = contentSecurityPolicy({ supabaseUrl, scriptHashes: inlineScriptHashes(pages) });
  await writeFile(path.join(outDir, '_headers'), headersFile(csp));
  await writeFile(path.join(outDir, '_redirects'), redirectsFile());
  await writeFile(path.join(outDir, 'nginx-security-headers.conf'), nginxSecurityHeadersFile(csp));
}
