import { Phone } from 'lucide-react';
import { practiceCopy } from '@/content/practice';
import { appointmentActionCopy } from '@/content/appointment-action';
import { useCopy } from '@/content/copy';
import { cn } from '@/lib/cn';

/** "Telefon der Praxis: +41 44 555 27 80" with a tel: link as large as a button (44 px). */
export function PracticePhone({ className }: { className?: string }) {
  const { appointmentActionPage: copy } = useCopy(appointmentActionCopy);
  const { practice } = useCopy(practiceCopy);
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
