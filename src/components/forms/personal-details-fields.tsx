import { useCopy } from '@/content/copy';
import { formNoticesCopy } from '@/content/form-notices';
import type { FormFieldCopy } from '@/content/types';
import { EmailField } from '@/components/forms/email-field';
import { TextField } from '@/components/forms/form-field';
import { FIELD_LIMITS } from '@domain/field-limits';

type PersonalFields = Record<'vorname' | 'nachname' | 'email' | 'telefon', FormFieldCopy>;

/**
 * First name, last name, e-mail and phone: the fields both forms open with, with the
 * backend's length limits, said at the field rather than enforced by cutting (form-field.tsx,
 * `limit`). The contact form leaves the phone optional, the booking form needs it
 * (docs/product.md §5); either way the hint says what a phone may hold (isPhoneNumber).
 */
export function PersonalDetailsFields({ fields, phoneRequired }: { fields: PersonalFields; phoneRequired: boolean }) {
  const { fieldHints } = useCopy(formNoticesCopy);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label={fields.vorname.label} name="vorname" required autoComplete={fields.vorname.autoComplete} limit={FIELD_LIMITS.name} />
      <TextField label={fields.nachname.label} name="nachname" required autoComplete={fields.nachname.autoComplete} limit={FIELD_LIMITS.name} />
      <EmailField
        label={fields.email.label}
        name="email"
        required
        placeholder={fields.email.placeholder}
        autoComplete={fields.email.autoComplete}
        limit={FIELD_LIMITS.email}
      />
      <TextField
        label={fields.telefon.label}
        name="telefon"
        type="tel"
        required={phoneRequired}
        placeholder={fields.telefon.placeholder}
        autoComplete={fields.telefon.autoComplete}
        hint={fieldHints.phone}
        limit={FIELD_LIMITS.phone}
      />
    </div>
  );
}
