import { HEAD_MARKER } from '@/app/head/head-marker';
import { heroImageSources } from '@/lib/hero-image';
import { defaultLanguage, languageOfPath, languages, languageTags, ogLocales, type Language } from '@/lib/language';
import { blogPath, findPageRoute, type PageId, type PageRoute } from '@/lib/route-table';
import { absoluteUrl } from '@/app/head/site-config';
import { articleJsonLd, practiceJsonLd } from '@/app/head/structured-data';
import { articleBySlug } from '@/content/article-index';
import { articleCategoriesCopy } from '@/content/article-categories';
import { pageMetaCopy, type PageMeta } from '@/content/page-meta';
import { practice } from '@/content/practice';
import { escapeHtml } from '@domain/html';

/**
 * The per-page <head>: described once as data, serialised to HTML by the prerender step
 * and applied to the live document on client-side navigation. Every managed element
 * carries `data-page-head`, so a navigation replaces exactly the previous page's set.
 */
export interface HeadElement {
  tag: 'title' | 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

/** What <head> says for a registered page whose title and description are not yet written. */
export const missingPageMetaMessage = (id: string) => `Page ${id} has no title and description in src/content/page-meta.ts`;

/** A page's title and description: its registry entry's, or for the blog's pages, from the articles. */
export function pageMeta(route: PageRoute | undefined, language: Language = route?.language ?? defaultLanguage): PageMeta {
  const { notFoundMeta, sitePageMeta } = pageMetaCopy[language];
  if (!route) return notFoundMeta;
  if (route.slug !== undefined) {
    const { title, excerpt } = articleBySlug(route.slug, language);
    return { title, description: excerpt };
  }
  if (route.category !== undefined) {
    const { categoryLabels, blogCategoryPages } = articleCategoriesCopy[language];
    return { title: `Blog: ${categoryLabels[route.category]}`, description: blogCategoryPages[route.category] };
  }
  const meta = sitePageMeta[route.id as PageId] as PageMeta | undefined;
  if (!meta) throw new Error(missingPageMetaMessage(route.id));
  return meta;
}

/** "Blog – Ruhepol Schlafberatung"; the home page leads with the practice name. */
export function documentTitle(route: PageRoute | undefined, language?: Language): string {
  const { title } = pageMeta(route, language);
  if (route?.id === 'home') return `${practice.name} – ${title}`;
  return `${title} – ${practice.name}`;
}

/** The blog's Atom feed, written by the prerender step (scripts/articles/atom-feed.ts). */
export const BLOG_FEED = { path: '/blog/feed.xml', title: `Blog – ${practice.name}` } as const;

export function headElementsFor(pathname: string): HeadElement[] {
  const route: PageRoute | undefined = findPageRoute(pathname);
  // An unknown path answers in the language its path names (the English 404 page under /en/).
  const language = route?.language ?? languageOfPath(pathname);
  const title = documentTitle(route, language);
  const { description } = pageMeta(route, language);
  const article = route?.slug === undefined ? undefined : articleBySlug(route.slug, language);
  const elements: HeadElement[] = [
    { tag: 'title', attrs: {}, text: title },
    { tag: 'meta', attrs: { name: 'description', content: description } },
    { tag: 'meta', attrs: { property: 'og:type', content: article ? 'article' : 'website' } },
    { tag: 'meta', attrs: { property: 'og:locale', content: ogLocales[language] } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: practice.name } },
    { tag: 'meta', attrs: { property: 'og:title', content: title } },
    { tag: 'meta', attrs: { property: 'og:description', content: description } },
    { tag: 'meta', attrs: { property: 'og:image', content: absoluteUrl('/media/og-image.jpg') } },
    { tag: 'meta', attrs: { property: 'og:image:width', content: '1200' } },
    { tag: 'meta', attrs: { property: 'og:image:height', content: '630' } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
  ];
  if (route?.heroImage) {
    // The page's largest paint: the hero image its registry entry names and its Hero renders.
    const hero = heroImageSources(route.heroImage);
    elements.push({
      tag: 'link',
      attrs: {
        rel: 'preload',
        as: 'image',
        href: hero.src,
        imagesrcset: hero.srcSet,
        imagesizes: hero.sizes,
        fetchpriority: 'high',
      },
    });
  }
  if (route) {
    elements.push(
      { tag: 'link', attrs: { rel: 'canonical', href: absoluteUrl(route.path) } },
      { tag: 'meta', attrs: { property: 'og:url', content: absoluteUrl(route.path) } },
    );
  }
  if (route && !route.unlisted) elements.push(...alternateLinks(route));
  if (!route || route.unlisted) {
    // An unknown path is not a page, and an unlisted one is only for whoever got its link
    // by e-mail: keep both out of search results.
    elements.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
  }
  if (route && article) {
    elements.push(
      { tag: 'meta', attrs: { property: 'article:published_time', content: article.date } },
      { tag: 'meta', attrs: { property: 'article:section', content: articleCategoriesCopy[language].categoryLabels[article.category] } },
      { tag: 'script', attrs: { type: 'application/ld+json' }, text: JSON.stringify(articleJsonLd(article, route.path)) },
    );
  }
  if (route?.path.startsWith(blogPath('de'))) {
    // Feed readers find the blog's feed from any of its pages.
    elements.push({ tag: 'link', attrs: { rel: 'alternate', type: 'application/atom+xml', title: BLOG_FEED.title, href: BLOG_FEED.path } });
  }
  if (route?.id === 'home') {
    elements.push({
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      text: JSON.stringify(practiceJsonLd(language)),
    });
  }
  return elements;
}


/**
 * The page in each of its languages, itself included, and x-default (the German one), as
 * search engines expect of every page of a pair (Google Search Central, "Localized
 * versions of your page"); the other language's og:locale too. A page without a pair
 * names only itself.
 */
function alternateLinks(route: PageRoute): HeadElement[] {
  const pairs = languages.flatMap((language) => {
    const path = route.alternates[language];
    return path ? [{ language, path }] : [];
  });
  if (pairs.length < 2) return [];
  const german = route.alternates[defaultLanguage];
  return [
    ...pairs.map(({ language, path }): HeadElement => ({
      tag: 'link',
      attrs: { rel: 'alternate', hreflang: languageTags[language], href: absoluteUrl(path) },
    })),
    ...(german ? [{ tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: absoluteUrl(german) } } satisfies HeadElement] : []),
    ...pairs
      .filter(({ language }) => language !== route.language)
      .map(({ language }): HeadElement => ({ tag: 'meta', attrs: { property: 'og:locale:alternate', content: ogLocales[language] } })),
  ];
}

