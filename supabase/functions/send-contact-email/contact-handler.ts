/**
 * send-contact-email's own step: store the message under the browser's id and claim it
 * (public.store_contact_message), e-mail the practice, finish the claim, acknowledge
 * to the visitor (after the answer). Sending the same message again mails it once: already mailed → success
 * without a mail; stored but not mailed (a mail failure) → mailed now. A stored message is
 * never lost to a mail failure: its outbox mail stays unsent and the caller gets 502.
 */
import { contactAcknowledgementMail, contactPracticeMail } from '../_shared/forms/request-emails.ts';
import { ALREADY_NOTIFIED, createFormHandler, deliverClaimed, type Endpoint, type FormHandlerOptions, IN_PROGRESS } from '../_shared/forms/form-handler.ts';
import type { FunctionDeps } from '../_shared/http/request-gate.ts';
import { contactSubmissionSchema, type ContactFormSubmission } from '../_shared/forms/validation.ts';
import { DEFAULT_LANGUAGE } from '../_shared/domain/languages.ts';

export const FUNCTION_NAME = 'send-contact-email';

export const contactEndpoint: Endpoint<ContactFormSubmission> = {
  name: FUNCTION_NAME,
  schema: contactSubmissionSchema,

  async handle(body, context) {
    const id = body.requestId;
    const message = {
      id,
      name: body.name,
      email: body.email,
      phone: body.phone,
      subject: body.subject,
      message: body.message,
      language: body.language ?? DEFAULT_LANGUAGE,
    };
    const claim = await context.store.claimContactNotification(message);
    // A retry after a lost answer: the practice has the e-mail, so for the visitor it worked.
    if (claim.status === 'already_sent') return ALREADY_NOTIFIED;
    if (claim.status === 'in_progress') return IN_PROGRESS;
    // The id is a different message's: the browser makes a new id for new values, so this is no visitor's retry.
    if (claim.status === 'conflict') return { status: 409, body: { error: 'conflict' }, code: 'id_conflict' };

    const { token } = claim.claim;
    return deliverClaimed(context, {
      kind: 'contact',
      id,
      claim: claim.claim,
      practiceMail: contactPracticeMail(message, context.mail, context.now),
      acknowledgement: contactAcknowledgementMail(message, context.mail),
      finish: (sent) => context.store.finishMail(token, sent ? 'sent' : 'failed'),
    });
  },
};

/** The function's request handler, built from its dependencies like every function's (runtime.ts serves it). */
export function createContactHandler(deps: FunctionDeps, options: FormHandlerOptions = {}): (request: Request) => Promise<Response> {
  return createFormHandler(contactEndpoint, deps, options);
}
