/**
 * Sending e-mail: Resend's HTTPS API (hosted Supabase blocks outgoing SMTP on ports 25
 * and 587) or SMTP through nodemailer (the local mail catcher, or any relay). The network
 * pieces are injected (fetch, nodemailer's createTransport), so choosing and driving a
 * transport is tested without a network. Every call has a time limit, which the mailer
 * states (`timeoutMs`): a sender holding a claim starts a send only when it fits (budget.ts).
 *
 * Further header fields of a mail (`headers`: the newsletter's List-Unsubscribe and
 * List-Unsubscribe-Post) go to Resend as its `headers` object – "custom headers" (docs,
 * resend.com/docs/dashboard/emails/custom-headers; API reference, send-email, `headers`) –
 * and to nodemailer as `headers`, each value as given (`prepared`: not re-encoded or folded,
 * so the URL inside List-Unsubscribe stays one piece). checkedHeaders refuses anything that
 * could add a header of its own (a line break) or replace one the transport sets.
 *
 * A mail's idempotency key (mail-keys.ts) goes with it: to Resend as the `Idempotency-Key`
 * header – Resend sends a key once in 24 hours and answers a repeat with the first answer
 * (docs, "Idempotency keys", resend.com/docs/dashboard/emails/idempotency-keys) –, over SMTP
 * as the Message-ID, the one thing a receiver could recognise a repeat by.
 */
import { messageIdFor } from './mail-keys.ts';
import type { OutgoingMail } from './types.ts';

export type { MailAttachment, OutgoingMail } from './types.ts';

/** Resend's API answers in well under a second; a repeat after a timeout is recognised by its key. */
export const RESEND_TIMEOUT_MS = 10_000;
/**
 * An SMTP send as a whole. Long enough for a relay that takes its time to answer the end of
 * the message (RFC 5321 4.5.3.2.6 asks a client to wait up to 10 minutes for that answer:
 * "a spurious timeout at this point … would typically result in delivery of multiple
 * copies"), short enough that the two mails of a claim fit before it lapses (budget.ts).
 */
export const SMTP_TIMEOUT_MS = 45_000;
/** Connecting and the greeting: a relay that does not even greet is not waited for long. */
export const SMTP_CONNECT_TIMEOUT_MS = 10_000;
export const RESEND_ENDPOINT = 'https://api.resend.com/emails';

/** A send that did not go through; `reason` is a short code safe to log (no addresses, no provider text). */
export class MailError extends Error {
  constructor(readonly reason: string) {
    super(`mail not sent: ${reason}`);
    this.name = 'MailError';
  }
}

export interface Mailer {
  readonly transport: 'resend' | 'smtp';
  /** The longest one send may take (its time limit). */
  readonly timeoutMs: number;
  /** Sends one mail, with its idempotency key if it has one; throws MailError when it did not go through. */
  send(mail: OutgoingMail): Promise<void>;
}

export interface SmtpOptions {
  host: string;
  port: number;
  /** smtps:// – TLS from the first byte (port 465). */
  secure: boolean;
  auth?: { user: string; pass: string };
  requireTLS?: boolean;
  ignoreTLS?: boolean;
  tls?: { rejectUnauthorized: boolean };
}

export type TransportConfig = { kind: 'resend'; apiKey: string } | { kind: 'smtp'; options: SmtpOptions };

/** The part of a nodemailer transport that is used. */
export interface SmtpTransport {
  sendMail(message: Record<string, unknown>): Promise<unknown>;
}
export type CreateSmtpTransport = (options: Record<string, unknown>) => SmtpTransport;

export interface MailerDeps {
  fetch: typeof fetch;
  createSmtpTransport: CreateSmtpTransport;
  /** Instead of RESEND_TIMEOUT_MS / SMTP_TIMEOUT_MS (tests). */
  timeoutMs?: number;
}

/**
 * Reads SMTP_URL: smtp://host:port or smtps://user:password@host:465, with optional
 * ?requireTLS=true, ?ignoreTLS=true or ?tls.rejectUnauthorized=false. Returns a message
 * instead of options when the URL cannot be used.
 */
