import { useCopy } from '@/content/copy';
import { Star } from 'lucide-react';
import type { Rating } from '@/content/testimonials';
import { cn } from '@/lib/cn';
import { uiTextCopy } from '@/content/ui-text';

const MAX_STARS = 5;

/** Filled and empty stars as one image with a spoken label. */
export function StarRating({ rating, className }: { rating: Rating; className?: string }) {
  const { uiText } = useCopy(uiTextCopy);
  return (
    <div role="img" aria-label={uiText.ratingLabel(rating, MAX_STARS)} className={cn('flex gap-1', className)}>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          focusable="false"
          // The dark outline keeps the stars visible (3:1) on white; the fill alone would not.
          className={cn('size-5 text-moon-700', index < rating ? 'fill-moon-400' : 'fill-none')}
        />
      ))}
    </div>
  );
}
