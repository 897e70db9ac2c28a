import { useCopy } from '@/content/copy';
import { legalNoticeCopy } from '@/content/legal-notice';
import { BindingNote } from '@/components/sections/binding-note';
import { Hero } from '@/components/sections/hero';
import { LegalDetails } from '@/components/sections/legal-details';
import { LegalTextSection } from '@/components/sections/legal-text-section';
import { Section } from '@/components/ui/section';

export default function LegalNoticePage() {
  const { legalNoticePage } = useCopy(legalNoticeCopy);
  const { hero, detailsTitle, details, sections, bindingNote } = legalNoticePage;
  return (
    <>
      <Hero title={hero.title} lead={hero.lead} />
      <Section id="impressum-inhalt">
        <div className="mx-auto max-w-prose space-y-12">
          <BindingNote note={bindingNote} />
          <LegalDetails id="verantwortlich" title={detailsTitle} details={details} />
          {sections.map((section) => (
            <LegalTextSection key={section.title} title={section.title} paragraphs={section.paragraphs} />
          ))}
        </div>
      </Section>
    </>
  );
}
