import assert from 'node:assert/strict';
import {
  base64Utf8,
  createMailer,
  MailError,
  RESEND_ENDPOINT,
  RESEND_TIMEOUT_MS,
  senderDomain,
  SMTP_TIMEOUT_MS,
  type OutgoingMail,
  type SmtpTransport,
} from '../_shared/mail/transport.ts';
import {
  capNoticeKey,
  formMailKey,
  keyOutcomeMails,
  messageIdFor,
  outcomeMailKey,
  reminderMailKey,
  withKey,
} from '../_shared/mail/mail-keys.ts';

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
    // A relay answering the end of the message slowly is waited for (RFC 5321 4.5.3.2.6), up to the send's limit.
    socketTimeout: 45_000,
  });
  assert.equal(mailer.timeoutMs, SMTP_TIMEOUT_MS);
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

// ---------------------------------------------------------------------------------------
// Idempotency keys (mail-keys.ts): what a mail is, the same for every attempt at it.

const ID = '3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b';
const OTHER = '00000000-0000-4000-8000-00000000000b';

Deno.test('keys: derived from kind, request, state and role – nothing else', () => {
  assert.equal(formMailKey('contact', ID, 'practice'), `contact/${ID}/practice`);
  assert.equal(formMailKey('request', ID, 'visitor'), `request/${ID}/visitor`);
  assert.equal(outcomeMailKey(ID, 'moved:2', 'practice'), `outcome/${ID}/moved:2/practice`);
  assert.equal(reminderMailKey(ID, 3), `reminder/${ID}/3/visitor`);
  assert.equal(capNoticeKey('2026-12-10'), 'cap-notice/2026-12-10/practice');
  // Every key Resend would take (1–256 characters).
  for (const key of [formMailKey('request', ID, 'practice'), outcomeMailKey(ID, 'move-requested:123', 'visitor')]) {
    assert.ok(key.length >= 1 && key.length <= 256);
  }
});

Deno.test('keys: different for every other mail – another request, state, role or reminder', () => {
  const keys = [
    formMailKey('contact', ID, 'practice'),
    formMailKey('contact', ID, 'visitor'),
    formMailKey('request', ID, 'practice'),
    formMailKey('request', OTHER, 'practice'),
    ...['confirmed', 'declined', 'cancelled', 'move-requested:1', 'moved:1', 'move-declined:1', 'move-requested:2', 'moved:2']
      .flatMap((state) => [outcomeMailKey(ID, state, 'visitor'), outcomeMailKey(ID, state, 'practice')]),
    reminderMailKey(ID, 1),
    reminderMailKey(ID, 2),
    reminderMailKey(OTHER, 1),
    capNoticeKey('2026-12-10'),
    capNoticeKey('2026-12-11'),
  ];
  assert.equal(new Set(keys).size, keys.length);
});

Deno.test('keys: the mails of a state by recipient; two for the same role never share a key; the wording is not part of it', () => {
  const base = { subject: 's', text: 't', html: '<p>h</p>' };
  const practice = 'praxis@ruhepol-schlafberatung.ch';
  const keyed = keyOutcomeMails([{ ...base, to: 'beat@example.ch' }, { ...base, to: 'Praxis@Ruhepol-Schlafberatung.ch' }], ID, 'confirmed', practice);
  assert.deepEqual(keyed.map((mail) => mail.idempotencyKey), [`outcome/${ID}/confirmed/visitor`, `outcome/${ID}/confirmed/practice`]);
  // Sent again later, with other links and another date in the text: the same keys.
  const again = keyOutcomeMails([{ ...base, text: 'anders', to: 'beat@example.ch' }, { ...base, subject: 'x', to: practice }], ID, 'confirmed', practice);
  assert.deepEqual(again.map((mail) => mail.idempotencyKey), keyed.map((mail) => mail.idempotencyKey));
  const both = keyOutcomeMails([{ ...base, to: practice }, { ...base, to: practice }], ID, 'cancelled', practice);
  assert.deepEqual(both.map((mail) => mail.idempotencyKey), [`outcome/${ID}/cancelled/practice`, `outcome/${ID}/cancelled/practice/2`]);
  assert.equal(withKey(mail, 'k').idempotencyKey, 'k');
  assert.equal(mail.idempotencyKey, undefined, 'withKey leaves the mail it was given alone');
});

Deno.test('Message-ID of a key: stable, one per key, a digest that does not show the request', async () => {
  const id = await messageIdFor(formMailKey('request', ID, 'practice'), 'ruhepol-schlafberatung.ch');
  assert.match(id, /^<[0-9a-f]{40}@ruhepol-schlafberatung\.ch>$/);
  assert.equal(id.includes(ID), false);
  assert.equal(await messageIdFor(formMailKey('request', ID, 'practice'), 'ruhepol-schlafberatung.ch'), id);
  assert.notEqual(await messageIdFor(formMailKey('request', ID, 'visitor'), 'ruhepol-schlafberatung.ch'), id);
});

