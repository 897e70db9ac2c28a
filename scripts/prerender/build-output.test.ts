// @vitest-environment node
/**
 * Builds the site into a temporary folder, exactly as `npm run build` does, and checks
 * what a static host would serve: a complete HTML file per route.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import type { Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isListed, pageRoutes } from '../../src/lib/route-table.ts';
import { HYDRATION_ATTRIBUTE } from '../../src/lib/hydration-mode.ts';
import { ISLAND_ATTRIBUTE } from '../../src/components/islands/island-attributes.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY } from '../stack/local-config.ts';
import { buildForHost, HOSTED_PUBLISHABLE_KEY, HOSTED_URL } from './hosted-build.ts';
import { createStaticServer } from '../static-server.ts';
import { FIRST_SCREEN_END_ATTRIBUTE } from '../../src/lib/first-screen.ts';

import { parseFeed } from '@rowanmanning/feed-parser';
import { articlesIn, blogArticles } from '../../src/content/article-index.ts';
import { blogCopy } from '../../src/content/blog.ts';
import { newsletterCopy } from '../../src/content/newsletter.ts';
import { privacyCopy } from '../../src/content/privacy.ts';
import { homePage } from '../../src/content/home.ts';
import { homeCopy } from '../../src/content/home.ts';
import { legalNoticeCopy } from '../../src/content/legal-notice.ts';
import { contactCopy } from '../../src/content/contact.ts';
import { sleepCounsellingCopy } from '../../src/content/sleep-counselling.ts';
import { appointmentCopy } from '../../src/content/appointment.ts';
import { appointmentActionCopy, appointmentActionPage } from '../../src/content/appointment-action.ts';
import { myDataPage, myDataCopy } from '../../src/content/my-data.ts';
import { sleepDiaryCopy, sleepDiaryPage } from '../../src/content/sleep-diary.ts';
import { aboutCopy } from '../../src/content/about.ts';
import { uiTextCopy } from '../../src/content/ui-text.ts';
import { onlyIn } from '../../src/content/all-copy.ts';
import { practiceContact } from '../../supabase/functions/_shared/domain/practice.ts';
import { languages, languageTags, type Language } from '../../src/lib/language.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** A message React Router keeps in its production code: a file with it carries the router. */
const ROUTER_MARK = 'may be used only in the context of a <Router> component';
const run = promisify(execFile);
let outDir: string;

const listedPageRoutes = pageRoutes.filter(isListed);
/** Each page's main heading in each language, from that language's copy. */
function mainHeadings(language: Language): Record<string, string> {
  const pathOf = (id: string) =>
    pageRoutes.find((route) => route.id === id && route.language === language)!.path;
  const blog = blogCopy[language].blogPage;
  return {
    [pathOf('home')]: homeCopy[language].homePage.hero.title,
    [pathOf('schlafberatung')]: sleepCounsellingCopy[language].sleepCounsellingPage.hero.title,
    [pathOf('uber-uns')]: aboutCopy[language].aboutPage.hero.title,
    [pathOf('kontakt')]: contactCopy[language].contactPage.hero.title,
    [pathOf('termin-vereinbaren')]: appointmentCopy[language].appointmentPage.hero.title,
    [pathOf('blog')]: blog.hero.title,
    [pathOf('impressum')]: legalNoticeCopy[language].legalNoticePage.hero.title,
    [pathOf('datenschutz')]: privacyCopy[language].privacyPage.hero.title,
    // Prerendered before any request is read (the token is in the fragment): the neutral loading state.
    [pathOf('termin-aktion')]: appointmentActionCopy[language].appointmentActionPage.loading.headline,
    [pathOf('newsletter-bestaetigen')]: newsletterCopy[language].newsletterLinkPages.confirm.title,
    [pathOf('newsletter-abmelden')]: newsletterCopy[language].newsletterLinkPages.unsubscribe.title,
    [pathOf('meine-daten')]: myDataCopy[language].myDataPage.title,
    [pathOf('schlaftagebuch')]: sleepDiaryCopy[language].sleepDiaryPage.title,
    // The filtered lists are the blog page; an article's heading is its title.
    ...Object.fromEntries(pageRoutes.filter((r) => r.category && r.language === language).map((r) => [r.path, blog.hero.title])),
    ...Object.fromEntries(articlesIn(language).map((a) => [pageRoutes.find((r) => r.slug === a.slug && r.language === language)!.path, a.title])),
  };
}
const mainHeading: Record<string, string> = { ...mainHeadings('de'), ...mainHeadings('en') };
const languageOfRoute = (route: string) => pageRoutes.find((r) => r.path === route)!.language;

