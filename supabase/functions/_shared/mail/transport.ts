/**
 * Sending e-mail: Resend's HTTPS API (hosted Supabase blocks outgoing SMTP on ports 25
 * and 587) or SMTP through nodemailer (the local mail catcher, or any relay). The network
 * pieces are injected (fetch, nodemailer's createTransport), so choosing and driving a
 * transport is tested without a network. Every call has a time limit.
 */
import type { OutgoingMail } from './types.ts';

export type { MailAttachment, OutgoingMail } from './types.ts';

export const MAIL_TIMEOUT_MS = 10_000;
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

/** UTF-8 text as base64, as Resend wants attachment content. */
export function base64Utf8(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The JSON body of POST https://api.resend.com/emails. */
export function resendPayload(from: string, mail: OutgoingMail): Record<string, unknown> {
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
          content: base64Utf8(attachment.content),
          content_type: attachment.contentType,
        })),
      }
      : {}),
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

export function createResendMailer(apiKey: string, from: string, deps: Pick<MailerDeps, 'fetch' | 'timeoutMs'>): Mailer {
  const timeoutMs = deps.timeoutMs ?? MAIL_TIMEOUT_MS;
  return {
    transport: 'resend',
    async send(mail) {
      let response: Response;
      try {
        response = await deps.fetch(RESEND_ENDPOINT, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(resendPayload(from, mail)),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new MailError(isTimeout(error) ? 'resend_timeout' : 'resend_network');
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
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
}

export function createSmtpMailer(options: SmtpOptions, from: string, deps: Pick<MailerDeps, 'createSmtpTransport' | 'timeoutMs'>): Mailer {
  const timeoutMs = deps.timeoutMs ?? MAIL_TIMEOUT_MS;
  const transport = deps.createSmtpTransport(smtpTransportOptions(options, from, timeoutMs));
  return {
    transport: 'smtp',
    async send(mail) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      // nodemailer's timeouts are per phase; this bounds the whole conversation.
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new MailError('smtp_timeout')), timeoutMs * 2);
      });
      try {
        await Promise.race([
          transport.sendMail({
            from,
            to: mail.to,
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            attachments: (mail.attachments ?? []).map((attachment) => ({
              filename: attachment.filename,
              content: attachment.content,
              contentType: attachment.contentType,
            })),
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
