/**
 * A message as the local mail catcher keeps it (mail-catcher.ts stores it, mailpit-shapes.ts
 * answers it in Mailpit's JSON): its own module, so that both read it without importing
 * each other.
 */
/** Mailpit's (Go's net/mail) address: Name first, then Address. */
export interface MailAddress {
  Name: string;
  Address: string;
}

export interface CaughtPart {
  /** The part's place in the MIME tree, as Mailpit's PartID ("2", "1.2"). */
  partId: string;
  /** File name, or '' (Mailpit then shows the Content-ID). */
  fileName: string;
  /** Without parameters, e.g. text/calendar. */
  contentType: string;
  /** Content-ID without angle brackets, or ''. */
  contentId: string;
  content: Buffer;
}

export interface CaughtMessage {
  /** Mailpit's database ID: 22 characters of [0-9A-Za-z]. */
  id: string;
  /** ISO 8601 with milliseconds, when the catcher received it (Mailpit's Created). */
  receivedAt: string;
  /** The SMTP envelope (MAIL FROM / RCPT TO): who it was really sent to, Bcc included. */
  envelope: { from: string | null; to: string[] };
  /** The SMTP AUTH user name, or ''. */
  username: string;
  /** Mailpit marks a message read when its details are fetched. */
  read: boolean;
  /** The message source as stored (with Mailpit's Return-Path, Message-ID and Bcc). */
  raw: Buffer;
  /** Message-ID without angle brackets. */
  messageId: string;
  /** The From address; an empty one when the header is missing (as Mailpit stores it). */
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  replyTo: MailAddress[];
  /** Return-Path without angle brackets, else the From address. */
  returnPath: string;
  subject: string;
  /** The Date header as a time and the offset it was written in; null when missing or unreadable. */
  date: { time: number; offsetMinutes: number } | null;
  /** The text part ('' if none; derived from the HTML when only that exists, as Mailpit does). */
  text: string;
  /** The HTML part, or ''. */
  html: string;
  /** Parts attached as files (Mailpit's Attachments). */
  attachments: CaughtPart[];
  /** Inline parts and other non-text parts, e.g. images of a multipart/related (Mailpit's Inline). */
  inline: CaughtPart[];
  /** Every header field in order: name as written, value unfolded but not decoded. */
  headers: { name: string; value: string }[];
  /** Header texts for the plain-word search: From, Subject, To, Cc, Bcc, Reply-To, Return-Path. */
  headerText: string;
}
