import { useCopy } from '@/content/copy';
import { contactCopy } from '@/content/contact';
import { Card, IconBadge } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';

/** "Anfahrt": parking and the bus stop. */
export function DirectionsCard() {
  const { contactPage } = useCopy(contactCopy);
  const { directions } = contactPage;
  return (
    <Card>
      <h3 className="text-lg">{directions.title}</h3>
      <ul className="mt-4 space-y-4">
        {directions.items.map((item) => (
          <li key={item.title} className="flex gap-3">
            <IconBadge className="size-10 shrink-0">
              <Icon icon={item.icon} className="size-5" />
            </IconBadge>
            <div>
              <p className="font-semibold text-night-800">{item.title}</p>
              <p className="text-ink-muted">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
