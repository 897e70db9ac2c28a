import { Activity, BookOpen, Clock, HeartPulse, Lightbulb, MessagesSquare, type LucideIcon } from 'lucide-react';
import type { BlogArticle, BlogCategory } from '@/content/blog';
import { Card, IconBadge } from '@/components/ui/card';
import { Tooltip } from '@/components/ui/tooltip';
import { formatDateShort } from '@domain/dates';
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
  /** Why the button does nothing yet; shown as its tooltip. */
  pending: string;
}

export interface BlogArticleCardProps {
  article: BlogArticle;
  /** Featured articles get a larger card with the category's icon. */
  variant?: 'featured' | 'standard';
  labels: BlogCardLabels;
  /** Id of the visible note that explains why the articles cannot be opened yet. */
  pendingNoteId: string;
}

export function BlogArticleCard({ article, variant = 'standard', labels, pendingNoteId }: BlogArticleCardProps) {
  const featured = variant === 'featured';
  const CategoryIcon = categoryIcons[article.category];
  return (
    <Card as="article" className={cn('flex h-full flex-col', featured && 'sm:p-8')}>
      {featured && (
        <IconBadge className="mb-5">
          <CategoryIcon aria-hidden="true" className="size-6" />
        </IconBadge>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-ink-muted">
        <span className="rounded-full bg-sage-50 px-3 py-1 font-semibold text-sage-700">{article.category}</span>
        <time dateTime={article.date}>{formatDateShort(article.date)}</time>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-4" />
          <span className="sr-only">{labels.readTime}: </span>
          {article.readTime}
        </span>
      </div>
      <h3 className={cn('mt-4', featured ? 'text-2xl sm:text-3xl' : 'text-xl')}>{article.title}</h3>
      <p className={cn('mt-3 flex-1 text-ink-muted', featured && 'sm:text-lg')}>{article.excerpt}</p>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-sand-200 pt-4">
        <p className="text-sm text-ink">
          {labels.authorPrefix} <span className="font-semibold">{article.author}</span>
        </p>
        {/*
          docs/product.md gives "Lesen" no behaviour (there are no article pages yet). Instead of a
          button that silently ignores the click, it says it is unavailable (aria-disabled keeps
          it focusable, so the tooltip also opens from the keyboard) and why (the page note).
          The hidden title tells the six buttons apart in a screen reader's list of controls.
        */}
        <Tooltip content={labels.pending}>
          <button
            type="button"
            aria-disabled="true"
            aria-describedby={pendingNoteId}
            className="inline-flex min-h-11 cursor-not-allowed items-center justify-center gap-2 rounded-full border border-sand-300 bg-sand-100 px-4 py-2 text-sm font-semibold text-ink-muted"
          >
            <BookOpen aria-hidden="true" className="size-4" />
            {labels.read}
            <span className="sr-only">: {article.title}</span>
          </button>
        </Tooltip>
      </div>
    </Card>
  );
}
