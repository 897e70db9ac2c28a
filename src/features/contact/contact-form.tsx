import { useState, type FormEvent } from 'react';
import { kontaktPage } from '@/content/kontakt';
import { HoneypotField, useBotSignals } from '@/components/forms/bot-signals';
import { FormFooter } from '@/components/forms/form-footer';
import { TextAreaField, TextField } from '@/components/forms/form-field';
import { PersonalDetailsFields } from '@/components/forms/personal-details-fields';
import { readTextFields } from '@/components/forms/read-form';
import { checkFields, clearFieldMessage, MESSAGE_RULE, PERSONAL_DETAILS_RULES, type FieldRule } from '@/components/forms/field-check';
import { prepareFormProof } from '@/components/forms/form-proof';
import { createRequestIds } from '@/components/forms/request-ids';
import { useFormSubmission } from '@/components/forms/use-form-submission';
import { CONTACT_FIELDS, CONTACT_FUNCTION, sendContactRequest, toContactRequest } from '@/features/contact/contact-request';
import { FIELD_LIMITS } from '../../../supabase/functions/_shared/field-limits.ts';

const CONTACT_FIELD_RULES: readonly FieldRule[] = [
  ...PERSONAL_DETAILS_RULES,
  { name: 'betreff', kind: 'line', maxLength: FIELD_LIMITS.subject },
  MESSAGE_RULE,
];

/**
 * "Schreiben Sie uns": the browser's own required and e-mail checks (docs/product.md §5),
 * then the function's rules for each field (field-check.ts) before anything is sent.
 */
export function ContactForm() {
  const { form: copy } = kontaktPage;
  const { fields } = copy;
  const botSignals = useBotSignals();
  const [requestIds] = useState(createRequestIds);
  const { submit, isPending } = useFormSubmission({ send: sendContactRequest, successNotice: copy.successNotice });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!checkFields(form, CONTACT_FIELD_RULES)) return;
    const values = readTextFields(form, CONTACT_FIELDS);
    const request = toContactRequest(values, botSignals.read(form), requestIds.idFor(values));
    submit(request, form, () => {
      botSignals.restart();
      requestIds.reset();
    });
  }

  return (
    <form
      onSubmit={handleSubmit}
      onFocus={() => prepareFormProof(CONTACT_FUNCTION)}
      onInput={clearFieldMessage}
      aria-labelledby="kontaktformular-titel"
      className="relative space-y-5"
    >
      <PersonalDetailsFields fields={fields} phoneRequired={false} />
      <TextField label={fields.betreff.label} name="betreff" maxLength={FIELD_LIMITS.subject} />
      <TextAreaField
        label={fields.nachricht.label}
        name="nachricht"
        rows={5}
        required
        placeholder={fields.nachricht.placeholder}
        maxLength={FIELD_LIMITS.message}
      />
      <HoneypotField />
      <FormFooter label={copy.submitLabel} isPending={isPending} />
    </form>
  );
}