const htmlOf = (route: string) => readFile(path.join(outDir, route, 'index.html'), 'utf8');
const textOf = (html: string) => html.replace(/<!-- -->|\u00ad|&shy;/g, '').replace(/&amp;/g, '&').replace(/&#x27;/g, "'");
const h1Of = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'site-build-'));
  await buildForHost(outDir);
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('npm run build', () => {
  it.each(pageRoutes.map((r) => [r.path]))('writes %s as a complete HTML page', async (route) => {
    const html = await htmlOf(route);
    const language = languageOfRoute(route);
    expect(html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${languageTags[language]}">`));
    expect(html).toMatch(/<title data-page-head>[^<]*Ruhepol Schlafberatung[^<]*<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="https://www.ruhepol-schlafberatung.ch${route}"`);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(textOf(h1Of(html) ?? '')).toBe(mainHeading[route]);
    // Header and footer are part of the static page, not added later by JavaScript.
    expect(html).toContain(uiTextCopy[language].uiText.header.bookingCta);
    expect(html).toContain('© <!-- -->2025');
    // No inline scripts other than JSON-LD data, index.html's choice of fonts and the page
    // starter (allowed by their hashes): the site runs under a strict CSP.
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g) ?? [];
    expect(inlineScripts).toHaveLength(2);
    expect(inlineScripts[0]).toContain("classList.add('web-fonts')");
    // Nothing script-like is requested before the largest paint: the starter requests the
    // entry and the web manifest after it (src/app/starter/page-starter.ts).
    expect(inlineScripts[1]).toMatch(/^<script data-entry="\/assets\/index-[\w-]+\.js" data-manifest="\/site\.webmanifest">/);
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).not.toMatch(/<link rel="manifest"/);
    // The favicon is in the page, as the file /favicon.svg draws it: not a request of its own.
    const icon = /<link rel="icon" href="data:image\/svg\+xml,([^"]+)" type="image\/svg\+xml">/.exec(html)?.[1];
    expect(decodeURIComponent(icon ?? '').replace(/'/g, '"')).toBe((await readFile(path.join(outDir, 'favicon.svg'), 'utf8')).trim());
    expect(html.replace(/<template[\s\S]*?<\/template>/, '')).not.toContain('modulepreload');
    // The style its markup uses, allowed by the page's own policy, and the whole sheet for later.
    const style = /<meta http-equiv="Content-Security-Policy" content="style-src 'self' ('sha256-[\w+/=]+')">\s*<style>([\s\S]*?)<\/style>/.exec(html);
    expect(style?.[1]).toBe(`'sha256-${createHash('sha256').update(style?.[2] ?? '').digest('base64')}'`);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/index-[\w-]+\.css" type="text\/x-after-first-paint">/);
    expect(html).not.toMatch(/rel="preload"[^>]*as="font"/);
  });

  it('gives a page whose style covers only its first screen the whole sheet for a browser without JavaScript, and only such a page', async () => {
    const marked: string[] = [];
    for (const route of pageRoutes) {
      const html = await htmlOf(route.path);
      const noscript = html.match(/<noscript><link rel="stylesheet" href="\/assets\/index-[\w-]+\.css"><\/noscript>/g) ?? [];
      expect(noscript, route.path).toHaveLength(html.includes(`${FIRST_SCREEN_END_ATTRIBUTE}=""`) ? 1 : 0);
      if (noscript.length > 0) marked.push(route.path);
    }
    expect(marked).toEqual(['/schlafberatung', '/en/sleep-counselling']);
  });

  it('writes every page under its own route, and the 404 page', async () => {
    const files = [...pageRoutes.map((r) => path.join(r.path, 'index.html')), '404.html'];
    for (const file of files) expect((await stat(path.join(outDir, file))).isFile()).toBe(true);
    expect(await readFile(path.join(outDir, 'en/404.html'), 'utf8')).toMatch(/^<!doctype html>\s*<html lang="en-CH">/);
    const notFound = await readFile(path.join(outDir, '404.html'), 'utf8');
    expect(notFound).toContain('Oops! Page not found');
    expect(notFound).toContain('<meta name="robots" content="noindex"');
  });

  it('writes the appointment action page with noindex, its loading state and no hero; every listed page is indexable', async () => {
    const html = await htmlOf('/termin/aktion');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toContain(appointmentActionPage.loading.text);
    expect(html).not.toMatch(/rel="preload"[^>]*as="image"/);
    expect(/<main[\s\S]*<\/main>/.exec(html)?.[0]).not.toContain('<img');
    for (const route of listedPageRoutes) expect(await htmlOf(route.path), route.path).not.toContain('name="robots"');
  });

  it('writes «Meine Daten» with noindex, out of the sitemap, and no data in it (the token is in the fragment)', async () => {
    const html = await htmlOf('/meine-daten');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(textOf(html)).toContain(myDataPage.outOfReach);
    expect(textOf(/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '')).not.toContain(myDataPage.dataTitle);
    expect(await readFile(path.join(outDir, 'sitemap.xml'), 'utf8')).not.toContain('/meine-daten');
  });

  it('writes the sleep diary with noindex, out of the sitemap, in its loading state (the token is in the fragment)', async () => {
    const html = await htmlOf('/schlaftagebuch');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(textOf(html)).toContain(sleepDiaryPage.loading);
    expect(textOf(/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '')).not.toContain(sleepDiaryPage.consent.checkbox);
    expect(await readFile(path.join(outDir, 'sitemap.xml'), 'utf8')).not.toContain('/schlaftagebuch');
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

  describe('the blog', () => {
    const headAttr = (html: string, key: string, name: string) =>
      new RegExp(`<meta ${key}="${name}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
    const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;

    it.each(blogArticles.map((a) => [a.slug, a] as const))('prerenders /blog/%s with its own metadata, BlogPosting data and its whole text', async (slug, article) => {
      const html = await htmlOf(`/blog/${slug}`);
      const url = `https://www.ruhepol-schlafberatung.ch/blog/${slug}`;
      expect(html).toContain(`<link rel="canonical" href="${url}"`);
      expect(headAttr(html, 'name', 'description')).toBe(article.excerpt);
      expect(headAttr(html, 'property', 'og:type')).toBe('article');
      expect(headAttr(html, 'property', 'og:title')).toBe(`${article.title} – Ruhepol Schlafberatung`);
      expect(headAttr(html, 'property', 'og:url')).toBe(url);
      expect(headAttr(html, 'property', 'article:published_time')).toBe(article.date);
      expect(jsonLdOf(html)).toMatchObject({
        '@type': 'BlogPosting',
        headline: article.title,
        datePublished: article.date,
        author: { '@type': 'Person', name: article.author },
        mainEntityOfPage: url,
        publisher: { '@id': 'https://www.ruhepol-schlafberatung.ch/#praxis' },
      });
      // The text is in the page itself (readable without JavaScript), with its sections and sources.
      const main = /<main[\s\S]*<\/main>/.exec(html)![0];
      expect(main.match(/<h2>/g)?.length).toBeGreaterThanOrEqual(3);
      expect(main).toContain('<h2>Quellen</h2>');
      const words = textOf(main.replace(/<[^>]+>/g, ' ')).split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
      expect(words).toBeGreaterThan(600);
      expect(textOf(main.replace(/<[^>]+>/g, ''))).toContain(`Lesezeit: ${article.readMinutes} Min.`);
      expect(main).toContain('href="/termin-vereinbaren"');
      expect(html).not.toMatch(/rel="preload"[^>]*as="image"/);
    });

    it('writes the filtered lists as pages of their own, each with only its category', async () => {
      for (const category of ['Gesundheit', 'Beratung', 'Tipps', 'Technologie']) {
        const html = await htmlOf(`/blog/kategorie/${category.toLowerCase()}`);
        const expected = blogArticles.filter((a) => a.category === category);
        for (const article of blogArticles) {
          expect(html.includes(`href="/blog/${article.slug}"`), `${category}: ${article.slug}`).toBe(expected.includes(article));
        }
        expect(html).toMatch(new RegExp(`aria-current="page"[^>]*>${category}<`));
      }
    });

    it('writes an Atom feed of every article, newest first, that a feed parser reads', async () => {
      const xml = await readFile(path.join(outDir, 'blog/feed.xml'), 'utf8');
      const feed = parseFeed(xml);
      expect(feed.meta.type).toBe('atom');
      expect(feed.title).toBe('Blog – Ruhepol Schlafberatung');
      expect(feed.items.map((item) => item.url)).toEqual(blogArticles.map((a) => `https://www.ruhepol-schlafberatung.ch/blog/${a.slug}`));
      for (const [index, item] of feed.items.entries()) {
        const article = blogArticles[index]!;
        expect(item.title).toBe(article.title);
        expect(item.description).toBe(article.excerpt);
        expect(item.authors.map((author) => author.name)).toEqual([article.author]);
        expect(item.published?.toISOString().slice(0, 10)).toBe(new Date(`${article.date}T00:00:00+01:00`).toISOString().slice(0, 10));
        expect(item.content).toContain('<h2>');
      }
      expect(await htmlOf('/blog')).toContain('<link rel="alternate" type="application/atom+xml" title="Blog – Ruhepol Schlafberatung" href="/blog/feed.xml"');
    });
  });

  it('lists every German page with its English pair in sitemap.xml, each naming the other, and both pages name the pair in <head>', async () => {
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    const site = 'https://www.ruhepol-schlafberatung.ch';
    const entryOf = (route: string) => new RegExp(`<url><loc>${site}${route}</loc>(.*?)</url>`).exec(sitemap)?.[1] ?? '';
    const german = listedPageRoutes.filter((route) => route.language === 'de');
    expect(german.length).toBeGreaterThan(10);
    for (const route of german) {
      const english = route.alternates.en;
      expect(english, `${route.path} has an English pair`).toBeDefined();
      const links = [
        `<xhtml:link rel="alternate" hreflang="de-CH" href="${site}${route.path}"/>`,
        `<xhtml:link rel="alternate" hreflang="en-CH" href="${site}${english}"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${site}${route.path}"/>`,
      ];
      expect(entryOf(route.path), route.path).toBe(links.join(''));
      expect(entryOf(english!), english).toBe(links.join(''));
      for (const page of [route.path, english!]) {
        const html = await htmlOf(page);
        expect(html, page).toContain(`<link rel="alternate" hreflang="de-CH" href="${site}${route.path}" data-page-head>`);
        expect(html, page).toContain(`<link rel="alternate" hreflang="en-CH" href="${site}${english}" data-page-head>`);
        expect(html, page).toContain(`<link rel="alternate" hreflang="x-default" href="${site}${route.path}" data-page-head>`);
      }
    }
  });

  it.each(pageRoutes.map((r) => [r.path, r.language] as const))('%s shows no text of the other language’s copy', async (route, language) => {
    const other = languages.find((candidate) => candidate !== language)!;
    const html = await htmlOf(route);
    // What a reader sees: the body's text, without scripts, templates and the islands' props.
    const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)![1]!
      .replace(/<(script|template|style)[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, '\n');
    const text = textOf(body).replace(/&quot;/g, '"').replace(/&nbsp;/g, '\u00a0').replace(/[ \t]+/g, ' ');
    // The practice's name is a name in both languages («Schlafberatung» in the logo).
    const foreign = onlyIn(other).filter((candidate) => !practiceContact.name.includes(candidate));
    // A short text counts where it is all of an element's text (a label, a button); a longer one anywhere
    // (a short word may also occur in the other language, e.g. an English title quoted in a German article).
    const nodes = new Set(text.split('\n').map((node) => node.trim()));
    const shown = (candidate: string) => (candidate.length >= 20 ? text.includes(candidate) : nodes.has(candidate));
    expect(foreign.filter(shown)).toEqual([]);
  });

  it('writes sitemap.xml with every listed page, not the unlisted one, and robots.txt pointing to it', async () => {
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    for (const route of listedPageRoutes) {
      expect(sitemap).toContain(`<loc>https://www.ruhepol-schlafberatung.ch${route.path}</loc>`);
    }
    expect(sitemap.match(/<loc>/g)).toHaveLength(listedPageRoutes.length);
    expect(sitemap).not.toContain('/termin/aktion');
    expect(sitemap).not.toContain('/newsletter/');
    expect(sitemap).toContain('<loc>https://www.ruhepol-schlafberatung.ch/blog/kissen-schlafposition</loc>');
    const robots = await readFile(path.join(outDir, 'robots.txt'), 'utf8');
    expect(robots).toContain('Sitemap: https://www.ruhepol-schlafberatung.ch/sitemap.xml');
  });

  it('splits the JavaScript per route and preloads only the current page’s chunk', async () => {
    const assets = await readdir(path.join(outDir, 'assets'));
    expect(assets.filter((f) => /^blog-page-.*\.js$/.test(f))).toHaveLength(1);
    const contact = await htmlOf('/kontakt');
    expect(contact).toMatch(/modulepreload[^>]+contact-page-/);
    expect(contact).not.toMatch(/modulepreload[^>]+blog-page-/);
  });

  const islandsRoutes = pageRoutes.filter((route) => route.hydration === 'islands').map((route) => route.path);
  const appRoutes = pageRoutes.filter((route) => route.hydration !== 'islands').map((route) => route.path);

  it('hydrates the home page, the legal pages, «Über uns» and the articles by their islands alone', () => {
    expect(islandsRoutes).toEqual(expect.arrayContaining(['/', '/uber-uns', '/impressum', '/datenschutz', ...blogArticles.map((a) => `/blog/${a.slug}`)]));
    expect(appRoutes).toEqual(expect.arrayContaining(['/kontakt', '/termin-vereinbaren', '/blog', '/termin/aktion', '/meine-daten', '/schlaftagebuch']));
  });

  it.each(islandsRoutes)('%s loads React and its islands, without the router or the page’s own chunk', async (route) => {
    const html = await htmlOf(route);
    expect(html).toContain(`<div id="root" ${HYDRATION_ATTRIBUTE}="islands">`);
    expect(html).toContain(`${ISLAND_ATTRIBUTE}="site-header"`);
    const files = await staticScriptClosure(html);
    expect(files.some((file) => /start-islands-/.test(file))).toBe(true);
    for (const file of files) {
      expect(file).not.toMatch(/start-client-|-page-/);
      expect(await readFile(path.join(outDir, file), 'utf8'), file).not.toContain(ROUTER_MARK);
    }
  });

  it.each(appRoutes)('%s hydrates the whole app, router included', async (route) => {
    const html = await htmlOf(route);
    expect(html).toContain('<div id="root">');
    const files = await staticScriptClosure(html);
    const code = await Promise.all(files.map((file) => readFile(path.join(outDir, file), 'utf8')));
    expect(code.some((text) => text.includes(ROUTER_MARK))).toBe(true);
  });

  it('does not ship the build manifest', async () => {
    await expect(stat(path.join(outDir, '.vite'))).rejects.toThrow();
  });

  it.each(['/', '/termin/aktion'])('keeps the Supabase client out of what %s loads up front: its scripts and what they import', async (route) => {
    // The action page calls the function at once, but through the lazily loaded client chunk.
    const files = await staticScriptClosure(await htmlOf(route));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const code = await readFile(path.join(outDir, file), 'utf8');
      expect(code, file).not.toMatch(/GoTrueClient|FunctionsHttpError|supabase-js|rest\/v1|functions\/v1/);
    }
  });

  it.each(['/', '/schlafberatung', '/blog', '/kontakt', '/termin-vereinbaren'])(
    'keeps Radix Tooltip and Radix Toast out of what %s loads up front: they come on first use',
    async (route) => {
      // src/components/ui/tooltip.tsx and toaster.tsx import them with import("…") only.
      const files = await staticScriptClosure(await htmlOf(route));
      expect(files.length).toBeGreaterThan(1);
      for (const file of files) {
        const code = await readFile(path.join(outDir, file), 'utf8');
        expect(code, file).not.toMatch(/TooltipTrigger|ToastViewport|DismissableLayer/);
      }
    },
  );

  it('bundles the Supabase client as its own chunk, with the URL and key it was built with; auth-js apart, only on demand', async () => {
    const assets = await readdir(path.join(outDir, 'assets'));
    const scripts = await Promise.all(
      assets.filter((f) => f.endsWith('.js')).map(async (file) => ({ file, code: await readFile(path.join(outDir, 'assets', file), 'utf8') })),
    );
    // src/lib/supabase-lite.ts: PostgREST and the functions, what the site calls.
    const withClient = scripts.filter(({ code }) => code.includes('functions/v1') && code.includes('FunctionsHttpError'));
    expect(withClient.map(({ file }) => file)).toEqual([expect.stringMatching(/^supabase-lite-/)]);
    const client = withClient[0]!;
    // auth-js is a chunk of its own, only ever imported on demand by the client (with a stored session).
    const withAuth = scripts.filter(({ code }) => code.includes('GoTrueClient'));
    expect(withAuth).toHaveLength(1);
    const authFile = withAuth[0]!.file;
    expect(authFile).not.toBe(client.file);
    for (const { file, code } of scripts) {
      const mentions = code.split(`./${authFile}`).length - 1;
      if (file === client.file) expect(code, file).toContain(`import(\`./${authFile}\`)`);
      else expect(mentions, `${file} names ${authFile}`).toBe(0);
    }
    // supabase-js's realtime and storage clients are nowhere.
    for (const { file, code } of scripts) expect(code, file).not.toMatch(/realtime|RealtimeClient|StorageClient|storage\/v1/i);
    const all = scripts.map(({ code }) => code).join('\n');
    expect(all).toContain(HOSTED_URL);
    expect(all).toContain(HOSTED_PUBLISHABLE_KEY);
  });
});

describe('the static host configuration in dist/', () => {
  it('writes _headers with the security headers and a CSP naming only the site and its Supabase project', async () => {
    const headers = await readFile(path.join(outDir, '_headers'), 'utf8');
    const csp = /Content-Security-Policy: (.*)/.exec(headers)?.[1] ?? '';
    expect(csp).toContain(`connect-src 'self' ${HOSTED_URL}`);
    // Two inline scripts, the same on every page: the choice of fonts and the page starter.
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]+' 'sha256-[\w+/=]+';/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers).toContain('Strict-Transport-Security: max-age=31536000');
    expect(headers).toMatch(/\/assets\/\*\n\s+Cache-Control: public, max-age=31536000, immutable/);
    expect(await readFile(path.join(outDir, '_redirects'), 'utf8')).toMatch(/^\/\*\s+\/404\.html\s+404$/m);
  });
});