/** `<html lang>` of a page: the language its path names. */
export function documentLanguage(pathname: string): string {
  return languageTags[languageOfPath(pathname)];
}

/** HTML for the prerendered page. JSON-LD is escaped so "</script>" in data cannot end the block. */
export function renderHeadHtml(elements: HeadElement[]): string {
  return elements
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries({ ...attrs, [HEAD_MARKER]: '' })
        .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
        .join('');
      if (tag === 'meta' || tag === 'link') return `<${tag}${attributes}>`;
      const body = tag === 'script' ? (text ?? '').replace(/</g, '\\u003c') : escapeHtml(text ?? '');
      return `<${tag}${attributes}>${body}</${tag}>`;
    })
    .join('\n    ');
}

/** Replaces the managed head elements of the live document (client-side navigation), and its `<html lang>`. */
export function applyHead(doc: Document, elements: HeadElement[], lang?: string): void {
  doc.head.querySelectorAll(`[${HEAD_MARKER}]`).forEach((node) => node.remove());
  for (const { tag, attrs, text } of elements) {
    if (tag === 'link' && attrs.rel === 'preload') continue; // only useful on first load
    const node = doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    node.setAttribute(HEAD_MARKER, '');
    if (text !== undefined) node.textContent = text;
    doc.head.appendChild(node);
  }
  const title = elements.find((e) => e.tag === 'title')?.text;
  if (title !== undefined) doc.title = title;
  if (lang !== undefined) doc.documentElement.lang = lang;
}
