/**
 * The caught messages in the exact JSON shapes of Mailpit's API v1.
 * Sources (github.com/axllent/mailpit at 408b30d, and the `mailpit-api` 2.1 types in
 * node_modules/mailpit-api/dist/index.d.mts, which describe the same shapes):
 * - message list item: internal/storage/structs.go MessageSummary, filled by
 *   storage/messages.go List() – To/Cc/Bcc come from stored metadata written with
 *   `omitempty`, so an empty list is `null` there; ReplyTo is patched to [];
 * - full message: structs.go Message, filled by messages.go GetMessage() – every address
 *   list an array, Inline and Attachments only parts with a file name or Content-ID,
 *   Date the Date header (else the arrival time), Tags [];
 * - attachment: structs.go Attachment via messages.go AttachmentSummary() (checksums of
 *   the decoded content);
 * - list wrapper: server/apiv1/messages.go MessagesSummary;
 * - Snippet: internal/tools/snippets.go CreateSnippet (the HTML as text, else the text,
 *   at most 200 bytes + "...");
 * - JSON as Go's json.Encoder writes it: compact, "<", ">", "&" as \u003c, \u003e,
 *   \u0026, a trailing newline; times as RFC 3339 with only the fraction digits needed.
 */
import { createHash } from 'node:crypto';
import type { CaughtMessage, CaughtPart, MailAddress } from './caught-message';

/** JSON as Go's json.NewEncoder(w).Encode writes it (HTML-safe escapes, newline at the end). */
export function goJson(value: unknown): string {
  return `${JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')}\n`;
}

/** Go's time.RFC3339Nano: no trailing zeros in the fraction, "Z" for UTC, else ±hh:mm. */
export function goTime(time: number, offsetMinutes = 0): string {
  const iso = new Date(time + offsetMinutes * 60_000).toISOString();
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone =
    offsetMinutes === 0 ? 'Z' : `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${iso.slice(0, 19)}${fraction ? `.${fraction}` : ''}${zone}`;
}

