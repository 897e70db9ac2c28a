import { useId, useState, type FormEvent } from 'react';
import { TriangleAlert } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button-link';
import { SelectField, TextAreaField } from '@/components/forms/form-field';
import { checkFields, clearFieldMessage, STAFF_NOTE_RULE } from '@/components/forms/field-check';
import { readTextFields } from '@/components/forms/read-form';
import { servicesCopy, timeSlots } from '@/content/services';
import { appointmentActionCopy } from '@/content/appointment-action';
import { useCopy } from '@/content/copy';
import { formNoticesCopy } from '@/content/form-notices';
import type { Language } from '@/lib/language';
import { useLanguage } from '@/lib/page-links';
import { FIELD_LIMITS } from '@domain/field-limits';
import { advisorName, isAdvisorId, type AdvisorId } from '@domain/practice';
import type { AppointmentActionView } from '@domain/wire-types';
import type { ActInput } from './api/action-api';
import { slotCapacity, slotWarnings, type Control } from './action-state';
import { MoveFields, MOVE_FIELDS } from './move-fields';
import { SlotCapacity } from './slot-capacity';
import { OfferChoices, readOfferChoices } from './offer-choices';
import type { Outcome } from './use-appointment-action';

type PageCopy = (typeof appointmentActionCopy)[Language];
type Texts = PageCopy['appointmentActionPage'];

/**
 * The 21 times; those at which both advisors have appointments say so but stay
 * selectable: the page then lists what collides.
 */
function timeOptions(view: AppointmentActionView, copy: Texts, timeSlotLabel: (slot: (typeof timeSlots)[number]) => string) {
  return timeSlots.map((slot) => ({
    value: slot,
    label: slotCapacity(view, slot)?.free.length === 0 ? `${timeSlotLabel(slot)} – ${copy.capacity.nobodyFreeTime}` : timeSlotLabel(slot),
  }));
}

/** What the practice can do when nobody is free, for this link. */
function whatNowText(view: AppointmentActionView, control: Control, picksTime: boolean, copy: Texts): string {
  if (control === 'confirm-move') return copy.capacity.whatNowMove(view.name);
  return picksTime ? copy.capacity.whatNowPickTime(view.name) : copy.capacity.whatNow(view.name);
}

function buttonLabels({ appointmentActionPage: copy, offerTexts }: PageCopy): Record<Control, string> {
  return {
    confirm: copy.confirm.button,
    decline: copy.decline.button,
    cancel: copy.cancel.button,
    resend: copy.mailPending.button,
    'request-move': copy.requestMove.button,
    'confirm-move': copy.move.confirmButton,
    'decline-move': copy.move.declineButton,
    earlier: copy.earlier.button,
    'take-earlier': copy.earlier.takeButton,
    'end-earlier': copy.earlier.endButton,
    'take-offer': offerTexts.take.button,
  };
}

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
 * The page's button, with the fields its action takes: a time when the slot to confirm
 * has none (required), a note when declining a request or a move (optional, checked with
 * the function's own field schema before sending, the problem shown at the field as the
 * booking forms do), the new date and time of a move (the booking form's fields and
 * rules). Warnings about the slot to confirm come before the button and describe it;
 * they never block. The fields are uncontrolled and the form stays mounted after a failed
 * press, so what was entered is still there for the retry.
 *
 * Confirming (a request or a move) says who of the advisors is free at the slot's time –
 * for a slot without a time, at the time picked – and offers one button per advisor free,
 * «Bestätigen mit <Name>», which sends that advisor; with nobody free there is no button,
 * and the page lists what collides (./slot-capacity.tsx).
 */