export function parseSmtpUrl(value: string): SmtpOptions | { error: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: 'SMTP_URL is not a URL (expected smtp://host:port or smtps://user:password@host:465)' };
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return { error: `SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//` };
  }
  if (!url.hostname) return { error: 'SMTP_URL has no host' };
  const secure = url.protocol === 'smtps:';
  const options: SmtpOptions = {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
  };
  if (url.username) {
    options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  }
  const flag = (name: string) => url.searchParams.get(name)?.toLowerCase();
  if (flag('requireTLS') === 'true') options.requireTLS = true;
  if (flag('ignoreTLS') === 'true') options.ignoreTLS = true;
  if (flag('tls.rejectUnauthorized') === 'false') options.tls = { rejectUnauthorized: false };
  return options;
}

/** Header fields the transports set themselves, from the mail's own fields: never taken from `headers`. */
const RESERVED_HEADERS = new Set([
  'from', 'to', 'cc', 'bcc', 'reply-to', 'subject', 'message-id', 'date', 'sender', 'return-path',
  'mime-version', 'content-type', 'content-transfer-encoding', 'idempotency-key',
]);
/** RFC 5322 field-name: printable ASCII but the colon. */
const FIELD_NAME = /^[!-9;-~]+$/;
/** A value on one line: printable ASCII and spaces (the newsletter's are URLs and fixed words). */
const FIELD_VALUE = /^[ -~]*$/;

/** The mail's further header fields, checked (see above); throws MailError('invalid_header') otherwise. */
export function checkedHeaders(mail: OutgoingMail): Record<string, string> {
  const headers = mail.headers ?? {};
  for (const [name, value] of Object.entries(headers)) {
    if (!FIELD_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase()) || !FIELD_VALUE.test(value) || value.length > 900) {
      throw new MailError('invalid_header');
    }
  }
  return headers;
}

