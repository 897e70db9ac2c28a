import { ClosingCta } from '@/components/sections/closing-cta';
import { ContactInfoCards } from '@/components/sections/contact-info-cards';
import { DirectionsCard } from '@/components/sections/directions-card';
import { Hero } from '@/components/sections/hero';
import { LocationBox } from '@/components/sections/location-box';
import { Section } from '@/components/ui/section';
import { kontaktPage } from '@/content/kontakt';

export default function KontaktPage() {
  const { hero, infoCards, form, closingCta } = kontaktPage;
  return (
    <>
      <Hero subtitle={hero.subtitle} title={hero.title} lead={hero.lead} image="hero-kontakt" />
      <Section id="kontaktwege" title="So erreichen Sie uns" tone="cream">
        <ContactInfoCards cards={infoCards} />
      </Section>
      <Section id="schreiben" tone="white">
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <h2 className="text-3xl">{form.title}</h2>
            <p className="mt-3 text-ink-muted">{form.lead}</p>
          </div>
          <div className="space-y-6">
            <LocationBox />
            <DirectionsCard />
          </div>
        </div>
      </Section>
      <ClosingCta id="online-buchen" content={closingCta} />
    </>
  );
}
