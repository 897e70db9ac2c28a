import type { FormSignals } from '@/components/forms/bot-signals';
import { takeFormProof } from '@/components/forms/form-proof';
import { emptyToNull } from '@/components/forms/read-form';
import { sendOutcomeOf, type SendOutcome } from '@/components/forms/send-outcome';
import { callFunction, FunctionCallFailed } from '@/lib/call-function';
import { submissionAnswerSchema } from '@domain/answers';
import type { ContactFormSubmission } from '@domain/wire-types';
import type { Language } from '@/lib/language';

export const CONTACT_FIELDS = ['vorname', 'nachname', 'email', 'telefon', 'betreff', 'nachricht'] as const;
export type ContactFormValues = Record<(typeof CONTACT_FIELDS)[number], string>;

export const CONTACT_FUNCTION = 'send-contact-email';

/** The body of send-contact-email (docs/product.md §7.1) plus the bot signals; the proof is added when sent. */
export type PreparedContactSubmission = Omit<ContactFormSubmission, 'altcha'>;

export function prepareContactSubmission(values: ContactFormValues, signals: FormSignals, requestId: string, language: Language): PreparedContactSubmission {
  return {
    requestId,
    language,
    name: `${values.vorname} ${values.nachname}`,
    email: values.email,
    phone: emptyToNull(values.telefon),
    subject: emptyToNull(values.betreff),
    message: values.nachricht,
    ...signals,
  };
}

/**
 * Any error the function reports (network, non-2xx, relay) rejects, which the form shows
 * as a failure; a 2xx resolves with what it says of the e-mail: sent, or queued behind
 * the day's mail cap.
 */
export async function sendContactSubmission(request: PreparedContactSubmission): Promise<SendOutcome> {
  const altcha = await takeFormProof(CONTACT_FUNCTION);
  const call = await callFunction(CONTACT_FUNCTION, { body: { ...request, altcha }, answer: submissionAnswerSchema });
  if (call.kind !== 'answer') throw new FunctionCallFailed(CONTACT_FUNCTION);
  return sendOutcomeOf(call.data);
}
