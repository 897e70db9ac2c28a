/**
 * A real SMTP server that accepts every message and keeps it for reading: what the
 * functions' nodemailer talks to locally instead of a mail provider, standing in for the
 * Mailpit that `supabase start` runs (mail-ui.ts answers Mailpit's API on top of it).
 * Messages live in memory and, given a folder, as .eml files there (with a .json beside
 * each for the envelope and the read flag), so they survive a restart like the database
 * does, under the same IDs.
 *
 * What it takes over from Mailpit (github.com/axllent/mailpit, read at 408b30d):
 * - storing: internal/smtpd/main.go SaveToDatabase – a Return-Path header from MAIL FROM,
 *   a Message-ID when the message has none, and envelope recipients missing from To/Cc/Bcc
 *   added as a Bcc header; the stored source is what the API serves;
 * - IDs: 22 characters of [0-9A-Za-z] like internal/shortuuid (ours start with the arrival
 *   time, so a listing of the folder is in arrival order too);
 * - chaos: internal/smtpd/chaos/chaos.go and smtpd.go – Sender fails MAIL FROM, Recipient
 *   fails RCPT TO, Authentication fails AUTH, each with its SMTP code and a probability of
 *   0–100 % ("451 Chaos sender error"); defaults 451/451/535 at 0 %;
 * - the parsed fields (storage/messages.go Store, GetMessage, AttachmentSummary).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { htmlToText } from './mailpit-shapes';
import type { CaughtMessage, CaughtPart, MailAddress } from './caught-message';
import { HOST, listen } from './ports';

export type { CaughtMessage, CaughtPart, MailAddress } from './caught-message';


export type ChaosName = 'Sender' | 'Recipient' | 'Authentication';

export interface ChaosTrigger {
  /** SMTP reply code, 400–599. */
  ErrorCode: number;
  /** Chance of failing, 0–100 (%). */
  Probability: number;
}

export type ChaosTriggers = Record<ChaosName, ChaosTrigger>;

/** Mailpit's defaults (chaos.go Config and SetFromStruct). */
export const CHAOS_DEFAULT_CODES: Record<ChaosName, number> = { Sender: 451, Recipient: 451, Authentication: 535 };

