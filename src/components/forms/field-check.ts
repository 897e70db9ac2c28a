import type { FormEvent } from 'react';
import { fieldProblemTexts } from '@/content/form-notices';
import { FIELD_LIMITS } from '../../../supabase/functions/_shared/field-limits.ts';
import { fieldProblem, type FieldKind, type FieldProblem } from '../../../supabase/functions/_shared/field-rules.ts';

/** One text field of a form and the rule its function applies to it. */
export interface FieldRule {
  name: string;
  kind: FieldKind;
  maxLength: number;
}

/** The fields both forms share (personal-details-fields.tsx). */
export const PERSONAL_DETAILS_RULES: readonly FieldRule[] = [
  { name: 'vorname', kind: 'line', maxLength: FIELD_LIMITS.name },
  { name: 'nachname', kind: 'line', maxLength: FIELD_LIMITS.name },
  { name: 'email', kind: 'email', maxLength: FIELD_LIMITS.email },
  { name: 'telefon', kind: 'line', maxLength: FIELD_LIMITS.phone },
];

/** A message: several lines, up to the message limit. */
export const MESSAGE_RULE: FieldRule = { name: 'nachricht', kind: 'text', maxLength: FIELD_LIMITS.message };

function problemText(problem: FieldProblem, maxLength: number): string {
  switch (problem) {
    case 'blank':
      return fieldProblemTexts.blank;
    case 'too_long':
      return fieldProblemTexts.tooLong(maxLength);
    case 'not_an_email':
      return fieldProblemTexts.notAnEmail;
    case 'control_character':
    case 'not_well_formed':
      return fieldProblemTexts.invisibleCharacters;
  }
}

/**
 * Checks the form's text fields by the rules of its function before anything is sent:
 * what the browser's own checks let through but the function would refuse ("a@b", a name
 * of spaces, an invisible control character) gets a message at the field, shown by the
 * browser and read by screen readers like its own, instead of the failure notice after
 * the round trip. Returns whether every field is fine.
 */
export function checkFields(form: HTMLFormElement, rules: readonly FieldRule[]): boolean {
  for (const rule of rules) {
    const field = form.elements.namedItem(rule.name);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    // The forms send trimmed values (read-form.ts); an empty optional field is sent as null.
    const value = field.value.trim();
    const problem = value === '' ? (field.required ? 'blank' : null) : fieldProblem(rule.kind, value, rule.maxLength);
    field.setCustomValidity(problem ? problemText(problem, rule.maxLength) : '');
  }
  return form.reportValidity();
}

/** Editing a field takes its message away, so the browser lets the form be sent again. */
export function clearFieldMessage(event: FormEvent<HTMLFormElement>): void {
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) target.setCustomValidity('');
}
