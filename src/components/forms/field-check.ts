import type { FormEvent } from 'react';
import type { Copy } from '@/content/copy';
import { formNoticesCopy, type fieldProblemTexts } from '@/content/form-notices';
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

/** What a field says about a value its function would refuse, in the page's language (`useCopy(formNoticesCopy)`). */
export type FieldProblemTexts = Copy<typeof fieldProblemTexts>;

/** The message for a field schema's refusal (its message is the FieldProblem, its params the limit). */
function problemText(problem: FieldProblem, maxLength: number, texts: FieldProblemTexts): string {
  switch (problem) {
    case 'blank':
      return texts.blank;
    case 'too_long':
      return texts.tooLong(maxLength);
    case 'not_an_email':
      return texts.notAnEmail;
    case 'not_a_name':
      return texts.notAName;
    case 'name_script':
      return texts.nameScript;
    case 'not_a_phone':
      return texts.notAPhone;
    case 'control_character':
    case 'not_well_formed':
      return texts.invisibleCharacters;
  }
}

/** What the function would say about this value, worded for the visitor; '' when it accepts it. */
function fieldMessage(schema: FieldSchema, value: string, texts: FieldProblemTexts): string {
  const result = schema.safeParse(value);
  if (result.success) return '';
  const issue = result.error.issues[0];
  const maxLength = issue?.code === 'custom' ? Number(issue.params?.maxLength) : NaN;
  return problemText(issue?.message as FieldProblem, maxLength, texts);
}

/**
 * Checks the form's text fields with its function's own field schemas before anything is sent:
 * what the browser's own checks let through but the function would refuse ("a@b", a name
 * of spaces, an invisible control character) gets a message at the field, shown by the
 * browser and read by screen readers like its own, instead of the failure notice after
 * the round trip. Returns whether every field is fine (the browser shows the first
 * problem and focuses its field). `texts` are the page's (`useCopy(formNoticesCopy).fieldProblemTexts`);
 * without them the messages are German, the default language's.
 */
export function checkFields(
  form: HTMLFormElement,
  rules: readonly FieldRule[],
  texts: FieldProblemTexts = formNoticesCopy.de.fieldProblemTexts,
): boolean {
  for (const rule of rules) {
    const field = form.elements.namedItem(rule.name);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    // The forms send trimmed values (read-form.ts); an empty optional field is sent as null.
    const value = field.value.trim();
    const message = value === '' ? (field.required ? texts.blank : '') : fieldMessage(rule.schema, value, texts);
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