/** Mailpit's Created: the arrival time (the server's zone; UTC in the CLI's container). */
export function created(message: CaughtMessage): string {
  return goTime(Date.parse(message.receivedAt));
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return HTML_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * internal/html2text Strip(): the text of an HTML document without script, style, head
 * and the like, block ends and <br> as spaces, whitespace collapsed; with includeLinks
 * the http(s) targets of links after their text. (A tag-level rendition of its DOM walk.)
 */
export function htmlToText(html: string, includeLinks: boolean): string {
  let text = html
    .replace(/<\/(div|p|td|th|h[1-6]|ul|ol|li|address|article|aside|blockquote|dl|dt|footer|header|hr|main|nav|pre|table|thead|tfoot|video)></gi, '</$1> <')
    .replace(/<(br \/|br)>/gi, ' ')
    .replace(/<(img)/gi, ' <$1')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|title|head|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  if (includeLinks) {
    text = text.replace(
      /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi,
      (_, double?: string, single?: string, bare?: string, inner = '') => {
        const href = decodeEntities(double ?? single ?? bare ?? '');
        return /^http/i.test(href) ? `${inner} ${href} ` : inner;
      },
    );
  }
  text = decodeEntities(text.replace(/<[^>]*>/g, ''))
    .replaceAll('\ufeff', ' ')
    // unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
    .replace(/[^\p{L}\p{M}\p{N}\p{P}\p{S} ]/gu, ' ')
    .replace(/[\t\n\f\r ]+/g, ' ');
  return text.trim();
}

/** The first n bytes of a string, not cutting a UTF-8 sequence (tools.truncate). */
function truncateBytes(text: string, n: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (n >= bytes.length) return text;
  let end = n;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/** tools.CreateSnippet. */
export function snippet(message: CaughtMessage): string {
  const limit = 200;
  const text = message.text.trim();
  const html = message.html.trim();
  const cut = (value: string) => (Buffer.byteLength(value) <= limit ? value : `${truncateBytes(value, limit)}...`);
  if (html) return cut(htmlToText(html, false));
  if (text) return cut(text.replaceAll('\ufeff', ' ').replace(/[\t\n\f\r ]+/g, ' ').trim());
  return '';
}

/** The parts Mailpit counts in a list item's Attachments (len(env.Attachments)). */
function attachmentCount(message: CaughtMessage): number {
  return message.attachments.length;
}

/** MessageSummary as List() and Search() return it (mailpit-api: MailpitMessageListItem). */
export function listItem(message: CaughtMessage) {
  const orNull = (list: MailAddress[]) => (list.length > 0 ? list : null);
  return {
    ID: message.id,
    MessageID: message.messageId,
    Read: message.read,
    From: message.from,
    To: orNull(message.to),
    Cc: orNull(message.cc),
    Bcc: orNull(message.bcc),
    ReplyTo: message.replyTo,
    Subject: message.subject,
    Created: created(message),
    Username: message.username,
    Tags: [] as string[],
    Size: message.raw.length,
    Attachments: attachmentCount(message),
    Snippet: snippet(message),
  };
}

/** storage.Attachment (mailpit-api: MailpitAttachmentResponse). */
function attachmentSummary(part: CaughtPart) {
  const hash = (algorithm: string) => createHash(algorithm).update(part.content).digest('hex');
  return {
    PartID: part.partId,
    FileName: part.fileName || part.contentId,
    ContentType: part.contentType,
    ContentID: part.contentId,
    Size: part.content.length,
    Checksums: { MD5: hash('md5'), SHA1: hash('sha1'), SHA256: hash('sha256') },
  };
}

const named = (part: CaughtPart) => part.fileName !== '' || part.contentId !== '';

/** The List-Unsubscribe summary; only links in angle brackets are read (tools.ListUnsubscribeParser validates more). */
function listUnsubscribe(message: CaughtMessage) {
  const header = message.headers.find((h) => h.name.toLowerCase() === 'list-unsubscribe')?.value ?? '';
  const post = message.headers.find((h) => h.name.toLowerCase() === 'list-unsubscribe-post')?.value ?? '';
  return {
    Header: header,
    Links: header ? [...header.matchAll(/<([^>]*)>/g)].map((match) => match[1]!) : [],
    Errors: '',
    HeaderPost: header ? post : '',
  };
}

/** storage.Message as GetMessage() returns it (mailpit-api: MailpitMessageSummaryResponse). */
export function fullMessage(message: CaughtMessage) {
  return {
    ID: message.id,
    MessageID: message.messageId,
    From: message.from,
    To: message.to,
    Cc: message.cc,
    Bcc: message.bcc,
    ReplyTo: message.replyTo,
    ReturnPath: message.returnPath,
    Subject: message.subject,
    ListUnsubscribe: listUnsubscribe(message),
    Date: message.date ? goTime(message.date.time, message.date.offsetMinutes) : created(message),
    Tags: [] as string[],
    Username: message.username,
    Text: message.text,
    HTML: message.html,
    Size: message.raw.length,
    Inline: message.inline.filter(named).map(attachmentSummary),
    Attachments: message.attachments.filter(named).map(attachmentSummary),
  };
}

/** The part GET /api/v1/message/{ID}/part/{PartID} serves (GetAttachmentPart: inline parts too). */
export function findPart(message: CaughtMessage, partId: string): CaughtPart | undefined {
  return [...message.inline, ...message.attachments].find((part) => part.partId === partId);
}

/** textproto.CanonicalMIMEHeaderKey: "message-id" → "Message-Id"; names with odd characters unchanged. */
function canonicalHeaderName(name: string): string {
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) return name;
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** GET /api/v1/message/{ID}/headers: Go's mail.Header (canonical names → values), keys sorted. */
export function messageHeaders(message: CaughtMessage): Record<string, string[]> {
  const headers: Record<string, string[]> = {};
  for (const { name, value } of message.headers) (headers[canonicalHeaderName(name)] ??= []).push(value);
  return Object.fromEntries(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** server/apiv1/api.go getStartLimit: start ≥ 0 (default 0), limit ≥ 0 (default 50), optional before. */
export function startLimit(params: URLSearchParams): { start: number; limit: number; before: number } {
  const int = (value: string | null) => (value !== null && /^[+-]?\d+$/.test(value) ? Number(value) : NaN);
  const start = int(params.get('start'));
  const limit = int(params.get('limit'));
  const before = params.get('before') ? Date.parse(params.get('before')!) : NaN;
  return {
    start: start > 0 ? start : 0,
    limit: limit > -1 ? limit : 50,
    // dateparse reads many more formats; an unreadable value is ignored, as there.
    before: Number.isNaN(before) ? 0 : before,
  };
}
