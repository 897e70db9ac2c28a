// @vitest-environment node
/**
 * send-contact-email under real Deno, against the stack's Postgres and mail catcher:
 * what the browser sends, what the practice and the visitor receive, and how the
 * function answers forged, oversized, automated and too frequent calls – and a day whose
 * mail cap is used up (202 queued: stored for the outbox).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dailyCapNoticeMail } from '../../supabase/functions/_shared/mail/budget.ts';
import { CONTACT_PRACTICE_TITLE, contactAcknowledgementMail } from '../../supabase/functions/_shared/forms/request-emails.ts';
import { addressesOf, isTo, mailApi, type MailApi } from '../support/mail-api.ts';
import { readFunctionsSettings } from '../../scripts/stack/start-stack.ts';
import { readConfig } from '../../supabase/functions/_shared/config.ts';
import { acknowledgementShare } from '../../supabase/functions/_shared/database/rate-limit.ts';
import {
  backendTarget,
  browserClient,
  callFunction,
  finishedAcknowledgement,
  functionRateKey,
  newVisitor,
  ownIpv6Network,
  ownStandIn,
  SITE_ORIGIN,
  solvedProof,
  type TestBackend,
  settleAcknowledgements,
} from './stack-harness.ts';

let backend: TestBackend;
/** The caught mail, read through Mailpit's API as against a real `supabase start`. */
let mail: MailApi;
const FN = 'send-contact-email';
const CAP_NOTICE_SUBJECT = dailyCapNoticeMail({ practiceEmail: 'x@example.ch' }, 1, new Date()).subject;
const PRACTICE = 'praxis@ruhepol-schlafberatung.ch';
const settings = readFunctionsSettings();
const limits = readConfig((name) => settings[name]).limits;

beforeAll(async () => {
  backend = await backendTarget();
  mail = mailApi(backend.mailUrl);
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  // The last test's acknowledgements went out after its answers: decided before the catcher is cleared.
  await settleAcknowledgements(backend);
  await mail.outage(false);
  await mail.clear();
});

function contactSubmission(email: string, overrides: Record<string, unknown> = {}) {
  return {
    requestId: randomUUID(),
    name: 'Anna Muster',
    email,
    phone: null,
    subject: null,
    message: 'Ich wache jeden Morgen mit Nackenschmerzen auf.',
    website: '',
    elapsedMs: 12_000,
    ...overrides,
  };
}

const mailEvents = async () =>
  Number((await backend.query<{ n: string }>(`select count(*) as n from public.rate_limit_events where bucket = 'mail'`)).rows[0]!.n);

/** The stored messages of an address, each with its practice mail's sent_at (its outbox row: `owed` when there is one). */
const storedMessages = (email: string) =>
  backend.query<{ name: string; phone: string | null; subject: string | null; sent_at: Date | null; owed: boolean }>(
    `select c.name, c.phone, c.subject, o.sent_at, o.id is not null as owed
       from public.contact_submissions c
       left join public.outbox_mails o on o.contact_message_id = c.id and o.kind = 'contact'
      where c.email = $1`,
    [email],
  );

