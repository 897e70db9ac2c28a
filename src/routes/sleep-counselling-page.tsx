import { useCopy } from '@/content/copy';
import { CheckListSection } from '@/components/sections/check-list';
import { ClosingCta } from '@/components/sections/closing-cta';
import { ExplainerSection } from '@/components/sections/explainer-section';
import { FirstScreenEnd } from '@/components/ui/first-screen-end';
import { FeatureGrid } from '@/components/sections/feature-grid';
import { Hero } from '@/components/sections/hero';
import { ProcessSteps } from '@/components/sections/process-steps';
import { ServiceCardGrid } from '@/components/sections/service-card-grid';
import { ServicePricesSection } from '@/components/sections/service-price-list';
import { sleepCounsellingCopy } from '@/content/sleep-counselling';

export default function SleepCounsellingPage() {
  const { sleepCounsellingPage } = useCopy(sleepCounsellingCopy);
  const { hero, services, pricesTitle, process, benefits, competences, explainers, consultation, closingCta } = sleepCounsellingPage;
  const [measurement, sleepSystem] = explainers;
  return (
    <>
      <Hero title={hero.title} lead={hero.lead} cta={{ label: closingCta.primary.label }} />
      <ServiceCardGrid
        id="leistungen"
        variant="detailed"
        title={services.title}
        lead={services.lead}
        cards={services.items}
        highlights={services.highlights}
        tone="cream"
      />
      <ProcessSteps id="ablauf" title={process.title} lead={process.lead} steps={process.steps} tone="white" />
      <FirstScreenEnd />
      <CheckListSection id="vorteile" title={benefits.title} items={benefits.items} tone="sand" />
      <CheckListSection id="kompetenzen" title={competences.title} lead={competences.lead} items={competences.items} tone="white" />
      <ExplainerSection explainer={measurement} imageSide="right" tone="cream" />
      <ExplainerSection explainer={sleepSystem} imageSide="left" tone="white" />
      <FeatureGrid
        id="beratung"
        variant="card"
        title={consultation.title}
        lead={consultation.lead}
        items={consultation.items}
        note={consultation.disclaimer}
        tone="sand"
      />
      <ServicePricesSection id="preise" title={pricesTitle} tone="white" />
      <ClosingCta content={closingCta} />
    </>
  );
}
