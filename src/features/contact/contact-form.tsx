import { useState, type FormEvent } from 'react';
import { kontaktPage } from '@/content/kontakt';
import { HoneypotField, useBotSignals } from '@/features/forms/bot-signals';
import { FormFooter } from '@/features/forms/form-footer';
import { TextAreaField, TextField } from '@/features/forms/form-field';
import { PersonalDetailsFields } from '@/features/forms/personal-details-fields';
import { readTextFields } from '@/features/forms/read-form';
import { prepareFormProof } from '@/features/forms/form-proof';
import { createRequestIds } from '@/features/forms/request-ids';
import { useFormSubmission } from '@/features/forms/use-form-submission';
import { CONTACT_FIELDS, CONTACT_FUNCTION, sendContactRequest, toContactRequest } from '@/features/contact/contact-request';
import { FIELD_LIMITS } from '../../../supabase/functions/_shared/field-limits.ts';

/** "Schreiben Sie uns": only the browser's own required and e-mail checks apply (docs/product.md §5). */
export function ContactForm() {
  const { form: copy } = kontaktPage;
  const { fields } = copy;
  const botSignals = useBotSignals();
  const [requestIds] = useState(createRequestIds);
  const { submit, isPending } = useFormSubmission({ send: sendContactRequest, successNotice: copy.successNotice });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
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
