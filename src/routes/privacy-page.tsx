import { useCopy } from '@/content/copy';
import { privacyCopy } from '@/content/privacy';
import { Hero } from '@/components/sections/hero';
import { LegalTextSection } from '@/components/sections/legal-text-section';
import { LegalToc } from '@/components/sections/legal-toc';
import { Section } from '@/components/ui/section';
import { dateFormatsCopy } from '@/content/dates';

export default function PrivacyPage() {
  const { privacyPage } = useCopy(privacyCopy);
  const { formatDateShort } = useCopy(dateFormatsCopy);
  // One break point, with its hyphen, for the German hero title: the word is wider than a 360 px
  // screen at the hero's size, and browsers without a German hyphenation dictionary would clip it.
  const heroTitle = privacyPage.hero.title.replace('Datenschutzerklärung', 'Datenschutz\u00ADerklärung');
  const { hero, lastUpdated, lastUpdatedLabel, tocTitle, sections } = privacyPage;
  return (
    <>
      <Hero title={heroTitle} lead={hero.lead} />
      <Section id="datenschutz-inhalt">
        <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,68ch)] lg:justify-center lg:gap-16">
          <p className="text-ink-muted lg:col-start-2">
            {lastUpdatedLabel} <time dateTime={lastUpdated}>{formatDateShort(lastUpdated)}</time>
          </p>
          <LegalToc title={tocTitle} items={sections} className="lg:col-start-1 lg:row-span-2 lg:row-start-1" />
          <div className="space-y-12">
            {sections.map((section) => (
              <LegalTextSection key={section.id} {...section} />
            ))}
          </div>
        </div>
      </Section>
    </>
  );
}
