import { useCopy } from '@/content/copy';
import { contactCopy } from '@/content/contact';
import { HoneypotField } from '@/components/forms/bot-signals';
import { FormFooter } from '@/components/forms/form-footer';
import { TextAreaField, TextField } from '@/components/forms/form-field';
import { PersonalDetailsFields } from '@/components/forms/personal-details-fields';
import { MESSAGE_RULE, PERSONAL_DETAILS_RULES, type FieldRule } from '@/components/forms/field-check';
import { useFormSubmission } from '@/components/forms/use-form-submission';
import { CONTACT_FIELDS, CONTACT_FUNCTION, sendContactSubmission, prepareContactSubmission } from '@/features/contact/api/contact-message';
import { FIELD_LIMITS } from '@domain/field-limits';
import { fieldSchemas } from '@domain/field-schemas';

const CONTACT_FIELD_RULES: readonly FieldRule[] = [
  ...PERSONAL_DETAILS_RULES,
  { name: 'betreff', schema: fieldSchemas.subject },
  MESSAGE_RULE,
];

/**
 * "Schreiben Sie uns": the browser's own required and e-mail checks (docs/product.md §5),
 * then the function's rules for each field (field-check.ts) before anything is sent.
 */
export function ContactForm() {
  const { contactPage } = useCopy(contactCopy);
  const { form: copy } = contactPage;
  const { fields } = copy;
  const { formProps, isPending } = useFormSubmission({
    functionName: CONTACT_FUNCTION,
    fields: CONTACT_FIELDS,
    rules: CONTACT_FIELD_RULES,
    toRequest: prepareContactSubmission,
    send: sendContactSubmission,
    successNotice: copy.successNotice,
  });

  return (
    <form {...formProps} aria-labelledby="kontaktformular-titel" className="relative space-y-5">
      <PersonalDetailsFields fields={fields} phoneRequired={false} />
      <TextField label={fields.betreff.label} name="betreff" limit={FIELD_LIMITS.subject} />
      <TextAreaField
        label={fields.nachricht.label}
        name="nachricht"
        rows={5}
        required
        placeholder={fields.nachricht.placeholder}
        limit={FIELD_LIMITS.message}
      />
      <HoneypotField />
      <FormFooter label={copy.submitLabel} isPending={isPending} />
    </form>
  );
}
