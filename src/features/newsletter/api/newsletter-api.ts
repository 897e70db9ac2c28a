import type { FormSignals } from '@/components/forms/bot-signals';
import { takeFormProof } from '@/components/forms/form-proof';
import type { SendOutcome } from '@/components/forms/send-outcome';
import { callFunction, FunctionCallFailed } from '@/lib/call-function';
import { errorAnswerSchema, submissionAnswerSchema } from '@domain/answers';
import { NEWSLETTER_FUNCTION, type NewsletterLinkCommand, type SubscribeFormSubmission } from '@domain/newsletter';
import type { Language } from '@/lib/language';

export { NEWSLETTER_FUNCTION };

export const SUBSCRIBE_FIELDS = ['email'] as const;

/** The function's body (@domain/newsletter) without the proof, which is added when it is sent. */
export type PreparedSubscribeSubmission = Omit<SubscribeFormSubmission, 'altcha'>;

export function prepareSubscribeSubmission(
  values: Record<(typeof SUBSCRIBE_FIELDS)[number], string>,
  signals: FormSignals,
  _requestId: string,
  language: Language,
): PreparedSubscribeSubmission {
  return { action: 'subscribe', email: values.email, language, ...signals };
}

/**
 * Any error rejects (the box shows the failure notice, the address stays in the field).
 * The function answers every accepted address alike – new, waiting or already confirmed –
 * so there is nothing more to tell the visitor than «check your inbox».
 */
export async function sendSubscribeSubmission(request: PreparedSubscribeSubmission): Promise<SendOutcome> {
  const altcha = await takeFormProof(NEWSLETTER_FUNCTION);
  const call = await callFunction(NEWSLETTER_FUNCTION, { body: { ...request, altcha }, answer: submissionAnswerSchema });
  if (call.kind !== 'answer') throw new FunctionCallFailed(NEWSLETTER_FUNCTION);
  return 'sent';
}

export type LinkAction = NewsletterLinkCommand['action'];
/** What a confirm or unsubscribe link achieved: done, or the link is no good (410). */
export type LinkOutcome = 'done' | 'link_invalid';

/** Sends a link's token; 'link_invalid' for the function's 410, a rejection for anything else (offline, 5xx). */
export async function sendLinkAction(action: LinkAction, token: string): Promise<LinkOutcome> {
  const body: NewsletterLinkCommand = { action, token };
  const call = await callFunction(NEWSLETTER_FUNCTION, { body, answer: submissionAnswerSchema, refusal: errorAnswerSchema });
  if (call.kind === 'answer') return 'done';
  if (call.kind === 'refused' && call.status === 410) return 'link_invalid';
  throw new FunctionCallFailed(NEWSLETTER_FUNCTION);
}
