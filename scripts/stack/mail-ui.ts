/**
 * The mail catcher's web UI (German, like the site) and its JSON API:
 *   GET  /                                   list of caught messages
 *   GET  /nachrichten/:id                    one message: text, HTML (sandboxed), attachments
 *   POST /alle-loeschen                      clears the list (a form, so it works without JavaScript)
 *   POST /mail-ausfall                       simulate a mail outage: refuses the next `anzahl` messages (a form)
 *   GET  /api/messages                       [{id, receivedAt, from, to, subject, attachments: [{filename, contentType, size}]}]
 *   GET  /api/messages/:id                   the whole parsed message (attachments without content)
 *   GET  /api/messages/:id/attachments/:n    the n-th attachment's bytes
 *   GET  /api/messages/:id/raw               the message source (.eml)
 *   DELETE /api/messages                     clears the list
 *   POST /api/reject-next  {"count": n}      simulate a mail outage: the next n messages are refused with
 *                                            SMTP 554, as a failing provider would (0 cancels); clearing the
 *                                            list cancels refusals not used up
 * It shows what strangers typed into the forms, so every value is escaped and the HTML
 * part is rendered only inside a sandboxed iframe without scripts.
 */
import http, { type ServerResponse } from 'node:http';
import type { CaughtMessage, MailCatcher } from './mail-catcher';

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

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #1f2933; background: #f7f7f5; line-height: 1.5; }
  header, main { max-width: 72rem; margin: 0 auto; padding: 1rem 1.5rem; }
  header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 1rem; }
  h1 { font-size: 1.4rem; margin: 0; }
  h2 { font-size: 1.1rem; margin-top: 2rem; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid #d8dcd6; vertical-align: top; }
  th { background: #eceee9; }
  a { color: #1d4f91; }
  a:focus-visible, button:focus-visible { outline: 3px solid #1d4f91; outline-offset: 2px; }
  button { font: inherit; padding: .4rem .9rem; border: 1px solid #8a1c1c; color: #8a1c1c; background: #fff; border-radius: .3rem; cursor: pointer; }
  pre { white-space: pre-wrap; word-break: break-word; background: #fff; padding: 1rem; border: 1px solid #d8dcd6; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; background: #fff; padding: 1rem; border: 1px solid #d8dcd6; }
  dt { font-weight: 600; }
  dd { margin: 0; word-break: break-word; }
  iframe { width: 100%; height: 36rem; border: 1px solid #d8dcd6; background: #fff; resize: vertical; }
  .hint { color: #52606d; }
`;

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

/** How many messages one outage may refuse: a typo should not silence the catcher for good. */
const MAX_REJECT = 1000;

function listPage(messages: CaughtMessage[], outage: number | null): string {
  const rows = [...messages]
    .reverse()
    .map(
      (message) => `<tr>
  <td><time datetime="${escapeHtml(message.receivedAt)}">${escapeHtml(formatDate(message.receivedAt))}</time></td>
  <td>${escapeHtml(message.from)}</td>
  <td>${escapeHtml(message.to.join(', '))}</td>
  <td><a href="/nachrichten/${encodeURIComponent(message.id)}">${escapeHtml(message.subject || '(ohne Betreff)')}</a>${
    message.attachments.length > 0 ? ` <span class="hint">(${message.attachments.length} Anhang${message.attachments.length > 1 ? 'e' : ''})</span>` : ''
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
<form method="post" action="/mail-ausfall" class="hint">
<label>Mail-Ausfall simulieren: die nächsten <input type="number" name="anzahl" min="0" max="${MAX_REJECT}" value="1" style="width:4em"> Nachrichten mit SMTP 554 ablehnen</label>
<button type="submit">Ausfall starten</button>
</form>
${outage === null ? '' : `<p role="status">${
  outage === 0
    ? 'Kein Ausfall: alle Nachrichten werden angenommen.'
    : outage === 1
      ? 'Die nächste Nachricht wird abgelehnt (SMTP 554).'
      : `Die nächsten ${outage} Nachrichten werden abgelehnt (SMTP 554).`
}</p>`}
${table}
</main>`,
  );
}

function detailPage(message: CaughtMessage): string {
  const base = `/api/messages/${encodeURIComponent(message.id)}`;
  const attachments =
    message.attachments.length === 0
      ? ''
      : `<h2>Anhänge</h2>
<ul>
${message.attachments
  .map(
    (attachment, index) =>
      `<li><a href="${base}/attachments/${index}" download>${escapeHtml(attachment.filename ?? `Anhang ${index + 1}`)}</a> <span class="hint">(${escapeHtml(attachment.contentType)}, ${attachment.size} Bytes)</span></li>`,
  )
  .join('\n')}
</ul>`;
  const html =
    message.html === null
      ? ''
      : `<h2>HTML-Fassung</h2>
<p class="hint">Ohne Skripte und ohne externe Inhalte dargestellt.</p>
<iframe title="HTML-Fassung der Nachricht" sandbox srcdoc="${escapeHtml(message.html)}"></iframe>`;
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
${field('Von', message.from)}
${field('An', message.to.join(', '))}
${message.cc.length ? field('Kopie', message.cc.join(', ')) : ''}
${message.replyTo ? field('Antwort an', message.replyTo) : ''}
${field('Umschlag', `${message.envelope.from ?? '<>'} → ${message.envelope.to.join(', ')}`)}
</dl>
<h2>Textfassung</h2>
<pre>${escapeHtml(message.text || '(keine Textfassung)')}</pre>
${html}
${attachments}
<h2>Quelltext</h2>
<p><a href="${base}/raw" download="${escapeHtml(message.id)}.eml">Nachricht als .eml herunterladen</a></p>
</main>`,
  );
}

function summary(message: CaughtMessage) {
  return {
    id: message.id,
    receivedAt: message.receivedAt,
    from: message.from,
    to: message.to,
    subject: message.subject,
    attachments: message.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
  };
}

/** Everything parsed except the bytes (source and attachment contents have their own URLs). */
function details(message: CaughtMessage) {
  return {
    ...summary(message),
    envelope: message.envelope,
    cc: message.cc,
    replyTo: message.replyTo,
    text: message.text,
    html: message.html,
    headers: message.headers,
  };
}

function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  extra: Record<string, string> = {},
) {
  response.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...extra,
  });
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, value: unknown) {
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

function sendPage(response: ServerResponse, status: number, html: string) {
  send(response, status, 'text/html; charset=utf-8', html, { 'Content-Security-Policy': PAGE_CSP });
}

/** RFC 6266 filename with an ASCII fallback. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A whole number 0…MAX_REJECT (number or numeric string), else undefined. */
function parseCount(value: unknown): number | undefined {
  const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 && count <= MAX_REJECT ? count : undefined;
}

/** The request body as text, or null when it is larger than a form of this UI could send. */
function readSmallBody(request: http.IncomingMessage, limit = 1024): Promise<string | null> {
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

export function createMailUi(catcher: MailCatcher): http.Server {
  return http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    const parts = url.pathname.split('/').filter(Boolean).map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return '';
      }
    });
    // The outage switch is the only route with a body; everything else discards it.
    if (parts.length === 1 && parts[0] === 'mail-ausfall' && method === 'POST') {
      void readSmallBody(request).then((body) => {
        const count = parseCount(new URLSearchParams(body ?? '').get('anzahl'));
        if (count === undefined) return sendJson(response, 400, { error: `anzahl: eine ganze Zahl von 0 bis ${MAX_REJECT}` });
        catcher.rejectNext(count);
        response.writeHead(303, { Location: `/?ausfall=${count}` });
        response.end();
      });
      return;
    }
    if (parts.length === 2 && parts[0] === 'api' && parts[1] === 'reject-next' && method === 'POST') {
      void readSmallBody(request).then((body) => {
        let count: number | undefined;
        try {
          count = parseCount((JSON.parse(body ?? '') as { count?: unknown }).count);
        } catch {
          count = undefined;
        }
        if (count === undefined) return sendJson(response, 400, { error: `Body: {"count": n}, n von 0 bis ${MAX_REJECT}` });
        catcher.rejectNext(count);
        sendJson(response, 200, { rejectNext: count });
      });
      return;
    }
    request.resume();
    const notFound = () =>
      url.pathname.startsWith('/api/')
        ? sendJson(response, 404, { error: 'Nicht gefunden' })
        : sendPage(response, 404, page('Nicht gefunden', '<main><h1>Nicht gefunden</h1><p><a href="/">Zum Posteingang</a></p></main>'));
    const wrongMethod = (allowed: string) => {
      response.setHeader('Allow', allowed);
      sendJson(response, 405, { error: `Methode ${method} nicht erlaubt` });
    };

    if (parts.length === 0) {
      if (method !== 'GET' && method !== 'HEAD') return wrongMethod('GET, HEAD');
      const outage = url.searchParams.has('ausfall') ? (parseCount(url.searchParams.get('ausfall')) ?? null) : null;
      return sendPage(response, 200, listPage(catcher.messages(), outage));
    }
    if (parts[0] === 'mail-ausfall' && parts.length === 1) return wrongMethod('POST');
    if (parts[0] === 'alle-loeschen' && parts.length === 1) {
      if (method !== 'POST') return wrongMethod('POST');
      void catcher.clear().then(() => {
        response.writeHead(303, { Location: '/' });
        response.end();
      });
      return;
    }
    if (parts[0] === 'nachrichten' && parts.length === 2) {
      const message = catcher.get(parts[1]!);
      if (!message) return notFound();
      if (method !== 'GET' && method !== 'HEAD') return wrongMethod('GET, HEAD');
      return sendPage(response, 200, detailPage(message));
    }
    if (parts[0] === 'api' && parts[1] === 'reject-next' && parts.length === 2) return wrongMethod('POST');
    if (parts[0] === 'api' && parts[1] === 'messages') {
      if (parts.length === 2) {
        if (method === 'GET') return sendJson(response, 200, catcher.messages().map(summary));
        if (method === 'DELETE') {
          void catcher.clear().then(() => {
            response.writeHead(204);
            response.end();
          });
          return;
        }
        return wrongMethod('GET, DELETE');
      }
      const message = catcher.get(parts[2]!);
      if (!message) return notFound();
      if (method !== 'GET') return wrongMethod('GET');
      if (parts.length === 3) return sendJson(response, 200, details(message));
      if (parts.length === 4 && parts[3] === 'raw') {
        return send(response, 200, 'message/rfc822', message.raw, {
          'Content-Disposition': contentDisposition(`${message.id}.eml`),
        });
      }
      if (parts.length === 5 && parts[3] === 'attachments' && /^\d+$/.test(parts[4]!)) {
        const attachment = message.attachments[Number(parts[4])];
        if (!attachment) return notFound();
        return send(response, 200, attachment.contentType, attachment.content, {
          'Content-Disposition': contentDisposition(attachment.filename ?? `anhang-${parts[4]}`),
        });
      }
    }
    return notFound();
  });
}
