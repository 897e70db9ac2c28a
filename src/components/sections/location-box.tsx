import { useCopy } from '@/content/copy';
import { ExternalLink } from 'lucide-react';
import { contactCopy } from '@/content/contact';
import { addressLines, practiceCopy } from '@/content/practice';
import { Card } from '@/components/ui/card';

/**
 * Where the practice is, without an embedded third-party map: a static picture (no
 * request to a map provider, nothing to consent to) and a link that opens the address
 * in the visitor's map service only when they choose to.
 */
export function LocationBox() {
  const { practice } = useCopy(practiceCopy);
  const { contactPage } = useCopy(contactCopy);
  const { location } = contactPage;
  const [street, town] = addressLines(practice.practiceAddress);
  return (
    <Card padding="none" className="overflow-hidden">
      <img
        src="/media/standort-karte.svg"
        alt={location.imageAlt}
        width={800}
        height={500}
        loading="lazy"
        decoding="async"
        className="aspect-[8/5] w-full bg-sand-100 object-cover"
      />
      <div className="p-6">
        <h3 className="text-lg">{location.title}</h3>
        <p className="mt-1 text-ink">
          {practice.name}
          <br />
          {street}, {town}
        </p>
        <a
          href={practice.mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex items-center gap-1.5 font-medium text-night-700 underline underline-offset-4 hover:text-night-800"
        >
          {location.mapLinkLabel}
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">({location.mapLinkNote})</span>
        </a>
      </div>
    </Card>
  );
}
