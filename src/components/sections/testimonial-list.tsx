import { StarRating } from '@/components/sections/star-rating';
import { cardGrid, cardGridItem, type SectionTone } from '@/components/sections/section-layout';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import type { Testimonial } from '@/content/testimonials';
import { cn } from '@/lib/cn';

interface TestimonialListProps {
  id: string;
  title: string;
  lead?: string;
  testimonials: readonly Testimonial[];
  tone?: SectionTone;
}

/** Client quotes with their star rating, each a figure whose caption names the client. */
export function TestimonialList({ id, title, lead, testimonials, tone }: TestimonialListProps) {
  return (
    <Section id={id} title={title} lead={lead} tone={tone}>
      <ul className={cardGrid}>
        {testimonials.map((testimonial) => (
          <Card as="li" key={testimonial.name} className={cn('flex', cardGridItem)}>
            <figure className="flex flex-col">
              <StarRating rating={testimonial.rating} />
              <blockquote className="mt-4 font-serif text-lg leading-relaxed text-ink">
                {/* Swiss typography quotes with guillemets. */}
                <p>«{testimonial.text}»</p>
              </blockquote>
              <figcaption className="mt-auto pt-6 text-sm font-semibold text-night-700">{testimonial.name}</figcaption>
            </figure>
          </Card>
        ))}
      </ul>
    </Section>
  );
}
