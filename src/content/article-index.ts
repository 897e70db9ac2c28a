/**
 * The blog's articles as the site knows them: the facts of every Markdown file in
 * src/content/articles (the `?meta` import is the front matter and the reading time,
 * without the text: scripts/articles/vite-articles.ts), newest first, and the description
 * of each category's list. Only Vite can list the files (import.meta.glob); Node scripts
 * read them with scripts/articles/article-source.ts.
 */
import { byPublication, type ArticleCategory, type ArticleMeta } from './article-meta';

export const blogArticles: readonly ArticleMeta[] = Object.values(
  import.meta.glob<ArticleMeta>('/src/content/articles/*.md', { eager: true, query: '?meta', import: 'default' }),
).sort(byPublication);

/** An article's facts by its slug (the page registry knows only the slug). */
export function articleBySlug(slug: string): ArticleMeta {
  const article = blogArticles.find((candidate) => candidate.slug === slug);
  if (!article) throw new Error(`No article ${slug} in src/content/articles`);
  return article;
}

/** The description (search results, link previews) of the list filtered by each category. */
export const blogCategoryPages: Record<ArticleCategory, string> = {
  Gesundheit:
    'Rücken- oder Nackenbeschwerden nach dem Schlafen: woran es liegen kann, was Sie selbst prüfen können und wann ärztlicher Rat nötig ist.',
  Beratung:
    'Wie eine Schlafberatung bei uns abläuft: vom ersten Gespräch über die Körpervermessung bis zur Nachkontrolle, Schritt für Schritt erklärt.',
  Tipps:
    'Praktische Tipps für ruhigere Nächte: das passende Kissen zur Schlafposition, gute Schlafgewohnheiten und kleine Veränderungen mit Wirkung.',
  Technologie:
    'Liege-Monitoring mit Sensoren: wie Messungen über mehrere Nächte zeigen, wie Sie liegen, und was wir daraus für Ihre Beratung ablesen.',
};
