import { useEffect, useRef, useState, type ReactNode } from 'react';
import { bookableServices, servicePriceText, timeSlotLabel, timeSlots } from '@/content/services';
import { terminPage } from '@/content/termin';
import { HoneypotField } from '@/components/forms/bot-signals';
import { FormFooter } from '@/components/forms/form-footer';
import { SelectField, TextAreaField, TextField, type SelectOption } from '@/components/forms/form-field';
import { PersonalDetailsFields } from '@/components/forms/personal-details-fields';
import { MESSAGE_RULE, PERSONAL_DETAILS_RULES } from '@/components/forms/field-check';
import { useFormSubmission } from '@/components/forms/use-form-submission';
import {
  APPOINTMENT_FIELDS,
  APPOINTMENT_FUNCTION,
  sendAppointmentRequest,
  toAppointmentRequest,
} from '@/features/appointment/appointment-request';
import { useTakenTimes } from '@/features/appointment/taken-slots';
import { zurichIsoDate } from '@domain/dates';
import { FIELD_LIMITS } from '@domain/field-limits';

const serviceOptions = bookableServices.map((service) => ({
  value: service.value,
  label: `${service.label} (${servicePriceText(service)})`,
}));

/** The text fields the function checks; service, dates and times are choices the form offers. */
const APPOINTMENT_FIELD_RULES = [...PERSONAL_DETAILS_RULES, MESSAGE_RULE];

/** The 21 times; those confirmed for someone else on the chosen date are shown but cannot be chosen. */
function timeOptions(taken: readonly string[]): SelectOption[] {
  return timeSlots.map((slot) =>
    taken.includes(slot)
      ? { value: slot, label: `${timeSlotLabel(slot)} – ${terminPage.form.takenSlot}`, disabled: true }
      : { value: slot, label: timeSlotLabel(slot) },
  );
}

/**
 * The earliest selectable date, set after hydration: the prerendered HTML was made on
 * another day, so it carries no minimum that could disagree with the browser's.
 */
function useMinDate(): string | undefined {
  const [min, setMin] = useState<string>();
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the date must come from the visitor's clock, after hydration
  useEffect(() => setMin(zurichIsoDate()), []);
  return min;
}

function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-5 border-t border-sand-200 pt-6 first:border-t-0 first:pt-0">
      <legend className="float-left mb-4 w-full font-serif text-xl font-semibold text-night-800">{legend}</legend>
      <div className="clear-both" />
      {children}
    </fieldset>
  );
}

interface SlotFieldsProps {
  date: { label: string };
  time: { label: string; placeholder: string };
  dateName: string;
  timeName: string;
  required?: boolean;
  minDate: string | undefined;
}

/**
 * A date and a time of day. The times confirmed for someone else on the chosen date are
 * marked taken, so the fields keep the chosen date themselves (the inputs stay uncontrolled).
 */
function SlotFields({ date, time, dateName, timeName, required, minDate }: SlotFieldsProps) {
  const [chosenDate, setChosenDate] = useState('');
  const taken = useTakenTimes(chosenDate);
  const dateInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = dateInput.current;
    if (!input) return;
    // A date picked before React took over the prerendered form fired no onChange, and the
    // form's reset() after sending fires none either.
    setChosenDate(input.value);
    const clear = () => setChosenDate('');
    input.form?.addEventListener('reset', clear);
    return () => input.form?.removeEventListener('reset', clear);
  }, []);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        ref={dateInput}
        label={date.label}
        name={dateName}
        type="date"
        required={required}
        min={minDate}
        onChange={(event) => setChosenDate(event.currentTarget.value)}
      />
      <SelectField label={time.label} name={timeName} placeholder={time.placeholder} options={timeOptions(taken)} />
    </div>
  );
}

export function AppointmentForm() {
  const { form: copy } = terminPage;
  const { fields, sections } = copy;
  const minDate = useMinDate();
  const { formProps, isPending } = useFormSubmission({
    functionName: APPOINTMENT_FUNCTION,
    fields: APPOINTMENT_FIELDS,
    rules: APPOINTMENT_FIELD_RULES,
    toRequest: toAppointmentRequest,
    send: sendAppointmentRequest,
    successNotice: copy.successNotice,
  });

  return (
    <form {...formProps} aria-labelledby="terminformular-titel" className="relative space-y-8">
      <FormSection legend={sections.personal}>
        <PersonalDetailsFields fields={fields} phoneRequired />
      </FormSection>

      <FormSection legend={sections.service}>
        <SelectField label={fields.service.label} name="service" required placeholder={fields.service.placeholder} options={serviceOptions} />
      </FormSection>

      <FormSection legend={sections.preferred}>
        <SlotFields date={fields.datum} time={fields.uhrzeit} dateName="datum" timeName="uhrzeit" required minDate={minDate} />
      </FormSection>

      <FormSection legend={sections.alternative}>
        <SlotFields date={fields.alternativ} time={fields.alternativUhrzeit} dateName="alternativ" timeName="alternativUhrzeit" minDate={minDate} />
      </FormSection>

      <FormSection legend={sections.message}>
        <TextAreaField
          label={fields.nachricht.label}
          name="nachricht"
          rows={4}
          placeholder={fields.nachricht.placeholder}
          maxLength={FIELD_LIMITS.message}
        />
      </FormSection>

      <HoneypotField />
      <FormFooter label={copy.submitLabel} isPending={isPending} note={copy.requiredNote} />
    </form>
  );
}
