import { useCopy } from '@/content/copy';
import { PageLink } from '@/lib/page-links';
import { ArrowRight } from 'lucide-react';
import { CheckList } from '@/components/sections/check-list';
import { cardGrid, cardGridItem, type SectionTone } from '@/components/sections/section-layout';
import { Card, IconBadge } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { Section } from '@/components/ui/section';
import type { ServiceCard, ServiceCardId } from '@/content/service-cards';
import { uiTextCopy } from '@/content/ui-text';

/** Visible link text on every teaser card; the card title follows for screen readers, so the three links differ. */

type ServiceCardGridProps = {
  id: string;
  title: string;
  lead?: string;
  cards: readonly ServiceCard[];
  tone?: SectionTone;
} & (
  | {
      /** Icon, title, description and a link to the card's anchor on its page (home). */
      variant: 'teaser';
      highlights?: undefined;
    }
  | {
      /**
       * The same plus the card's highlights, each card carrying its id as an anchor target,
       * and no link, because it would point at the page the visitor is on (/schlafberatung).
       */
      variant: 'detailed';
      highlights: Readonly<Record<ServiceCardId, readonly string[]>>;
    }
);

export function ServiceCardGrid({ id, title, lead, cards, tone, variant, highlights }: ServiceCardGridProps) {
  const { uiText } = useCopy(uiTextCopy);
  return (
    <Section id={id} title={title} lead={lead} tone={tone}>
      <ul className={cardGrid}>
        {cards.map((card) => (
          <li key={card.id} id={variant === 'detailed' ? card.id : undefined} className={cardGridItem}>
            <Card className="flex h-full flex-col">
              <IconBadge>
                <Icon icon={card.icon} />
              </IconBadge>
              <h3 className="mt-4 text-2xl">{card.title}</h3>
              <p className="mt-3 text-ink-muted">{card.description}</p>
              {highlights ? (
                <CheckList items={highlights[card.id]} columns={1} className="mt-6 border-t border-sand-200 pt-6 text-sm" />
              ) : (
                <PageLink
                  to={`${card.to}#${card.id}`}
                  className="mt-auto inline-flex min-h-11 items-center gap-2 self-start rounded pt-4 font-semibold text-night-700 underline-offset-4 hover:text-night-800 hover:underline"
                >
                  {uiText.serviceCards.learnMore}{' '}
                  <span className="sr-only">{uiText.serviceCards.about} {card.title}</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </PageLink>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
