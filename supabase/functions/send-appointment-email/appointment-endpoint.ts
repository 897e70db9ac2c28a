/**
 * send-appointment-email's own step. The browser stored the request itself (anon insert);
 * this sends the practice's e-mail once per stored row: the row is claimed atomically by
 * id and matching values (claim_appointment_notification), the e-mail is built from the
 * claimed row (never from the body), and the claim is finished as sent or released.
 */
import { appointmentAcknowledgementMail, appointmentPracticeMail } from '../_shared/emails.ts';
import { failureCause, MAIL_FAILED, type Endpoint } from '../_shared/handler.ts';
import { appointmentRequestSchema, type AppointmentRequest } from '../_shared/validation.ts';

/** Only requests stored within the last 15 minutes can be mailed: an old row cannot be replayed. */
export const CLAIM_MAX_AGE_SECONDS = 900;

export const appointmentEndpoint: Endpoint<AppointmentRequest> = {
  name: 'send-appointment-email',
  schema: appointmentRequestSchema,
  visitorEmail: (body) => body.email,

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
    if (claim.status === 'already_notified') {
      return { status: 409, body: { error: 'already_notified' }, code: 'already_notified' };
    }

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
      const causes = [sent.cause];
      try {
        await context.store.finishAppointmentNotification(record.id, false);
      } catch (error) {
        // The claim then lapses by itself after two minutes.
        causes.push(`release_${failureCause(error)}`);
      }
      return { status: 502, body: MAIL_FAILED, code: 'mail_failed', cause: causes.join(',') };
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
