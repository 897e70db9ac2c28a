/**
 * `npm run newsletter:publish`: tells the backend which blog articles the site has, so that
 * a new one is announced to the newsletter's subscribers (docs/backend.md, «The
 * newsletter»; docs/deploy.md, step 14). Reads the front matter of every
 * src/content/articles/*.md and src/content/articles/en/*.md (YAML between two `---` lines:
 * title, excerpt, date, author, …) and calls public.publish_articles with the project's
 * secret key, each article with its language. The database records each slug once: a slug
 * it has not seen whose date lies within the last 30 days (Zurich) is announced – one mail
 * per confirmed subscriber of the article's language, sent by the outbox –, an older one is
 * only recorded, a date still ahead waits for a later run. Running it again with the same
 * articles queues nothing.
 *
 * The languages (docs/decisions/011-two-languages.md): a subscriber is told of the articles
 * of their language only, so every mail and every page it links to is in it. An English
 * subscriber hears of a new German article through its translation (the English file whose
 * `translationOf` names it) – announced when that translation is first published, in the
 * same deploy or a later one (within 30 days of its own date). A German article without a
 * translation is not announced to English subscribers: a mail in English pointing to a page
 * they may not read would break the language promise, and the translation, once published,
 * gets its own announcement.
 *
 *   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SECRET_KEY=sb_secret_… npm run newsletter:publish
 *
 * Without either variable, the local stack's (npm run stack / npm run dev). The deploy runs
 * it once the new site is live, so that a mail never links to a page not yet there.
 * `publishArticles` is the same call for other scripts (npm run dev) and the tests.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { ArticleMeta } from '../src/content/article-meta.ts';
import { ENGLISH_ARTICLES_DIR, readArticles } from './articles/article-source.ts';
import { LOCAL_SECRET_KEY, LOCAL_SUPABASE_URL } from './stack/local-config.ts';

/**
 * What publish_articles is told of an article (its file name without `.md` is the slug) and
 * its language (absent: German).
 */
export type ArticleEntry = Pick<ArticleMeta, 'slug' | 'title' | 'excerpt' | 'date' | 'author'> & Partial<Pick<ArticleMeta, 'language'>>;

/** The project the articles are registered with: its API URL and its secret key (service role). */
export interface PublishSettings {
  url: string;
  secretKey: string;
}

/** publish_articles' answer: which slugs were announced, only recorded, known already, left for later; mails queued. */
export interface PublishResult {
  announced: string[];
  recorded: string[];
  known: string[];
  later: string[];
  queued: number;
}

/** Every article of the site in both languages, read and checked as the build reads them (scripts/articles). */
export async function readArticleEntries(): Promise<ArticleEntry[]> {
  const articles = [...await readArticles(), ...await readArticles(ENGLISH_ARTICLES_DIR)];
  return articles.map(({ slug, title, excerpt, date, author, language }) => ({ slug, title, excerpt, date, author, language }));
}

/** Registers `articles` with the project (public.publish_articles); throws with the database's message when it refuses. */
export async function publishArticles(articles: readonly ArticleEntry[], settings: PublishSettings): Promise<PublishResult> {
  const supabase = createClient(settings.url, settings.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const items = articles.map(({ slug, title, excerpt, date, author, language }) => ({ slug, title, excerpt, date, author, ...(language ? { language } : {}) }));
  const { data, error } = await supabase.rpc('publish_articles', { p_articles: items });
  if (error) throw new Error(`publish_articles: ${error.message}${error.code ? ` (${error.code})` : ''}`);
  return data as PublishResult;
}

/** SUPABASE_URL and SUPABASE_SECRET_KEY, both or neither (then the local stack's). */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv = process.env): PublishSettings {
  const url = env.SUPABASE_URL?.trim();
  const secretKey = env.SUPABASE_SECRET_KEY?.trim();
  if (!url && !secretKey) return { url: LOCAL_SUPABASE_URL, secretKey: LOCAL_SECRET_KEY };
  if (!url || !secretKey) {
    throw new Error('Set both SUPABASE_URL (https://<ref>.supabase.co) and SUPABASE_SECRET_KEY (sb_secret_…), or neither for the local stack.');
  }
  return { url: url.replace(/\/+$/, ''), secretKey };
}

async function main(): Promise<void> {
  let settings: PublishSettings;
  try {
    settings = settingsFromEnvironment();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const articles = await readArticleEntries();
  const result = await publishArticles(articles, settings);
  const list = (slugs: string[]) => (slugs.length ? slugs.join(', ') : '–');
  console.log(`${articles.length} articles registered with ${settings.url}`);
  console.log(`  announced (new, ${result.queued} mails queued for the outbox): ${list(result.announced)}`);
  console.log(`  recorded without announcement (older than 30 days): ${list(result.recorded)}`);
  console.log(`  known already: ${result.known.length}`);
  if (result.later.length) console.log(`  dated ahead, left for a later run: ${list(result.later)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