describe('send-contact-email', () => {
  it('stores the message, mails the practice and acknowledges the visitor (as supabase-js calls it)', async () => {
    const { email, ip } = newVisitor();
    const { data, error } = await browserClient(backend, ip).functions.invoke(FN, {
      body: contactSubmission(email, {
        phone: '+41 79 123 45 67',
        subject: 'Frage zur Liegediagnostik',
        altcha: await solvedProof(backend, FN, ip),
      }),
    });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true });

    const rows = (await storedMessages(email)).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Anna Muster', phone: '+41 79 123 45 67', subject: 'Frage zur Liegediagnostik' });
    expect(rows[0]!.sent_at).not.toBeNull();

    const toPractice = await mail.waitFor((m) => isTo(m, PRACTICE));
    // A message carries no staff links: «Antworten» may go straight to the visitor.
    expect(addressesOf(toPractice.ReplyTo)).toEqual([email]);
    expect(toPractice.Subject).toContain('Anna Muster');
    expect(toPractice.Subject).not.toContain('Nackenschmerzen');
    for (const part of [toPractice.Text, toPractice.HTML]) {
      expect(part).toContain('Anna Muster');
      expect(part).toContain(email);
      expect(part).toContain('+41 79 123 45 67');
      expect(part).toContain('Frage zur Liegediagnostik');
      expect(part).toContain('Ich wache jeden Morgen mit Nackenschmerzen auf.');
    }

    const toVisitor = await mail.waitFor((m) => isTo(m, email));
    expect(toVisitor.Text).toMatch(/24 Stunden/);
    expect(toVisitor.Text).not.toContain('Nackenschmerzen');
  });

  it('escapes what the visitor typed in the HTML e-mail', async () => {
    const { email, ip } = newVisitor();
    // A name cannot hold markup at all (no <, > or /: field-rules.ts, isPersonName); the subject and message can.
    expect(await callFunction(backend, FN, contactSubmission(email, { name: 'Eve <b>Evil</b>' }), { ip })).toMatchObject({
      status: 400,
      json: { error: 'invalid_body', field: 'name' },
    });
    const result = await callFunction(backend, FN, contactSubmission(email, {
      subject: 'Eve <b>Evil</b>',
      message: '<script>alert("x")</script> & <img src=x onerror=alert(1)>',
    }), { ip });
    expect(result.status).toBe(200);
    const toPractice = await mail.waitFor((m) => isTo(m, PRACTICE));
    expect(toPractice.HTML).not.toContain('<script>');
    expect(toPractice.HTML).not.toContain('<img src=x');
    expect(toPractice.HTML).not.toContain('<b>Evil</b>');
    expect(toPractice.HTML).toContain('&lt;script&gt;');
    expect(toPractice.Text).toContain('<script>alert("x")</script>');
  });

  it('links the visitor\'s address percent-encoded (RFC 6068): a subaddress stays one', async () => {
    const { email: plain, ip } = newVisitor();
    const email = plain.replace('@', '+frage@');
    expect((await callFunction(backend, FN, contactSubmission(email), { ip })).status).toBe(200);
    const toPractice = await mail.waitFor((m) => isTo(m, PRACTICE));
    expect(addressesOf(toPractice.ReplyTo)).toEqual([email]);
    expect(toPractice.HTML).toContain(`href="mailto:${email.replace('+', '%2B')}"`);
    expect(toPractice.HTML).not.toContain(`mailto:${email}`);
  });

  it('sends at most one acknowledgement per address and hour', async () => {
    const { email, ip } = newVisitor();
    const first = contactSubmission(email);
    const second = contactSubmission(email, { message: 'Noch eine Frage.' });
    expect((await callFunction(backend, FN, first, { ip })).status).toBe(200);
    expect((await callFunction(backend, FN, second, { ip })).status).toBe(200);
    await mail.waitFor((m) => m.Text.includes('Noch eine Frage.'));
    // Sent after the answers: once both are finished, whatever was sent is caught.
    expect((await finishedAcknowledgement(backend, 'contact', first.requestId)).sent_at).not.toBeNull();
    expect(await finishedAcknowledgement(backend, 'contact', second.requestId)).toMatchObject({ sent_at: null, last_cause: 'ack_limited' });
    const toVisitor = (await mail.list()).filter((m) => isTo(m, email));
    expect(toVisitor).toHaveLength(1);
  });

  const badBodies: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown key', { admin: true }, 'admin'],
    ['a name that is a number', { name: 42 }, 'name'],
    ['a blank message', { message: '   ' }, 'message'],
    ['a message over 5000 characters', { message: 'x'.repeat(5001) }, 'message'],
    ['a subject over 200 characters', { subject: 's'.repeat(201) }, 'subject'],
    ['an e-mail that is not one', { email: 'anna(at)example.ch' }, 'email'],
    ['a line break in the name', { name: 'Anna\r\nBcc: victim@example.com' }, 'name'],
    ['a line break in the subject', { subject: 'Hallo\nBcc: victim@example.com' }, 'subject'],
    ['elapsedMs as text', { elapsedMs: 'lange' }, 'elapsedMs'],
  ];

  it.each(badBodies)('answers 400 naming the field for %s, storing and sending nothing', async (_, overrides, field) => {
    const { email, ip } = newVisitor();
    const result = await callFunction(backend, FN, contactSubmission(email, overrides), { ip });
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ error: 'invalid_body', field });
    expect(result.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect((await storedMessages(email)).rows).toHaveLength(0);
  });

  it('answers 400 to a body that is not JSON and 413 to one over 16 KB', async () => {
    const { email, ip } = newVisitor();
    const notJson = await callFunction(backend, FN, undefined, { ip, raw: 'name=Anna&email=x' });
    expect(notJson.status).toBe(400);
    expect(notJson.json).toMatchObject({ error: 'invalid_json' });
    const huge = await callFunction(backend, FN, contactSubmission(email, { message: 'x'.repeat(17 * 1024) }), { ip });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect((await storedMessages(email)).rows).toHaveLength(0);
  });

  it('refuses a filled honeypot in the open (422); delivers a form sent faster than 3 s marked for checking', async () => {
    const { email, ip } = newVisitor();
    const honeypot = await callFunction(backend, FN, contactSubmission(email, { website: 'https://spam.example' }), { ip });
    expect([honeypot.status, honeypot.json]).toEqual([422, { error: 'rejected' }]);
    expect((await storedMessages(email)).rows).toHaveLength(0);

    const tooFast = await callFunction(backend, FN, contactSubmission(email, { elapsedMs: 900 }), { ip });
    expect([tooFast.status, tooFast.json]).toEqual([200, { ok: true }]);
    expect((await storedMessages(email)).rows).toHaveLength(1);
    const toPractice = await mail.waitFor((m) => isTo(m, PRACTICE) && addressesOf(m.ReplyTo).includes(email));
    expect(toPractice.Subject).toBe(`[Prüfen] ${CONTACT_PRACTICE_TITLE}: Anna Muster`);
    expect(toPractice.Text).toMatch(/^Bitte prüfen: Das Formular wurde 0.9 Sekunden nach dem Öffnen abgeschickt/);
  });

  it('limits one client address to 5 messages in 10 minutes: 429 with Retry-After', async () => {
    const { ip } = newVisitor();
    for (let i = 0; i < 5; i += 1) {
      expect((await callFunction(backend, FN, contactSubmission(newVisitor().email), { ip })).status).toBe(200);
    }
    const sixth = await callFunction(backend, FN, contactSubmission(newVisitor().email), { ip });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sixth.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
  });

  it('counts an IPv6 client by its /64: the sixth message from other addresses of one prefix is refused', async () => {
    const prefix = `${ownIpv6Network()}:${Math.floor(Math.random() * 0xfff0).toString(16)}`;
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n += 1) {
      statuses.push((await callFunction(backend, FN, contactSubmission(newVisitor().email), { ip: `${prefix}:${n}::${(n * 4099).toString(16)}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The next /64 is another line, another client.
    const [a, b, c, d] = prefix.split(':');
    const neighbour = `${a}:${b}:${c}:${(parseInt(d!, 16) + 1).toString(16)}::1`;
    expect((await callFunction(backend, FN, contactSubmission(newVisitor().email), { ip: neighbour })).status).toBe(200);
  });

  it('limits one client network to 10 messages a day (RATE_LIMIT_DAILY_MAX, at most a twentieth of DAILY_MAIL_CAP), though its 10 minutes are not used up', async () => {
    const { ip, email } = newVisitor();
    // 10 messages earlier today, none in the last 10 minutes (an IPv4 address is its own network).
    await backend.query(
      `insert into public.rate_limit_events (bucket, key, created_at)
         select 'send-contact-email:ip-day', $1, now() - interval '3 hours' from generate_series(1, 10)`,
      [await functionRateKey('client', ip)],
    );
    const refused = await callFunction(backend, FN, contactSubmission(email), { ip });
    expect(refused).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
    // Until the oldest of them is a day old: about 21 hours.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(20 * 3600);
    expect((await storedMessages(email)).rows).toHaveLength(0);
  });

  it('answers the same whether the address was used a moment ago or never: no limit counts the address, one acknowledgement per mailbox an hour', async () => {
    // Six messages naming one address from six clients: all delivered to the practice (a
    // refusal would tell anyone who tries the address that it was used); the mailbox gets one acknowledgement.
    const { email } = newVisitor();
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const body = contactSubmission(i === 5 ? email.toUpperCase() : email);
      ids.push(body.requestId);
      const answer = await callFunction(backend, FN, body, { ip: newVisitor().ip });
      expect(answer).toMatchObject({ status: 200, json: { ok: true } });
    }
    expect((await storedMessages(email)).rows).toHaveLength(5);
    // The acknowledgements go out after the answers: once each is finished, whatever was sent is caught.
    for (const id of ids) await finishedAcknowledgement(backend, 'contact', id);
    expect((await mail.all()).filter((m) => addressesOf(m.To).some((to) => to.toLowerCase() === email))).toHaveLength(1);
  });

  it.runIf(ownStandIn)('holds practice mail back for the day once the daily cap is reached: 202 queued, the message kept for the outbox, the practice told once', async () => {
    // The day's 200 practice mails (DAILY_MAIL_CAP) already went out.
    await backend.query(`insert into public.rate_limit_events (bucket, key) select 'mail', 'all' from generate_series(1, 200)`);
    try {
      const charged = await mailEvents();
      const { email, ip } = newVisitor();
      const capped = await callFunction(backend, FN, contactSubmission(email), { ip });
      // Not an error: the message is stored and the outbox (send-pending-mail) mails it once the cap allows.
      expect(capped.status).toBe(202);
      expect(capped.json).toEqual({ queued: true, reason: 'daily_cap' });
      expect(capped.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
      expect((await storedMessages(email)).rows).toEqual([expect.objectContaining({ owed: true, sent_at: null })]);
      const second = newVisitor();
      expect(await callFunction(backend, FN, contactSubmission(second.email), { ip: second.ip })).toMatchObject({
        status: 202,
        json: { queued: true, reason: 'daily_cap' },
      });
      // Held back, not charged.
      expect(await mailEvents()).toBe(charged);
      await mail.waitFor((m) => m.Subject === CAP_NOTICE_SUBJECT);
      // The calls have answered, and a function sends before it answers: whatever it sent is caught.
      expect((await mail.list()).map((m) => m.Subject)).toEqual([CAP_NOTICE_SUBJECT]);
    } finally {
      await backend.query(`delete from public.rate_limit_events where bucket = 'mail'`);
      await backend.query(`delete from public.outbox_mails where kind = 'cap-notice'`);
    }
  });

  it.runIf(ownStandIn)('charges the acknowledgements of messages the cap held back to the network and the day they arrived: a flood spends none of the next day\'s', async () => {
    // The day's practice mails already went out: every message now waits for the outbox.
    await backend.query(`insert into public.rate_limit_events (bucket, key) select 'mail', 'all' from generate_series(1, $1::int)`, [limits.dailyMailCap]);
    const flood = ownIpv6Network();
    const flooders: string[] = [];
    const ids: string[] = [];
    try {
      // One network (two of its /64s) sends all it may for the day, each message under a stranger's address.
      for (const subnet of ['1', '2']) {
        for (let n = 0; n < limits.rateLimitMax; n++) {
          const email = newVisitor().email;
          const body = contactSubmission(email);
          const answer = await callFunction(backend, FN, body, { ip: `${flood}:${subnet}::${n + 1}` });
          expect(answer).toMatchObject({ status: 202, json: { queued: true, reason: 'daily_cap' } });
          flooders.push(email);
          ids.push(body.requestId);
        }
      }
      // A genuine visitor of another network, the same day.
      const genuine = newVisitor();
      const genuineBody = contactSubmission(genuine.email);
      expect(await callFunction(backend, FN, genuineBody, { ip: genuine.ip })).toMatchObject({ status: 202 });
      ids.push(genuineBody.requestId);

      // The next day: the day's events are a day old, and so are the messages (past the callers' grace).
      await backend.query(`update public.rate_limit_events set created_at = created_at - interval '25 hours' where created_at > now() - interval '1 hour'`);
      await backend.query(`delete from public.rate_limit_events where bucket = 'mail'`);
      await backend.query(
        `update public.outbox_mails set created_at = created_at - interval '25 hours' where contact_message_id = any($1::uuid[])`,
        [ids],
      );
      const run = await fetch(`${backend.apiUrl}/functions/v1/send-pending-mail`, {
        method: 'POST',
        headers: { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(run.status).toBe(200);
      for (const id of ids) await finishedAcknowledgement(backend, 'contact', id);

      // Every message reached the practice; the network had its day's share of acknowledgements, no more.
      const practiceMails = (await mail.all()).filter((m) => isTo(m, PRACTICE) && m.Subject !== CAP_NOTICE_SUBJECT);
      expect(practiceMails).toHaveLength(ids.length);
      const acknowledged = (await mail.all()).filter((m) => flooders.some((email) => isTo(m, email)));
      expect(acknowledged).toHaveLength(acknowledgementShare(limits));
      await mail.waitFor((m) => isTo(m, genuine.email));
      // What went out today was charged to the day they arrived: today's acknowledgements are whole.
      const today = await backend.query<{ n: number }>(
        `select count(*)::int as n from public.rate_limit_events where bucket in ('ack-daily', 'ack-client') and created_at > now() - interval '1 hour'`,
      );
      expect(today.rows[0]!.n).toBe(0);
    } finally {
      await backend.query(`delete from public.rate_limit_events where bucket = 'mail'`);
      await backend.query(`delete from public.outbox_mails where kind = 'cap-notice'`);
    }
  });

  it.runIf(ownStandIn)('tells the practice of the day\'s cap even when that notice\'s own send fails: the outbox sends it once', async () => {
    await backend.query(`insert into public.rate_limit_events (bucket, key) select 'mail', 'all' from generate_series(1, 200)`);
    try {
      await mail.outage(true);
      const { email, ip } = newVisitor();
      expect((await callFunction(backend, FN, contactSubmission(email), { ip })).status).toBe(202);
      await mail.outage(false);
      // Owed, not sent: an outbox mail of its own, which the next run may take once the sender's grace has passed.
      const notice = await backend.query<{ sent_at: Date | null }>(`select sent_at from public.outbox_mails where kind = 'cap-notice'`);
      expect(notice.rows).toEqual([{ sent_at: null }]);
      await backend.query(`update public.outbox_mails set created_at = created_at - interval '3 minutes', next_attempt_at = null where kind = 'cap-notice'`);
      for (let run = 0; run < 2; run++) {
        const answer = await fetch(`${backend.apiUrl}/functions/v1/send-pending-mail`, {
          method: 'POST',
          headers: { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(answer.status).toBe(200);
      }
      const notices = (await mail.all()).filter((m) => m.Subject === CAP_NOTICE_SUBJECT);
      expect(notices).toHaveLength(1);
      expect(addressesOf(notices[0]!.To)).toEqual([PRACTICE]);
    } finally {
      await mail.outage(false);
      await backend.query(`delete from public.rate_limit_events where bucket = 'mail'`);
      await backend.query(`delete from public.outbox_mails where kind = 'cap-notice'`);
      // The message held back by the cap stays owed; the next tests' runs leave it to its own test.
      await backend.query(`update public.outbox_mails set superseded_at = now() where kind = 'contact' and sent_at is null`);
    }
  });

  it.runIf(ownStandIn)('keeps the message when mail fails: 502, stored and marked not yet mailed, the daily cap not charged', async () => {
    const { email, ip } = newVisitor();
    const before = await mailEvents();
    await mail.outage(true);
    const result = await callFunction(backend, FN, contactSubmission(email), { ip });
    await mail.outage(false);
    expect(result.status).toBe(502);
    expect(result.json).toMatchObject({ error: 'mail_failed', stored: true });
    const rows = (await storedMessages(email)).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ owed: true, sent_at: null });
    // Taken before the send, given back when it failed: only mails that went out count.
    expect(await mailEvents()).toBe(before);
    expect((await callFunction(backend, FN, contactSubmission(newVisitor().email), { ip: newVisitor().ip })).status).toBe(200);
    expect(await mailEvents()).toBe(before + 1);
  });

  it.runIf(ownStandIn)('mails the same message on the site\'s retry after a mail outage, once; a retry after a lost answer shows success', async () => {
    const { email, ip } = newVisitor();
    const body = contactSubmission(email);
    await mail.outage(true);
    expect((await callFunction(backend, FN, body, { ip })).status).toBe(502);
    await mail.outage(false);
    // The site sends the same values under the same id, with a new proof.
    expect(await callFunction(backend, FN, body, { ip })).toMatchObject({ status: 200, json: { ok: true } });
    // The answer was lost on the way: the visitor sends once more.
    expect(await callFunction(backend, FN, body, { ip })).toMatchObject({ status: 200, json: { ok: true } });
    const rows = (await storedMessages(email)).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sent_at).not.toBeNull();
    await mail.waitFor((m) => isTo(m, PRACTICE) && addressesOf(m.ReplyTo).includes(email));
    // The calls have answered, and a function sends before it answers: whatever it sent is caught.
    expect((await mail.all()).filter((m) => isTo(m, PRACTICE) && addressesOf(m.ReplyTo).includes(email))).toHaveLength(1);
  }, 20_000);

  it('answers preflights for the site and refuses other origins, CORS headers on every answer', async () => {
    const preflight = await fetch(`${backend.apiUrl}/functions/v1/${FN}`, {
      method: 'OPTIONS',
      headers: { Origin: SITE_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type, apikey, x-client-info' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i);

    const foreignPreflight = await fetch(`${backend.apiUrl}/functions/v1/${FN}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull();

    const { email, ip } = newVisitor();
    const foreign = await callFunction(backend, FN, contactSubmission(email), { ip, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect((await storedMessages(email)).rows).toHaveLength(0);
  });

  it('refuses calls without the key (the function checks apikey): 401, nothing stored', async () => {
    const { email, ip } = newVisitor();
    const response = await fetch(`${backend.apiUrl}/functions/v1/${FN}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE_ORIGIN, 'X-Forwarded-For': ip },
      body: JSON.stringify(contactSubmission(email)),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'missing_api_key' });
    expect((await storedMessages(email)).rows).toHaveLength(0);
  });

  it.runIf(ownStandIn)('keeps request bodies out of its log', async () => {
    const { email, ip } = newVisitor();
    await callFunction(backend, FN, contactSubmission(email, { message: 'Vertrauliche Beschwerden XYZ' }), { ip });
    const log = backend.stack!.functionLogs(FN).join('\n');
    expect(log).not.toContain('Vertrauliche Beschwerden');
    expect(log).not.toContain(email);
  });
});

describe('send-contact-email: the acknowledgement after the answer', () => {
  it('still sends the acknowledgement, after the answer', async () => {
    const { email, ip } = newVisitor();
    const body = contactSubmission(email);
    expect(await callFunction(backend, FN, body, { ip })).toMatchObject({ status: 200, json: { ok: true } });
    const toVisitor = await mail.waitFor((m) => isTo(m, email));
    expect(toVisitor.Subject).toBe(contactAcknowledgementMail({ email, language: 'de' }, { practiceEmail: PRACTICE }).subject);
    expect((await finishedAcknowledgement(backend, 'contact', body.requestId)).sent_at).not.toBeNull();
  });
});
