/**
 * The e-mails of an appointment request's current state (confirmed, declined, cancelled),
 * the visitor's first where it matters most to them. Sent by appointment-action when the
 * practice or the visitor presses the button, and by the outbox (send-pending-mail) when
 * that send failed. Pure apart from signing the cancel link.
 */
import { bookingUrl, cancelLink, type LinkSettings } from './action-links.ts';
import {
  type Appointment,
  cancellationMail,
  cancelledPracticeMail,
  confirmationMail,
  confirmedPracticeMail,
  declineMail,
  isAppointment,
} from './appointment-emails.ts';
import type { MailSettings } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/types.ts';
import type { AppointmentState } from '../database/store.ts';

export async function outcomeMails(request: AppointmentState, mail: MailSettings, links: LinkSettings, now: Date): Promise<OutgoingMail[]> {
  if (request.status === 'declined') return [declineMail(request, mail, bookingUrl(links))];
  if (!isAppointment(request)) throw new Error(`no slot for status ${request.status}`);
  const appointment: Appointment = request;
  if (request.status === 'confirmed') {
    return [confirmationMail(appointment, mail, now, await cancelLink(links, appointment)), confirmedPracticeMail(appointment, mail, now)];
  }
  // Cancelled: the practice first – its calendar must free the slot.
  const cancelledAt = request.cancelled_at ? new Date(request.cancelled_at) : now;
  return [cancelledPracticeMail(appointment, mail, now, cancelledAt), cancellationMail(appointment, mail, now, bookingUrl(links))];
}
