import { useCopy } from '@/content/copy';
import { Activity, BookOpen, Clock, HeartPulse, Lightbulb, MessagesSquare, type LucideIcon } from 'lucide-react';
import { PageLink } from '@/lib/page-links';
import { articleCategoriesCopy } from '@/content/article-categories';
import { dateFormatsCopy } from '@/content/dates';
import { articlePath } from '@/lib/route-table';
import { type BlogArticle, type BlogCategory, blogCopy } from '@/content/blog';
import { buttonClasses } from '@/components/ui/button-link';
import { Card, IconBadge } from '@/components/ui/card';
import { cn } from '@/lib/cn';

const categoryIcons: Record<BlogCategory, LucideIcon> = {
  Gesundheit: HeartPulse,
  Beratung: MessagesSquare,
  Tipps: Lightbulb,
  Technologie: Activity,
};

export interface BlogCardLabels {
  /** Visible text of the card's button ('Lesen'). */
  read: string;
  /** Word before the author's name ('von'). */
  authorPrefix: string;
  /** Screen-reader label before the reading time ('Lesezeit'). */
  readTime: string;
}

export interface BlogArticleCardProps {
  article: BlogArticle;
  /** Featured articles get a larger card with the category's icon. */
  variant?: 'featured' | 'standard';
  labels: BlogCardLabels;
}

/**
 * One article on the list: its facts and excerpt, and «Lesen», the card's one link to the
 * article, which stretches over the whole card so a tap anywhere on it opens the article.
 */
export function BlogArticleCard({ article, variant = 'standard', labels }: BlogArticleCardProps) {
  const { articlePageText } = useCopy(blogCopy);
  const { categoryLabels } = useCopy(articleCategoriesCopy);
  const { formatDateShort } = useCopy(dateFormatsCopy);
  const featured = variant === 'featured';
  const CategoryIcon = categoryIcons[article.category];
  return (
    <Card as="article" className={cn('relative flex h-full flex-col', featured && 'sm:p-8')}>
      {featured && (
        <IconBadge className="mb-5">
          <CategoryIcon aria-hidden="true" className="size-6" />
        </IconBadge>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-ink-muted">
        <span className="rounded-full bg-sage-50 px-3 py-1 font-semibold text-sage-700">{categoryLabels[article.category]}</span>
        <time dateTime={article.date}>{formatDateShort(article.date)}</time>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-4" />
          <span className="sr-only">{labels.readTime}: </span>
          {articlePageText.readTime(article.readMinutes)}
        </span>
      </div>
      <h3 className={cn('mt-4', featured ? 'text-2xl sm:text-3xl' : 'text-xl')}>{article.title}</h3>
      <p className={cn('mt-3 flex-1 text-ink-muted', featured && 'sm:text-lg')}>{article.excerpt}</p>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-sand-200 pt-4">
        <p className="text-sm text-ink">
          {labels.authorPrefix} <span className="font-semibold">{article.author}</span>
        </p>
        {/* The title after «Lesen» tells the six links apart in a screen reader's list of links. */}
        <PageLink
          to={articlePath(article.slug, article.language)}
          className={buttonClasses('secondary', 'md', "after:absolute after:inset-0 after:rounded-2xl after:content-['']")}
        >
          <BookOpen aria-hidden="true" className="size-4" />
          {labels.read}
          <span className="sr-only">: {article.title}</span>
        </PageLink>
      </div>
    </Card>
  );
}
