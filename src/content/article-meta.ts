/**
 * The blog's articles as data: their categories (the chip labels, docs/product.md §2, and the
 * address of each filtered list) and the facts of an article. Plain data, shared by the site
 * and the build step that reads the articles (scripts/articles), so it imports nothing.
 */
export const articleCategories = ['Gesundheit', 'Beratung', 'Tipps', 'Technologie'] as const;
export type ArticleCategory = (typeof articleCategories)[number];

/** The chip that lists every article. */
export const allCategoriesChip = 'Alle';

/** Chip labels in display order. */
export const blogCategories = [allCategoriesChip, ...articleCategories] as const;
export type BlogCategoryChip = (typeof blogCategories)[number];

/** The English list's segments, /en/blog/category/<segment>. */
const englishCategorySlugs: Record<ArticleCategory, string> = {
  Gesundheit: 'health',
  Beratung: 'counselling',
  Tipps: 'tips',
  Technologie: 'technology',
};

/** "Tipps" → "tipps": the category's segment in /blog/kategorie/<segment> (in English, /en/blog/category/tips). */
export function categorySlug(category: ArticleCategory, language: 'de' | 'en' = 'de'): string {
  return language === 'en' ? englishCategorySlugs[category] : category.toLowerCase();
}

export function isArticleCategory(value: unknown): value is ArticleCategory {
  return (articleCategories as readonly unknown[]).includes(value);
}

/** What the list, the registry, the feed and the newsletter know of an article (its front matter and reading time). */
export interface ArticleMeta {
  /** The file's name without `.md`: the article's address, /blog/<slug> (in English, /en/blog/<slug>). */
  slug: string;
  /** 'en' for a file in src/content/articles/en/. */
  language: 'de' | 'en';
  /** An English article's German original, by its slug (the pair hreflang and the language switch name). */
  translationOf?: string;
  title: string;
  /** Two or three sentences: the card's text, the page's description, the feed's summary. */
  excerpt: string;
  category: ArticleCategory;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  /** One of the practice's advisors. */
  author: string;
  /** Featured articles head the blog page; the others are under «Alle Artikel». */
  featured: boolean;
  /** Minutes to read, from the text's words (never typed in). */
  readMinutes: number;
}

/** An article with its text as HTML, rendered at build time. */
export interface Article extends ArticleMeta {
  html: string;
}

/** Newest first; on the same day, by title. */
export function byPublication(a: ArticleMeta, b: ArticleMeta): number {
  return b.date.localeCompare(a.date) || a.title.localeCompare(b.title, 'de');
}
