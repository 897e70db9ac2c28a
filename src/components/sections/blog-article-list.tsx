import type { BlogArticle } from '@/content/blog';
import { BlogArticleCard, type BlogArticleCardProps } from '@/components/sections/blog-article-card';
import { cn } from '@/lib/cn';

interface BlogArticleListProps extends Omit<BlogArticleCardProps, 'article'> {
  articles: readonly BlogArticle[];
}

/** A grid of article cards; a list, so screen readers announce how many articles there are. */
export function BlogArticleList({ articles, variant = 'standard', ...cardProps }: BlogArticleListProps) {
  return (
    <ul className={cn('grid gap-6 md:grid-cols-2', variant === 'featured' && 'lg:gap-8')}>
      {articles.map((article) => (
        <li key={article.slug}>
          <BlogArticleCard article={article} variant={variant} {...cardProps} />
        </li>
      ))}
    </ul>
  );
}