export interface MailCatcher {
  smtpPort: number;
  /** Caught messages, oldest first. */
  messages(): CaughtMessage[];
  get(id: string): CaughtMessage | undefined;
  /** Marks these messages (undefined = all) read or unread; unknown IDs are ignored. */
  setRead(ids: string[] | undefined, read: boolean): Promise<void>;
  /** Deletes these messages (undefined = all); unknown IDs are ignored. */
  delete(ids?: string[]): Promise<void>;
  /** The chaos triggers now in force (a copy). */
  chaos(): ChaosTriggers;
  /**
   * Sets one trigger as Mailpit's chaos.Set does: an error message (nothing changed) when
   * the code is outside 400–599 or the probability outside 0–100, else null.
   */
  setChaos(name: ChaosName, trigger: ChaosTrigger): string | null;
  stop(): Promise<void>;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/** 22 random characters of [0-9A-Za-z], as Mailpit's shortuuid.New(). */
export function randomId(length = 22): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      // 248 = 4 × 62: dropping the rest keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** A Mailpit-shaped ID that sorts by arrival: time (8), sequence (3), random (11). */
function newId(time: number, sequence: number): string {
  return `${base62(time, 8)}${base62(sequence % 62 ** 3, 3)}${randomId(11)}`;
}

function addressList(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((object) =>
    object.value
      .flatMap((entry) => (entry.group ? entry.group : [entry]))
      .filter((entry) => entry.address || entry.name)
      .map((entry) => ({ Name: entry.name ?? '', Address: entry.address ?? '' })),
  );
}

function addressText(field: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.map((object) => object.text).join(', ');
}

/** Header fields in order, unfolded (as Go's textproto reads them), values not decoded. */
export function headerFields(raw: Buffer): { name: string; value: string }[] {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const block = end === -1 ? text : text.slice(0, end);
  const fields: { name: string; value: string }[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length > 0) {
      const last = fields[fields.length - 1]!;
      last.value = `${last.value} ${line.trim()}`.trim();
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    fields.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return fields;
}

function firstHeader(fields: { name: string; value: string }[], name: string): string {
  return fields.find((field) => field.name.toLowerCase() === name)?.value ?? '';
}

/** The offset a Date header was written in ("+0200" → 120); 0 for GMT/UT/Z or none. */
function dateOffsetMinutes(header: string): number {
  const match = /([+-])(\d{2})(\d{2})\s*(?:\([^)]*\))?\s*$/.exec(header);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The part's own Content-Type (mailparser guesses one from the file name for octet-stream; enmime does not). */
function declaredType(attachment: Attachment): string {
  const header = attachment.headers.get('content-type') as { value?: string } | undefined;
  return header?.value?.toLowerCase() || attachment.contentType;
}

function toPart(attachment: Attachment, index: number): CaughtPart {
  return {
    // mailparser numbers parts like enmime (Mailpit's parser); a single-part message has none.
    partId: attachment.partId ?? String(index + 1),
    fileName: attachment.filename ?? '',
    contentType: declaredType(attachment),
    contentId: attachment.cid ?? '',
    content: attachment.content,
  };
}

async function toMessage(id: string, meta: StoredMeta, raw: Buffer): Promise<CaughtMessage> {
  const parsed: ParsedMail = await simpleParser(raw);
  const headers = headerFields(raw);
  const fromList = addressList(parsed.from);
  const fromHeader = firstHeader(headers, 'from');
  // Store(): the first From address; the header as the name when it is no address; else empty.
  const from = fromList[0] ?? { Name: fromHeader, Address: '' };
  const dateHeader = firstHeader(headers, 'date');
  const date =
    dateHeader && parsed.date && !Number.isNaN(parsed.date.getTime())
      ? { time: parsed.date.getTime(), offsetMinutes: dateOffsetMinutes(dateHeader) }
      : null;
  const attachments: CaughtPart[] = [];
  const inline: CaughtPart[] = [];
  parsed.attachments.forEach((attachment, index) => {
    // enmime: Attachments are parts with disposition attachment or of type
    // application/octet-stream; the rest (inline, or no disposition) Mailpit lists as Inline.
    const isAttachment = attachment.contentDisposition === 'attachment' || declaredType(attachment) === 'application/octet-stream';
    (isAttachment ? attachments : inline).push(toPart(attachment, index));
  });
  return {
    id,
    receivedAt: meta.receivedAt,
    envelope: meta.envelope,
    username: meta.username ?? '',
    read: meta.read ?? false,
    raw,
    messageId: firstHeader(headers, 'message-id').replace(/^<|>$/g, ''),
    from,
    to: addressList(parsed.to),
    cc: addressList(parsed.cc),
    bcc: addressList(parsed.bcc),
    replyTo: addressList(parsed.replyTo),
    returnPath: firstHeader(headers, 'return-path').replace(/^<|>$/g, '') || from.Address,
    subject: parsed.subject ?? '',
    date,
    // enmime (Mailpit's parser) derives the text from the HTML whenever there is no text
    // part; mailparser only for some structures.
    text: parsed.text || (parsed.html ? htmlToText(parsed.html, false) : ''),
    html: parsed.html === false ? '' : parsed.html,
    attachments,
    inline,
    headers,
    headerText: [
      addressText(parsed.from) || fromHeader,
      parsed.subject ?? '',
      addressText(parsed.to),
      addressText(parsed.cc),
      addressText(parsed.bcc),
      addressText(parsed.replyTo),
      firstHeader(headers, 'return-path'),
    ].join(' '),
  };
}

/**
 * tools.SetMessageHeader: replaces the first such header (with its continuation lines),
 * or puts the header first.
 */
function setHeader(raw: Buffer, name: string, value: string): Buffer {
  // latin1: one character per byte, so string offsets are byte offsets.
  const text = raw.toString('latin1');
  const headerEnd = text.search(/\r?\n\r?\n/);
  const head = headerEnd === -1 ? text : text.slice(0, headerEnd);
  const existing = new RegExp(`(^|\\n)(${name}:[^\\n]*(?:\\n[ \\t][^\\n]*)*\\n?)`, 'i').exec(head);
  if (!existing) return Buffer.concat([Buffer.from(`${name}: ${value}\r\n`, 'utf8'), raw]);
  const start = existing.index + existing[1]!.length;
  const old = existing[2]!;
  // The last header of the block has its line break in the blank-line separator.
  const line = Buffer.from(`${name}: ${value}${old.endsWith('\n') ? '\r\n' : ''}`, 'utf8');
  return Buffer.concat([raw.subarray(0, start), line, raw.subarray(start + old.length)]);
}

/** What Mailpit's SaveToDatabase changes before it stores a message. */
async function asMailpitStores(raw: Buffer, envelope: StoredMeta['envelope']): Promise<Buffer> {
  let data = raw.includes('\r\r\n') ? Buffer.from(raw.toString('latin1').replaceAll('\r\r\n', '\r\n'), 'latin1') : raw;
  const headers = headerFields(data);
  const from = envelope.from ?? '';
  if (firstHeader(headers, 'return-path').replace(/^<|>$/g, '') !== from) data = setHeader(data, 'Return-Path', `<${from}>`);
  if (!firstHeader(headers, 'message-id').replace(/^<|>$/g, '')) {
    data = Buffer.concat([Buffer.from(`Message-ID: <${randomId()}@mailpit>\r\n`, 'latin1'), data]);
  }
  const parsed = await simpleParser(data, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  const inHeaders = new Set(
    [...addressList(parsed.to), ...addressList(parsed.cc), ...addressList(parsed.bcc)].map((a) => a.Address.toLowerCase()),
  );
  const missing = envelope.to.filter((address) => !inHeaders.has(address.toLowerCase()));
  if (missing.length > 0) {
    // Mailpit's own code loses the missing ones when a Bcc header exists (it writes ", " +
    // the old value); we keep both, which is what it means to do.
    const existing = firstHeader(headers, 'bcc');
    data = setHeader(data, 'Bcc', [existing, ...missing].filter(Boolean).join(', '));
  }
  return data;
}

interface StoredMeta {
  receivedAt: string;
  envelope: { from: string | null; to: string[] };
  username?: string;
  read?: boolean;
}

/** Reads the .eml/.json pairs a previous run left, oldest first. */
async function loadStored(dir: string): Promise<CaughtMessage[]> {
  if (!existsSync(dir)) return [];
  const ids = (await readdir(dir)).filter((file) => file.endsWith('.eml')).map((file) => file.slice(0, -4));
  const messages: CaughtMessage[] = [];
  for (const id of ids) {
    try {
      const raw = await readFile(path.join(dir, `${id}.eml`));
      const meta = JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as StoredMeta;
      messages.push(await toMessage(id, meta, raw));
    } catch {
      // A half-written pair from a crash is skipped, not fatal.
    }
  }
  return messages.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id));
}

export interface MailCatcherOptions {
  port: number;
  /** Folder for .eml files; undefined = memory only. */
  storeDir?: string;
  /** What happened to a message (--verbose only in the terminal). */
  log: (message: string) => void;
  /** The SMTP server's own errors (default: log). */
  warn?: (message: string) => void;
}

/** Messages above this are refused; the appointment mail with its .ics is a few KB. */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

/** An SMTP refusal with this code, as smtp-server sends it ("<code> <message>"). */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  const store: CaughtMessage[] = options.storeDir ? await loadStored(options.storeDir) : [];
  let sequence = 0;
  const triggers: ChaosTriggers = {
    Sender: { ErrorCode: CHAOS_DEFAULT_CODES.Sender, Probability: 0 },
    Recipient: { ErrorCode: CHAOS_DEFAULT_CODES.Recipient, Probability: 0 },
    Authentication: { ErrorCode: CHAOS_DEFAULT_CODES.Authentication, Probability: 0 },
  };
  /** chaos.go Trigger(): a random 0–99 below the probability; never at 0 %, always at 100 %. */
  const chaosFails = (name: ChaosName): number | null => {
    const { ErrorCode, Probability } = triggers[name];
    if (Probability === 0 || randomInt(100) >= Probability) return null;
    options.log(`mail refused on purpose: chaos ${name} (${ErrorCode})`);
    return ErrorCode;
  };

