/**
 * The blog's articles as the practice writes them: one Markdown file per article in
 * src/content/articles/<slug>.md, with its facts as YAML front matter between two `---`
 * lines (docs/content-editing.md). Read at build time only: `marked` turns the text into
 * HTML and `yaml` reads the front matter, so neither reaches a visitor's browser. A
 * mistake in a file stops the build with the file and the field named.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { byPublication, isArticleCategory, type Article, type ArticleMeta } from '../../src/content/article-meta.ts';
import { practiceAdvisors } from '../../supabase/functions/_shared/domain/practice.ts';

export const ARTICLES_DIR = 'src/content/articles';
/** The English articles: src/content/articles/en/<slug>.md, each naming the German one it translates, if any. */
export const ENGLISH_ARTICLES_DIR = `${ARTICLES_DIR}/en`;

/** Words per minute for German running text read on a screen; the result is rounded up. */
export const WORDS_PER_MINUTE = 200;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

const markdown = new Marked({ gfm: true });

export class ArticleError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ArticleError';
  }
}

/** The words a reader reads: the HTML's text without tags and entities. */
export function wordCount(html: string): number {
  const text = html.replace(/<[^>]+>/g, ' ').replace(/&[#\w]+;/g, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

function requireText(file: string, data: Record<string, unknown>, field: string): string {
  const value = data[field];
  if (typeof value !== 'string' || value.trim() === '') throw new ArticleError(file, `«${field}» is missing or empty`);
  return value.trim();
}

/** One article from its file's text; `file` names it in errors. */
export function parseArticle(file: string, source: string): Article {
  const slug = path.basename(file, '.md');
  if (!SLUG.test(slug)) throw new ArticleError(file, 'the file name must be lower-case words joined by hyphens (it becomes the address)');
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new ArticleError(file, 'the file must start with front matter between two «---» lines');
  const data: unknown = parseYaml(match[1]!, { schema: 'failsafe' });
  if (typeof data !== 'object' || data === null) throw new ArticleError(file, 'the front matter is not a list of «field: value» lines');
  const fields = data as Record<string, unknown>;

  const category = requireText(file, fields, 'category');
  if (!isArticleCategory(category)) throw new ArticleError(file, `«category» must be one of Gesundheit, Beratung, Tipps, Technologie (is «${category}»)`);
  const date = requireText(file, fields, 'date');
  if (!ISO_DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new ArticleError(file, `«date» must be a date written YYYY-MM-DD (is «${date}»)`);
  }
  const author = requireText(file, fields, 'author');
  const authors: readonly string[] = practiceAdvisors.map((advisor) => advisor.name);
  if (!authors.includes(author)) throw new ArticleError(file, `«author» must be one of ${authors.join(', ')} (is «${author}»)`);
  const featured = fields.featured ?? 'false';
  if (featured !== 'true' && featured !== 'false') throw new ArticleError(file, '«featured» must be true or false');

  const body = source.slice(match[0].length);
  if (body.trim() === '') throw new ArticleError(file, 'the article has no text');
  if (/^#\s/m.test(body)) throw new ArticleError(file, 'the text must not contain a «# » heading: the title is the page heading; start sections with «## »');
  const html = markdown.parse(body, { async: false });
  const language = path.basename(path.dirname(file)) === 'en' ? 'en' : 'de';
  const translationOf = fields.translationOf;
  if (translationOf !== undefined && (language !== 'en' || typeof translationOf !== 'string' || !SLUG.test(translationOf))) {
    throw new ArticleError(file, '«translationOf» belongs to an English article and names the German article\'s file without «.md»');
  }

  return {
    slug,
    language,
    ...(translationOf !== undefined && { translationOf }),
    title: requireText(file, fields, 'title'),
    excerpt: requireText(file, fields, 'excerpt'),
    category,
    date,
    author,
    featured: featured === 'true',
    readMinutes: readingMinutes(wordCount(html)),
    html,
  };
}

/** Every article in `dir`, newest first. */
export async function readArticles(dir = ARTICLES_DIR): Promise<Article[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.md'));
  const articles = await Promise.all(files.map(async (name) => parseArticle(path.join(dir, name), await readFile(path.join(dir, name), 'utf8'))));
  return articles.sort(byPublication);
}

/** The same, read synchronously: for the browser tests' expectations, which are built when their files load. */
export function readArticlesSync(dir = ARTICLES_DIR): Article[] {
  const files = readdirSync(dir).filter((name) => name.endsWith('.md'));
  return files.map((name) => parseArticle(path.join(dir, name), readFileSync(path.join(dir, name), 'utf8'))).sort(byPublication);
}

export function metaOf({ html: _html, ...meta }: Article): ArticleMeta {
  return meta;
}
