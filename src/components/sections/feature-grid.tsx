import { Info } from 'lucide-react';
import { Card, IconBadge } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { Section } from '@/components/ui/section';
import type { IconItem } from '@/content/types';
import { cn } from '@/lib/cn';
import { cardGrid, cardGridItem, type SectionTone } from '@/components/sections/section-layout';

interface FeatureGridProps {
  id: string;
  title: string;
  lead?: string;
  items: readonly IconItem[];
  tone?: SectionTone;
  /** `plain` for many short points (less visual weight), `card` for a few weightier ones. */
  variant?: 'plain' | 'card';
  /** A remark shown below the grid, e.g. a disclaimer. */
  note?: string;
}

/** Icon, short heading and text per item, in a grid of 1 → 2 → 3 columns. */
export function FeatureGrid({ id, title, lead, items, tone, variant = 'card', note }: FeatureGridProps) {
  return (
    <Section id={id} title={title} lead={lead} tone={tone}>
      <ul className={variant === 'card' ? cardGrid : 'grid gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-3'}>
        {items.map((item) =>
          variant === 'card' ? (
            <Card as="li" key={item.title} className={cn('flex flex-col', cardGridItem)}>
              <IconBadge>
                <Icon icon={item.icon} />
              </IconBadge>
              <h3 className="mt-4 text-xl">{item.title}</h3>
              <p className="mt-2 text-ink-muted">{item.text}</p>
            </Card>
          ) : (
            <li key={item.title} className="flex gap-4">
              <IconBadge className="shrink-0">
                <Icon icon={item.icon} />
              </IconBadge>
              <div>
                <h3 className="text-xl">{item.title}</h3>
                <p className="mt-1 text-ink-muted">{item.text}</p>
              </div>
            </li>
          ),
        )}
      </ul>
      {note && (
        <p className="mx-auto mt-10 flex max-w-3xl gap-3 rounded-xl border border-sand-300 bg-white/70 p-4 text-sm text-ink-muted sm:p-5">
          <Icon icon={Info} className="mt-0.5 size-5 shrink-0 text-night-600" />
          <span>{note}</span>
        </p>
      )}
    </Section>
  );
}
