import { useCopy } from '@/content/copy';
import { Info } from 'lucide-react';
import { Icon } from '@/components/ui/icon';
import { Section } from '@/components/ui/section';
import { Tooltip, TooltipProvider } from '@/components/ui/tooltip';
import type { SectionTone } from '@/components/sections/section-layout';
import { type BookableService, servicesCopy } from '@/content/services';
import { formatChf } from '@domain/catalog';
import { cn } from '@/lib/cn';

interface ServicePriceListProps {
  /** The services to list; all bookable services by default. */
  services?: readonly BookableService[];
  /** `full` shows each service's description (a page section); `compact` only name, duration and price (a sidebar). */
  variant?: 'full' | 'compact';
  className?: string;
}

/**
 * The bookable services with duration and price. A price on request gets a focusable
 * "Preis auf Anfrage" button whose tooltip says how the price is set. Used on
 * /schlafberatung and in the sidebar of the booking page.
 */
export function ServicePriceList({ services: chosen, variant = 'full', className }: ServicePriceListProps) {
  const { bookableServices } = useCopy(servicesCopy);
  const services = chosen ?? bookableServices;
  const compact = variant === 'compact';
  return (
    // Its own provider, so any page (or sidebar) can use the list without setting one up.
    <TooltipProvider>
      {/* Laid out by its own width, not the viewport's: the same list sits in a page section and in a narrow sidebar. */}
      <ul className={cn('@container divide-y divide-sand-200', className)}>
        {services.map((service) => (
          <li
            key={service.value}
            className={cn('flex flex-col gap-2 @sm:flex-row @sm:items-start @sm:justify-between @sm:gap-6', compact ? 'py-3' : 'py-5')}
          >
            <div className="min-w-0">
              <p className={cn('font-semibold text-night-800', !compact && 'text-lg')}>{service.label}</p>
              {!compact && <p className="mt-1 text-ink-muted">{service.description}</p>}
            </div>
            {/* Price and duration read together, like a price tag. */}
            <div className="flex flex-wrap items-baseline gap-x-3 @sm:block @sm:shrink-0 @sm:text-right">
              <p className={cn('whitespace-nowrap font-semibold text-night-800', !compact && 'text-lg')}>
                {service.priceChf === null ? <PriceOnRequest /> : formatChf(service.priceChf)}
              </p>
              <p className="text-sm text-ink-muted">{service.durationLabel}</p>
            </div>
          </li>
        ))}
      </ul>
    </TooltipProvider>
  );
}

function PriceOnRequest() {
  const { priceOnRequest } = useCopy(servicesCopy);
  return (
    <Tooltip content={priceOnRequest.explanation}>
      {/* A real button, so keyboard users can reach the explanation too. */}
      <button
        type="button"
        className="inline-flex min-h-11 @sm:-mt-2 items-center gap-1.5 rounded text-night-800 underline decoration-dotted decoration-2 underline-offset-4 hover:text-night-600"
      >
        {priceOnRequest.label}
        <Icon icon={Info} className="size-4 shrink-0" />
      </button>
    </Tooltip>
  );
}

interface ServicePricesSectionProps {
  id: string;
  title: string;
  lead?: string;
  tone?: SectionTone;
}

/** The price list as a page section, in a single card. */
export function ServicePricesSection({ id, title, lead, tone }: ServicePricesSectionProps) {
  return (
    <Section id={id} title={title} lead={lead} tone={tone}>
      <div className="mx-auto max-w-3xl rounded-2xl border border-sand-200 bg-white px-6 py-2 shadow-card sm:px-8">
        <ServicePriceList />
      </div>
    </Section>
  );
}