/** UTF-8 text (or bytes: a PDF) as base64, as Resend wants attachment content. */
export function base64Utf8(value: string | Uint8Array): string {
  const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The JSON body of POST https://api.resend.com/emails. */
export function resendPayload(from: string, mail: OutgoingMail): Record<string, unknown> {
  const headers = checkedHeaders(mail);
  return {
    from,
    to: [mail.to],
    ...(mail.replyTo ? { reply_to: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.attachments?.length
      ? {
        attachments: mail.attachments.map((attachment) => ({
          filename: attachment.filename,
          content: attachment.encoding === 'base64' ? attachment.content : base64Utf8(attachment.content),
          content_type: attachment.contentType,
        })),
      }
      : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** The `name` of a Resend error body (a code such as invalid_idempotent_request), never its message. */
async function resendErrorName(response: Response): Promise<string | undefined> {
  try {
    const body = await response.json() as { name?: unknown };
    return typeof body.name === 'string' && /^[a-z_]{1,64}$/.test(body.name) ? body.name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Resend's POST /emails. With a key, a repeat of a mail Resend has already taken is not sent
 * again: the same payload gets the first answer (200), another payload under the same key
 * 409 `invalid_idempotent_request` ("Same idempotency key used with a different request
 * payload"; docs, API reference "Errors") – the mail under this key was sent, which is what
 * a repeat of ours means (the visitor's call and the outbox word the same mail slightly
 * differently: «[Verspätet]», fresh links), so it counts as sent. A repeat while the first
 * is still under way, 409 `concurrent_idempotent_requests`, is a failure: tried again later,
 * it gets the first one's answer.
 */
export function createResendMailer(apiKey: string, from: string, deps: Pick<MailerDeps, 'fetch' | 'timeoutMs'>): Mailer {
  const timeoutMs = deps.timeoutMs ?? RESEND_TIMEOUT_MS;
  return {
    transport: 'resend',
    timeoutMs,
    async send(mail) {
      const body = JSON.stringify(resendPayload(from, mail));
      let response: Response;
      try {
        response = await deps.fetch(RESEND_ENDPOINT, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${apiKey}`,
            'content-type': 'application/json',
            ...(mail.idempotencyKey ? { 'idempotency-key': mail.idempotencyKey } : {}),
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new MailError(isTimeout(error) ? 'resend_timeout' : 'resend_network');
      }
      if (response.status === 409) {
        const name = await resendErrorName(response);
        if (name === 'invalid_idempotent_request' && mail.idempotencyKey) return;
        throw new MailError(name === 'concurrent_idempotent_requests' ? 'resend_in_progress' : 'resend_http_409');
      }
      // The body is not needed, and Resend's error text may quote addresses: never logged.
      await response.body?.cancel().catch(() => {});
      if (!response.ok) throw new MailError(`resend_http_${response.status}`);
    },
  };
}

/** The EHLO name: the sender's domain, so nodemailer need not ask the OS for a host name. */
export function senderDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1)$/;

export function smtpTransportOptions(options: SmtpOptions, from: string, timeoutMs: number): Record<string, unknown> {
  return {
    ...options,
    // A local catcher offers STARTTLS with a self-signed certificate; on loopback nothing
    // travels over a network, so the certificate is not what protects the mail.
    ...(LOOPBACK.test(options.host) && !options.tls ? { tls: { rejectUnauthorized: false } } : {}),
    name: senderDomain(from),
    // One open connection per function instance, reused by the next mail: a new one costs
    // the connect, the greeting and EHLO each time (about 150 ms a mail on loopback,
    // npm run bench:functions). nodemailer reconnects when the server has closed it.
    pool: true,
    maxConnections: 2,
    connectionTimeout: Math.min(SMTP_CONNECT_TIMEOUT_MS, timeoutMs),
    greetingTimeout: Math.min(SMTP_CONNECT_TIMEOUT_MS, timeoutMs),
    // Silence on the line, the answer to the end of the message included (above).
    socketTimeout: timeoutMs,
  };
}

export function createSmtpMailer(options: SmtpOptions, from: string, deps: Pick<MailerDeps, 'createSmtpTransport' | 'timeoutMs'>): Mailer {
  const timeoutMs = deps.timeoutMs ?? SMTP_TIMEOUT_MS;
  const transport = deps.createSmtpTransport(smtpTransportOptions(options, from, timeoutMs));
  const domain = senderDomain(from);
  return {
    transport: 'smtp',
    timeoutMs,
    async send(mail) {
      // The same mail, sent again, has the same Message-ID (mail-keys.ts); without a key nodemailer makes one.
      const messageId = mail.idempotencyKey ? await messageIdFor(mail.idempotencyKey, domain) : undefined;
      const headers = Object.entries(checkedHeaders(mail));
      let timer: ReturnType<typeof setTimeout> | undefined;
      // nodemailer's timeouts are per phase; this bounds the whole conversation.
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new MailError('smtp_timeout')), timeoutMs);
      });
      try {
        await Promise.race([
          transport.sendMail({
            ...(messageId ? { messageId } : {}),
            from,
            to: mail.to,
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            attachments: (mail.attachments ?? []).map((attachment) => ({
              filename: attachment.filename,
              content: attachment.content,
              // Bytes (a PDF) come in base64, which nodemailer decodes and sends as they are.
              ...(attachment.encoding ? { encoding: attachment.encoding } : {}),
              contentType: attachment.contentType,
            })),
            ...(headers.length ? { headers: Object.fromEntries(headers.map(([name, value]) => [name, { prepared: true, value }])) } : {}),
            // Content is always given inline; never let a value be read as a path or URL.
            disableFileAccess: true,
            disableUrlAccess: true,
          }),
          deadline,
        ]);
      } catch (error) {
        if (error instanceof MailError) throw error;
        const code = (error as { code?: unknown } | null)?.code;
        throw new MailError(`smtp_${typeof code === 'string' && /^[A-Za-z0-9_]{1,32}$/.test(code) ? code : 'error'}`);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** RESEND_API_KEY wins over SMTP_URL: the hosted project sends through Resend. */
export function createMailer(transport: TransportConfig, from: string, deps: MailerDeps): Mailer {
  return transport.kind === 'resend'
    ? createResendMailer(transport.apiKey, from, deps)
    : createSmtpMailer(transport.options, from, deps);
}
