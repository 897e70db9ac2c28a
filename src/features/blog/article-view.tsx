import { useCopy } from '@/content/copy';
import type { MouseEvent } from 'react';
import { ArrowLeft, Clock } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { PageLink } from '@/lib/page-links';
import { categoryPath, pagePath } from '@/lib/route-table';
import { ClosingCta } from '@/components/sections/closing-cta';
import { Container } from '@/components/ui/section';
import type { Article } from '@/content/article-meta';
import { blogCopy } from '@/content/blog';
import { teamCopy } from '@/content/team';
import { articleCategoriesCopy } from '@/content/article-categories';
import { dateFormatsCopy } from '@/content/dates';

/**
 * Links inside the article's text that lead to the site itself open like the site's other
 * links (no new page load); anything else – another site, a new tab – is left to the browser.
 */
function useInternalLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href?.startsWith('/') || href.startsWith('//') || link.target) return;
    event.preventDefault();
    void navigate(href);
  };
}

/**
 * One article of the blog (/blog/<slug>): its facts, the text the build rendered from its
 * Markdown file (scripts/articles; the practice's own text, so it is trusted HTML), who
 * wrote it, and the blog's call to book. No hero image: the title is the first thing read.
 */
export function ArticleView({ article }: { article: Article }) {
  const { advisors } = useCopy(teamCopy);
  const { articlePageText, blogPage } = useCopy(blogCopy);
  const { categoryLabels } = useCopy(articleCategoriesCopy);
  const { formatDateLong } = useCopy(dateFormatsCopy);
  const author = advisors.find((advisor) => advisor.name === article.author);
  const onTextClick = useInternalLinks();
  return (
    <>
      <article aria-labelledby="artikel-titel" className="bg-cream">
        <Container className="max-w-3xl py-12 sm:py-16">
          <header>
            <PageLink
              to={pagePath('blog', article.language)}
              className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-night-700 underline-offset-4 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {articlePageText.backLabel}
            </PageLink>
            <p className="mt-4">
              <PageLink
                to={categoryPath(article.category, article.language)}
                className="inline-flex min-h-11 items-center rounded-full bg-sage-50 px-3 text-sm font-semibold text-sage-700 underline-offset-4 hover:underline"
              >
                {categoryLabels[article.category]}
              </PageLink>
            </p>
            <h1 id="artikel-titel" className="mt-4 text-3xl sm:text-4xl lg:text-5xl">
              {article.title}
            </h1>
            <p className="mt-5 text-lg text-ink-muted sm:text-xl">{article.excerpt}</p>
            <p className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-sand-200 pb-6 text-sm text-ink-muted">
              <span>
                {blogPage.authorPrefix} <span className="font-semibold text-ink">{article.author}</span>
              </span>
              <time dateTime={article.date}>{formatDateLong(article.date)}</time>
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-4" />
                <span className="sr-only">{blogPage.readTimeLabel}: </span>
                {articlePageText.readTime(article.readMinutes)}
              </span>
            </p>
          </header>
          {/* Clicks on the text's own links are routed; the keyboard's Enter arrives as a click too. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
          <div className="article-text mt-8" onClick={onTextClick} dangerouslySetInnerHTML={{ __html: article.html }} />
          {author && (
            <footer className="mt-12 border-t border-sand-200 pt-6 text-ink-muted">
              {articlePageText.writtenBy} <span className="font-semibold text-ink">{author.name}</span>, {author.role}
            </footer>
          )}
        </Container>
      </article>
      <ClosingCta content={blogPage.closingCta} />
    </>
  );
}
