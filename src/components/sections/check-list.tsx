import { Check } from 'lucide-react';
import { Icon } from '@/components/ui/icon';
import { Section } from '@/components/ui/section';
import { cn } from '@/lib/cn';
import type { SectionTone } from '@/components/sections/section-layout';

/** A list of short statements, each with a checkmark. Two columns from `sm` up unless `columns={1}`. */
export function CheckList({ items, columns = 2, className }: { items: readonly string[]; columns?: 1 | 2; className?: string }) {
  return (
    <ul className={cn('grid gap-x-8 gap-y-4', columns === 2 && 'sm:grid-cols-2', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span className="mt-0.5 inline-grid size-6 shrink-0 place-items-center rounded-full bg-sage-100 text-sage-800">
            <Icon icon={Check} className="size-4" />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

interface CheckListSectionProps {
  id: string;
  title: string;
  lead?: string;
  items: readonly string[];
  tone?: SectionTone;
}

/** A titled section holding one CheckList, set in a card so long lists keep a calm edge. */
export function CheckListSection({ id, title, lead, items, tone }: CheckListSectionProps) {
  return (
    <Section id={id} title={title} lead={lead} tone={tone}>
      <div className="mx-auto max-w-4xl rounded-2xl border border-sand-200 bg-white p-6 shadow-card sm:p-8">
        <CheckList items={items} />
      </div>
    </Section>
  );
}