/**
 * A new connection's first round trip carries 10 segments of 1460 bytes (the initial
 * congestion window Lighthouse simulates), response headers included. A document that
 * needs more waits a whole round trip longer for its rest: about 0.15 s of LCP on the
 * simulated phone (docs/performance.md).
 */
const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** Everything the static server sends for `route` to a browser that accepts gzip: status line, headers and body. */
function bytesSent(port: number, route: string): Promise<{ status: number; total: number; headers: number; body: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const measure = () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end === -1) return undefined;
      const head = all.subarray(0, end + 4).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
      if (!(all.length >= end + 4 + length)) return undefined;
      return { status: Number(head.split(' ')[1]), total: end + 4 + length, headers: end + 4, body: length, encoding: /\r\ncontent-encoding: *(\S+)/i.exec(head)?.[1] };
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const result = measure();
      if (result) {
        socket.destroy();
        resolve(result);
      }
    });
    socket.on('error', reject);
    // What Chromium asks for a page (Lighthouse's runs): the headers a host answers with depend on little else.
    socket.write(`GET ${route} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/html\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('the first round trip', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createStaticServer(outDir);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // The preview server's HTTP/1.1 answer, as `npm run bench` measures it: _headers applied,
  // the build's gzip copy (Zopfli, precompress.ts) as the body. An HTTP/2 host compresses the headers.
  it.each([...pageRoutes.map((r) => r.path), '/ein-pfad-den-es-nicht-gibt'].map((route): [string] => [route]))(
    'sends %s with its headers inside one round trip of a new connection',
    async (route) => {
      const sent = await bytesSent(port, route);
      expect(sent.status).toBe(pageRoutes.some((r) => r.path === route) ? 200 : 404);
      expect(sent.encoding).toBe('gzip');
      expect(sent.total, `${sent.headers} bytes of headers + ${sent.body} bytes of gzipped HTML`).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
    },
  );

  it.each(listedPageRoutes.map((r) => [r.path]))('keeps %s as a gzip copy that unpacks to the page and is smaller than zlib’s best', async (route) => {
    const file = path.join(outDir, route, 'index.html');
    const [page, copy] = await Promise.all([readFile(file), readFile(`${file}.gz`)]);
    expect(gunzipSync(copy).equals(page)).toBe(true);
    expect(copy.length).toBeLessThan(gzipSync(page, { level: 9 }).length);
  });
});

describe('what dist/ must never contain', () => {
  it('holds no service-role key, no secret and no private URL in any file', async () => {
    const forbidden: Array<[string, RegExp]> = [
      ['the service-role key', new RegExp(LOCAL_SERVICE_ROLE_KEY.split('.')[1]!)],
      ['the secret key', new RegExp(LOCAL_SECRET_KEY)],
      // (Not a bare "sb_secret_": supabase-js itself names the prefix to tell key kinds apart.)
      ['a secret key of any project', /sb_secret_[A-Za-z0-9_-]{20,}/],
      // Built with the publishable key only: no legacy key is baked in beside it.
      ['the legacy anon key', new RegExp(LOCAL_ANON_KEY.split('.')[1]!)],
      ['the JWT secret', new RegExp(LOCAL_JWT_SECRET)],
      ['a service_role reference', /service_role|SERVICE_ROLE/],
      ["a mail or other secret's name", /RESEND_API_KEY|RATE_LIMIT_SALT|FORM_PROOF_SECRET|SMTP_URL/],
      ['a database URL', /postgres(ql)?:\/\//],
      // The local stack's addresses. (Libraries carry bare "http://localhost" defaults of their own.)
      ['a local stack address', /localhost:543\d\d|127\.0\.0\.1:\d|:5432\d/],
    ];
    const files = await listFiles(outDir);
    const textFiles = files.filter((f) => /\.(html|js|css|json|xml|txt|webmanifest|svg)$|\/_(headers|redirects)$/.test(f));
    expect(textFiles.length).toBeGreaterThan(20);
    for (const file of textFiles) {
      const text = await readFile(file, 'utf8');
      for (const [what, pattern] of forbidden) expect(pattern.test(text), `${what} in ${path.relative(outDir, file)}`).toBe(false);
    }
  });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
}

describe('a production build without a Supabase URL or key', () => {
  it('stops with a message that says what to set', async () => {
    const failed = await run('npx', ['vite', 'build', '--outDir', path.join(tmpdir(), 'never-written')], {
      cwd: root,
      env: { ...process.env, VITE_SUPABASE_URL: '', VITE_SUPABASE_PUBLISHABLE_KEY: '', VITE_SUPABASE_ANON_KEY: '' },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).not.toBe(0);
    expect(failed?.stderr).toContain('VITE_SUPABASE_URL and VITE_SUPABASE_PUBLISHABLE_KEY are not set');
    expect(failed?.stderr).toContain('VITE_SUPABASE_ANON_KEY');
  }, 60_000);
});

/** The JS files a page loads up front: its entry (as the page starter names it), modulepreloads and their static imports. */
async function staticScriptClosure(html: string): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/(?:src|href|data-entry)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(path.join(outDir, file), 'utf8');
    // Static imports only ("import{a}from"./x.js"" or "import"./x.js""); import("…") is loaded later, on demand.
    for (const match of code.matchAll(/(?:^|[;\s}])import(?:[^("'`]*?from)?\s*["']\.\/([^"']+\.js)["']/g)) {
      queue.push(`assets/${match[1]}`);
    }
  }
  return [...seen];
}
