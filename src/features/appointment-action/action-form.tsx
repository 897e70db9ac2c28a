import { useId, type FormEvent } from 'react';
import { TriangleAlert } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button-link';
import { SelectField, TextAreaField } from '@/components/forms/form-field';
import { checkFields, clearFieldMessage, STAFF_NOTE_RULE } from '@/components/forms/field-check';
import { readTextFields } from '@/components/forms/read-form';
import { timeSlotLabel, timeSlots } from '@/content/services';
import { terminAktionPage as copy } from '@/content/termin-aktion';
import { FIELD_LIMITS } from '@domain/field-limits';
import type { AppointmentActionView } from '@domain/wire-types';
import type { ActInput } from './action-api';
import { slotWarnings, type Control } from './action-state';
import { RescheduleFields, RESCHEDULE_FIELDS } from './reschedule-fields';
import type { Outcome } from './use-appointment-action';

/** The 21 times; those confirmed for someone else say so but stay selectable (two advisors, the practice decides). */
function timeOptions(takenTimes: readonly string[]) {
  return timeSlots.map((slot) => ({
    value: slot,
    label: takenTimes.includes(slot) ? `${timeSlotLabel(slot)} – ${copy.confirm.takenTime}` : timeSlotLabel(slot),
  }));
}

const buttonLabels: Record<Control, string> = {
  confirm: copy.confirm.button,
  decline: copy.decline.button,
  cancel: copy.cancel.button,
  resend: copy.mailPending.button,
  reschedule: copy.reschedule.button,
  'confirm-move': copy.move.confirmButton,
  'decline-move': copy.move.declineButton,
};

interface ActionFormProps {
  control: Control;
  view: AppointmentActionView;
  pending: boolean;
  /** The function refused the last new slot of a move: said at its field. */
  refused?: Extract<Outcome, { kind: 'unavailable' }> | null;
  onAct: (input: ActInput) => void;
  onResend: () => void;
}

/**
 * The page's one button, with the fields its action takes: a time when the slot to
 * confirm has none (required), a note when declining a request or a move (optional,
 * checked with the function's own field schema before sending, the problem shown at the
 * field as the booking forms do), the new date and time of a move (the booking form's
 * fields and rules). Warnings about the slot to confirm come before the button and
 * describe it; they never block. The fields are uncontrolled and the form stays mounted
 * after a failed press, so what was entered is still there for the retry.
 */
export function ActionForm({ control, view, pending, refused = null, onAct, onResend }: ActionFormProps) {
  const needsTime = control === 'confirm' && view.slot?.time === null;
  const takesNote = control === 'decline' || control === 'decline-move';
  const warnings = slotWarnings(view, control);
  const warningId = useId();
  const warningIds = warnings.map((_, index) => `${warningId}-${index}`);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (control === 'resend') {
      onResend();
      return;
    }
    const form = event.currentTarget;
    if (!checkFields(form, [STAFF_NOTE_RULE])) return;
    if (control === 'reschedule') {
      const { datum, uhrzeit } = readTextFields(form, RESCHEDULE_FIELDS);
      onAct({ date: datum, time: uhrzeit });
      return;
    }
    // Trimmed, as the forms send; a blank note is no note.
    const { uhrzeit, nachricht } = readTextFields(form, ['uhrzeit', 'nachricht'] as const);
    onAct({ ...(needsTime && uhrzeit !== '' && { time: uhrzeit }), ...(nachricht !== '' && { note: nachricht }) });
  }

  return (
    <form onSubmit={onSubmit} onInput={clearFieldMessage} className="mt-8 space-y-5">
      {control === 'reschedule' && view.booking !== null && <RescheduleFields view={{ ...view, booking: view.booking }} refused={refused} />}
      {needsTime && (
        <SelectField
          label={copy.confirm.timeLabel}
          name="uhrzeit"
          required
          placeholder={copy.confirm.timePlaceholder}
          options={timeOptions(view.takenTimes)}
          className="max-w-xs"
        />
      )}
      {warnings.map((text, index) => (
        <p key={text} id={warningIds[index]} className="flex max-w-prose gap-3 rounded-xl border-2 border-night-600 bg-white px-4 py-3">
          <TriangleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-night-700" />
          <span>{text}</span>
        </p>
      ))}
      {takesNote && (
        <TextAreaField
          label={copy.decline.noteLabel(view.name)}
          name="nachricht"
          rows={5}
          maxLength={FIELD_LIMITS.staffNote}
          hint={control === 'decline' ? copy.decline.noteHint : copy.move.noteHint}
        />
      )}
      {/*
        While sending: aria-disabled, not disabled, so the focused button keeps the focus
        (as the forms' FormFooter does); the press is ignored here and in the hook.
      */}
      <button
        type="submit"
        aria-describedby={warnings.length > 0 ? warningIds.join(' ') : undefined}
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        className={buttonClasses('primary', 'lg', 'w-full sm:w-auto aria-disabled:pointer-events-none aria-disabled:opacity-70')}
      >
        {pending ? copy.sending : buttonLabels[control]}
      </button>
    </form>
  );
}