  const writeMeta = async (message: CaughtMessage) => {
    if (!options.storeDir) return;
    const meta: StoredMeta = {
      receivedAt: message.receivedAt,
      envelope: message.envelope,
      username: message.username,
      read: message.read,
    };
    await writeFile(path.join(options.storeDir, `${message.id}.json`), JSON.stringify(meta));
  };

  const server = new SMTPServer({
    // A local catcher: no TLS to negotiate, any login or none accepted.
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    size: MAX_MESSAGE_BYTES,
    banner: 'Ruhepol local mail catcher (Mailpit stand-in)',
    logger: false,
    // stop() should not wait the default 30 s for a client that keeps its connection.
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      const code = chaosFails('Authentication');
      if (code !== null) return callback(smtpError(code, 'Chaos authentication error'));
      callback(null, { user: auth.username ?? 'local' });
    },
    onMailFrom(_address, _session, callback) {
      const code = chaosFails('Sender');
      callback(code === null ? undefined : smtpError(code, 'Chaos sender error'));
    },
    onRcptTo(_address, _session, callback) {
      const code = chaosFails('Recipient');
      callback(code === null ? undefined : smtpError(code, 'Chaos recipient error'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(smtpError(552, 'Message too large'));
          return;
        }
        const receivedAt = new Date();
        const id = newId(receivedAt.getTime(), sequence++);
        const meta: StoredMeta = {
          receivedAt: receivedAt.toISOString(),
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
          },
          username: typeof session.user === 'string' ? session.user : '',
          read: false,
        };
        asMailpitStores(Buffer.concat(chunks), meta.envelope)
          .then(async (raw) => {
            const message = await toMessage(id, meta, raw);
            if (options.storeDir) {
              await mkdir(options.storeDir, { recursive: true });
              await writeFile(path.join(options.storeDir, `${id}.eml`), raw);
              await writeMeta(message);
            }
            store.push(message);
            options.log(`mail caught: "${message.subject}" to ${message.to.map((a) => a.Address).join(', ')}`);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  server.on('error', (error) => (options.warn ?? options.log)(`SMTP error: ${error.message}`));

  const smtpPort = await listen(server.server, options.port, HOST);

  return {
    smtpPort,
    messages: () => [...store],
    get: (id) => store.find((message) => message.id === id),
    async setRead(ids, read) {
      const wanted = ids ? new Set(ids) : null;
      for (const message of store) {
        if ((wanted && !wanted.has(message.id)) || message.read === read) continue;
        message.read = read;
        await writeMeta(message);
      }
    },
    async delete(ids) {
      const wanted = ids ? new Set(ids) : null;
      const doomed = store.filter((message) => !wanted || wanted.has(message.id));
      for (const message of doomed) store.splice(store.indexOf(message), 1);
      if (!options.storeDir || !existsSync(options.storeDir)) return;
      if (wanted) {
        for (const { id } of doomed) {
          await rm(path.join(options.storeDir, `${id}.eml`), { force: true });
          await rm(path.join(options.storeDir, `${id}.json`), { force: true });
        }
        return;
      }
      for (const file of await readdir(options.storeDir)) {
        if (file.endsWith('.eml') || file.endsWith('.json')) await rm(path.join(options.storeDir, file), { force: true });
      }
    },
    chaos: () => ({
      Sender: { ...triggers.Sender },
      Recipient: { ...triggers.Recipient },
      Authentication: { ...triggers.Authentication },
    }),
    setChaos(name, { ErrorCode, Probability }) {
      // chaos.Set, word for word.
      if (ErrorCode < 400 || ErrorCode > 599) return 'error code must be between 400 and 599';
      if (Probability > 100 || Probability < 0) return 'probability must be between 0 and 100';
      triggers[name] = { ErrorCode, Probability };
      options.log(`chaos: ${name} to return ${ErrorCode} error with ${Probability}% probability`);
      return null;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
