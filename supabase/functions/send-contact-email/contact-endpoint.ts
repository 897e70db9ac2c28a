/**
 * send-contact-email's own step: store the message, e-mail the practice, mark the row
 * mailed, acknowledge to the visitor. A stored message is never lost to a mail failure:
 * the row stays with mailed_at null and the caller gets 502.
 */
import { contactAcknowledgementMail, contactPracticeMail } from '../_shared/emails.ts';
import { failureCause, notSentOutcome, type Endpoint } from '../_shared/handler.ts';
import { contactRequestSchema, type ContactRequest } from '../_shared/validation.ts';

export const contactEndpoint: Endpoint<ContactRequest> = {
  name: 'send-contact-email',
  schema: contactRequestSchema,
  visitorEmail: (body) => body.email,

  async handle(body, context) {
    const id = crypto.randomUUID();
    await context.store.insertContactSubmission({
      id,
      name: body.name,
      email: body.email,
      phone: body.phone,
      subject: body.subject,
      message: body.message,
    });

    const sent = await context.send(contactPracticeMail(body, context.mail, context.now));
    if (!sent.ok) return notSentOutcome(sent);

    const causes: string[] = [];
    try {
      await context.store.markContactMailed(id, new Date());
    } catch (error) {
      // The mail went out; a row left unmarked is a bookkeeping slip, not the visitor's problem.
      causes.push(`mark_${failureCause(error)}`);
    }
    const { ack, cause } = await context.acknowledge(contactAcknowledgementMail(body, context.mail));
    if (cause) causes.push(cause);
    return { status: 200, body: { ok: true }, code: 'ok', ack, ...(causes.length ? { cause: causes.join(',') } : {}) };
  },
};
