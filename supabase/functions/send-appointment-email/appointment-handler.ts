/**
 * send-appointment-email's own step. The browser stored the request itself (anon insert);
 * this sends the practice's e-mail once per stored row: the row is claimed atomically by
 * id and matching values (match_appointment_request, then claim_mail), the e-mail is built from the
 * claimed row (never from the body), and the claim is finished as sent or released. The
 * practice's mail carries the links to confirm or decline the request (appointment-action).
 */
import { staffLinks } from '../_shared/lifecycle/action-links.ts';
import { appointmentAcknowledgementMail, appointmentPracticeMail } from '../_shared/forms/request-emails.ts';
import { ALREADY_NOTIFIED, createFormHandler, deliverClaimed, type Endpoint, type FormHandlerOptions, IN_PROGRESS } from '../_shared/forms/form-handler.ts';
import type { FunctionDeps } from '../_shared/http/request-gate.ts';
import { appointmentSubmissionSchema, type AppointmentFormSubmission } from '../_shared/forms/validation.ts';
import { DEFAULT_LANGUAGE } from '../_shared/domain/languages.ts';

/**
 * A request not yet mailed can be mailed for as long as it is kept (12 months, see the
 * retention migration): a visitor retrying after a long mail outage is not turned away.
 * A replay cannot send twice: only a mail not yet sent can be claimed.
 */
export const CLAIM_MAX_AGE_SECONDS = 366 * 86_400;

export const FUNCTION_NAME = 'send-appointment-email';

export const appointmentEndpoint: Endpoint<AppointmentFormSubmission> = {
  name: FUNCTION_NAME,
  schema: appointmentSubmissionSchema,
  /**
   * A refused request (honeypot) leaves no row behind – if the proof it presents is the one
   * that stored the row (discard_appointment_request checks it).
   */
  async discardBot(body, store, proofSignature) {
    await store.discardAppointmentRequest(body.requestId, body.email, proofSignature);
  },

  async handle(body, context) {
    const claim = await context.store.claimAppointmentNotification({
      id: body.requestId,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      service: body.service,
      preferredDate: body.preferredDate,
      preferredTime: body.preferredTime,
      alternativeDate: body.alternativeDate,
      alternativeTime: body.alternativeTime,
      message: body.message,
      // The stored row's language must match too: a body without one names a row stored without one ('de').
      language: body.language ?? DEFAULT_LANGUAGE,
      maxAgeSeconds: CLAIM_MAX_AGE_SECONDS,
    });
    if (claim.status === 'not_found') return { status: 404, body: { error: 'not_found' }, code: 'not_found' };
    // A retry after a lost answer: the practice has the e-mail, so for the visitor it worked.
    if (claim.status === 'already_sent') return ALREADY_NOTIFIED;
    if (claim.status === 'in_progress') return IN_PROGRESS;

    const record = claim.request;
    const finish = (sent: boolean) => context.store.finishMail(claim.claim.token, sent ? 'sent' : 'failed');
    let practiceMail;
    let acknowledgement;
    try {
      const links = await staffLinks(context.links, record, context.now);
      practiceMail = appointmentPracticeMail(record, context.mail, context.now, links);
      acknowledgement = appointmentAcknowledgementMail(record, context.mail);
    } catch (error) {
      await finish(false).catch(() => {});
      throw error;
    }
    return deliverClaimed(context, { kind: 'request', id: record.id, claim: claim.claim, practiceMail, acknowledgement, finish });
  },
};

/** The function's request handler, built from its dependencies like every function's (runtime.ts serves it). */
export function createAppointmentHandler(deps: FunctionDeps, options: FormHandlerOptions = {}): (request: Request) => Promise<Response> {
  return createFormHandler(appointmentEndpoint, deps, options);
}
