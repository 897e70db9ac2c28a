/** The shape of an outgoing e-mail, shared by the templates and the transports. */
import type { Language } from '../domain/languages.ts';

export interface MailAttachment {
  filename: string;
  /** Text content, which the transport encodes (UTF-8); with `encoding: 'base64'`, bytes in base64 (the invoice's PDF). */
  content: string;
  /** 'base64': `content` is bytes in base64, sent as they are. */
  encoding?: 'base64';
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  /** A bare address: the transports never parse display names from visitor input. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * Further header fields, name → value (the newsletter's List-Unsubscribe and
   * List-Unsubscribe-Post, RFC 8058). One line each: the transports refuse a name or value
   * with a line break or another control character (MailError 'invalid_header'), and the
   * fields they set themselves (From, To, Subject, Message-ID …) cannot be given here.
   */
  headers?: Record<string, string>;
  /**
   * What this mail is, as a key (mail-keys.ts: kind, request, state, recipient role): the
   * same for every attempt at the same mail, different for any other. Resend gets it as
   * the Idempotency-Key header, SMTP as the Message-ID (transport.ts).
   */
  idempotencyKey?: string;
  /**
   * The language a mail to a visitor is written in (the stored row's); absent: German. The
   * transports do not send it; the «Meine Daten» footer (my-data-footer.ts) writes itself
   * and its link in it.
   */
  language?: Language;
}
