import { useCopy } from '@/content/copy';
import { privacyCopy } from '@/content/privacy';
import { BindingNote } from '@/components/sections/binding-note';
import { Hero } from '@/components/sections/hero';
import { LegalTextSection } from '@/components/sections/legal-text-section';
import { LegalToc } from '@/components/sections/legal-toc';
import { Section } from '@/components/ui/section';
import { cn } from '@/lib/cn';
import { dateFormatsCopy } from '@/content/dates';

export default function PrivacyPage() {
  const { privacyPage } = useCopy(privacyCopy);
  const { formatDateShort } = useCopy(dateFormatsCopy);
  // One break point, with its hyphen, for the German hero title: the word is wider than a 360 px
  // screen at the hero's size, and browsers without a German hyphenation dictionary would clip it.
  const heroTitle = privacyPage.hero.title.replace('Datenschutzerklärung', 'Datenschutz\u00ADerklärung');
  const { hero, lastUpdated, lastUpdatedLabel, tocTitle, sections, bindingNote } = privacyPage;
  return (
    <>
      <Hero title={heroTitle} lead={hero.lead} />
      <Section id="datenschutz-inhalt">
        <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,68ch)] lg:justify-center lg:gap-16">
          <BindingNote note={bindingNote} className="rounded-xl border border-sand-200 bg-white p-4 text-ink lg:col-start-2" />
          <p className="text-ink-muted lg:col-start-2">
            {lastUpdatedLabel} <time dateTime={lastUpdated}>{formatDateShort(lastUpdated)}</time>
          </p>
          {/* Beside everything of the second column: the binding note (a translation's), the date and the sections. */}
          <LegalToc title={tocTitle} items={sections} className={cn('lg:col-start-1 lg:row-start-1', bindingNote ? 'lg:row-span-3' : 'lg:row-span-2')} />
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
