import assert from 'node:assert/strict';
import {
  base64Utf8,
  createMailer,
  MailError,
  RESEND_ENDPOINT,
  senderDomain,
  type OutgoingMail,
  type SmtpTransport,
} from '../_shared/mail/transport.ts';

const FROM = 'Ruhepol Schlafberatung <noreply@ruhepol-schlafberatung.ch>';

const mail: OutgoingMail = {
  to: 'praxis@ruhepol-schlafberatung.ch',
  replyTo: 'anna@example.ch',
  subject: 'Neue Terminanfrage: Anna Müller – Freitag, 11. Dezember 2026',
  text: 'Text',
  html: '<p>HTML</p>',
  attachments: [{ filename: 'terminanfrage.ics', content: 'SUMMARY:Müller\r\n', contentType: 'text/calendar; charset=utf-8' }],
};

function neverSmtp(): SmtpTransport {
  throw new Error('SMTP must not be used');
}

interface Captured {
  url: string;
  init: RequestInit;
}

function fakeFetch(respond: (captured: Captured) => Response | Promise<Response>) {
  const calls: Captured[] = [];
  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) => {
    const captured = { url: String(input), init: init ?? {} };
    calls.push(captured);
    return Promise.resolve(respond(captured));
  }) as typeof fetch;
  return { calls, fetchImpl };
}

Deno.test('base64 of UTF-8 text', () => {
  assert.equal(base64Utf8('Müller'), 'TcO8bGxlcg==');
  assert.equal(new TextDecoder().decode(Uint8Array.from(atob(base64Utf8('ü'.repeat(50_000))), (c) => c.charCodeAt(0))), 'ü'.repeat(50_000));
});

Deno.test('Resend: one POST with the API key, sender, Reply-To and base64 attachments', async () => {
  const { calls, fetchImpl } = fakeFetch(() => new Response('{"id":"1"}', { status: 200 }));
  const mailer = createMailer({ kind: 'resend', apiKey: 're_test' }, FROM, { fetch: fetchImpl, createSmtpTransport: neverSmtp });
  assert.equal(mailer.transport, 'resend');
  await mailer.send(mail);
  assert.equal(calls.length, 1);
  const [call] = calls;
  assert.equal(call!.url, RESEND_ENDPOINT);
  assert.equal(call!.init.method, 'POST');
  const headers = new Headers(call!.init.headers);
  assert.equal(headers.get('authorization'), 'Bearer re_test');
  assert.equal(headers.get('content-type'), 'application/json');
  assert.ok(call!.init.signal instanceof AbortSignal, 'a time limit');
  assert.deepEqual(JSON.parse(String(call!.init.body)), {
    from: FROM,
    to: ['praxis@ruhepol-schlafberatung.ch'],
    reply_to: 'anna@example.ch',
    subject: mail.subject,
    text: 'Text',
    html: '<p>HTML</p>',
    attachments: [{ filename: 'terminanfrage.ics', content: base64Utf8('SUMMARY:Müller\r\n'), content_type: 'text/calendar; charset=utf-8' }],
  });
});

Deno.test('Resend: an error status, a network failure and a timeout become MailError codes', async () => {
  const rejected = createMailer({ kind: 'resend', apiKey: 'k' }, FROM, {
    fetch: fakeFetch(() => new Response('{"message":"anna@example.ch is invalid"}', { status: 422 })).fetchImpl,
    createSmtpTransport: neverSmtp,
  });
  await assert.rejects(rejected.send(mail), (error: unknown) => {
    assert.ok(error instanceof MailError);
    assert.equal(error.reason, 'resend_http_422');
    assert.equal(error.message.includes('anna@example.ch'), false);
    return true;
  });

  const offline = createMailer({ kind: 'resend', apiKey: 'k' }, FROM, {
    fetch: (() => Promise.reject(new TypeError('connection refused'))) as typeof fetch,
    createSmtpTransport: neverSmtp,
  });
  await assert.rejects(offline.send(mail), { reason: 'resend_network' });

  // A provider that never answers: the signal ends the call.
  const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
    })) as typeof fetch;
  const slow = createMailer({ kind: 'resend', apiKey: 'k' }, FROM, { fetch: hanging, createSmtpTransport: neverSmtp, timeoutMs: 20 });
  await assert.rejects(slow.send(mail), { reason: 'resend_timeout' });
});

Deno.test('SMTP: nodemailer options with time limits, the EHLO name and a pooled connection; the message as nodemailer wants it', async () => {
  let options: Record<string, unknown> | undefined;
  const messages: Record<string, unknown>[] = [];
  const mailer = createMailer(
    { kind: 'smtp', options: { host: 'smtp.example.ch', port: 465, secure: true, auth: { user: 'u', pass: 'p' } } },
    FROM,
    {
      fetch: (() => Promise.reject(new Error('fetch must not be used'))) as typeof fetch,
      createSmtpTransport: (given) => {
        options = given;
        return { sendMail: (message) => Promise.resolve(messages.push(message)) };
      },
    },
  );
  assert.equal(mailer.transport, 'smtp');
  assert.deepEqual(options, {
    host: 'smtp.example.ch',
    port: 465,
    secure: true,
    auth: { user: 'u', pass: 'p' },
    name: 'ruhepol-schlafberatung.ch',
    // One connection kept open and reused (bench:functions: a new one cost ~150 ms a mail).
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  await mailer.send(mail);
  assert.deepEqual(messages, [{
    from: FROM,
    to: 'praxis@ruhepol-schlafberatung.ch',
    replyTo: 'anna@example.ch',
    subject: mail.subject,
    text: 'Text',
    html: '<p>HTML</p>',
    attachments: [{ filename: 'terminanfrage.ics', content: 'SUMMARY:Müller\r\n', contentType: 'text/calendar; charset=utf-8' }],
    disableFileAccess: true,
    disableUrlAccess: true,
  }]);
});

Deno.test('SMTP: a loopback catcher may use a self-signed certificate; a remote relay may not', () => {
  const optionsFor = (host: string) => {
    let captured: Record<string, unknown> = {};
    createMailer({ kind: 'smtp', options: { host, port: 54325, secure: false } }, FROM, {
      fetch,
      createSmtpTransport: (given) => {
        captured = given;
        return { sendMail: () => Promise.resolve() };
      },
    });
    return captured;
  };
  assert.deepEqual(optionsFor('127.0.0.1').tls, { rejectUnauthorized: false });
  assert.deepEqual(optionsFor('localhost').tls, { rejectUnauthorized: false });
  assert.equal(optionsFor('smtp.example.ch').tls, undefined);
});

Deno.test('SMTP: failures and a stalled server become MailError codes', async () => {
  const refusing = createMailer({ kind: 'smtp', options: { host: '127.0.0.1', port: 9, secure: false } }, FROM, {
    fetch,
    createSmtpTransport: () => ({
      sendMail: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ESOCKET' })),
    }),
  });
  await assert.rejects(refusing.send(mail), { reason: 'smtp_ESOCKET' });

  const stalled = createMailer({ kind: 'smtp', options: { host: '127.0.0.1', port: 9, secure: false } }, FROM, {
    fetch,
    timeoutMs: 10,
    createSmtpTransport: () => ({ sendMail: () => new Promise(() => {}) }),
  });
  await assert.rejects(stalled.send(mail), { reason: 'smtp_timeout' });
});

Deno.test('the EHLO name is the sender domain', () => {
  assert.equal(senderDomain(FROM), 'ruhepol-schlafberatung.ch');
  assert.equal(senderDomain('noreply@example.ch'), 'example.ch');
});
