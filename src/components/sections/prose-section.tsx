import { Section } from '@/components/ui/section';
import type { SectionTone } from '@/components/sections/section-layout';

interface ProseSectionProps {
  id: string;
  title: string;
  eyebrow?: string;
  paragraphs: readonly string[];
  tone?: SectionTone;
}

/** A heading and a few paragraphs of running text, kept to a readable line length. */
export function ProseSection({ id, title, eyebrow, paragraphs, tone }: ProseSectionProps) {
  return (
    <Section id={id} title={title} eyebrow={eyebrow} tone={tone}>
      <div className="mx-auto max-w-prose space-y-5 text-lg text-ink-muted">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </Section>
  );
}
