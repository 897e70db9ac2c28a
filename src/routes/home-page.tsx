import { useCopy } from '@/content/copy';
import { ClosingCta } from '@/components/sections/closing-cta';
import { FeatureGrid } from '@/components/sections/feature-grid';
import { Hero } from '@/components/sections/hero';
import { ProseSection } from '@/components/sections/prose-section';
import { ServiceCardGrid } from '@/components/sections/service-card-grid';
import { TestimonialList } from '@/components/sections/testimonial-list';
import { homeCopy } from '@/content/home';
import { testimonialsCopy } from '@/content/testimonials';

export default function HomePage() {
  const { testimonials } = useCopy(testimonialsCopy);
  const { homePage } = useCopy(homeCopy);
  const { hero, intro, services, benefits, closingCta } = homePage;
  return (
    <>
      <Hero
        size="large"
       
        video="hero-home"
        title={hero.title}
        lead={hero.lead}
        cta={hero.primaryCta}
        secondaryCta={hero.secondaryCta}
      />
      <ProseSection id="einfuehrung" eyebrow={intro.eyebrow} title={intro.title} paragraphs={[intro.text]} tone="cream" />
      <ServiceCardGrid id="leistungen" variant="teaser" title={services.title} lead={services.lead} cards={services.items} tone="sand" />
      <FeatureGrid id="vorteile" variant="plain" title={benefits.title} lead={benefits.lead} items={benefits.items} tone="white" />
      <TestimonialList
        id="stimmen"
        title={homePage.testimonials.title}
        lead={homePage.testimonials.lead}
        testimonials={testimonials}
        tone="cream"
      />
      <ClosingCta content={closingCta} />
    </>
  );
}
