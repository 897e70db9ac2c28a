import { TriangleAlert } from 'lucide-react';
import { appointmentActionCopy } from '@/content/appointment-action';
import { useCopy } from '@/content/copy';
import { useLanguage } from '@/lib/page-links';
import { advisorName } from '@domain/practice';
import { collisionText, type SlotCapacity as Capacity } from './action-state';

interface SlotCapacityProps {
  /** Who is free at the chosen time; null until the practice has picked one (a slot without a time). */
  capacity: Capacity | null;
  /** Nobody free: what the practice can do instead, in words for this link. */
  whatNow: string;
}

function CollisionList({ capacity }: { capacity: Capacity }) {
  const language = useLanguage();
  return (
    <ul className="mt-2 list-disc space-y-1 pl-6">
      {capacity.collisions.map((collision) => (
        <li key={`${collision.advisor}-${collision.time}-${collision.name}`}>{collisionText(collision, language)}</li>
      ))}
    </ul>
  );
}

/**
 * Who of the two advisors is free for the slot the practice is about to confirm, before
 * its buttons (one per advisor free): both, one – and who else is booked then – or
 * nobody, with every appointment that collides and what the practice can do instead. A
 * live region that is there from the start, so a screen reader announces the news when
 * the practice picks another time. Said in words; the icon only repeats it.
 */
export function SlotCapacity({ capacity, whatNow }: SlotCapacityProps) {
  const { capacity: texts } = useCopy(appointmentActionCopy).appointmentActionPage;
  return (
    <div aria-live="polite">
      {capacity === null ? (
        <p className="max-w-prose text-ink-muted">{texts.pickTimeFirst}</p>
      ) : capacity.free.length >= 2 ? (
        <p className="max-w-prose">{texts.bothFree}</p>
      ) : capacity.free.length === 1 ? (
        <div className="max-w-prose">
          <p>{texts.oneFree(advisorName(capacity.free[0]!))}</p>
          <CollisionList capacity={capacity} />
        </div>
      ) : (
        <div className="flex max-w-prose gap-3 rounded-xl border-2 border-night-600 bg-white px-4 py-3">
          <TriangleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-night-700" />
          {/* min-w-0: the text names the visitor, whose name may be one long word that must wrap here. */}
          <div className="min-w-0">
            <p className="font-semibold text-night-800">{texts.nobodyFree}</p>
            <CollisionList capacity={capacity} />
            <p className="mt-3">{whatNow}</p>
          </div>
        </div>
      )}
    </div>
  );
}
