import { useId } from 'react';
import { Container } from '@/components/ui/section';
import { cn } from '@/lib/cn';

interface BlogCategoryChipsProps {
  /** Visible label of the group, also its accessible name. */
  label: string;
  categories: readonly string[];
  /** The chip shown as selected; every article is listed, so this is 'Alle'. */
  current: string;
}

/**
 * The category chips of the blog. docs/product.md has them filter nothing, so they are a plain
 * list of labels, not buttons: nothing invites a click that would have no effect.
 */
export function BlogCategoryChips({ label, categories, current }: BlogCategoryChipsProps) {
  const labelId = useId();
  return (
    <div className="border-b border-sand-200 bg-cream">
      <Container className="flex flex-col gap-3 py-6 sm:flex-row sm:items-center sm:gap-4">
        <p id={labelId} className="text-sm font-semibold uppercase tracking-wider text-sage-700">
          {label}
        </p>
        <ul aria-labelledby={labelId} className="flex flex-wrap gap-2">
          {categories.map((category) => {
            const isCurrent = category === current;
            return (
              <li
                key={category}
                aria-current={isCurrent ? 'true' : undefined}
                className={cn(
                  'rounded-full border px-4 py-1.5 text-sm font-medium',
                  isCurrent ? 'border-night-700 bg-night-700 text-white' : 'border-sand-300 bg-white text-ink-muted',
                )}
              >
                {category}
              </li>
            );
          })}
        </ul>
      </Container>
    </div>
  );
}
