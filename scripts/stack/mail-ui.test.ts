// @vitest-environment node
/**
 * The mail catcher as a Mailpit stand-in, driven the way the suites drive it: real SMTP
 * from nodemailer, Mailpit's API through the `mailpit-api` client (plus plain fetch where
 * the status or headers are the point). The expected shapes are Mailpit's
 * (github.com/axllent/mailpit, see mailpit-shapes.ts and mail-ui.ts for the sources).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { MailpitClient } from 'mailpit-api';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { createMailUi } from './mail-ui';
import { HOST, listen } from './ports';

let dataDir: string;
let catcher: MailCatcher;
let ui: Server;
let base: string;
let mailpit: MailpitClient;

async function start() {
  catcher = await startMailCatcher({ port: 0, storeDir: dataDir, log: () => {} });
  ui = createMailUi(catcher);
  base = `http://${HOST}:${await listen(ui, 0)}`;
  mailpit = new MailpitClient(base);
}

async function stop() {
  await new Promise<void>((resolve) => {
    ui.close(() => resolve());
    ui.closeAllConnections();
  });
  await catcher.stop();
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-ui-test-'));
  await start();
});

afterAll(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await mailpit.setChaosTriggers();
  await mailpit.deleteMessages();
});

function transport(auth?: { user: string; pass: string }) {
  return nodemailer.createTransport({ host: HOST, port: catcher.smtpPort, secure: false, ignoreTLS: true, ...(auth ? { auth } : {}) });
}

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Ruhepol//Termin//DE\r\nEND:VCALENDAR\r\n';

/** What send-appointment-email sends, with a Cc and an envelope-only (Bcc) recipient added. */
function appointmentMail() {
  return {
    from: 'Ruhepol Schlafberatung <noreply@ruhepol-schlafberatung.ch>',
    to: 'praxis@ruhepol-schlafberatung.ch',
    cc: 'Kopie <kopie@example.ch>',
    bcc: 'geheim@example.ch',
    replyTo: 'Anna Müller <anna@example.ch>',
    subject: 'Neue Terminanfrage: Anna Müller',
    text: 'Anna Müller möchte einen Termin.\n<script>alert(1)</script>',
    html: '<html><head><title>Termin</title><style>p{color:red}</style></head><body><p>Anna Müller möchte einen Termin.</p><p>&lt;script&gt;alert(1)&lt;/script&gt;</p></body></html>',
    attachments: [{ filename: 'terminanfrage.ics', content: ICS, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  };
}

const send = (subject: string, to = 'b@example.ch') =>
  transport().sendMail({ from: 'a@example.ch', to, subject, text: `Text zu ${subject}` });

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

describe('Mailpit API v1 of the stand-in', () => {
  it('lists messages in Mailpit’s shape (GET /api/v1/messages)', async () => {
    await transport().sendMail(appointmentMail());
    const list = await mailpit.listMessages();
    expect(Object.keys(list)).toEqual(['total', 'unread', 'count', 'messages_count', 'messages_unread', 'start', 'tags', 'messages']);
    expect(list).toMatchObject({ total: 1, unread: 1, count: 1, messages_count: 1, messages_unread: 1, start: 0, tags: [] });
    const [item] = list.messages;
    expect(Object.keys(item!)).toEqual([
      'ID', 'MessageID', 'Read', 'From', 'To', 'Cc', 'Bcc', 'ReplyTo', 'Subject', 'Created', 'Username', 'Tags', 'Size', 'Attachments', 'Snippet',
    ]);
    expect(item).toMatchObject({
      Read: false,
      From: { Name: 'Ruhepol Schlafberatung', Address: 'noreply@ruhepol-schlafberatung.ch' },
      To: [{ Name: '', Address: 'praxis@ruhepol-schlafberatung.ch' }],
      Cc: [{ Name: 'Kopie', Address: 'kopie@example.ch' }],
      // Not in the headers nodemailer writes: Mailpit adds envelope-only recipients as Bcc.
      Bcc: [{ Name: '', Address: 'geheim@example.ch' }],
      ReplyTo: [{ Name: 'Anna Müller', Address: 'anna@example.ch' }],
      Subject: 'Neue Terminanfrage: Anna Müller',
      Username: '',
      Tags: [],
      Attachments: 1,
      // The HTML as text: no title or style, entities decoded.
      Snippet: 'Anna Müller möchte einen Termin. <script>alert(1)</script>',
    });
    expect(item!.ID).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(item!.MessageID).toMatch(/^[^<>]+@[^<>]+$/);
    expect(item!.Created).toMatch(RFC3339);
    expect(item!.Size).toBe(Buffer.byteLength(await mailpit.getMessageSource(item!.ID)));

    // Without a Cc, Mailpit's list item has Cc: null (stored with omitempty), ReplyTo: [].
    await send('ohne Kopie');
    const plain = (await mailpit.listMessages()).messages[0]!;
    expect(plain).toMatchObject({ Subject: 'ohne Kopie', Cc: null, Bcc: null, ReplyTo: [], Attachments: 0, Snippet: 'Text zu ohne Kopie' });
  });

  it('answers a whole message with its attachment, source and headers', async () => {
    await transport().sendMail(appointmentMail());
    const { ID } = (await mailpit.listMessages()).messages[0]!;
    const message = await mailpit.getMessageSummary(ID);
    expect(Object.keys(message)).toEqual([
      'ID', 'MessageID', 'From', 'To', 'Cc', 'Bcc', 'ReplyTo', 'ReturnPath', 'Subject', 'ListUnsubscribe', 'Date', 'Tags', 'Username', 'Text', 'HTML', 'Size', 'Inline', 'Attachments',
    ]);
    expect(message).toMatchObject({
      ID,
      From: { Name: 'Ruhepol Schlafberatung', Address: 'noreply@ruhepol-schlafberatung.ch' },
      To: [{ Name: '', Address: 'praxis@ruhepol-schlafberatung.ch' }],
      Bcc: [{ Name: '', Address: 'geheim@example.ch' }],
      ReplyTo: [{ Name: 'Anna Müller', Address: 'anna@example.ch' }],
      ReturnPath: 'noreply@ruhepol-schlafberatung.ch',
      ListUnsubscribe: { Header: '', Links: [], Errors: '', HeaderPost: '' },
      Tags: [],
      Username: '',
      Text: 'Anna Müller möchte einen Termin.\n<script>alert(1)</script>',
      Inline: [],
    });
    expect(message.HTML).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(message.Date).toMatch(RFC3339);
    expect(message.Attachments).toEqual([
      {
        PartID: '2',
        FileName: 'terminanfrage.ics',
        ContentType: 'text/calendar',
        ContentID: '',
        Size: Buffer.byteLength(ICS),
        Checksums: {
          MD5: createHash('md5').update(ICS).digest('hex'),
          SHA1: createHash('sha1').update(ICS).digest('hex'),
          SHA256: createHash('sha256').update(ICS).digest('hex'),
        },
      },
    ]);
    // Reading a message marks it read, as in Mailpit.
    expect((await mailpit.listMessages()).unread).toBe(0);
    expect((await mailpit.getMessageSummary('latest')).ID).toBe(ID);

    const blob = await mailpit.getMessageAttachment(ID, '2');
    expect(blob.type).toBe('text/calendar');
    expect(Buffer.from(await blob.arrayBuffer()).toString('utf8')).toBe(ICS);
    const part = await fetch(`${base}/api/v1/message/${ID}/part/2`);
    expect(part.headers.get('content-disposition')).toBe('inline; filename="terminanfrage.ics"');

    const source = await mailpit.getMessageSource(ID);
    expect(source).toMatch(/^Bcc: geheim@example\.ch\r\nReturn-Path: <noreply@ruhepol-schlafberatung\.ch>\r\n/);
    expect(source).toContain('Subject: =?UTF-8?Q?Neue_Terminanfrage=3A_Anna_M=C3=BCller?=');
    const raw = await fetch(`${base}/api/v1/message/${ID}/raw?dl=1`);
    expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(raw.headers.get('content-disposition')).toBe(`attachment; filename="${ID}.eml"`);

    const headers = await mailpit.getMessageHeaders(ID);
    expect(Object.keys(headers)).toEqual([...Object.keys(headers)].sort());
    expect(headers).toMatchObject({
      Bcc: ['geheim@example.ch'],
      'Return-Path': ['<noreply@ruhepol-schlafberatung.ch>'],
      'Message-Id': [`<${message.MessageID}>`],
      'Mime-Version': ['1.0'],
    });

    // Go's JSON encoder: <, > and & as \u003c, \u003e, \u0026.
    const json = await (await fetch(`${base}/api/v1/message/${ID}`)).text();
    expect(json).toContain('\\u003cscript\\u003e');
    expect(json).not.toContain('<script>');
    expect(json.endsWith('}\n')).toBe(true);
  });

  it('answers Mailpit’s 404s for an unknown message or part, and for `latest` in an empty box', async () => {
    const unknown = await fetch(`${base}/api/v1/message/AAAAAAAAAAAAAAAAAAAAAA`);
    expect([unknown.status, await unknown.text()]).toEqual([404, '404 page not found']);
    const latest = await fetch(`${base}/api/v1/message/latest`);
    expect([latest.status, await latest.text()]).toEqual([404, 'Message not found']);
    await send('eins');
    const { ID } = (await mailpit.listMessages()).messages[0]!;
    const part = await fetch(`${base}/api/v1/message/${ID}/part/9`);
    expect([part.status, await part.text()]).toEqual([404, '404 page not found']);
    await expect(mailpit.getMessageSummary('nope')).rejects.toThrow(/404 Not Found/);
  });

  it('lists newest first with start and limit', async () => {
    for (const subject of ['eins', 'zwei', 'drei']) await send(subject, subject === 'zwei' ? 'Zwei <zwei@example.ch>' : 'b@example.ch');
    const first = await mailpit.listMessages(0, 2);
    expect(first.messages.map((m) => m.Subject)).toEqual(['drei', 'zwei']);
    expect(first).toMatchObject({ total: 3, count: 2, messages_count: 3, start: 0 });
    const second = await mailpit.listMessages(2, 2);
    expect(second.messages.map((m) => m.Subject)).toEqual(['eins']);
    expect(second).toMatchObject({ count: 1, start: 2 });
  });

  it('marks a message read when it is read, and deletes as Mailpit does, answering "ok"', async () => {
    for (const subject of ['eins', 'zwei', 'drei']) await send(subject);
    const ids = (await mailpit.listMessages()).messages.map((m) => m.ID);
    await mailpit.getMessageSummary(ids[0]!);
    expect((await mailpit.listMessages()).unread, 'reading a message marks it read').toBe(2);

    expect(await mailpit.deleteMessages({ IDs: [ids[1]!] })).toBe('ok');
    expect((await mailpit.listMessages()).messages.map((m) => m.Subject)).toEqual(['drei', 'eins']);
    expect(await mailpit.deleteMessages()).toBe('ok');
    expect((await mailpit.listMessages()).total).toBe(0);
  });

  it('keeps messages, IDs and read flags across a restart', async () => {
    await send('bleibt');
    const { ID } = (await mailpit.listMessages()).messages[0]!;
    await mailpit.getMessageSummary(ID);
    const source = await mailpit.getMessageSource(ID);
    await stop();
    await start();
    const [item] = (await mailpit.listMessages()).messages;
    expect(item).toMatchObject({ ID, Subject: 'bleibt', Read: true });
    expect(await mailpit.getMessageSource(ID)).toBe(source);
  });
});

describe('chaos: a failing provider, as Mailpit simulates it', () => {
  it('has Mailpit’s defaults and answers the new set on PUT', async () => {
    expect(await mailpit.getChaosTriggers()).toEqual({
      Sender: { ErrorCode: 451, Probability: 0 },
      Recipient: { ErrorCode: 451, Probability: 0 },
      Authentication: { ErrorCode: 535, Probability: 0 },
    });
    expect(await mailpit.setChaosTriggers({ Recipient: { ErrorCode: 550, Probability: 30 } })).toEqual({
      Sender: { ErrorCode: 451, Probability: 0 },
      Recipient: { ErrorCode: 550, Probability: 30 },
      Authentication: { ErrorCode: 535, Probability: 0 },
    });
    // Omitted triggers reset, as in Mailpit.
    expect((await mailpit.setChaosTriggers({ Sender: { ErrorCode: 0, Probability: 5 } })).Recipient).toEqual({ ErrorCode: 451, Probability: 0 });
  });

  it('refuses at MAIL FROM at 100 % with the code, and accepts again at 0 %', async () => {
    await mailpit.setChaosTriggers({ Sender: { ErrorCode: 554, Probability: 100 } });
    const refused = transport().sendMail({ from: 'a@example.ch', to: 'b@example.ch', subject: 'eins', text: 'x' });
    await expect(refused).rejects.toMatchObject({ responseCode: 554, response: '554 Chaos sender error', command: 'MAIL FROM' });
    expect((await mailpit.listMessages()).total).toBe(0);

    await mailpit.setChaosTriggers({ Sender: { ErrorCode: 554, Probability: 0 } });
    await send('zwei');
    expect((await mailpit.listMessages()).messages.map((m) => m.Subject)).toEqual(['zwei']);
  });

  it('refuses at RCPT TO and at AUTH with their codes', async () => {
    await mailpit.setChaosTriggers({ Recipient: { ErrorCode: 452, Probability: 100 } });
    await expect(send('eins')).rejects.toMatchObject({ responseCode: 452, response: '452 Chaos recipient error' });
    await mailpit.setChaosTriggers({ Authentication: { ErrorCode: 454, Probability: 100 } });
    const withLogin = transport({ user: 'functions', pass: 'secret' }).sendMail({ from: 'a@example.ch', to: 'b@example.ch', subject: 'zwei', text: 'x' });
    await expect(withLogin).rejects.toMatchObject({ responseCode: 454 });
    await mailpit.setChaosTriggers();
    await transport({ user: 'functions', pass: 'secret' }).sendMail({ from: 'a@example.ch', to: 'b@example.ch', subject: 'drei', text: 'x' });
    expect((await mailpit.listMessages()).messages).toMatchObject([{ Subject: 'drei', Username: 'functions' }]);
  });

  it('rejects what Mailpit rejects, in its words', async () => {
    const put = (body: string) => fetch(`${base}/api/v1/chaos`, { method: 'PUT', body });
    const answer = async (body: string) => {
      const response = await put(body);
      return [response.status, await response.text()];
    };
    expect(await answer('{"Sender":{"ErrorCode":200,"Probability":100}}')).toEqual([400, 'error code must be between 400 and 599']);
    expect(await answer('{"Recipient":{"ErrorCode":451,"Probability":101}}')).toEqual([400, 'probability must be between 0 and 100']);
    expect(await answer('{"Sender":{"ErrorCode":"554"}}')).toEqual([
      400,
      'json: cannot unmarshal string into Go struct field Triggers.Sender.ErrorCode of type int',
    ]);
    expect(await answer('')).toEqual([400, 'EOF']);
    // Field names as Go matches them: regardless of case.
    expect(await answer('{"sender":{"errorcode":421,"probability":100}}')).toEqual([
      200,
      '{"Sender":{"ErrorCode":421,"Probability":100},"Recipient":{"ErrorCode":451,"Probability":0},"Authentication":{"ErrorCode":535,"Probability":0}}\n',
    ]);
  });
});

describe('routing as Mailpit’s server does it', () => {
  it('404 for an unknown GET under /api/, 405 with Allow for a method the path does not take', async () => {
    const unknown = await fetch(`${base}/api/v1/nope`);
    expect([unknown.status, await unknown.text()]).toEqual([404, 'File not found\n']);
    const cases: Array<[string, string, string]> = [
      ['POST', '/api/v1/messages', 'DELETE, GET, HEAD, OPTIONS, PUT'],
      ['PATCH', '/api/v1/chaos', 'GET, HEAD, OPTIONS, PUT'],
      ['DELETE', '/api/v1/message/x', 'GET, HEAD, OPTIONS'],
      ['POST', '/api/nope', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const response = await fetch(`${base}${url}`, { method });
      expect([response.status, response.headers.get('allow'), await response.text()], `${method} ${url}`).toEqual([
        405,
        allow,
        'Method Not Allowed\n',
      ]);
    }
    const options = await fetch(`${base}/api/v1/messages`, { method: 'OPTIONS' });
    expect([options.status, await options.text()]).toEqual([200, '']);
    const info = await fetch(`${base}/api/v1/info`);
    expect(info.status).toBe(501);
    const tags = await fetch(`${base}/api/v1/tags`);
    expect(await tags.json()).toEqual([]);
  });

  it('refuses requests from a foreign origin (Mailpit’s CORS check), API and forms alike', async () => {
    const foreign = { Origin: 'https://evil.example' };
    const api = await fetch(`${base}/api/v1/messages`, { method: 'DELETE', headers: foreign });
    expect([api.status, await api.text()]).toEqual([403, 'Blocked due to CORS violation\n']);
    const form = await fetch(`${base}/alle-loeschen`, { method: 'POST', headers: foreign, redirect: 'manual' });
    expect(form.status).toBe(403);
    const same = await fetch(`${base}/api/v1/messages`, { headers: { Origin: base } });
    expect(same.status).toBe(200);
  });
});

describe('the inbox page', () => {
  it('shows the messages escaped, one message with its attachment links, and marks it read', async () => {
    await transport().sendMail(appointmentMail());
    const { ID } = (await mailpit.listMessages()).messages[0]!;
    const list = await (await fetch(`${base}/`)).text();
    expect(list).toContain(`href="/nachrichten/${ID}"`);
    expect(list).toContain('Neue Terminanfrage: Anna Müller');
    const detail = await fetch(`${base}/nachrichten/${ID}`);
    expect(detail.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await detail.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain(`href="/api/v1/message/${ID}/part/2"`);
    expect(html).toContain(`href="/api/v1/message/${ID}/raw?dl=1"`);
    expect((await mailpit.listMessages()).unread).toBe(0);
  });

  it('opens the links of a mail in a new tab, from the HTML and the text alike, with scripts still off', async () => {
    const link = 'http://localhost:5173/termin/aktion#abc.def';
    await transport().sendMail({
      from: 'noreply@example.ch',
      to: 'praxis@example.ch',
      subject: 'Mit Link',
      text: `Bestätigen: ${link}\n<b>kein HTML</b>`,
      html: `<p><a href="${link}">Bestätigen</a></p>`,
    });
    const { ID } = (await mailpit.listMessages()).messages[0]!;
    const html = await (await fetch(`${base}/nachrichten/${ID}`)).text();
    // Inside the frame the site would load in place, which the page's frame-src refuses.
    expect(html).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(html).toContain('srcdoc="&lt;base target=&quot;_blank&quot;&gt;');
    expect(html).toContain(`<a href="${link}" target="_blank" rel="noopener">${link}</a>`);
    expect(html).toContain('&lt;b&gt;kein HTML&lt;/b&gt;');
  });

  it('switches the outage on and off through Mailpit’s chaos triggers', async () => {
    const post = (body: string) =>
      fetch(`${base}/mail-ausfall`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
    const on = await post('stufe=Recipient&fehlercode=554&wahrscheinlichkeit=100&aktion=starten');
    expect([on.status, on.headers.get('location')]).toEqual([303, '/']);
    expect((await mailpit.getChaosTriggers()).Recipient).toEqual({ ErrorCode: 554, Probability: 100 });
    expect(await (await fetch(`${base}/`)).text()).toContain(
      'Mail-Ausfall aktiv: abgelehnt wird bei Empfänger (RCPT TO) mit SMTP 554 (100 %).',
    );
    await expect(send('eins')).rejects.toMatchObject({ responseCode: 554 });

    expect((await post('stufe=Sender&fehlercode=200&wahrscheinlichkeit=100')).status).toBe(400);
    expect((await post('aktion=beenden')).status).toBe(303);
    expect((await mailpit.getChaosTriggers()).Recipient).toEqual({ ErrorCode: 451, Probability: 0 });
    expect(await (await fetch(`${base}/`)).text()).toContain('Kein Ausfall: alle Nachrichten werden angenommen.');
    await send('zwei');

    const clear = await fetch(`${base}/alle-loeschen`, { method: 'POST', redirect: 'manual' });
    expect(clear.status).toBe(303);
    expect((await mailpit.listMessages()).total).toBe(0);
  });
});
