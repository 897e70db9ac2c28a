/**
 * The mail catcher's HTTP side on the port of `supabase start`'s Mailpit (54324): Mailpit's
 * REST API v1 in Mailpit's shapes (mailpit-shapes.ts), so tests read mail with the
 * `mailpit-api` client here and against a real `supabase start` alike, and a small German
 * inbox page on the same data.
 *
 * Mailpit's API (github.com/axllent/mailpit server/apiv1, routes in server/server.go):
 *   GET    /api/v1/messages?start=&limit=         list, newest first {total, unread, count, messages_count,
 *                                                 messages_unread, start, tags, messages: [MessageSummary]}
 *   DELETE /api/v1/messages  {"IDs": [...]}        delete those; no body, no IDs or an unreadable body: all → "ok"
 *   GET    /api/v1/message/{ID}                    the whole message (marks it read); ID `latest`
 *   GET    /api/v1/message/{ID}/headers            {Canonical-Name: [values]}
 *   GET    /api/v1/message/{ID}/part/{PartID}      an attachment's bytes with its content type
 *   GET    /api/v1/message/{ID}/raw                the source as text/plain (?dl=1: as a download)
 *   GET    /api/v1/tags                            [] (no tagging here)
 *   GET    /api/v1/chaos                           {Sender, Recipient, Authentication: {ErrorCode, Probability}}
 *   PUT    /api/v1/chaos                           set them (omitted ones reset to 0 %), answers the new set:
 *                                                  how tests simulate a failing provider (mail-catcher.ts)
 *   OPTIONS /api/v1/…                              "" (CORS preflight)
 * Errors as Mailpit's: 400 text/plain with the reason; 404 "404 page not found" for an
 * unknown message or part; any other GET under /api/ 404 "File not found" (its asset
 * handler); a method a path does not take 405 "Method Not Allowed" with Allow (Go's
 * ServeMux); a request from a foreign Origin 403 "Blocked due to CORS violation". Mailpit
 * routes this stand-in leaves out (search, marking read, send, release, tags
 * set/rename/delete, thumbnails, html-check, link-check, info, webui, swagger.json,
 * events) answer 501: the suites list and read messages, nothing more.
 *
 * The inbox page:
 *   GET  /                   caught messages, newest first, and the outage switch
 *   GET  /nachrichten/{ID}   one message: text, HTML (sandboxed), attachments, source (marks it read)
 *   POST /alle-loeschen      deletes every message (a form, so it works without JavaScript)
 *   POST /mail-ausfall       simulate a mail outage: sets one chaos trigger (stufe, fehlercode,
 *                            wahrscheinlichkeit), or with aktion=beenden resets all of them
 * It shows what strangers typed into the forms, so every value is escaped and the HTML
 * part is rendered only inside a sandboxed iframe without scripts.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import {
  CHAOS_DEFAULT_CODES,
  type CaughtMessage,
  type ChaosName,
  type ChaosTrigger,
  type MailAddress,
  type MailCatcher,
} from './mail-catcher';
import {
  findPart,
  fullMessage,
  goJson,
  listItem,
  messageHeaders,
  startLimit,
} from './mailpit-shapes';

const dateFormat = new Intl.DateTimeFormat('de-CH', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Europe/Zurich',
});

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** No scripts, no external loads; inline styles for the page and the mails' own CSS. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; form-action 'self'; base-uri 'none'";

/** The API serves strangers' attachments and sources: nothing in them may run. */
const API_CSP = "default-src 'none'; sandbox";

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #1f2933; background: #f7f7f5; line-height: 1.5; }
  header, main { max-width: 72rem; margin: 0 auto; padding: 1rem 1.5rem; }
  header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 1rem; }
  h1 { font-size: 1.4rem; margin: 0; }
  h2 { font-size: 1.1rem; margin-top: 2rem; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  td { overflow-wrap: anywhere; }
  /* A phone: each message a block of its four fields, no sideways scrolling. */
  @media (max-width: 40rem) {
    header, main { padding: 1rem; }
    thead { display: none; }
    table, tbody, tr, td, caption { display: block; }
    caption { text-align: left; padding: .5rem .75rem; }
    tr { border-bottom: 1px solid #d8dcd6; padding: .5rem 0; }
    td { border: none; padding: .1rem .75rem; }
    dl { grid-template-columns: 1fr; }
  }
  th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid #d8dcd6; vertical-align: top; }
  th { background: #eceee9; }
  tr.unread td { font-weight: 600; }
  a { color: #1d4f91; }
  a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #1d4f91; outline-offset: 2px; }
  button { font: inherit; padding: .4rem .9rem; border: 1px solid #8a1c1c; color: #8a1c1c; background: #fff; border-radius: .3rem; cursor: pointer; }
  fieldset { border: 1px solid #d8dcd6; background: #fff; margin: 0 0 1rem; min-width: 0; }
  legend { padding: 0 .25rem; max-width: 100%; }
  fieldset label { margin-right: 1rem; }
  pre { white-space: pre-wrap; word-break: break-word; background: #fff; padding: 1rem; border: 1px solid #d8dcd6; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; background: #fff; padding: 1rem; border: 1px solid #d8dcd6; }
  dt { font-weight: 600; }
  dd { margin: 0; word-break: break-word; }
  iframe { width: 100%; height: 36rem; border: 1px solid #d8dcd6; background: #fff; resize: vertical; }
  .hint { color: #52606d; }
`;

/**
 * The mail's links open in a new tab: inside the frame they would load the site there,
 * which the page's frame-src refuses (a broken frame). Scripts stay off in the frame.
 */
function linksInNewTab(html: string): string {
  return `<base target="_blank">${html}`;
}

/** The text part with its http(s) addresses as links (opening in a new tab), everything else escaped. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"«»]+)/)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}" target="_blank" rel="noopener">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Mail-Catcher (lokal)</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}

function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

function formatAddress({ Name, Address }: MailAddress): string {
  if (!Name) return Address;
  return Address ? `${Name} <${Address}>` : Name;
}

const formatAddresses = (list: MailAddress[]) => list.map(formatAddress).join(', ');

/** The chaos triggers as the page names them, with the SMTP command each one fails. */
const STAGES: Record<ChaosName, string> = {
  Sender: 'Absender (MAIL FROM)',
  Recipient: 'Empfänger (RCPT TO)',
  Authentication: 'Anmeldung (AUTH)',
};
const STAGE_NAMES = Object.keys(STAGES) as ChaosName[];

function outageStatus(triggers: Record<ChaosName, ChaosTrigger>): string {
  const active = STAGE_NAMES.filter((name) => triggers[name].Probability > 0);
  if (active.length === 0) return 'Kein Ausfall: alle Nachrichten werden angenommen.';
  const parts = active.map(
    (name) => `${STAGES[name]} mit SMTP ${triggers[name].ErrorCode} (${triggers[name].Probability} %)`,
  );
  return `Mail-Ausfall aktiv: abgelehnt wird bei ${parts.join(', ')}.`;
}

function listPage(messages: CaughtMessage[], triggers: Record<ChaosName, ChaosTrigger>): string {
  const rows = [...messages]
    .reverse()
    .map(
      (message) => `<tr${message.read ? '' : ' class="unread"'}>
  <td><time datetime="${escapeHtml(message.receivedAt)}">${escapeHtml(formatDate(message.receivedAt))}</time></td>
  <td>${escapeHtml(formatAddress(message.from))}</td>
  <td>${escapeHtml(formatAddresses(message.to))}</td>
  <td><a href="/nachrichten/${encodeURIComponent(message.id)}">${escapeHtml(message.subject || '(ohne Betreff)')}</a>${
    message.read ? '' : ' <span class="hint">(neu)</span>'
  }${
    message.attachments.length > 0
      ? ` <span class="hint">(${message.attachments.length} Anhang${message.attachments.length > 1 ? 'e' : ''})</span>`
      : ''
  }</td>
</tr>`,
    )
    .join('\n');
  const table =
    messages.length === 0
      ? '<p>Noch keine Nachrichten. E-Mails, die die lokalen Funktionen versenden, erscheinen hier.</p>'
      : `<table>
<caption class="hint">${messages.length} Nachricht${messages.length > 1 ? 'en' : ''}, neueste zuerst</caption>
<thead><tr><th scope="col">Datum</th><th scope="col">Von</th><th scope="col">An</th><th scope="col">Betreff</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  const active = STAGE_NAMES.some((name) => triggers[name].Probability > 0);
  return page(
    'Posteingang',
    `<header>
<h1>Posteingang (lokaler Mail-Catcher)</h1>
<div>
<a href="/">Aktualisieren</a>
${messages.length > 0 ? `<form method="post" action="/alle-loeschen" style="display:inline"><button type="submit">Alle löschen</button></form>` : ''}
</div>
</header>
<main>
<form method="post" action="/mail-ausfall">
<fieldset>
<legend>Mail-Ausfall simulieren (wie Mailpits Chaos-Funktion, <code>/api/v1/chaos</code>)</legend>
<label>Ablehnen bei <select name="stufe">${STAGE_NAMES.map(
      (name) => `<option value="${name}">${escapeHtml(STAGES[name])}</option>`,
    ).join('')}</select></label>
<label>mit SMTP-Code <input type="number" name="fehlercode" min="400" max="599" value="554" style="width:5em"></label>
<label>Wahrscheinlichkeit <input type="number" name="wahrscheinlichkeit" min="0" max="100" value="100" style="width:4em"> %</label>
<button type="submit" name="aktion" value="starten">Ausfall starten</button>
${active ? '<button type="submit" name="aktion" value="beenden">Ausfall beenden</button>' : ''}
<p role="status" class="hint">${escapeHtml(outageStatus(triggers))}</p>
</fieldset>
</form>
${table}
</main>`,
  );
}

function detailPage(message: CaughtMessage): string {
  const base = `/api/v1/message/${encodeURIComponent(message.id)}`;
  const files = [...message.attachments, ...message.inline];
  const attachments =
    files.length === 0
      ? ''
      : `<h2>Anhänge</h2>
<ul>
${files
  .map(
    (part, index) =>
      `<li><a href="${base}/part/${encodeURIComponent(part.partId)}" download="${escapeHtml(part.fileName || `anhang-${index + 1}`)}">${escapeHtml(part.fileName || part.contentId || `Anhang ${index + 1}`)}</a> <span class="hint">(${escapeHtml(part.contentType)}, ${part.content.length} Bytes)</span></li>`,
  )
  .join('\n')}
</ul>`;
  const html =
    message.html === ''
      ? ''
      : `<h2>HTML-Fassung</h2>
<p class="hint">Ohne Skripte und ohne externe Inhalte dargestellt.</p>
<iframe title="HTML-Fassung der Nachricht" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(linksInNewTab(message.html))}"></iframe>`;
  const field = (label: string, value: string) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`;
  return page(
    message.subject || '(ohne Betreff)',
    `<header>
<h1>${escapeHtml(message.subject || '(ohne Betreff)')}</h1>
<a href="/">Zurück zum Posteingang</a>
</header>
<main>
<dl>
${field('Empfangen', formatDate(message.receivedAt))}
${field('Von', formatAddress(message.from))}
${field('An', formatAddresses(message.to))}
${message.cc.length ? field('Kopie', formatAddresses(message.cc)) : ''}
${message.bcc.length ? field('Blindkopie', formatAddresses(message.bcc)) : ''}
${message.replyTo.length ? field('Antwort an', formatAddresses(message.replyTo)) : ''}
${field('Umschlag', `${message.envelope.from ?? '<>'} → ${message.envelope.to.join(', ')}`)}
${field('ID', message.id)}
</dl>
<h2>Textfassung</h2>
<pre>${message.text ? linkify(message.text) : '(keine Textfassung)'}</pre>
${html}
${attachments}
<h2>Quelltext</h2>
<p><a href="${base}/raw?dl=1" download="${escapeHtml(message.id)}.eml">Nachricht als .eml herunterladen</a></p>
</main>`,
  );
}

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer = '',
) {
  response.writeHead(status, { 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  response.end(body);
}

function sendPage(response: ServerResponse, status: number, html: string) {
  send(
    response,
    status,
    {
      'Content-Type': 'text/html; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': PAGE_CSP,
    },
    html,
  );
}

/** Go's http.Error: text/plain, nosniff, the message and a newline. */
function goError(response: ServerResponse, status: number, message: string, extra: Record<string, string> = {}) {
  send(
    response,
    status,
    { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...extra },
    `${message}\n`,
  );
}

/** Request bodies Mailpit reads are capped at 5 MB (server.go middleWareFunc). */
const MAX_API_BODY = 5 * 1024 * 1024;

/** The request body as text, or null when it is over the limit. */
function readBody(request: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size <= limit ? Buffer.concat(chunks).toString('utf8') : null));
    request.on('error', () => resolve(null));
  });
}

/** server/cors.go corsOriginAccessControl: no Origin, or the same host (no --api-cors set). */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host.toLowerCase() === (request.headers.host ?? '').toLowerCase();
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------
// Decoding request bodies as Go's encoding/json does for Mailpit's structs: field names
// matched without regard to case, unknown fields and nulls ignored, a type mismatch an
// error in Go's words. (Go also stops after the first JSON value; JSON.parse does not.)

type Decoded<T> = { ok: true; value: T } | { ok: false; error: string };

function parseGoJson(body: string | null): Decoded<unknown> {
  if (body === null) return { ok: false, error: 'http: request body too large' };
  if (body.trim() === '') return { ok: false, error: 'EOF' };
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (error) {
    return { ok: false, error: `invalid character in JSON: ${(error as Error).message}` };
  }
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'number' : `number ${value}`;
  return typeof value;
}

/** The value of a struct field: exact name, else the last key equal ignoring case. */
function field(object: Record<string, unknown>, name: string): unknown {
  if (name in object) return object[name];
  const key = Object.keys(object)
    .filter((candidate) => candidate.toLowerCase() === name.toLowerCase())
    .pop();
  return key === undefined ? undefined : object[key];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function mismatch(value: unknown, where: string, type: string): { ok: false; error: string } {
  return { ok: false, error: `json: cannot unmarshal ${jsonKind(value)} into ${where} of type ${type}` };
}

/** An anonymous struct {IDs []string} (DeleteMessages' body). */
function decodeIdsBody(body: string | null): Decoded<{ IDs: string[] }> {
  const parsed = parseGoJson(body);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  const result = { IDs: [] as string[] };
  if (value === null) return { ok: true, value: result };
  if (!isObject(value)) return mismatch(value, 'Go value', 'struct { IDs []string }');
  const ids = field(value, 'IDs');
  if (ids !== undefined && ids !== null) {
    if (!Array.isArray(ids)) return mismatch(ids, 'Go struct field .IDs', '[]string');
    for (const id of ids) {
      if (id !== null && typeof id !== 'string') return mismatch(id, 'Go struct field .IDs', 'string');
    }
    result.IDs = ids.filter((id): id is string => typeof id === 'string');
  }
  return { ok: true, value: result };
}

/** chaos.Triggers: three chaos.Trigger {ErrorCode, Probability int}, zero when omitted. */
function decodeChaosBody(body: string | null): Decoded<Record<ChaosName, ChaosTrigger>> {
  const parsed = parseGoJson(body);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  const zero = () => ({ ErrorCode: 0, Probability: 0 });
  const result: Record<ChaosName, ChaosTrigger> = { Sender: zero(), Recipient: zero(), Authentication: zero() };
  if (value === null) return { ok: true, value: result };
  if (!isObject(value)) return mismatch(value, 'Go value', 'chaos.Triggers');
  for (const name of STAGE_NAMES) {
    const trigger = field(value, name);
    if (trigger === undefined || trigger === null) continue;
    if (!isObject(trigger)) return mismatch(trigger, `Go struct field Triggers.${name}`, 'chaos.Trigger');
    for (const key of ['ErrorCode', 'Probability'] as const) {
      const number = field(trigger, key);
      if (number === undefined || number === null) continue;
      if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
        return mismatch(number, `Go struct field Triggers.${name}.${key}`, 'int');
      }
      result[name][key] = number;
    }
  }
  return { ok: true, value: result };
}

// ---------------------------------------------------------------------------------------
// Mailpit's API routes.

interface ApiRequest {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  params: Record<string, string>;
}

type ApiHandler = (api: ApiRequest) => void | Promise<void>;

interface Route {
  method: string;
  /** Path segments after /api/; `{name}` stands for one segment. */
  pattern: string[];
  /** null: a Mailpit route this stand-in does not serve (501). */
  handler: ApiHandler | null;
}

/** Mailpit's 400 (apiv1 httpError): text/plain, the reason, no newline. */
function httpError(response: ServerResponse, message: string) {
  send(response, 400, { 'Content-Type': 'text/plain' }, message);
}

/** Mailpit's 404 for an unknown message or part (apiv1 fourOFour). */
function fourOFour(response: ServerResponse) {
  send(response, 404, { 'Content-Type': 'text/plain' }, '404 page not found');
}

function okText(response: ServerResponse) {
  send(response, 200, { 'Content-Type': 'text/plain' }, 'ok');
}

function sendJson(response: ServerResponse, value: unknown) {
  send(response, 200, { 'Content-Type': 'application/json' }, goJson(value));
}

/** url.PathEscape: a path segment, keeping $ & + : = @ as Go does. */
function goPathEscape(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%(24|26|2B|3A|3D|40)/g, (escaped) => decodeURIComponent(escaped));
}

function mailpitRoutes(catcher: MailCatcher): Route[] {
  const newestFirst = () => catcher.messages().reverse();
  const stats = () => {
    const all = catcher.messages();
    return { total: all.length, unread: all.filter((m) => !m.read).length };
  };
  /** {id} or `latest` (the newest); null after answering 404. */
  const resolve = ({ params, response }: ApiRequest): CaughtMessage | null => {
    const id = params.id!;
    if (id === 'latest') {
      // (Mailpit's ?query= narrowing of `latest` is not served: searches are left out.)
      const candidates = newestFirst();
      // storage.LatestID's error, written without a content type (Go then sniffs text/plain).
      if (!candidates[0]) send(response, 404, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Message not found');
      return candidates[0] ?? null;
    }
    const message = catcher.get(id);
    if (!message) fourOFour(response);
    return message ?? null;
  };
  const summary = (page: CaughtMessage[], start: number, matching: CaughtMessage[]) => {
    const { total, unread } = stats();
    return {
      total,
      unread,
      count: page.length,
      messages_count: matching.length,
      messages_unread: matching.filter((m) => !m.read).length,
      start,
      tags: [] as string[],
      messages: page.map(listItem),
    };
  };
  const route = (method: string, path: string, handler: ApiHandler | null): Route => ({
    method,
    pattern: path.split('/'),
    handler,
  });

  return [
    route('GET', 'v1/messages', ({ url, response }) => {
      const { start, limit, before } = startLimit(url.searchParams);
      const all = newestFirst().filter((m) => !before || Date.parse(m.receivedAt) < before);
      // storage.List: LIMIT/OFFSET only when limit > 0; limit=0 lists everything.
      const page = limit > 0 ? all.slice(start, start + limit) : all;
      // messages_count/messages_unread: the mailbox's, as GetMessages sets them.
      sendJson(response, summary(page, start, catcher.messages()));
    }),
    route('PUT', 'v1/messages', null),
    route('DELETE', 'v1/messages', async (api) => {
      const decoded = decodeIdsBody(await readBody(api.request, MAX_API_BODY));
      // DeleteMessages: an unreadable body or no IDs deletes everything.
      await catcher.delete(decoded.ok && decoded.value.IDs.length > 0 ? decoded.value.IDs : undefined);
      okText(api.response);
    }),
    route('GET', 'v1/search', null),
    route('DELETE', 'v1/search', null),
    route('POST', 'v1/send', null),
    route('GET', 'v1/tags', ({ response }) => sendJson(response, [])),
    route('PUT', 'v1/tags', null),
    route('PUT', 'v1/tags/{tag}', null),
    route('DELETE', 'v1/tags/{tag}', null),
    route('GET', 'v1/message/{id}/part/{partID}', (api) => {
      const message = resolve(api);
      if (!message) return;
      const part = findPart(message, api.params.partID!);
      if (!part) return fourOFour(api.response);
      send(
        api.response,
        200,
        {
          'Content-Type': part.contentType,
          'Content-Disposition': `inline; filename="${goPathEscape(part.fileName || part.contentId)}"`,
        },
        part.content,
      );
    }),
    route('GET', 'v1/message/{id}/part/{partID}/thumb', null),
    route('GET', 'v1/message/{id}/headers', (api) => {
      const message = resolve(api);
      if (message) sendJson(api.response, messageHeaders(message));
    }),
    route('GET', 'v1/message/{id}/raw', (api) => {
      const message = resolve(api);
      if (!message) return;
      const download: Record<string, string> =
        api.url.searchParams.get('dl') === '1' ? { 'Content-Disposition': `attachment; filename="${message.id}.eml"` } : {};
      send(api.response, 200, { 'Content-Type': 'text/plain; charset=utf-8', ...download }, message.raw);
    }),
    route('POST', 'v1/message/{id}/release', null),
    route('GET', 'v1/message/{id}/html-check', null),
    route('GET', 'v1/message/{id}/link-check', null),
    route('GET', 'v1/message/{id}', async (api) => {
      const message = resolve(api);
      if (!message) return;
      const body = fullMessage(message);
      await catcher.setRead([message.id], true);
      sendJson(api.response, body);
    }),
    route('GET', 'v1/info', null),
    route('GET', 'v1/webui', null),
    route('GET', 'v1/swagger.json', null),
    route('GET', 'v1/chaos', ({ response }) => sendJson(response, catcher.chaos())),
    route('PUT', 'v1/chaos', async (api) => {
      const decoded = decodeChaosBody(await readBody(api.request, MAX_API_BODY));
      if (!decoded.ok) return httpError(api.response, decoded.error);
      // chaos.SetFromStruct: code 0 means the default; set in this order, stopping at the first error.
      for (const name of STAGE_NAMES) {
        const { ErrorCode, Probability } = decoded.value[name];
        const error = catcher.setChaos(name, { ErrorCode: ErrorCode || CHAOS_DEFAULT_CODES[name], Probability });
        if (error) return httpError(api.response, error);
      }
      sendJson(api.response, catcher.chaos());
    }),
    route('GET', 'events', null),
  ];
}

/** The segments after /api/ match the pattern; fills params. */
function matchRoute(route: Route, segments: string[]): Record<string, string> | null {
  if (route.pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const expected = route.pattern[i]!;
    const actual = segments[i]!;
    if (expected.startsWith('{')) {
      if (actual === '') return null;
      params[expected.slice(1, -1)] = actual;
    } else if (expected !== actual) return null;
  }
  return params;
}

function handleApi(routes: Route[], request: IncomingMessage, response: ServerResponse, url: URL, method: string) {
  let segments: string[];
  try {
    segments = url.pathname.slice('/api/'.length).split('/').map(decodeURIComponent);
  } catch {
    return goError(response, 400, 'Bad Request');
  }
  const matches = routes.flatMap((route) => {
    const params = matchRoute(route, segments);
    return params ? [{ route, params }] : [];
  });
  // Go's ServeMux: HEAD is served by GET routes; "GET /api/" (Mailpit's asset handler) and
  // "OPTIONS /api/v1/" take every path below them.
  const wanted = method === 'HEAD' ? 'GET' : method;
  const match = matches.find(({ route }) => route.method === wanted);
  const underV1 = url.pathname.startsWith('/api/v1/');
  if (!match && !(wanted === 'GET') && !(wanted === 'OPTIONS' && underV1)) {
    const allowed = new Set(['GET', 'HEAD', ...(underV1 ? ['OPTIONS'] : []), ...matches.map(({ route }) => route.method)]);
    return goError(response, 405, 'Method Not Allowed', { Allow: [...allowed].sort().join(', ') });
  }
  if (!sameOrigin(request)) return goError(response, 403, 'Blocked due to CORS violation');
  // Mailpit's middleware adds these to every API answer it lets through.
  response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, PUT, OPTIONS');
  response.setHeader('Access-Control-Allow-Headers', '*');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('Content-Security-Policy', API_CSP);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Cache-Control', 'no-store');
  if (!match) {
    if (wanted === 'OPTIONS') return send(response, 200, { 'Content-Type': 'text/plain' }, '');
    return goError(response, 404, 'File not found');
  }
  if (!match.route.handler) {
    return goError(
      response,
      501,
      `${method} /api/${match.route.pattern.join('/')} is a Mailpit route the local stand-in does not serve; use \`supabase start\` for it`,
    );
  }
  void Promise.resolve(match.route.handler({ request, response, url, params: match.params })).catch((error: Error) => {
    if (!response.headersSent) goError(response, 500, error.message);
  });
}

// ---------------------------------------------------------------------------------------
// The inbox page's forms.

/** A whole number from..to (a form field), else undefined. */
function formNumber(value: string | null, from: number, to: number): number | undefined {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  const number = Number(value);
  return number >= from && number <= to ? number : undefined;
}

function formError(response: ServerResponse, message: string) {
  sendPage(
    response,
    400,
    page('Ungültige Eingabe', `<main><h1>Ungültige Eingabe</h1><p>${escapeHtml(message)}</p><p><a href="/">Zurück zum Posteingang</a></p></main>`),
  );
}

async function handleOutageForm(catcher: MailCatcher, request: IncomingMessage, response: ServerResponse) {
  const body = await readBody(request, 1024);
  const form = new URLSearchParams(body ?? '');
  if (form.get('aktion') === 'beenden') {
    for (const name of STAGE_NAMES) catcher.setChaos(name, { ErrorCode: CHAOS_DEFAULT_CODES[name], Probability: 0 });
  } else {
    const stage = form.get('stufe') ?? 'Sender';
    if (!STAGE_NAMES.includes(stage as ChaosName)) return formError(response, 'stufe: Sender, Recipient oder Authentication');
    const code = formNumber(form.get('fehlercode'), 400, 599);
    if (code === undefined) return formError(response, 'fehlercode: eine ganze Zahl von 400 bis 599');
    const probability = formNumber(form.get('wahrscheinlichkeit'), 0, 100);
    if (probability === undefined) return formError(response, 'wahrscheinlichkeit: eine ganze Zahl von 0 bis 100');
    catcher.setChaos(stage as ChaosName, { ErrorCode: code, Probability: probability });
  }
  response.writeHead(303, { Location: '/' });
  response.end();
}

export function createMailUi(catcher: MailCatcher): http.Server {
  const routes = mailpitRoutes(catcher);
  return http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    if (url.pathname.startsWith('/api/')) return handleApi(routes, request, response, url, method);

    const wrongMethod = (allowed: string) => {
      request.resume();
      goError(response, 405, 'Method Not Allowed', { Allow: allowed });
    };
    const notFound = () => {
      request.resume();
      sendPage(response, 404, page('Nicht gefunden', '<main><h1>Nicht gefunden</h1><p><a href="/">Zum Posteingang</a></p></main>'));
    };
    const isRead = method === 'GET' || method === 'HEAD';
    // A page elsewhere must not clear the inbox or switch the outage through a visitor's browser.
    const post = (action: () => Promise<void>) => {
      if (method !== 'POST') return wrongMethod('POST');
      if (!sameOrigin(request)) {
        request.resume();
        return goError(response, 403, 'Blocked due to CORS violation');
      }
      void action();
    };

    if (url.pathname === '/') {
      if (!isRead) return wrongMethod('GET, HEAD');
      return sendPage(response, 200, listPage(catcher.messages(), catcher.chaos()));
    }
    if (url.pathname === '/alle-loeschen') {
      return post(async () => {
        request.resume();
        await catcher.delete();
        response.writeHead(303, { Location: '/' });
        response.end();
      });
    }
    if (url.pathname === '/mail-ausfall') return post(() => handleOutageForm(catcher, request, response));
    const detail = /^\/nachrichten\/([^/]+)$/.exec(url.pathname);
    if (detail) {
      let id: string;
      try {
        id = decodeURIComponent(detail[1]!);
      } catch {
        return notFound();
      }
      const message = catcher.get(id);
      if (!message) return notFound();
      if (!isRead) return wrongMethod('GET, HEAD');
      request.resume();
      const html = detailPage(message);
      void catcher.setRead([message.id], true).then(() => sendPage(response, 200, html));
      return;
    }
    return notFound();
  });
}
