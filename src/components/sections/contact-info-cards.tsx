import type { InfoCard } from '@/content/contact';
import { Card, IconBadge } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';

/** Phone, e-mail, address and opening note as four cards; linked lines are real tel:/mailto: links. */
export function ContactInfoCards({ cards }: { cards: readonly InfoCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => {
        const [first, ...rest] = card.lines;
        return (
          <Card as="li" key={card.title} className="flex flex-col gap-3">
            <IconBadge>
              <Icon icon={card.icon} />
            </IconBadge>
            <h3 className="text-lg">{card.title}</h3>
            <p className="text-ink">
              {card.href ? (
                <a href={card.href} className="break-words font-medium text-night-700 underline-offset-4 hover:underline">
                  {first}
                </a>
              ) : (
                first
              )}
              {rest.map((line) => (
                <span key={line} className="block text-sm text-ink-muted">
                  {line}
                </span>
              ))}
            </p>
          </Card>
        );
      })}
    </ul>
  );
}
