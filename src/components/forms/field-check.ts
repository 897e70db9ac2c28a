import type { FormEvent } from 'react';
import { fieldProblemTexts } from '@/content/form-notices';
import type { FieldProblem } from '@domain/field-rules';
import { fieldSchemas, type FieldSchema } from '@domain/field-schemas';

/** One text field of a form and the schema its function checks the value with. */
export interface FieldRule {
  name: string;
  schema: FieldSchema;
}

/** The fields both forms share (personal-details-fields.tsx). */
export const PERSONAL_DETAILS_RULES: readonly FieldRule[] = [
  { name: 'vorname', schema: fieldSchemas.name },
  { name: 'nachname', schema: fieldSchemas.name },
  { name: 'email', schema: fieldSchemas.email },
  { name: 'telefon', schema: fieldSchemas.phone },
];

/** A message: several lines, up to the message limit. */
export const MESSAGE_RULE: FieldRule = { name: 'nachricht', schema: fieldSchemas.message };

/** The practice's note to the visitor when it declines a request (the appointment action page). */
export const STAFF_NOTE_RULE: FieldRule = { name: 'nachricht', schema: fieldSchemas.staffNote };

/** The de-CH message for a field schema's refusal (its message is the FieldProblem, its params the limit). */
function problemText(problem: FieldProblem, maxLength: number): string {
  switch (problem) {
    case 'blank':
      return fieldProblemTexts.blank;
    case 'too_long':
      return fieldProblemTexts.tooLong(maxLength);
    case 'not_an_email':
      return fieldProblemTexts.notAnEmail;
    case 'not_a_name':
      return fieldProblemTexts.notAName;
    case 'name_script':
      return fieldProblemTexts.nameScript;
    case 'not_a_phone':
      return fieldProblemTexts.notAPhone;
    case 'control_character':
    case 'not_well_formed':
      return fieldProblemTexts.invisibleCharacters;
  }
}

/** What the function would say about this value, worded for the visitor; '' when it accepts it. */
function fieldMessage(schema: FieldSchema, value: string): string {
  const result = schema.safeParse(value);
  if (result.success) return '';
  const issue = result.error.issues[0];
  const maxLength = issue?.code === 'custom' ? Number(issue.params?.maxLength) : NaN;
  return problemText(issue?.message as FieldProblem, maxLength);
}

/**
 * Checks the form's text fields with its function's own field schemas before anything is sent:
 * what the browser's own checks let through but the function would refuse ("a@b", a name
 * of spaces, an invisible control character) gets a message at the field, shown by the
 * browser and read by screen readers like its own, instead of the failure notice after
 * the round trip. Returns whether every field is fine (the browser shows the first
 * problem and focuses its field).
 */
export function checkFields(form: HTMLFormElement, rules: readonly FieldRule[]): boolean {
  for (const rule of rules) {
    const field = form.elements.namedItem(rule.name);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    // The forms send trimmed values (read-form.ts); an empty optional field is sent as null.
    const value = field.value.trim();
    const message = value === '' ? (field.required ? fieldProblemTexts.blank : '') : fieldMessage(rule.schema, value);
    field.setCustomValidity(message);
  }
  return form.reportValidity();
}

/**
 * Marks a control whose component sets its message itself, from what the value means
 * (field-check leaves it alone when the value is edited): `{...{ [OWN_MESSAGE]: true }}`.
 */
export const OWN_MESSAGE = 'data-own-message';

/** Editing a field takes its message away, so the browser lets the form be sent again. */
export function clearFieldMessage(event: FormEvent<HTMLFormElement>): void {
  const target = event.target;
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)) return;
  if (target.hasAttribute(OWN_MESSAGE)) return;
  target.setCustomValidity('');
}
