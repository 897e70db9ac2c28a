/**
 * send-appointment-email's own step. The browser stored the request itself (anon insert);
 * this sends the practice's e-mail once per stored row: the row is claimed atomically by
 * id and matching values (claim_appointment_notification), the e-mail is built from the
 * claimed row (never from the body), and the claim is finished as sent or released.
 */
import { appointmentAcknowledgementMail, appointmentPracticeMail } from '../_shared/emails.ts';
import { failureCause, notSentOutcome, type Endpoint } from '../_shared/handler.ts';
import { appointmentRequestSchema, type AppointmentRequest } from '../_shared/validation.ts';

/**
 * A request not yet mailed can be mailed for as long as it is kept (12 months, see the
 * retention migration): a visitor retrying after a long mail outage is not turned away.
 * A replay cannot send twice: only a row not yet notified can be claimed.
 */
export const CLAIM_MAX_AGE_SECONDS = 366 * 86_400;

export const appointmentEndpoint: Endpoint<AppointmentRequest> = {
  name: 'send-appointment-email',
  schema: appointmentRequestSchema,
  visitorEmail: (body) => body.email,

  /** A refused request (honeypot) leaves no row behind. */
  async discardBot(body, store) {
    await store.discardAppointmentRequest(body.requestId, body.email);
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
      maxAgeSeconds: CLAIM_MAX_AGE_SECONDS,
    });
    if (claim.status === 'not_found') return { status: 404, body: { error: 'not_found' }, code: 'not_found' };
    // A retry after a lost answer: the practice has the e-mail, so for the visitor it worked.
    if (claim.status === 'already_notified') return { status: 200, body: { ok: true }, code: 'already_notified' };
    if (claim.status === 'in_progress') return { status: 409, body: { error: 'in_progress' }, code: 'in_progress' };

    const record = claim.request;
    let mail;
    try {
      mail = appointmentPracticeMail(record, context.mail, context.now);
    } catch (error) {
      await context.store.finishAppointmentNotification(record.id, false).catch(() => {});
      throw error;
    }
    const sent = await context.send(mail);
    if (!sent.ok) {
      let releaseCause: string | undefined;
      try {
        await context.store.finishAppointmentNotification(record.id, false);
      } catch (error) {
        // The claim then lapses by itself after two minutes.
        releaseCause = `release_${failureCause(error)}`;
      }
      return notSentOutcome(sent, releaseCause);
    }

    const causes: string[] = [];
    try {
      await context.store.finishAppointmentNotification(record.id, true);
    } catch (error) {
      causes.push(`finish_${failureCause(error)}`);
    }
    const { ack, cause } = await context.acknowledge(appointmentAcknowledgementMail(record, context.mail));
    if (cause) causes.push(cause);
    return { status: 200, body: { ok: true }, code: 'ok', ack, ...(causes.length ? { cause: causes.join(',') } : {}) };
  },
};
