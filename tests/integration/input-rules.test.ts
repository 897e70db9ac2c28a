// @vitest-environment node
/**
 * The input rules and limits, against the stack (PGlite, and PostgreSQL 15 with DATABASE_URL): the
 * booking's REST insert held to the function's rules, one address rule and one mailbox
 * key, no oracle, no attacker text from the practice's address, and the smaller items.
 * Every test here failed on the code before these rules were added (the note on each says
 * how), except the start times of a past day, which were already refused, and what the phone
 * rule must keep working (the phones people write, null for none) and the limits at the
 * function and the tables, which held already: a value was cut in the form, by its
 * maxLength. docs/security-and-limits.md says what is promised.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signActionToken } from '../../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { readFunctionsSettings } from '../../scripts/stack/start-stack.ts';
import { MY_DATA_FUNCTION } from '../../supabase/functions/_shared/domain/my-data.ts';
import { NEWSLETTER_FUNCTION } from '../../supabase/functions/_shared/domain/newsletter.ts';
import { FIELD_LIMITS } from '../../supabase/functions/_shared/domain/field-limits.ts';
import { CONTACT_NAME_MAX } from '../../supabase/functions/_shared/domain/field-rules.ts';
import { addressesOf, isTo, mailApi, type MailApi } from '../support/mail-api.ts';
import {
  ageOutboxMails,
  appointmentSubmission,
  backendTarget,
  bookableDate,
  callFunction,
  finishedAcknowledgement,
  functionRateKey,
  insertAppointment,
  newAppointmentRequest,
  newVisitor,
  ownIpv6Network,
  ownStandIn,
  practiceMail,
  type TestBackend,
  zurichDate,
  settleAcknowledgements,
} from './stack-harness.ts';

let backend: TestBackend;
let mail: MailApi;
const APPOINTMENT = 'send-appointment-email';
const CONTACT = 'send-contact-email';
const PRACTICE = 'praxis@ruhepol-schlafberatung.ch';

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
  if (ownStandIn) await mail.outage(false);
});

function contactSubmission(email: string, overrides: Record<string, unknown> = {}) {
  return {
    requestId: randomUUID(),
    name: 'Anna Muster',
    email,
    phone: null,
    subject: null,
    message: 'Ich schlafe seit Wochen schlecht.',
    website: '',
    elapsedMs: 15_000,
    ...overrides,
  };
}

/** The marks of a request's practice mail (its outbox row): reported, failed, sent. */
const row = async (id: string) => {
  const mail = await practiceMail(backend, 'request', id);
  return mail && { request_reported_at: mail.request_reported_at, failed_at: mail.failed_at, sent_at: mail.sent_at };
};

