import { ClosingCta } from '@/components/sections/closing-cta';
import { ContactInfoCards } from '@/components/sections/contact-info-cards';
import { DirectionsCard } from '@/components/sections/directions-card';
import { Hero } from '@/components/sections/hero';
import { LocationBox } from '@/components/sections/location-box';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import { useCopy } from '@/content/copy';
import { contactCopy } from '@/content/contact';
import { ContactForm } from '@/features/contact/contact-form';
import { FormProviders } from '@/components/forms/form-providers';
import { usePrefetchSupabase } from '@/components/forms/use-prefetch-supabase';

/** /kontakt and /en/contact: the page's language is its path's. */
export default function ContactPage() {
  const { contactPage } = useCopy(contactCopy);
  const { hero, infoCardsTitle, infoCards, form, closingCta } = contactPage;
  usePrefetchSupabase();
  return (
    <FormProviders>
      <Hero subtitle={hero.subtitle} title={hero.title} lead={hero.lead} />
      <Section id="kontaktwege" title={infoCardsTitle} tone="cream">
        <ContactInfoCards cards={infoCards} />
      </Section>
      <Section id="schreiben" tone="white" className="pt-0 sm:pt-0">
        <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Card className="sm:p-8">
            <h2 id="kontaktformular-titel" className="text-3xl">
              {form.title}
            </h2>
            <p className="mb-6 mt-2 text-ink-muted">{form.lead}</p>
            <ContactForm />
          </Card>
          <div className="space-y-6">
            <LocationBox />
            <DirectionsCard />
          </div>
        </div>
      </Section>
      <ClosingCta id="online-buchen" content={closingCta} />
    </FormProviders>
  );
}
