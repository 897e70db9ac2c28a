import { Phone } from 'lucide-react';
import { practice } from '@/content/practice';
import { appointmentActionPage as copy } from '@/content/appointment-action';
import { cn } from '@/lib/cn';

/** "Telefon der Praxis: +41 44 555 27 80" with a tel: link as large as a button (44 px). */
export function PracticePhone({ className }: { className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2', className)}>
      <span>{copy.phoneLabel}</span>
      <a
        href={`tel:${practice.phone.e164}`}
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-night-700 underline underline-offset-4 hover:text-night-800"
      >
        <Phone aria-hidden="true" className="size-4 shrink-0" />
        {practice.phone.display}
      </a>
    </p>
  );
}
