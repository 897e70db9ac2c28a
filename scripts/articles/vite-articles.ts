/**
 * Makes each Markdown article a page module, rendered at build time (article-source.ts):
 *
 * - `src/content/articles/<slug>.md` imports as the article's page – a component that
 *   renders src/features/blog/article-view.tsx with the article's facts and HTML – so the
 *   page registry names the file as the page's module and each article is a chunk of its
 *   own, loaded only by whoever opens it;
 * - `src/content/articles/<slug>.md?meta` imports as its facts only (no text), for the
 *   blog list and the <head>;
 * - `src/content/articles/en/<slug>.md?translation` imports as the slug of the German
 *   article it translates (or null): all the registry needs to pair the two;
 * - the English articles in src/content/articles/en/ are pages the same way;
 * - the dev server answers /blog/feed.xml as the build writes it (scripts/prerender).
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { metaOf, parseArticle, readArticles } from './article-source.ts';
import { atomFeed, FEED_PATH } from './atom-feed.ts';

const ARTICLE_FILE = /\/src\/content\/articles\/(?:en\/)?[^/]+\.md$/;
const QUERIES = new Set([undefined, 'meta', 'translation']);

export function articlePages(): Plugin {
  return {
    name: 'article-pages',
    enforce: 'pre',
    async load(id) {
      const [file, query] = id.split('?', 2) as [string, string | undefined];
      if (!ARTICLE_FILE.test(file) || !QUERIES.has(query)) return null;
      this.addWatchFile(file);
      const { readFile } = await import('node:fs/promises');
      const article = parseArticle(path.relative(process.cwd(), file), await readFile(file, 'utf8'));
      if (query === 'meta') return `export default ${JSON.stringify(metaOf(article))};`;
      if (query === 'translation') return `export default ${JSON.stringify(article.translationOf ?? null)};`;
      return [
        `import { createElement } from 'react';`,
        `import { ArticleView } from '/src/features/blog/article-view.tsx';`,
        `const article = ${JSON.stringify(article)};`,
        `export default function ArticlePage() { return createElement(ArticleView, { article }); }`,
      ].join('\n');
    },
    configureServer(server) {
      server.middlewares.use(FEED_PATH, (request, response, next) => {
        const origin = `http://${request.headers.host ?? 'localhost'}`;
        readArticles()
          .then((articles) => {
            response.setHeader('Content-Type', 'application/atom+xml; charset=utf-8');
            response.end(atomFeed(origin, articles));
          })
          .catch(next);
      });
    },
  };
}
