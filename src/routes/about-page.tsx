import { useCopy } from '@/content/copy';
import { AdvisorProfiles } from '@/components/sections/advisor-profiles';
import { CheckListSection } from '@/components/sections/check-list';
import { ClosingCta } from '@/components/sections/closing-cta';
import { FeatureGrid } from '@/components/sections/feature-grid';
import { Hero } from '@/components/sections/hero';
import { LocationSection } from '@/components/sections/location-section';
import { ProseSection } from '@/components/sections/prose-section';
import { TeamRoles } from '@/components/sections/team-roles';
import { practiceCopy } from '@/content/practice';
import { aboutCopy } from '@/content/about';

export default function AboutPage() {
  const { aboutPage } = useCopy(aboutCopy);
  const { practice } = useCopy(practiceCopy);
  const { hero, mission, location, advisorsTitle, advisors, values, team, qualifications, closingCta } = aboutPage;
  return (
    <>
      <Hero title={hero.title} lead={hero.lead} />
      <ProseSection id="mission" title={mission.title} paragraphs={mission.paragraphs} tone="cream" />
      <LocationSection
        id="praxis"
        title={location.title}
        text={location.text}
        name={practice.name}
        address={practice.practiceAddress}
        phone={practice.phone}
        note={practice.appointmentsNote}
        mapUrl={practice.mapUrl}
        tone="white"
      />
      <AdvisorProfiles id="beraterinnen" title={advisorsTitle} advisors={advisors} tone="sand" />
      <FeatureGrid id="werte" variant="card" title={values.title} items={values.items} tone="white" />
      <TeamRoles id="team" title={team.title} lead={team.lead} roles={team.roles} tone="cream" />
      <CheckListSection id="qualifikationen" title={qualifications.title} items={qualifications.items} tone="sand" />
      <ClosingCta content={closingCta} />
    </>
  );
}
