import { useEffect, useRef, useState } from 'react';
import { SelectField, TextField, type SelectOption } from '@/components/forms/form-field';
import { OWN_MESSAGE } from '@/components/forms/field-check';
import { useCopy } from '@/content/copy';
import { servicesCopy } from '@/content/services';
import { appointmentCopy } from '@/content/appointment';
import { dateFormatsCopy } from '@/content/dates';
import { dayAvailability } from '@domain/availability';
import type { TimeSlot } from '@domain/catalog';
import { parseIsoDate } from '@domain/dates';
import { anyDayTimes, dateProblem, dateProblemText, slotRefusalText, type SlotRefusal, type SlotRules, type SlotWords } from './slot-rules';
import { useTakenStartTimes } from './start-times';

const ownMessage = { [OWN_MESSAGE]: true };

export interface SlotFieldsProps {
  date: { name: string; label: string; required?: boolean };
  time: { name: string; label: string; placeholder: string; required?: boolean };
  /** The window and the closures; undefined until the page runs (the prerendered HTML knows no today). */
  rules: SlotRules | undefined;
  /** What the backend refused on sending: said at its field while the field still holds that slot, which then takes the focus. */
  refusal?: SlotRefusal | null;
  /**
   * The service the slot is for (its value, e.g. 'schlafberatung'): a time is taken when
   * nobody is free for the service's whole length from it. '' until one is chosen (the
   * shortest service is asked about then).
   */
  service: string;
  /** The appointment being moved: its time is marked with `label` on its day, and cannot be chosen. */
  current?: { date: string; time: string; label: string } | null;
  /** The visitor turns to the date, or one is chosen (for reading the closures when needed). */
  onDateFocus?: () => void;
}

/**
 * A date and a time of day under the practice's rules: the booking form's Wunsch- and
 * Alternativtermin, and the new slot when a visitor moves an appointment. The date field
 * says at once, in words, when the chosen day is closed (and why, where the site knows
 * it), too soon or too far ahead; the message is tied to the field (aria-invalid,
 * aria-describedby), announced when it appears, and is the field's validation message,
 * so sending stops there. The time list offers that day's times only, none on a day that
 * cannot be chosen (its placeholder says why), and marks the times at which nobody is free
 * for the service's length (they cannot be chosen). A time already chosen that becomes
 * taken (another service, or the answer arriving later) says so at the field, and sending
 * stops there: the browser would otherwise leave the disabled choice out without a word.
 * The inputs stay uncontrolled; the component follows their values. Its words and dates
 * are the page's language's.
 */
export function SlotFields({ date, time, service, rules, refusal, current, onDateFocus }: SlotFieldsProps) {
  const { slotFieldTexts: texts } = useCopy(appointmentCopy);
  const { formatDateLong } = useCopy(dateFormatsCopy);
  const { timeSlotLabel } = useCopy(servicesCopy);
  const words: SlotWords = { texts, formatDateLong };
  const [chosenDate, setChosenDate] = useState('');
  const [chosenTime, setChosenTime] = useState('');
  const dateInput = useRef<HTMLInputElement>(null);
  const timeSelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const input = dateInput.current;
    if (!input) return;
    // A date picked before React took over the prerendered form fired no onChange, and the
    // form's reset() after sending fires none either.
    setChosenDate(input.value);
    setChosenTime(timeSelect.current?.value ?? '');
    const clear = () => {
      setChosenDate('');
      setChosenTime('');
    };
    input.form?.addEventListener('reset', clear);
    return () => input.form?.removeEventListener('reset', clear);
  }, []);

  const dayChosen = parseIsoDate(chosenDate) !== null;
  const problem = dayChosen && rules ? dateProblem(chosenDate, rules) : null;
  const dateRefusal = refusal?.field === 'date' && refusal.date === chosenDate ? refusal : null;
  const timeRefusal = refusal?.field === 'time' && refusal.date === chosenDate && refusal.time === chosenTime ? refusal : null;
  // The rules here first: once the closures are read again they say the same, with the reason.
  // A time without its day (the optional Alternativtermin): the backend refuses it, so the date field asks for the day.
  const timeWithoutDate = chosenDate === '' && chosenTime !== '' ? texts.timeWithoutDate : '';
  const dateMessage = problem ? dateProblemText(chosenDate, problem, words) : dateRefusal ? slotRefusalText(dateRefusal, words) : timeWithoutDate;

  const day = dayChosen ? dayAvailability(chosenDate, rules?.closedDays) : null;
  const closed = problem ? problem.kind === 'closed' : dateRefusal ? dateRefusal.reason === 'closed' : day !== null && !day.open;
  const times: readonly TimeSlot[] = day === null ? anyDayTimes : day.open && !problem && !dateRefusal ? day.times : [];
  const taken = useTakenStartTimes(times.length > 0 && dayChosen ? chosenDate : '', service);
  const chosenTaken = chosenTime !== '' && times.includes(chosenTime as TimeSlot) && taken.includes(chosenTime);
  const timeMessage = timeRefusal ? slotRefusalText(timeRefusal, words) : chosenTaken ? texts.chosenTimeTaken : '';
  const placeholder = times.length > 0 ? time.placeholder : closed ? texts.noTimesClosed : texts.noTimesUnbookable;
  const options: SelectOption[] = times.map((slot) =>
    current && current.date === chosenDate && current.time === slot
      ? { value: slot, label: `${timeSlotLabel(slot)} – ${current.label}`, disabled: true }
      : taken.includes(slot)
        ? { value: slot, label: `${timeSlotLabel(slot)} – ${texts.takenSlot}`, disabled: true }
        : { value: slot, label: timeSlotLabel(slot) },
  );

  // A day chosen (also one picked before the page was live, with no focus event since): the closures are wanted.
  useEffect(() => {
    if (chosenDate !== '') onDateFocus?.();
  }, [chosenDate, onDateFocus]);
  // The message is also the field's validation message: sending stops at the field.
  useEffect(() => dateInput.current?.setCustomValidity(dateMessage), [dateMessage]);
  useEffect(() => timeSelect.current?.setCustomValidity(timeMessage), [timeMessage]);
  // A refusal after sending: the field it concerns takes the focus (the notice says the rest).
  useEffect(() => {
    if (dateRefusal) dateInput.current?.focus();
  }, [dateRefusal]);
  useEffect(() => {
    if (timeRefusal) timeSelect.current?.focus();
  }, [timeRefusal]);

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        ref={dateInput}
        label={date.label}
        name={date.name}
        type="date"
        required={date.required}
        min={rules?.first}
        max={rules?.last}
        message={dateMessage}
        onFocus={onDateFocus}
        onChange={(event) => setChosenDate(event.currentTarget.value)}
        {...ownMessage}
      />
      <SelectField
        ref={timeSelect}
        label={time.label}
        name={time.name}
        required={time.required}
        placeholder={placeholder}
        options={options}
        message={timeMessage}
        onChange={(event) => setChosenTime(event.currentTarget.value)}
        {...ownMessage}
      />
    </div>
  );
}
