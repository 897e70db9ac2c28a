import { useMemo, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { appointmentActionCopy } from '@/content/appointment-action';
import { useCopy } from '@/content/copy';
import { SlotFields } from '@/components/slots/slot-fields';
import { refusalOf, type SlotRefusal, type SlotRules } from '@/components/slots/slot-rules';
import { serviceCatalog } from '@domain/catalog';
import type { AppointmentActionView } from '@domain/wire-types';
import type { Outcome } from './use-appointment-action';

/** The field names the move form reads (`date` and `time` of the press). */
export const MOVE_FIELDS = ['datum', 'uhrzeit'] as const;

interface MoveFieldsProps {
  /** A request-move link's view with the rules for the new slot (`booking`). */
  view: AppointmentActionView & { booking: NonNullable<AppointmentActionView['booking']> };
  /** The function refused the last slot sent: said at its field. */
  refused: Extract<Outcome, { kind: 'unavailable' }> | null;
}

/** The catalogue's value of the view's service (stored as its label); '' for one the catalogue does not know. */
function serviceValueOf(label: string): string {
  return serviceCatalog.find((entry) => entry.label === label)?.value ?? '';
}

/**
 * The visitor's new date and time: the booking form's fields (../appointment/slot-fields),
 * with the window and closures the function sent, the start times of the chosen day at
 * which nobody is free for the appointment's service (the same public RPC, with its own
 * small query cache on this page), and the current appointment's own time marked on its day.
 */
export function MoveFields({ view, refused }: MoveFieldsProps) {
  const [queryClient] = useState(createQueryClient);
  const { appointmentActionPage: copy } = useCopy(appointmentActionCopy);
  const { booking } = view;
  const rules = useMemo<SlotRules>(
    () => ({ first: booking.first, last: booking.last, closedDays: new Set(booking.closedDays) }),
    [booking],
  );
  const refusal = useMemo<SlotRefusal | null>(() => {
    if (!refused) return null;
    return refused.reason === 'same_slot'
      ? { field: 'time', reason: 'same_slot', ...refused.slot, message: copy.requestMove.sameSlot }
      : refusalOf(refused.reason, refused.slot, rules);
  }, [refused, rules, copy]);
  const { requestMove } = copy;
  return (
    <fieldset className="space-y-4">
      <legend className="mb-4 font-serif text-xl font-semibold text-night-800">{requestMove.formTitle}</legend>
      <QueryClientProvider client={queryClient}>
        <SlotFields
          date={{ name: MOVE_FIELDS[0], label: requestMove.dateLabel, required: true }}
          time={{ name: MOVE_FIELDS[1], label: requestMove.timeLabel, placeholder: requestMove.timePlaceholder, required: true }}
          service={serviceValueOf(view.service)}
          rules={rules}
          refusal={refusal}
          current={view.confirmed && { ...view.confirmed, label: requestMove.currentSlot }}
        />
      </QueryClientProvider>
    </fieldset>
  );
}
