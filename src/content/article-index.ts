/**
 * The blog's articles as the site knows them: the facts of every Markdown file in
 * src/content/articles (the `?meta` import is the front matter and the reading time,
 * without the text: scripts/articles/vite-articles.ts), newest first, and the description
 * of each category's list. Only Vite can list the files (import.meta.glob); Node scripts
 * read them with scripts/articles/article-source.ts. The English articles are in
 * src/content/articles/en.
 */
import type { Language } from '@/lib/language';
import { byPublication, type ArticleMeta } from './article-meta';

export const blogArticles: readonly ArticleMeta[] = Object.values(
  import.meta.glob<ArticleMeta>('/src/content/articles/*.md', { eager: true, query: '?meta', import: 'default' }),
).sort(byPublication);

/** The English articles (src/content/articles/en), newest first. */
export const englishArticles: readonly ArticleMeta[] = Object.values(
  import.meta.glob<ArticleMeta>('/src/content/articles/en/*.md', { eager: true, query: '?meta', import: 'default' }),
).sort(byPublication);

/** The blog's articles in a language. */
export function articlesIn(language: Language): readonly ArticleMeta[] {
  return language === 'en' ? englishArticles : blogArticles;
}

/** An article's facts by its slug and language (the page registry knows only the slug). */
export function articleBySlug(slug: string, language: Language = 'de'): ArticleMeta {
  const article = articlesIn(language).find((candidate) => candidate.slug === slug);
  if (!article) throw new Error(`No article ${slug} in src/content/articles${language === 'en' ? '/en' : ''}`);
  return article;
}