export function ActionForm({ control, view, pending, refused = null, onAct, onResend }: ActionFormProps) {
  const pageCopy = useCopy(appointmentActionCopy);
  const copy = pageCopy.appointmentActionPage;
  const { timeSlotLabel } = useCopy(servicesCopy);
  const { fieldProblemTexts } = useCopy(formNoticesCopy);
  const language = useLanguage();
  const labels = buttonLabels(pageCopy);
  const needsTime = control === 'confirm' && view.slot?.time === null;
  const takesNote = control === 'decline' || control === 'decline-move';
  const decides = control === 'confirm' || control === 'confirm-move';
  // The time the practice picks for a slot without one; the select stays uncontrolled.
  const [pickedTime, setPickedTime] = useState('');
  // Which advisor's button was pressed, for its «sending» label.
  const [pressed, setPressed] = useState<AdvisorId | null>(null);
  const time = view.slot?.time ?? (pickedTime === '' ? null : pickedTime);
  const capacity = decides && time !== null ? slotCapacity(view, time) : null;
  const warnings = slotWarnings(view, control, language);
  const warningId = useId();
  const warningIds = warnings.map((_, index) => `${warningId}-${index}`);
  const describedBy = warnings.length > 0 ? warningIds.join(' ') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (control === 'resend') {
      onResend();
      return;
    }
    const form = event.currentTarget;
    if (!checkFields(form, [STAFF_NOTE_RULE], fieldProblemTexts)) return;
    if (control === 'request-move') {
      const { datum, uhrzeit } = readTextFields(form, MOVE_FIELDS);
      onAct({ date: datum, time: uhrzeit });
      return;
    }
    // Trimmed, as the forms send; a blank note is no note.
    const { uhrzeit, nachricht } = readTextFields(form, ['uhrzeit', 'nachricht'] as const);
    let advisor: AdvisorId | undefined;
    if (decides) {
      // The advisor of the button pressed; without one (the time not yet picked) nothing is sent.
      const chosen = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('data-advisor');
      if (!isAdvisorId(chosen) || !capacity?.free.includes(chosen)) return;
      advisor = chosen;
      setPressed(chosen);
    }
    const offers = control === 'decline' ? readOfferChoices(form) : [];
    onAct({
      ...(offers.length > 0 && { offers }),
      ...(needsTime && uhrzeit !== '' && { time: uhrzeit }),
      ...(nachricht !== '' && { note: nachricht }),
      ...(advisor !== undefined && { advisor }),
    });
  }

  const buttonClass = buttonClasses('primary', 'lg', 'w-full sm:w-auto aria-disabled:pointer-events-none aria-disabled:opacity-70');
  /*
    While sending: aria-disabled, not disabled, so the focused button keeps the focus
    (as the forms' FormFooter does); the press is ignored here and in the hook.
  */
  const submitButton = (label: string, advisor?: AdvisorId) => (
    <button
      key={advisor ?? 'submit'}
      type="submit"
      data-advisor={advisor}
      aria-describedby={describedBy}
      aria-disabled={pending || undefined}
      aria-busy={(pending && (advisor === undefined || advisor === pressed)) || undefined}
      className={buttonClass}
    >
      {pending && (advisor === undefined || advisor === pressed) ? copy.sending : label}
    </button>
  );
  const buttons = !decides
    ? [submitButton(labels[control])]
    : capacity === null
      ? // No time picked yet: pressing asks for one (the select is required).
        [submitButton(labels[control])]
      : capacity.free.map((advisor) => submitButton(copy.capacity.confirmWith(advisorName(advisor)), advisor));

  return (
    <form onSubmit={onSubmit} onInput={clearFieldMessage} className="mt-8 space-y-5">
      {control === 'request-move' && view.booking !== null && <MoveFields view={{ ...view, booking: view.booking }} refused={refused} />}
      {needsTime && (
        <SelectField
          label={copy.confirm.timeLabel}
          name="uhrzeit"
          required
          placeholder={copy.confirm.timePlaceholder}
          options={timeOptions(view, copy, timeSlotLabel)}
          className="max-w-xs"
          onChange={(event) => setPickedTime(event.currentTarget.value)}
        />
      )}
      {warnings.map((text, index) => (
        <p key={text} id={warningIds[index]} className="flex max-w-prose gap-3 rounded-xl border-2 border-night-600 bg-white px-4 py-3">
          <TriangleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-night-700" />
          <span>{text}</span>
        </p>
      ))}
      {decides && <SlotCapacity capacity={capacity} whatNow={whatNowText(view, control, needsTime, copy)} />}
      {control === 'decline' && view.offerChoices && <OfferChoices view={{ ...view, offerChoices: view.offerChoices }} />}
      {takesNote && (
        <TextAreaField
          label={copy.decline.noteLabel(view.name)}
          name="nachricht"
          rows={5}
          limit={FIELD_LIMITS.staffNote}
          hint={control === 'decline' ? copy.decline.noteHint : copy.move.noteHint}
        />
      )}
      {buttons.length > 0 && <div className="flex flex-wrap gap-3">{buttons}</div>}
    </form>
  );
}