Deno.test('Resend: the key as the Idempotency-Key header, the same on a retry after a lost answer; none without a key', async () => {
  let answer: 'lost' | 'ok' = 'lost';
  const { calls, fetchImpl } = fakeFetch(() => {
    // The first time Resend takes the mail, but the answer never arrives.
    if (answer === 'lost') throw new TypeError('connection reset');
    return new Response('{"id":"49a3999c-0ce1-4ea6-ab68-afcd6dc2e794"}', { status: 200 });
  });
  const mailer = createMailer({ kind: 'resend', apiKey: 're_test' }, FROM, { fetch: fetchImpl, createSmtpTransport: neverSmtp });
  assert.equal(mailer.timeoutMs, RESEND_TIMEOUT_MS);
  const keyed = withKey(mail, formMailKey('request', ID, 'practice'));
  await assert.rejects(mailer.send(keyed), { reason: 'resend_network' });
  answer = 'ok';
  await mailer.send(keyed);
  assert.deepEqual(calls.map((call) => new Headers(call.init.headers).get('idempotency-key')), [`request/${ID}/practice`, `request/${ID}/practice`]);
  // The key is a header, never part of the mail.
  assert.equal(JSON.stringify(JSON.parse(String(calls[0]!.init.body))).includes(ID), false);

  await mailer.send(mail);
  assert.equal(new Headers(calls[2]!.init.headers).has('idempotency-key'), false);
});

Deno.test('Resend 409: a mail already taken under the key counts as sent; one still under way is a failure to retry', async () => {
  const conflict = (name: string) => () => new Response(JSON.stringify({ statusCode: 409, name, message: 'anna@example.ch …' }), { status: 409 });
  const keyed = withKey(mail, formMailKey('contact', ID, 'practice'));
  const taken = createMailer({ kind: 'resend', apiKey: 'k' }, FROM, { fetch: fakeFetch(conflict('invalid_idempotent_request')).fetchImpl, createSmtpTransport: neverSmtp });
  // "Same idempotency key used with a different request payload": the mail of this key went out (the retry's wording differs).
  await taken.send(keyed);
  // Without a key of ours, a 409 is no such thing.
  await assert.rejects(taken.send(mail), { reason: 'resend_http_409' });
  const underWay = createMailer({ kind: 'resend', apiKey: 'k' }, FROM, {
    fetch: fakeFetch(conflict('concurrent_idempotent_requests')).fetchImpl,
    createSmtpTransport: neverSmtp,
  });
  await assert.rejects(underWay.send(keyed), (error: unknown) => {
    assert.ok(error instanceof MailError);
    assert.equal(error.reason, 'resend_in_progress');
    assert.equal(error.message.includes('anna'), false);
    return true;
  });
  const odd = createMailer({ kind: 'resend', apiKey: 'k' }, FROM, { fetch: fakeFetch(() => new Response('not json', { status: 409 })).fetchImpl, createSmtpTransport: neverSmtp });
  await assert.rejects(odd.send(keyed), { reason: 'resend_http_409' });
});

Deno.test('SMTP: the key\'s Message-ID on the message, the same for a repeat; nodemailer makes one without a key', async () => {
  const messages: Record<string, unknown>[] = [];
  const mailer = createMailer({ kind: 'smtp', options: { host: '127.0.0.1', port: 54325, secure: false } }, FROM, {
    fetch,
    createSmtpTransport: () => ({ sendMail: (message) => Promise.resolve(messages.push(message)) }),
  });
  const keyed = withKey(mail, formMailKey('request', ID, 'practice'));
  await mailer.send(keyed);
  await mailer.send({ ...keyed, subject: `[Verspätet] ${keyed.subject}` });
  await mailer.send(mail);
  const expected = await messageIdFor(`request/${ID}/practice`, 'ruhepol-schlafberatung.ch');
  assert.deepEqual(messages.map((message) => message.messageId), [expected, expected, undefined]);
});

Deno.test('SMTP: the whole send is bounded by the mailer\'s stated time limit', async () => {
  const stalled = createMailer({ kind: 'smtp', options: { host: '127.0.0.1', port: 9, secure: false } }, FROM, {
    fetch,
    timeoutMs: 30,
    createSmtpTransport: () => ({ sendMail: () => new Promise(() => {}) }),
  });
  assert.equal(stalled.timeoutMs, 30);
  const started = performance.now();
  await assert.rejects(stalled.send(mail), { reason: 'smtp_timeout' });
  const took = performance.now() - started;
  // Its own 30 ms, not another limit's seconds (a loaded machine's timers may add a little).
  assert.ok(took >= 25 && took < 5_000, `${took} ms`);
});
