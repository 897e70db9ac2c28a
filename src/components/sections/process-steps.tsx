import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import { cardGrid, cardGridItem, type SectionTone } from '@/components/sections/section-layout';
import type { ProcessStep } from '@/content/sleep-counselling';
import { cn } from '@/lib/cn';

interface ProcessStepsProps {
  id: string;
  title: string;
  lead?: string;
  steps: readonly ProcessStep<string>[];
  tone?: SectionTone;
}

/** Numbered steps in their order. The list is ordered, so the visible number is hidden from screen readers. */
export function ProcessSteps({ id, title, lead, steps, tone }: ProcessStepsProps) {
  return (
    <Section id={id} title={title} lead={lead} tone={tone}>
      <ol className={cardGrid}>
        {steps.map((step, index) => (
          <Card as="li" key={step.title} className={cn('flex flex-col', cardGridItem)}>
            <span
              aria-hidden="true"
              className="inline-grid size-12 place-items-center rounded-full bg-night-700 font-serif text-xl font-semibold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-2xl">{step.title}</h3>
            <p className="mt-2 text-ink-muted">{step.text}</p>
          </Card>
        ))}
      </ol>
    </Section>
  );
}
