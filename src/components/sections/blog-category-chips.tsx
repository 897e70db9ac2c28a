import { useId } from 'react';
import { PageLink, useLanguage } from '@/lib/page-links';
import { categoryPath, pagePath } from '@/lib/route-table';
import { useCopy } from '@/content/copy';
import { articleCategoriesCopy } from '@/content/article-categories';
import { Container } from '@/components/ui/section';
import { allCategoriesChip, blogCategories, type BlogCategoryChip } from '@/content/article-meta';
import { cn } from '@/lib/cn';

interface BlogCategoryChipsProps {
  /** Visible label of the group, also its accessible name. */
  label: string;
  /** The chip of the list shown. */
  current: BlogCategoryChip;
}

/**
 * The category chips of the blog: links to the list filtered by each category
 * (/blog/kategorie/<name>, prerendered, so a filter works without JavaScript and its
 * address can be shared), «Alle» to /blog. The current one says so (aria-current).
 */
/** The chips' anchor: a filter's link scrolls the new list's chips into view. */
export const BLOG_CHIPS_ID = 'kategorien';

export function BlogCategoryChips({ label, current }: BlogCategoryChipsProps) {
  const labelId = useId();
  const language = useLanguage();
  const { allCategoriesLabel, categoryLabels } = useCopy(articleCategoriesCopy);
  return (
    <nav id={BLOG_CHIPS_ID} aria-labelledby={labelId} className="border-b border-sand-200 bg-cream">
      <Container className="flex flex-col gap-3 py-6 sm:flex-row sm:items-center sm:gap-4">
        <p id={labelId} className="text-sm font-semibold uppercase tracking-wider text-sage-700">
          {label}
        </p>
        <ul className="flex flex-wrap gap-2">
          {blogCategories.map((category) => {
            const isCurrent = category === current;
            return (
              <li key={category}>
                <PageLink
                  // To the chips again, so the list is in view, with and without JavaScript.
                  to={`${category === allCategoriesChip ? pagePath('blog', language) : categoryPath(category, language)}#${BLOG_CHIPS_ID}`}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={cn(
                    'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium',
                    isCurrent
                      ? 'border-night-700 bg-night-700 text-white'
                      : 'border-sand-300 bg-white text-ink-muted hover:border-night-600 hover:text-night-700',
                  )}
                >
                  {category === allCategoriesChip ? allCategoriesLabel : categoryLabels[category]}
                </PageLink>
              </li>
            );
          })}
        </ul>
      </Container>
    </nav>
  );
}
