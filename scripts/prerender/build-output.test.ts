// @vitest-environment node
/**
 * Builds the site into a temporary folder, exactly as `npm run build` does, and checks
 * what a static host would serve: a complete HTML file per route.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '../../src/app/route-table.ts';
import { blogPage } from '../../src/content/blog.ts';
import { datenschutzPage } from '../../src/content/datenschutz.ts';
import { homePage } from '../../src/content/home.ts';
import { impressumPage } from '../../src/content/impressum.ts';
import { kontaktPage } from '../../src/content/kontakt.ts';
import { schlafberatungPage } from '../../src/content/schlafberatung.ts';
import { terminPage } from '../../src/content/termin.ts';
import { uberUnsPage } from '../../src/content/uber-uns.ts';

const root = path.resolve(import.meta.dirname, '../..');
let outDir: string;

const mainHeading: Record<string, string> = {
  '/': homePage.hero.title,
  '/schlafberatung': schlafberatungPage.hero.title,
  '/uber-uns': uberUnsPage.hero.title,
  '/kontakt': kontaktPage.hero.title,
  '/termin-vereinbaren': terminPage.hero.title,
  '/blog': blogPage.hero.title,
  '/impressum': impressumPage.hero.title,
  '/datenschutz': datenschutzPage.hero.title,
};

const htmlOf = (route: string) => readFile(path.join(outDir, route, 'index.html'), 'utf8');
const textOf = (html: string) => html.replace(/<!-- -->/g, '').replace(/&amp;/g, '&').replace(/&#x27;/g, "'");
const h1Of = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'site-build-'));
  await promisify(execFile)('npx', ['tsx', 'scripts/build.ts', '--out-dir', outDir], { cwd: root });
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('npm run build', () => {
  it.each(pageRoutes.map((r) => [r.path]))('writes %s as a complete HTML page', async (route) => {
    const html = await htmlOf(route);
    expect(html).toMatch(/^<!doctype html>\s*<html lang="de-CH">/);
    expect(html).toMatch(/<title data-page-head>[^<]*Ruhepol Schlafberatung[^<]*<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="https://www.ruhepol-schlafberatung.ch${route}"`);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(textOf(h1Of(html) ?? '')).toBe(mainHeading[route]);
    // Header and footer are part of the static page, not added later by JavaScript.
    expect(html).toContain('Termin vereinbaren');
    expect(html).toContain('© <!-- -->2025');
    // No inline scripts other than JSON-LD data: the site runs under a strict CSP.
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g) ?? [];
    expect(inlineScripts).toEqual([]);
  });

  it('writes every page under its own route, and the 404 page', async () => {
    const files = [...pageRoutes.map((r) => path.join(r.path, 'index.html')), '404.html'];
    for (const file of files) expect((await stat(path.join(outDir, file))).isFile()).toBe(true);
    const notFound = await readFile(path.join(outDir, '404.html'), 'utf8');
    expect(notFound).toContain('Oops! Page not found');
    expect(notFound).toContain('<meta name="robots" content="noindex"');
  });

  it('puts the page content into the HTML, not only the shell', async () => {
    expect(textOf(await htmlOf('/'))).toContain(homePage.benefits.items[5].title);
    expect(textOf(await htmlOf('/blog'))).toContain('Lesen');
    expect(await htmlOf('/impressum')).toContain('CHE-');
  });

  it('embeds JSON-LD for the practice on the home page', async () => {
    const html = await htmlOf('/');
    const json = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)['@type']).toBe('HealthAndBeautyBusiness');
  });

  it('writes sitemap.xml with every page and robots.txt pointing to it', async () => {
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    for (const route of pageRoutes) {
      expect(sitemap).toContain(`<loc>https://www.ruhepol-schlafberatung.ch${route.path}</loc>`);
    }
    const robots = await readFile(path.join(outDir, 'robots.txt'), 'utf8');
    expect(robots).toContain('Sitemap: https://www.ruhepol-schlafberatung.ch/sitemap.xml');
  });

  it('splits the JavaScript per route and preloads only the current page’s chunk', async () => {
    const assets = await readdir(path.join(outDir, 'assets'));
    expect(assets.filter((f) => /^blog-page-.*\.js$/.test(f))).toHaveLength(1);
    const home = await htmlOf('/');
    expect(home).toMatch(/modulepreload[^>]+home-page-/);
    expect(home).not.toMatch(/modulepreload[^>]+blog-page-/);
  });

  it('does not ship the build manifest', async () => {
    await expect(stat(path.join(outDir, '.vite'))).rejects.toThrow();
  });
});
