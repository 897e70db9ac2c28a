import type { FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-link';
import { SelectField, TextAreaField } from '@/components/forms/form-field';
import { checkFields, clearFieldMessage, STAFF_NOTE_RULE } from '@/components/forms/field-check';
import { readTextFields } from '@/components/forms/read-form';
import { timeSlotLabel, timeSlots } from '@/content/services';
import { terminAktionPage as copy } from '@/content/termin-aktion';
import { FIELD_LIMITS } from '@domain/field-limits';
import type { AppointmentActionView } from '@domain/wire-types';
import type { ActInput } from './action-api';
import type { Control } from './action-state';

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
};

interface ActionFormProps {
  control: Control;
  view: AppointmentActionView;
  pending: boolean;
  onAct: (input: ActInput) => void;
  onResend: () => void;
}

/**
 * The page's one button, with the fields its action takes: a time when the slot to
 * confirm has none (required), a note when declining (optional, checked with the
 * function's own field schema before sending, the problem shown at the field as the
 * booking forms do). The fields are uncontrolled and the form stays mounted after a
 * failed press, so what was entered is still there for the retry.
 */
export function ActionForm({ control, view, pending, onAct, onResend }: ActionFormProps) {
  const needsTime = control === 'confirm' && view.slot?.time === null;
  const slotTaken = control === 'confirm' && view.slot?.time != null && view.takenTimes.includes(view.slot.time);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (control === 'resend') {
      onResend();
      return;
    }
    const form = event.currentTarget;
    if (!checkFields(form, [STAFF_NOTE_RULE])) return;
    // Trimmed, as the forms send; a blank note is no note.
    const { uhrzeit, nachricht } = readTextFields(form, ['uhrzeit', 'nachricht'] as const);
    onAct({ ...(needsTime && uhrzeit !== '' && { time: uhrzeit }), ...(nachricht !== '' && { note: nachricht }) });
  }

  return (
    <form onSubmit={onSubmit} onInput={clearFieldMessage} className="mt-8 space-y-5">
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
      {slotTaken && (
        <p className="max-w-prose rounded-xl border-2 border-night-600 bg-white px-4 py-3">{copy.confirm.slotTaken}</p>
      )}
      {control === 'decline' && (
        <TextAreaField
          label={copy.decline.noteLabel(view.name)}
          name="nachricht"
          rows={5}
          maxLength={FIELD_LIMITS.staffNote}
          hint={copy.decline.noteHint}
        />
      )}
      {/*
        While sending: aria-disabled, not disabled, so the focused button keeps the focus
        (as the forms' FormFooter does); the press is ignored here and in the hook.
      */}
      <button
        type="submit"
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        className={buttonClasses('primary', 'lg', 'w-full sm:w-auto aria-disabled:pointer-events-none aria-disabled:opacity-70')}
      >
        {pending ? copy.sending : buttonLabels[control]}
      </button>
    </form>
  );
}
