import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

interface LegalTocProps {
  title: string;
  /** Sections in page order; each id must exist on the page. */
  items: readonly { id: string; title: string }[];
  /** Placement in the page's grid. */
  className?: string;
}

/** Table of contents of a long legal page; plain fragment links, so it works without JavaScript. */
export function LegalToc({ title, items, className }: LegalTocProps) {
  const headingId = useId();
  return (
    <Card className={cn('lg:sticky lg:top-24 lg:self-start', className)}>
      <nav aria-labelledby={headingId}>
        <h2 id={headingId} className="font-sans text-sm font-semibold uppercase tracking-wider text-sage-700">
          {title}
        </h2>
        <ol className="-mx-2 mt-3 space-y-1 text-sm">
          {items.map((item) => (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                className="block rounded-md px-2 py-1.5 text-night-700 hover:bg-night-50 hover:text-night-800 hover:underline"
              >
                {item.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </Card>
  );
}
