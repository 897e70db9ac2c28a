import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useCopy } from '@/content/copy';
import { servicesCopy } from '@/content/services';
import { appointmentCopy } from '@/content/appointment';
import { HoneypotField } from '@/components/forms/bot-signals';
import { FormFooter } from '@/components/forms/form-footer';
import { SelectField, TextAreaField } from '@/components/forms/form-field';
import { PersonalDetailsFields } from '@/components/forms/personal-details-fields';
import { MESSAGE_RULE, PERSONAL_DETAILS_RULES } from '@/components/forms/field-check';
import { useFormSubmission } from '@/components/forms/use-form-submission';
import {
  APPOINTMENT_FIELDS,
  APPOINTMENT_FUNCTION,
  sendAppointmentRequest,
  prepareAppointmentRequest,
} from '@/features/appointment/api/appointment-request';
import { useClosedDays } from '@/components/slots/closed-days';
import { SlotFields } from '@/components/slots/slot-fields';
import { insertRefusalOf, refusalOf, type SlotRefusal, type SlotRules } from '@/components/slots/slot-rules';
import { slotWindow } from '@domain/availability';
import { zurichIsoDate } from '@domain/dates';
import { FIELD_LIMITS } from '@domain/field-limits';

/** The text fields the function checks; service, dates and times are choices the form offers. */
const APPOINTMENT_FIELD_RULES = [...PERSONAL_DETAILS_RULES, MESSAGE_RULE];

/**
 * The first and last bookable day from today, set after hydration: the prerendered HTML
 * was made on another day, so it carries no window that could disagree with the
 * browser's. `refresh` reads the clock again (the day may have changed since).
 */
function useSlotWindow() {
  const [range, setRange] = useState<{ first: string; last: string }>();
  const refresh = useCallback(() => setRange(slotWindow(zurichIsoDate())), []);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the date must come from the visitor's clock, after hydration
  useEffect(() => refresh(), [refresh]);
  return { range, refresh };
}

/**
 * The chosen service's value, for the time lists ('' until one is chosen). The select stays
 * uncontrolled: a choice made before React took over the prerendered form fired no
 * onChange, and the form's reset() after sending fires none either.
 */
function useChosenService() {
  const select = useRef<HTMLSelectElement>(null);
  const [service, setService] = useState('');
  useEffect(() => {
    const element = select.current;
    if (!element) return;
    setService(element.value);
    const clear = () => setService('');
    element.form?.addEventListener('reset', clear);
    return () => element.form?.removeEventListener('reset', clear);
  }, []);
  const onChange = useCallback((event: { currentTarget: HTMLSelectElement }) => setService(event.currentTarget.value), []);
  return { service, select, onChange };
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

/** The slot columns of each date and time pair, as the database names them in a refusal. */
const SLOT_GROUPS = {
  preferred: { date: 'datum', time: 'uhrzeit', columns: ['preferred_date', 'preferred_time'] },
  alternative: { date: 'alternativ', time: 'alternativUhrzeit', columns: ['alternative_date', 'alternative_time'] },
} as const;

type SlotGroup = keyof typeof SLOT_GROUPS;

export function AppointmentForm() {
  const { appointmentPage } = useCopy(appointmentCopy);
  const { bookableServices, servicePriceText } = useCopy(servicesCopy);
  const { form: copy } = appointmentPage;
  const { fields, sections } = copy;
  // The services by value (what is sent), with their labels and prices in the page's language.
  const serviceOptions = useMemo(
    () => bookableServices.map((service) => ({ value: service.value, label: `${service.label} (${servicePriceText(service)})` })),
    [bookableServices, servicePriceText],
  );
  const booking = useSlotWindow();
  const { service, select: serviceSelect, onChange: onServiceChange } = useChosenService();
  const closures = useClosedDays(booking.range?.first);
  const rules = useMemo<SlotRules | undefined>(
    () => booking.range && { ...booking.range, closedDays: closures.closedDays },
    [booking.range, closures.closedDays],
  );
  // The database's refusal of the last insert, at the field it names.
  const [refused, setRefused] = useState<{ group: SlotGroup; refusal: SlotRefusal } | null>(null);

  /**
   * The database refused a slot the form let through (a closure entered since the page
   * read them, a clock that differs): the field says why, as it would have before sending,
   * and the closures and today are read again.
   */
  function onFailure(error: unknown, form: HTMLFormElement) {
    const refusal = insertRefusalOf(error);
    if (!refusal) return;
    const group = refusal.column.startsWith('preferred') ? 'preferred' : 'alternative';
    const { date: dateName, time: timeName } = SLOT_GROUPS[group];
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? '';
    const slot = { date: value(dateName), time: value(timeName) || null };
    setRefused({ group, refusal: refusalOf(refusal.reason, slot, { ...slotWindow(zurichIsoDate()), closedDays: closures.closedDays }) });
    booking.refresh();
    closures.refresh();
  }

  const { formProps, isPending } = useFormSubmission({
    functionName: APPOINTMENT_FUNCTION,
    fields: APPOINTMENT_FIELDS,
    rules: APPOINTMENT_FIELD_RULES,
    toRequest: prepareAppointmentRequest,
    send: sendAppointmentRequest,
    successNotice: copy.successNotice,
    onFailure,
  });
  const slotProps = (group: SlotGroup) => ({
    rules,
    service,
    refusal: refused?.group === group ? refused.refusal : null,
    onDateFocus: closures.request,
  });

  return (
    <form {...formProps} aria-labelledby="terminformular-titel" className="relative space-y-8">
      <FormSection legend={sections.personal}>
        <PersonalDetailsFields fields={fields} phoneRequired />
      </FormSection>

      <FormSection legend={sections.service}>
        <SelectField
          ref={serviceSelect}
          label={fields.service.label}
          name="service"
          required
          placeholder={fields.service.placeholder}
          options={serviceOptions}
          onChange={onServiceChange}
        />
      </FormSection>

      <FormSection legend={sections.preferred}>
        <SlotFields
          date={{ ...fields.datum, name: 'datum', required: true }}
          time={{ ...fields.uhrzeit, name: 'uhrzeit' }}
          {...slotProps('preferred')}
        />
      </FormSection>

      <FormSection legend={sections.alternative}>
        <SlotFields
          date={{ ...fields.alternativ, name: 'alternativ' }}
          time={{ ...fields.alternativUhrzeit, name: 'alternativUhrzeit' }}
          {...slotProps('alternative')}
        />
      </FormSection>

      <FormSection legend={sections.message}>
        <TextAreaField
          label={fields.nachricht.label}
          name="nachricht"
          rows={4}
          placeholder={fields.nachricht.placeholder}
          limit={FIELD_LIMITS.message}
        />
      </FormSection>

      <HoneypotField />
      <FormFooter label={copy.submitLabel} isPending={isPending} note={copy.requiredNote} />
    </form>
  );
}
