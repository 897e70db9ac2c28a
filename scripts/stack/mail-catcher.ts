/**
 * A real SMTP server that accepts every message and keeps it for reading: what the
 * functions' nodemailer talks to locally instead of a mail provider. Messages live in
 * memory and, given a folder, as .eml files there, so they survive a restart like the
 * database does.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { HOST, listen } from './ports';

export interface CaughtAttachment {
  filename: string | null;
  contentType: string;
  content: Buffer;
  size: number;
}

export interface CaughtMessage {
  id: string;
  /** ISO 8601, when the catcher received it. */
  receivedAt: string;
  /** The SMTP envelope (MAIL FROM / RCPT TO): who it was really sent to, Bcc included. */
  envelope: { from: string | null; to: string[] };
  /** The From header as written, e.g. `Ruhepol Schlafberatung <noreply@…>`. */
  from: string;
  /** Addresses of the To header. */
  to: string[];
  cc: string[];
  /** Address of the Reply-To header, or null. */
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  attachments: CaughtAttachment[];
  /** Header values as sent (unfolded), lower-case names; the first of repeated headers. */
  headers: Record<string, string>;
  /** The whole message source. */
  raw: string;
}

export interface MailCatcher {
  smtpPort: number;
  messages(): CaughtMessage[];
  get(id: string): CaughtMessage | undefined;
  clear(): Promise<void>;
  /**
   * Refuses the next `count` messages at the end of DATA (554), as a failing provider
   * would, and keeps none of them: for tests of what happens when mail cannot be sent.
   * clear() cancels refusals not used up.
   */
  rejectNext(count: number): void;
  /** Resolves with the first message (already caught or arriving) that matches. */
  waitFor(predicate: (message: CaughtMessage) => boolean, timeoutMs: number): Promise<CaughtMessage>;
  stop(): Promise<void>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((object) =>
    object.value.flatMap((entry) => (entry.group ? entry.group : [entry])).map((entry) => entry.address ?? ''),
  );
}

function headerValues(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    if (key in headers) continue;
    headers[key] = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
  }
  return headers;
}

async function toMessage(
  id: string,
  receivedAt: string,
  envelope: CaughtMessage['envelope'],
  raw: Buffer,
): Promise<CaughtMessage> {
  const parsed = await simpleParser(raw);
  return {
    id,
    receivedAt,
    envelope,
    from: parsed.from?.text ?? '',
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    replyTo: parsed.replyTo?.value[0]?.address ?? null,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html === false ? null : parsed.html,
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename ?? null,
      contentType: attachment.contentType,
      content: attachment.content,
      size: attachment.size,
    })),
    headers: headerValues(parsed),
    raw: raw.toString('utf8'),
  };
}

interface StoredEnvelope {
  receivedAt: string;
  envelope: CaughtMessage['envelope'];
}

/** Reads the .eml/.json pairs a previous run left, oldest first. */
async function loadStored(dir: string): Promise<CaughtMessage[]> {
  if (!existsSync(dir)) return [];
  const ids = (await readdir(dir))
    .filter((file) => file.endsWith('.eml'))
    .map((file) => file.slice(0, -4))
    .sort();
  const messages: CaughtMessage[] = [];
  for (const id of ids) {
    try {
      const raw = await readFile(path.join(dir, `${id}.eml`));
      const meta = JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as StoredEnvelope;
      messages.push(await toMessage(id, meta.receivedAt, meta.envelope, raw));
    } catch {
      // A half-written pair from a crash is skipped, not fatal.
    }
  }
  return messages;
}

export interface MailCatcherOptions {
  port: number;
  /** Folder for .eml files; undefined = memory only. */
  storeDir?: string;
  log: (message: string) => void;
}

/** Messages above this are refused; the appointment mail with its .ics is a few KB. */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  const store: CaughtMessage[] = options.storeDir ? await loadStored(options.storeDir) : [];
  const arrivals = new EventEmitter();
  arrivals.setMaxListeners(0);
  let counter = 0;
  let toReject = 0;

  const server = new SMTPServer({
    // A local catcher: no TLS to negotiate, any login or none accepted.
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    size: MAX_MESSAGE_BYTES,
    banner: 'Ruhepol local mail catcher',
    logger: false,
    // stop() should not wait the default 30 s for a client that keeps its connection.
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'local' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        if (toReject > 0) {
          toReject -= 1;
          options.log('mail refused on purpose (rejectNext)');
          const refusal = new Error('Transaction failed: refused by the local catcher (rejectNext)');
          callback(Object.assign(refusal, { responseCode: 554 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        const receivedAt = new Date();
        // Sortable ids: the file listing of the store is the arrival order.
        const time = receivedAt.getTime().toString(36).padStart(9, '0');
        const sequence = (counter++).toString(36).padStart(4, '0');
        const id = `${time}-${sequence}${randomBytes(3).toString('hex')}`;
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        toMessage(id, receivedAt.toISOString(), envelope, raw)
          .then(async (message) => {
            if (options.storeDir) {
              await mkdir(options.storeDir, { recursive: true });
              await writeFile(path.join(options.storeDir, `${id}.eml`), raw);
              await writeFile(
                path.join(options.storeDir, `${id}.json`),
                JSON.stringify({ receivedAt: message.receivedAt, envelope } satisfies StoredEnvelope),
              );
            }
            store.push(message);
            options.log(`mail caught: "${message.subject}" to ${message.to.join(', ')}`);
            arrivals.emit('message', message);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  server.on('error', (error) => options.log(`SMTP error: ${error.message}`));

  const smtpPort = await listen(server.server, options.port, HOST);

  return {
    smtpPort,
    messages: () => [...store],
    get: (id) => store.find((message) => message.id === id),
    rejectNext(count) {
      toReject = Math.max(0, Math.floor(count));
    },
    async clear() {
      // A fresh start for the next test: no messages, no refusals left over.
      store.length = 0;
      toReject = 0;
      if (options.storeDir && existsSync(options.storeDir)) {
        for (const file of await readdir(options.storeDir)) {
          if (file.endsWith('.eml') || file.endsWith('.json')) await rm(path.join(options.storeDir, file), { force: true });
        }
      }
    },
    waitFor(predicate, timeoutMs) {
      const existing = store.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const onMessage = (message: CaughtMessage) => {
          if (!predicate(message)) return;
          clearTimeout(timer);
          arrivals.off('message', onMessage);
          resolve(message);
        };
        const timer = setTimeout(() => {
          arrivals.off('message', onMessage);
          reject(new Error(`No matching e-mail arrived within ${timeoutMs} ms (${store.length} caught so far)`));
        }, timeoutMs);
        arrivals.on('message', onMessage);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
