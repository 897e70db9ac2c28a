import { Card, IconBadge } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { Section } from '@/components/ui/section';
import { cardGrid, cardGridItem, type SectionTone } from '@/components/sections/section-layout';
import type { TeamRole } from '@/content/about';
import { cn } from '@/lib/cn';

interface TeamRolesProps {
  id: string;
  title: string;
  lead?: string;
  roles: readonly TeamRole[];
  tone?: SectionTone;
}

/**
 * One card per role in the practice. The role is the heading; the person, where the card
 * names one, sits under it. Portraits are left out: the advisor profiles show them already.
 */
export function TeamRoles({ id, title, lead, roles, tone }: TeamRolesProps) {
  return (
    <Section id={id} title={title} lead={lead} tone={tone}>
      <ul className={cardGrid}>
        {roles.map((role) => (
          <Card as="li" key={role.title} className={cn('flex flex-col', cardGridItem)}>
            <IconBadge>
              <Icon icon={role.icon} />
            </IconBadge>
            <h3 className="mt-4 text-xl">{role.title}</h3>
            {role.name && <p className="mt-1 text-sm font-semibold text-sage-700">{role.name}</p>}
            <p className="mt-3 text-ink-muted">{role.text}</p>
          </Card>
        ))}
      </ul>
    </Section>
  );
}
