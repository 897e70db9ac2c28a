import { AppointmentSidebar } from '@/components/sections/appointment-sidebar';
import { Hero } from '@/components/sections/hero';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/section';
import { useCopy } from '@/content/copy';
import { appointmentCopy } from '@/content/appointment';
import { AppointmentForm } from '@/features/appointment/appointment-form';
import { FormProviders } from '@/components/forms/form-providers';
import { usePrefetchSupabase } from '@/components/forms/use-prefetch-supabase';

/** /termin-vereinbaren and /en/book-an-appointment: the page's language is its path's. */
export default function AppointmentPage() {
  const { appointmentPage } = useCopy(appointmentCopy);
  const { hero, form } = appointmentPage;
  usePrefetchSupabase();
  return (
    <FormProviders>
      <Hero subtitle={hero.subtitle} title={hero.title} lead={hero.lead} />
      <section aria-labelledby="terminformular-titel" className="bg-cream py-12 sm:py-16">
        <Container className="grid items-start gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Card className="sm:p-8">
            <h2 id="terminformular-titel" className="mb-6 text-3xl">
              {form.title}
            </h2>
            <AppointmentForm />
          </Card>
          <AppointmentSidebar />
        </Container>
      </section>
    </FormProviders>
  );
}
