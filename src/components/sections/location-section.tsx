import { useCopy } from '@/content/copy';
import { Calendar, MapPin, Phone } from 'lucide-react';
import { Card, IconBadge } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { Section } from '@/components/ui/section';
import type { SectionTone } from '@/components/sections/section-layout';
import { addressLines, type PhoneNumber } from '@/content/practice';
import { uiTextCopy } from '@/content/ui-text';


interface LocationSectionProps {
  id: string;
  title: string;
  text: string;
  /** Name printed as the first line of the address. */
  name: string;
  address: Parameters<typeof addressLines>[0];
  phone: PhoneNumber;
  /** E.g. "Termine nach Vereinbarung". */
  note?: string;
  /** Link to an external map; nothing is embedded, so no third party loads with the page. */
  mapUrl: string;
  tone?: SectionTone;
}

/** Where the practice is: a short text beside a card with the address, phone and a map link. */
export function LocationSection({ id, title, text, name, address, phone, note, mapUrl, tone }: LocationSectionProps) {
  const { uiText } = useCopy(uiTextCopy);
  const [street, town] = addressLines(address);
  return (
    <Section id={id} title={title} tone={tone}>
      <div className="mx-auto grid max-w-5xl items-center gap-8 md:grid-cols-2 md:gap-12">
        <p className="text-lg text-ink-muted">{text}</p>
        <Card className="sm:p-8">
          <address className="space-y-4 not-italic">
            <p className="flex gap-4">
              <IconBadge className="shrink-0">
                <Icon icon={MapPin} />
              </IconBadge>
              <span>
                <span className="block font-semibold text-night-800">{name}</span>
                {street}
                <br />
                {town}
              </span>
            </p>
            <p className="flex items-center gap-4">
              <IconBadge className="shrink-0">
                <Icon icon={Phone} />
              </IconBadge>
              <a href={`tel:${phone.e164}`} className="rounded font-semibold text-night-700 hover:underline">
                {phone.display}
              </a>
            </p>
            {note && (
              <p className="flex items-center gap-4">
                <IconBadge className="shrink-0">
                  <Icon icon={Calendar} />
                </IconBadge>
                <span>{note}</span>
              </p>
            )}
          </address>
          <a
            href={mapUrl}
            className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-full border border-night-700 px-4 py-2 text-sm font-semibold text-night-700 hover:bg-night-50"
          >
            <Icon icon={MapPin} className="size-4" />
            {uiText.location.mapLink}
          </a>
        </Card>
      </div>
    </Section>
  );
}
