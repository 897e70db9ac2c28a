/**
 * The functions' answers checked against the schemas the site parses them with
 * (_shared/domain/*-answers.ts): every answer a handler test reads goes through here, so an
 * answer the site would take for "failed" fails the function's own test first.
 */
import assert from 'node:assert/strict';
import { actAnswerSchema, actionRefusalSchema, invoiceAnswerSchema, invoiceRefusalSchema, renewAnswerSchema, renewRefusalSchema, showAnswerSchema } from '../_shared/domain/action-answers.ts';
import { errorAnswerSchema } from '../_shared/domain/answers.ts';
import { INVOICE_INTENTS } from '../_shared/domain/wire-types.ts';

/** The refusal codes the action page explains by their body (the others it reads as a failure to retry). */
const EXPLAINED = new Set(['invalid_link', 'not_found', 'conflict', 'too_late', 'slot_past', 'advisor_busy', 'offer_taken', 'offer_lapsed', 'mail_failed', 'unavailable', 'in_progress', 'invalid_body']);

type Schema = { safeParse(value: unknown): { success: boolean; error?: { issues: unknown } } };

function assertParses(schema: Schema, body: unknown, what: string) {
  const parsed = schema.safeParse(body);
  assert.ok(parsed.success, `${what} outside the site's schema: ${JSON.stringify(parsed.error?.issues)}`);
}

/** An appointment-action answer to `intent`, as the site's api modules parse it. */
export function assertActionAnswer(intent: unknown, status: number, body: unknown) {
  const invoice = (INVOICE_INTENTS as readonly unknown[]).includes(intent);
  if (status === 200) {
    const schema = invoice ? invoiceAnswerSchema : intent === 'renew-link' ? renewAnswerSchema : intent === 'show' ? showAnswerSchema : actAnswerSchema;
    assertParses(schema, body, `the 200 to ${String(intent)}`);
    return;
  }
  assertParses(errorAnswerSchema, body, `the ${status}`);
  const code = (body as { error: string }).error;
  if (invoice) {
    if (['too_soon', 'invoice_failed', 'limited', 'conflict', 'no_invoice', 'in_progress'].includes(code)) assertParses(invoiceRefusalSchema, body, `the ${status} ${code}`);
  } else if (intent === 'renew-link') {
    if (['mail_failed', 'limited', 'not_found'].includes(code)) assertParses(renewRefusalSchema, body, `the ${status} ${code}`);
  } else if (EXPLAINED.has(code)) {
    assertParses(actionRefusalSchema, body, `the ${status} ${code}`);
  }
}
