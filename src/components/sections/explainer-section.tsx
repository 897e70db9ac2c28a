import { Section } from '@/components/ui/section';
import type { SectionTone } from '@/components/sections/section-layout';
import type { Explainer } from '@/content/sleep-counselling';
import { cn } from '@/lib/cn';

/** Intrinsic size of the explainer illustrations, so the page does not shift while they load. */
const ILLUSTRATION_WIDTH = 640;
const ILLUSTRATION_HEIGHT = 480;

interface ExplainerSectionProps {
  explainer: Explainer;
  tone?: SectionTone;
  /** Which side the illustration sits on from `lg` up; alternate it between consecutive explainers. */
  imageSide?: 'left' | 'right';
}

/** A longer explanatory text beside its illustration. The section's id is the explainer's, usable as an anchor. */
export function ExplainerSection({ explainer, tone, imageSide = 'right' }: ExplainerSectionProps) {
  return (
    <Section id={explainer.id} title={explainer.title} tone={tone} align="left">
      <div className="grid items-start gap-10 lg:grid-cols-2 lg:gap-14">
        <div className="max-w-prose space-y-5 text-ink-muted">
          {explainer.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <img
          src={explainer.image.src}
          alt={explainer.image.alt}
          width={ILLUSTRATION_WIDTH}
          height={ILLUSTRATION_HEIGHT}
          loading="lazy"
          decoding="async"
          className={cn(
            'h-auto w-full rounded-2xl border border-sand-200 bg-white object-contain shadow-card',
            imageSide === 'left' && 'lg:order-first',
          )}
        />
      </div>
    </Section>
  );
}
