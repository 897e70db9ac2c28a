/**
 * One zod schema per kind of text field of the forms, each applying its rule
 * (field-rules.ts) and limit. The functions build their request schemas from these
 * (schemas.ts); the forms check each field with the same ones before sending
 * (src/components/forms/field-check.ts), so a value the form lets through is one the
 * function accepts. A file of its own so the site bundles only these, not the request
 * schemas. zod/mini, because the site ships it: zod's checks, tree-shaken to a few KB.
 * Deno resolves 'zod/mini' through each function's deno.json, Vite from node_modules –
 * both pinned to the same version.
 */
import * as z from 'zod/mini';
import { FIELD_LIMITS } from './field-limits.ts';
import { CONTACT_NAME_MAX, fieldProblem, type FieldKind, storableProblem } from './field-rules.ts';

/**
 * Every other string a function takes (tokens, dates, the amount, the honeypot, the proof's
 * parts): refused when Postgres could not store it (storableProblem), before whatever else its
 * schema asks of it – so no string of a request reaches the database to be refused there with
 * a 500. The functions' wire schemas use this, never a bare z.string()
 * (tests/architecture/wire-strings.test.ts); the field schemas below apply the same rule
 * through fieldProblem.
 */
export const storableString = z.string().check(
  z.superRefine((value, context) => {
    const problem = storableProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
);

/**
 * A filled-in text field of a kind. A refusal's message is the FieldProblem code
 * ('blank', 'too_long', …) and its params carry the field's limit, so each side words it
 * in its own language.
 */
function textField(kind: FieldKind, maxLength: number) {
  return z.string().check(
    z.superRefine((value, context) => {
      const problem = fieldProblem(kind, value, maxLength);
      if (problem) context.addIssue({ code: 'custom', message: problem, params: { maxLength } });
    }),
  );
}

/** Every text field of both forms, by what it holds. */
export const fieldSchemas = {
  /** A first or last name. */
  name: textField('name', FIELD_LIMITS.name),
  /** The contact form's name: first and last name joined by one space. */
  fullName: textField('name', CONTACT_NAME_MAX),
  email: textField('email', FIELD_LIMITS.email),
  /** Digits with the usual separators, at least six (isPhoneNumber). */
  phone: textField('phone', FIELD_LIMITS.phone),
  subject: textField('line', FIELD_LIMITS.subject),
  message: textField('text', FIELD_LIMITS.message),
  staffNote: textField('text', FIELD_LIMITS.staffNote),
};

export type FieldSchema = (typeof fieldSchemas)[keyof typeof fieldSchemas];