/** The outbox, as pg_cron and the stack's timer call it. */
async function runOutbox() {
  const response = await fetch(`${backend.apiUrl}/functions/v1/send-pending-mail`, {
    method: 'POST',
    headers: { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Letters only, for addresses whose local part the tests vary. */
const letters = () => randomUUID().replace(/[^a-f]/g, '').slice(0, 8).padEnd(8, 'x');

describe('one address rule (item 2): the database accepts exactly the addresses the function accepts', () => {
  // Before: each was stored over REST (201), then acknowledged by the outbox.
  it.each(['victim@x.ch.', '<victim@x.ch>', 'victim(c)@x.ch', 'g:victim@x.ch;', 'victim@x.ch,'])('refuses %s over REST and in the function', async (address) => {
    const { ip } = newVisitor();
    const { status, error } = await insertAppointment(backend, ip, newAppointmentRequest(address));
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514' });
    expect(error?.message).toContain('"email_is_an_address"');
    expect(await callFunction(backend, CONTACT, contactSubmission(address), { ip })).toMatchObject({
      status: 400,
      json: { error: 'invalid_body', field: 'email' },
    });
  });

  it('acknowledges one mailbox once, whatever its spelling: case, +tags, Gmail\'s dots and googlemail.com', async () => {
    // Before: six variants, six acknowledgements in one mailbox.
    const local = letters();
    const spelled = `${local.slice(0, 3)}.${local.slice(3, 5)}.${local.slice(5)}`;
    const variants = [
      `${local}@gmail.com`,
      `${spelled}@gmail.com`,
      `${local}@googlemail.com`,
      `${spelled.toUpperCase()}+anfrage@GoogleMail.com`,
      `${local}+1@gmail.com`,
      `${spelled}+x@gmail.com`,
    ];
    const ids: string[] = [];
    for (const address of variants) {
      // Each from a client of its own: no client's limit decides it.
      const body = contactSubmission(address);
      ids.push(body.requestId);
      expect(await callFunction(backend, CONTACT, body, { ip: newVisitor().ip })).toMatchObject({ status: 200 });
    }
    // The practice mails went out before the answers, the acknowledgements after them: once
    // each acknowledgement is finished, whatever was sent is caught.
    for (const id of ids) await finishedAcknowledgement(backend, 'contact', id);
    const all = await mail.all();
    const lower = variants.map((address) => address.toLowerCase());
    expect(all.filter((m) => isTo(m, PRACTICE) && addressesOf(m.ReplyTo).some((a) => lower.includes(a.toLowerCase())))).toHaveLength(6);
    expect(all.filter((m) => addressesOf(m.To).some((a) => lower.includes(a.toLowerCase())))).toHaveLength(1);
  });
});

describe('no oracle (item 3)', () => {
  it('answers an insert the same whether its address asked a moment ago or never', async () => {
    // Before: the victim's five requests made the stranger's sixth with that address 401,
    // and a fresh address 201 – the difference told the stranger the victim had asked.
    const victim = newVisitor();
    for (let n = 0; n < 5; n += 1) expect((await insertAppointment(backend, victim.ip, newAppointmentRequest(victim.email))).error).toBeNull();
    const stranger = newVisitor().ip;
    const seen = await insertAppointment(backend, stranger, newAppointmentRequest(victim.email));
    const fresh = await insertAppointment(backend, stranger, newAppointmentRequest(newVisitor().email));
    expect({ status: seen.status, error: seen.error }).toEqual({ status: fresh.status, error: fresh.error });
    expect(seen.status).toBe(201);
  });

  it('discards a stored request only with the proof that stored it', async () => {
    // Before: any call with the row's id and the honeypot filled deleted it, no proof needed.
    const { ip, email } = newVisitor();
    const stored = newAppointmentRequest(email);
    const { error, proof } = await insertAppointment(backend, ip, stored);
    expect(error).toBeNull();
    const bot = { ...appointmentSubmission(stored), website: 'https://spam.example' };
    // Another genuine proof (callFunction signs a new one): refused, the row stays.
    expect(await callFunction(backend, APPOINTMENT, bot, { ip: newVisitor().ip })).toMatchObject({ status: 422, json: { error: 'rejected' } });
    expect(await row(stored.id)).toBeDefined();
    // The proof of its insert: discarded.
    expect(await callFunction(backend, APPOINTMENT, { ...bot, altcha: proof }, { ip })).toMatchObject({ status: 422 });
    expect(await row(stored.id)).toBeUndefined();
  });
});

describe('no attacker text from the practice\'s address (item 4)', () => {
  it('refuses a name that carries a link, a number or a domain: over REST and in both functions', async () => {
    // Before: stored, mailed to the practice, and quoted back to the address in the decline.
    const { ip, email } = newVisitor();
    for (const name of ['Ihr Konto wurde gesperrt https://bank.example', 'bank.example', 'Anna 0800 123 456', 'anna@bank.example']) {
      const insert = await insertAppointment(backend, ip, newAppointmentRequest(email, { first_name: name }));
      expect(insert.status, name).toBe(400);
      expect(insert.error?.message, name).toContain('"first_name_is_a_name"');
      expect((await callFunction(backend, APPOINTMENT, appointmentSubmission(newAppointmentRequest(email, { last_name: name })), { ip })).json, name)
        .toEqual({ error: 'invalid_body', field: 'lastName' });
      expect((await callFunction(backend, CONTACT, contactSubmission(email, { name }), { ip: newVisitor().ip })).json, name)
        .toEqual({ error: 'invalid_body', field: 'name' });
    }
  });

  it('takes names only in the scripts the invoice PDF prints (Latin, Greek, Cyrillic): over REST and in both functions', async () => {
    // Before: stored, and printed on the invoice as garbage (Helvetica has no Hebrew or CJK glyphs).
    const { ip, email } = newVisitor();
    for (const name of ['דוד Müller', 'محمد', '李小龍', 'ジョン・スミス', 'राम']) {
      const insert = await insertAppointment(backend, ip, newAppointmentRequest(email, { first_name: name }));
      expect(insert.status, name).toBe(400);
      expect(insert.error?.message, name).toContain('"first_name_is_a_name"');
      expect((await callFunction(backend, APPOINTMENT, appointmentSubmission(newAppointmentRequest(email, { last_name: name })), { ip })).json, name)
        .toEqual({ error: 'invalid_body', field: 'lastName' });
      expect((await callFunction(backend, CONTACT, contactSubmission(email, { name }), { ip: newVisitor().ip })).json, name)
        .toEqual({ error: 'invalid_body', field: 'name' });
    }
    const greek = newVisitor();
    expect((await insertAppointment(backend, greek.ip, newAppointmentRequest(greek.email, { first_name: 'Ὀδυσσεύς', last_name: 'Λαέρτιος' }))).error).toBeNull();
    const cyrillic = newVisitor();
    expect((await insertAppointment(backend, cyrillic.ip, newAppointmentRequest(cyrillic.email, { first_name: 'Дмитрий', last_name: 'Шостакович' }))).error).toBeNull();
  });

  it('the decline greets no one by name: it repeats nothing the visitor typed', async () => {
    // Before: «Guten Tag Ihr Konto wurde gesperrt …», from the practice to whoever's address it was.
    const { ip, email } = newVisitor();
    const stored = newAppointmentRequest(email, { first_name: 'Ihr Konto wurde gesperrt', last_name: 'Melden Sie sich sofort' });
    expect((await insertAppointment(backend, ip, stored)).error).toBeNull();
    const token = await signActionToken(readFunctionsSettings().ACTION_TOKEN_SECRET ?? '', {
      requestId: stored.id,
      action: 'decline',
      expiresAt: Math.floor(Date.now() / 1000) + 86_400,
    });
    const pressed = await callFunction(backend, 'appointment-action', { token, intent: 'act' }, { ip, proof: false });
    expect(pressed.status, pressed.text).toBe(200);
    const decline = await mail.waitFor((m) => isTo(m, email));
    const text = decline.Text ?? '';
    expect(text).toMatch(/^Guten Tag\r?\n/);
    expect(text).not.toContain('Konto');
    expect(text).not.toContain('Melden');
    expect(decline.Subject).not.toContain('Konto');
  });
});

describe('the insert is held to the function\'s rules (item 5)', () => {
  it('stores 5 requests per client in 10 minutes over REST, as the functions count', async () => {
    // Before: 20 an hour (9 of 9 in a minute were stored).
    const { ip } = newVisitor();
    const statuses: number[] = [];
    for (let n = 0; n < 7; n += 1) statuses.push((await insertAppointment(backend, ip, newAppointmentRequest(newVisitor().email))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 401, 401]);
  });

  const BLANK_LOOKING: Array<[string, string]> = [
    ['BRAILLE PATTERN BLANK', '\u2800'],
    ['HANGUL FILLER', '\u3164'],
    ['HANGUL CHOSEONG FILLER', '\u115F'],
    ['HANGUL JUNGSEONG FILLER', '\u1160'],
    ['HALFWIDTH HANGUL FILLER', '\uFFA0'],
    ...Array.from({ length: 11 }, (_, n): [string, string] => [`U+${(0x2000 + n).toString(16).toUpperCase()}`, String.fromCodePoint(0x2000 + n)]),
    ['two fillers and a Braille blank', '\u3164\u3164\u2800'],
  ];

  it.each(BLANK_LOOKING)('refuses a name of %s everywhere', async (_, blank) => {
    // Before: U+2800 and U+3164 passed both the database and the function.
    const { ip, email } = newVisitor();
    const insert = await insertAppointment(backend, ip, newAppointmentRequest(email, { first_name: blank }));
    expect(insert.status).toBe(400);
    expect(insert.error?.code).toBe('23514');
    expect((await callFunction(backend, APPOINTMENT, appointmentSubmission(newAppointmentRequest(email, { first_name: blank })), { ip })).json)
      .toEqual({ error: 'invalid_body', field: 'firstName' });
    expect((await callFunction(backend, CONTACT, contactSubmission(email, { name: blank }), { ip })).json).toEqual({ error: 'invalid_body', field: 'name' });
  });

  it('refuses an alternative time without an alternative date, over REST and in the function', async () => {
    // Before: stored.
    const { ip, email } = newVisitor();
    const stored = newAppointmentRequest(email, { alternative_date: null, alternative_time: '10:00' });
    const insert = await insertAppointment(backend, ip, stored);
    expect(insert.status).toBe(400);
    expect(insert.error?.message).toContain('"alternative_time_needs_date"');
    expect((await callFunction(backend, APPOINTMENT, appointmentSubmission(stored), { ip })).json).toEqual({ error: 'invalid_body', field: 'alternativeDate' });
  });

  it('records whether the site reported a request and whether a send failed: nothing for an insert alone', async () => {
    // Before: neither existed, and the outbox marked every late request «[Verspätet]».
    const { ip, email } = newVisitor();
    const alone = newAppointmentRequest(email);
    expect((await insertAppointment(backend, ip, alone)).error).toBeNull();
    expect(await row(alone.id)).toMatchObject({ request_reported_at: null, failed_at: null });

    const reported = newAppointmentRequest(email);
    const { proof } = await insertAppointment(backend, ip, reported);
    expect(await callFunction(backend, APPOINTMENT, { ...appointmentSubmission(reported), altcha: proof }, { ip })).toMatchObject({ status: 200 });
    expect(await row(reported.id)).toMatchObject({ request_reported_at: expect.any(Date), failed_at: null, sent_at: expect.any(Date) });
  });

  it.runIf(ownStandIn)('records a failed send: the practice mail refused by the provider', async () => {
    const { ip, email } = newVisitor();
    const failing = newAppointmentRequest(email);
    const { proof } = await insertAppointment(backend, ip, failing);
    await mail.outage(true);
    const answer = await callFunction(backend, APPOINTMENT, { ...appointmentSubmission(failing), altcha: proof }, { ip });
    await mail.outage(false);
    expect(answer).toMatchObject({ status: 502, json: { error: 'mail_failed', stored: true } });
    expect(await row(failing.id)).toMatchObject({ request_reported_at: expect.any(Date), failed_at: expect.any(Date), sent_at: null });
  });

  // Needs send-pending-mail to build its mails with pendingRequestMails / pendingContactMails
  // (supabase/functions/_shared/forms/request-emails.ts).
  it.runIf(ownStandIn)('the outbox sends a request stored without the function unmarked as late, marked for checking, and unacknowledged', async () => {
    // Before: «[Verspätet] … der E-Mail-Versand war bis jetzt gestört», and an acknowledgement to the address.
    const { ip, email } = newVisitor();
    const alone = newAppointmentRequest(email, { first_name: 'Nie', last_name: 'Gemeldet' });
    expect((await insertAppointment(backend, ip, alone)).error).toBeNull();
    // Older than the grace the outbox leaves to the visitor's own call.
    await backend.query(`update public.appointment_requests set created_at = now() - interval '3 minutes' where id = $1`, [alone.id]);
    await ageOutboxMails(backend, alone.id);
    expect((await runOutbox()).status).toBe(200);
    const toPractice = await mail.waitFor((m) => isTo(m, PRACTICE) && m.Subject.includes('Nie Gemeldet'));
    expect(toPractice.Subject).toMatch(/^\[Prüfen\] Neue Terminanfrage: Nie Gemeldet/);
    expect(toPractice.Subject).not.toContain('Verspätet');
    // The calls have answered, and a function sends before it answers: whatever it sent is caught.
    expect((await mail.all()).filter((m) => isTo(m, email))).toEqual([]);
    expect((await row(alone.id))!.sent_at).not.toBeNull();
  });
});

describe('the smaller items (item 6)', () => {
  it('answers \'infinity\' and \'-infinity\' as a date with its own 400, not Postgres\'s words', async () => {
    // Before: 400 0A000 «cannot convert infinity to integer».
    const { ip, email } = newVisitor();
    const preferred = await insertAppointment(backend, ip, newAppointmentRequest(email, { preferred_date: 'infinity' }));
    expect(preferred.status).toBe(400);
    expect(preferred.error).toMatchObject({ code: '23514', message: 'preferred_date must be a calendar day', details: 'preferred_date:not_a_day' });
    const alternative = await insertAppointment(backend, ip, newAppointmentRequest(email, { alternative_date: '-infinity', alternative_time: '10:00' }));
    expect(alternative.error).toMatchObject({ code: '23514', message: 'alternative_date must be a calendar day' });
  });

  it('answers the start times of a past day, or of \'infinity\', with nothing (already so before)', async () => {
    for (const day of [zurichDate(-1), zurichDate(-365), 'infinity', '-infinity']) {
      const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/appointment_start_times`, {
        method: 'POST',
        headers: { apikey: backend.publishableKey, authorization: `Bearer ${backend.publishableKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ p_day: day, p_service: 'schlafberatung' }),
      });
      expect(response.status, day).toBe(200);
      expect(await response.json(), day).toEqual([]);
    }
    const today = await fetch(`${backend.apiUrl}/rest/v1/rpc/appointment_start_times`, {
      method: 'POST',
      headers: { apikey: backend.publishableKey, authorization: `Bearer ${backend.publishableKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_day: bookableDate(7), p_service: 'schlafberatung' }),
    });
    expect(((await today.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it('counts an IPv6 client\'s day by its /48: 10 /64s of one /48 store 10, the 11th is refused, the next /48 is not', async () => {
    // Before: each /64 had 30 a day of its own: a /48 held 65,536 times that.
    const network = ownIpv6Network();
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      statuses.push((await insertAppointment(backend, `${network}:${(n + 1).toString(16)}::1`, newAppointmentRequest(newVisitor().email))).status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 401]);
    const [a, b, c] = network.split(':');
    const neighbour = `${a}:${b}:${(parseInt(c!, 16) ^ 0x8000).toString(16)}:1::1`;
    expect((await insertAppointment(backend, neighbour, newAppointmentRequest(newVisitor().email))).status).toBe(201);
  });

  it('gives a client network at most a twentieth of the day\'s acknowledgements (5 of 100)', async () => {
    // Before: a handful of clients spent the shared cap of 100 for everyone.
    const { ip, email } = newVisitor();
    // Five acknowledgements earlier today for this client's network (an IPv4 address is its own).
    await backend.query(`insert into public.rate_limit_events (bucket, key) select 'ack-client', $1 from generate_series(1, 5)`, [
      await functionRateKey('client', ip),
    ]);
    const held = contactSubmission(email);
    expect(await callFunction(backend, CONTACT, held, { ip })).toMatchObject({ status: 200, json: { ok: true } });
    await mail.waitFor((m) => isTo(m, PRACTICE) && addressesOf(m.ReplyTo).includes(email));
    // The acknowledgement is decided after the answer: dropped by its limits, nothing sent.
    expect(await finishedAcknowledgement(backend, 'contact', held.requestId)).toMatchObject({ sent_at: null, last_cause: 'ack_limited' });
    expect((await mail.all()).filter((m) => isTo(m, email))).toEqual([]);
    // Another client's visitor is acknowledged as before.
    const other = newVisitor();
    expect(await callFunction(backend, CONTACT, contactSubmission(other.email), { ip: other.ip })).toMatchObject({ status: 200 });
    await mail.waitFor((m) => isTo(m, other.email));
  });
});

describe('text Postgres cannot store is refused at the field, by every function', () => {
  // A lone surrogate has no UTF-8 and text cannot hold NUL: Postgres refuses both in text and
  // jsonb (22P02), and the diary's note answered 500 with them (sleep-diary.test.ts). Before, the
  // forms' fields were refused here already; the tokens, the amount and the honeypots were not
  // held to the rule and answered 403, 404, 410 or 422 – safe only because nothing stored them yet.
  const UNSTORABLE: Array<[string, string]> = [['a lone surrogate', 'a\ud800b'], ['NUL', 'a\u0000b']];
  const actionToken = () =>
    signActionToken(readFunctionsSettings().ACTION_TOKEN_SECRET ?? '', {
      requestId: randomUUID(),
      action: 'view',
      expiresAt: Math.floor(Date.now() / 1000) + 86_400,
    });
  const email = () => newVisitor().email;
  const CASES: Array<[fn: string, field: string, body: (bad: string) => Promise<Record<string, unknown>> | Record<string, unknown>]> = [
    [CONTACT, 'name', (bad) => contactSubmission(email(), { name: `Anna ${bad}` })],
    [CONTACT, 'message', (bad) => contactSubmission(email(), { message: bad })],
    [CONTACT, 'subject', (bad) => contactSubmission(email(), { subject: bad })],
    [CONTACT, 'website', (bad) => contactSubmission(email(), { website: bad })],
    [APPOINTMENT, 'message', (bad) => appointmentSubmission(newAppointmentRequest(email(), { message: bad }))],
    [APPOINTMENT, 'website', (bad) => ({ ...appointmentSubmission(newAppointmentRequest(email())), website: bad })],
    ['appointment-action', 'token', (bad) => ({ token: bad, intent: 'show' })],
    ['appointment-action', 'note', async (bad) => ({ token: await actionToken(), intent: 'act', note: bad })],
    ['appointment-action', 'amount', async (bad) => ({ token: await actionToken(), intent: 'invoice', amount: bad })],
    [MY_DATA_FUNCTION, 'token', (bad) => ({ action: 'show', token: bad })],
    [MY_DATA_FUNCTION, 'email', (bad) => ({ action: 'link', email: bad, website: '', elapsedMs: 8_000 })],
    [MY_DATA_FUNCTION, 'website', (bad) => ({ action: 'link', email: email(), website: bad, elapsedMs: 8_000 })],
    [NEWSLETTER_FUNCTION, 'email', (bad) => ({ action: 'subscribe', email: bad, website: '', elapsedMs: 8_000 })],
    [NEWSLETTER_FUNCTION, 'token', (bad) => ({ action: 'confirm', token: bad })],
  ];
  const table = CASES.flatMap(([fn, field, body]) => UNSTORABLE.map(([what, bad]) => ({ fn, field, what, bad, body })));

  it.each(table)('$fn refuses $what in $field with 400 and the field', async ({ fn, field, bad, body }) => {
    const sent = await body(bad);
    // Token-only calls carry no proof; the forms' calls get a fresh one.
    const proof = !('token' in sent) || fn === CONTACT || fn === APPOINTMENT;
    const answer = await callFunction(backend, fn, sent, { ip: newVisitor().ip, proof });
    expect({ status: answer.status, json: answer.json }).toEqual({ status: 400, json: { error: 'invalid_body', field } });
  });
});

describe('a phone is a phone, and a value over its field\'s limit is refused, never cut', () => {
  // Before: `📞 079 abc` was stored over REST and by both functions (it reached the practice's
  // digest as the phone to call back), and nothing anywhere said what a phone is.
  const NOT_A_PHONE = ['📞 079 abc', '12345', '079+123456', 'bitte anrufen'];
  const PHONES = ['079 123 45 67', '+41 79 123 45 67', '044/123 45 67', '(044) 123-45-67'];
  const contactRow = (phone: string | null, overrides: { name?: string; subject?: string } = {}) =>
    backend.query(`insert into public.contact_submissions (name, email, phone, subject, message) values ($1, $2, $3, $4, 'Hallo')`, [
      overrides.name ?? 'Anna Muster',
      newVisitor().email,
      phone,
      overrides.subject ?? null,
    ]);

  it.each(NOT_A_PHONE)('refuses %s as the phone: the booking\'s insert, both functions and the contact table', async (phone) => {
    const { ip, email } = newVisitor();
    const insert = await insertAppointment(backend, ip, newAppointmentRequest(email, { phone }));
    expect(insert.status).toBe(400);
    expect(insert.error).toMatchObject({ code: '23514' });
    expect(insert.error?.message).toContain('"phone_is_a_number"');
    expect(await callFunction(backend, APPOINTMENT, appointmentSubmission(newAppointmentRequest(email, { phone })), { ip })).toMatchObject({
      status: 400,
      json: { error: 'invalid_body', field: 'phone' },
    });
    expect(await callFunction(backend, CONTACT, contactSubmission(email, { phone }), { ip: newVisitor().ip })).toMatchObject({
      status: 400,
      json: { error: 'invalid_body', field: 'phone' },
    });
    await expect(contactRow(phone)).rejects.toThrow(/"phone_is_a_number"/);
  });

  it('stores the phones people write, and an optional phone left empty as null', async () => {
    for (const phone of PHONES) {
      const { ip, email } = newVisitor();
      expect((await insertAppointment(backend, ip, newAppointmentRequest(email, { phone }))).error, phone).toBeNull();
      await contactRow(phone);
    }
    const body = contactSubmission(newVisitor().email, { phone: null });
    expect(await callFunction(backend, CONTACT, body, { ip: newVisitor().ip })).toMatchObject({ status: 200 });
    const { rows } = await backend.query<{ phone: string | null }>('select phone from public.contact_submissions where id = $1', [body.requestId]);
    expect(rows).toEqual([{ phone: null }]);
  });

  it('refuses a value one character over its limit with the field, and stores none cut to the limit', async () => {
    // Before: the form's maxLength cut a pasted 120-character surname to 100 without a word.
    const { ip, email } = newVisitor();
    const long = 'x'.repeat(FIELD_LIMITS.name + 1);
    const insert = await insertAppointment(backend, ip, newAppointmentRequest(email, { last_name: long }));
    expect(insert.status).toBe(400);
    expect(insert.error?.message).toContain('"last_name_valid"');
    expect((await callFunction(backend, APPOINTMENT, appointmentSubmission(newAppointmentRequest(email, { last_name: long })), { ip })).json)
      .toEqual({ error: 'invalid_body', field: 'lastName' });
    const overLimit: Array<[field: string, value: string]> = [
      ['name', `Anna ${'x'.repeat(CONTACT_NAME_MAX - 4)}`],
      ['phone', '0'.repeat(FIELD_LIMITS.phone + 1)],
      ['subject', 's'.repeat(FIELD_LIMITS.subject + 1)],
      ['message', 'm'.repeat(FIELD_LIMITS.message + 1)],
    ];
    for (const [field, value] of overLimit) {
      expect((await callFunction(backend, CONTACT, contactSubmission(newVisitor().email, { [field]: value }), { ip: newVisitor().ip })).json, field)
        .toEqual({ error: 'invalid_body', field });
    }
    await expect(contactRow(null, { name: overLimit[0]![1] })).rejects.toThrow(/"name_valid"/);
    await expect(contactRow(overLimit[1]![1])).rejects.toThrow(/"phone_valid"/);
    await expect(contactRow(null, { subject: overLimit[2]![1] })).rejects.toThrow(/"subject_valid"/);
    // At the limit each is taken whole.
    await contactRow('0'.repeat(FIELD_LIMITS.phone), { name: `Anna ${'x'.repeat(CONTACT_NAME_MAX - 5)}`, subject: 's'.repeat(FIELD_LIMITS.subject) });
    const { rows } = await backend.query<{ n: number }>('select char_length(subject) as n from public.contact_submissions where phone = $1', [
      '0'.repeat(FIELD_LIMITS.phone),
    ]);
    expect(rows.map((row) => Number(row.n))).toContain(FIELD_LIMITS.subject);
  });
});
