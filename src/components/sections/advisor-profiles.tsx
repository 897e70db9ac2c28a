import { useCopy } from '@/content/copy';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import type { SectionTone } from '@/components/sections/section-layout';
import type { Advisor } from '@/content/team';
import { uiTextCopy } from '@/content/ui-text';

/** Intrinsic size of the portraits; shown smaller, so they stay sharp on high-density screens. */
const PORTRAIT_SIZE = 480;

interface AdvisorProfilesProps {
  id: string;
  title: string;
  advisors: readonly Advisor[];
  tone?: SectionTone;
}

/** One card per advisor: portrait, name, role, bio and focus areas. Each card is an anchor (#sandra-huber). */
export function AdvisorProfiles({ id, title, advisors, tone }: AdvisorProfilesProps) {
  const { uiText } = useCopy(uiTextCopy);
  return (
    <Section id={id} title={title} tone={tone}>
      <ul className="grid gap-6 lg:grid-cols-2">
        {advisors.map((advisor) => (
          <li key={advisor.id} id={advisor.id}>
            <Card as="article" className="h-full sm:p-8">
              <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
                <img
                  src={advisor.image.src}
                  alt={advisor.image.alt}
                  width={PORTRAIT_SIZE}
                  height={PORTRAIT_SIZE}
                  loading="lazy"
                  decoding="async"
                  className="size-32 shrink-0 rounded-full bg-sand-100 object-cover ring-4 ring-sand-100 sm:size-36"
                />
                <div>
                  <h3 className="text-2xl">{advisor.name}</h3>
                  <p className="mt-1 font-medium text-sage-700">{advisor.role}</p>
                </div>
              </div>
              <p className="mt-6 text-ink-muted">{advisor.bio}</p>
              <h4 className="mt-6 text-sm font-semibold uppercase tracking-wider text-ink">{uiText.advisors.focusTitle}</h4>
              <ul className="mt-3 flex flex-wrap gap-2">
                {advisor.focus.map((focus) => (
                  <li key={focus} className="rounded-lg bg-sage-50 px-3 py-1 text-sm text-sage-800">
                    {focus}
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
