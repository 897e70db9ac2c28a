import { describe, expect, it } from 'vitest';
import { applyHead, headElementsFor, renderHeadHtml, type HeadElement } from '@/app/head/head';
import { isListed, pageRoutes } from '@/lib/route-table';
import { languages, languageTags, ogLocales } from '@/lib/language';
import { notFoundMeta as englishNotFound } from '@/content/en/page-meta';
import { serviceCatalog } from '@domain/catalog';

const listedPageRoutes = pageRoutes.filter(isListed);

const attr = (elements: HeadElement[], match: Record<string, string>, name: string) =>
  elements.find((e) => Object.entries(match).every(([k, v]) => e.attrs[k] === v))?.attrs[name];

describe('page head', () => {
  it.each(pageRoutes.map((r) => [r.path]))('%s has its own title, description, canonical URL and Open Graph tags', (path) => {
    const head = headElementsFor(path);
    const title = head.find((e) => e.tag === 'title')?.text;
    expect(title).toMatch(/Ruhepol Schlafberatung/);
    const description = attr(head, { name: 'description' }, 'content');
    // A search result shows a listed page's description: long enough to say something. An
    // unlisted page (noindex: the link pages) is in no search result; it only needs one.
    const listed = listedPageRoutes.some((route) => route.path === path);
    expect(description?.length).toBeGreaterThan(listed ? 60 : 20);
    expect(attr(head, { rel: 'canonical' }, 'href')).toBe(`https://www.ruhepol-schlafberatung.ch${path}`);
    expect(attr(head, { property: 'og:title' }, 'content')).toBe(title);
    expect(attr(head, { property: 'og:description' }, 'content')).toBe(description);
    expect(attr(head, { property: 'og:url' }, 'content')).toBe(`https://www.ruhepol-schlafberatung.ch${path}`);
    expect(attr(head, { property: 'og:image' }, 'content')).toMatch(/^https:\/\/.+\/media\/og-image\.jpg$/);
    const language = pageRoutes.find((route) => route.path === path)!.language;
    expect(attr(head, { property: 'og:locale' }, 'content')).toBe(ogLocales[language]);
  });

  it.each(languages)('gives every page in %s a different title and description', (language) => {
    const routes = pageRoutes.filter((r) => r.language === language);
    const titles = routes.map((r) => headElementsFor(r.path).find((e) => e.tag === 'title')?.text);
    const descriptions = routes.map((r) => attr(headElementsFor(r.path), { name: 'description' }, 'content'));
    expect(new Set(titles).size).toBe(routes.length);
    expect(new Set(descriptions).size).toBe(routes.length);
  });

  it.each(listedPageRoutes.map((r) => [r.path, r] as const))('%s names its pair in the other language, itself and x-default, and the pair names it back', (path, route) => {
    const links = (at: string) =>
      Object.fromEntries(
        headElementsFor(at)
          .filter((e) => e.attrs.rel === 'alternate' && e.attrs.hreflang)
          .map((e) => [e.attrs.hreflang, e.attrs.href]),
      );
    const site = 'https://www.ruhepol-schlafberatung.ch';
    const pair = route.alternates[route.language === 'de' ? 'en' : 'de'];
    // Every page of the site has its pair (an article without a translation would have none).
    expect(pair, path).toBeDefined();
    const expected = {
      [languageTags.de]: `${site}${route.alternates.de}`,
      [languageTags.en]: `${site}${route.alternates.en}`,
      'x-default': `${site}${route.alternates.de}`,
    };
    expect(links(path)).toEqual(expected);
    expect(links(pair!)).toEqual(expected);
  });

  it('answers an unknown path under /en/ in English, as its own 404 page', () => {
    const head = headElementsFor('/en/does-not-exist');
    expect(head.find((e) => e.tag === 'title')?.text).toContain(englishNotFound.title);
    expect(attr(head, { property: 'og:locale' }, 'content')).toBe(ogLocales.en);
    expect(attr(head, { name: 'robots' }, 'content')).toBe('noindex');
  });

  it('preloads the hero image of the page as its largest paint', () => {
    const head = headElementsFor('/blog');
    expect(head).toContainEqual(
      expect.objectContaining({
        tag: 'link',
        attrs: expect.objectContaining({ rel: 'preload', as: 'image', href: '/media/hero-blog.webp', fetchpriority: 'high' }),
      }),
    );
  });

  it('describes the practice as a LocalBusiness on the home page only', () => {
    const script = headElementsFor('/').find((e) => e.tag === 'script');
    const data = JSON.parse(script!.text!);
    expect(data['@type']).toBe('HealthAndBeautyBusiness');
    expect(data.address).toMatchObject({ streetAddress: 'Birmensdorferstrasse 42', postalCode: '8142', addressLocality: 'Uitikon' });
    expect(data.telephone).toBe('+41445552780');
    expect(data.email).toMatch(/@/);
    const offers = data.hasOfferCatalog.itemListElement;
    // The services and prices of the catalog, in its order; a service without a fixed price has none.
    expect(offers.map((o: { itemOffered: { name: string } }) => o.itemOffered.name)).toEqual(serviceCatalog.map((service) => service.label));
    expect(offers.map((o: { price?: string }) => o.price)).toEqual(serviceCatalog.map((service) => service.priceChf?.toFixed(2)));
    expect(headElementsFor('/blog').some((e) => e.tag === 'script')).toBe(false);
  });

  it('lets search engines index every listed page', () => {
    for (const { path } of listedPageRoutes) expect(attr(headElementsFor(path), { name: 'robots' }, 'content'), path).toBeUndefined();
  });

  it('keeps the unlisted action page out of search results, without a hero to preload', () => {
    const head = headElementsFor('/termin/aktion');
    expect(attr(head, { name: 'robots' }, 'content')).toBe('noindex');
    expect(head.find((e) => e.tag === 'title')?.text).toBe('Terminanfrage – Ruhepol Schlafberatung');
    expect(head.some((e) => e.attrs.rel === 'preload')).toBe(false);
    expect(head.some((e) => e.tag === 'script')).toBe(false);
  });

  it('keeps an unknown path out of search results and gives it no canonical URL', () => {
    const head = headElementsFor('/gibt-es-nicht');
    expect(attr(head, { name: 'robots' }, 'content')).toBe('noindex');
    expect(head.some((e) => e.attrs.rel === 'canonical')).toBe(false);
    expect(head.find((e) => e.tag === 'title')?.text).toMatch(/Seite nicht gefunden/);
  });

  it('escapes text so content cannot break out of the head markup', () => {
    const html = renderHeadHtml([
      { tag: 'title', attrs: {}, text: 'A & B <script>' },
      { tag: 'meta', attrs: { name: 'description', content: 'Say "hi"' } },
      { tag: 'script', attrs: { type: 'application/ld+json' }, text: '{"a":"</script><script>alert(1)</script>"}' },
    ]);
    expect(html).toContain('<title data-page-head>A &amp; B &lt;script&gt;</title>');
    expect(html).toContain('content="Say &quot;hi&quot;"');
    expect(html).not.toContain('</script><script>');
  });

  it('replaces the previous page’s head tags on client-side navigation', () => {
    applyHead(document, headElementsFor('/'));
    applyHead(document, headElementsFor('/blog'));
    expect(document.title).toMatch(/^Blog/);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.ruhepol-schlafberatung.ch/blog');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
  });
});
