import { Section } from '@/components/ui/section';
import { cn } from '@/lib/cn';
import type { SectionTone } from '@/components/sections/section-layout';

/**
 * A list of short statements, each with a checkmark (`.check-list` in src/styles/index.css).
 * Two columns from `sm` up unless `columns={1}`.
 */
export function CheckList({ items, columns = 2, className }: { items: readonly string[]; columns?: 1 | 2; className?: string }) {
  return (
    <ul className={cn('check-list grid gap-x-8 gap-y-4', columns === 2 && 'sm:grid-cols-2', className)}>
      {items.map((item) => (
        <li key={item}>{item}</li>
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
