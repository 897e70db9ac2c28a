/**
 * send-pending-mail (the outbox) with the in-memory Store and Mailer: what is stored and
 * not yet mailed goes out once; a failed send is released, counted and tried again only
 * after its backoff; the daily cap defers without counting a failure and is charged only
 * for mails that went out; tomorrow's reminders from 09:00; only the secret key starts a run.
 * The claims themselves are the database's (tests/integration/outbox.test.ts).
 */
import assert from 'node:assert/strict';
import { reminderDueAt, REMINDERS_FROM_HOUR } from '../_shared/domain/outbox.ts';
import type { LogLine } from '../_shared/http/request-gate.ts';
import { CLAIM_LAPSE_MS, type StoredContactMessage } from '../_shared/database/store.ts';
import { CLAIM_MARGIN_MS, DAILY_CAP_NOTICE_TITLE } from '../_shared/mail/budget.ts';
import { CONTACT_PRACTICE_TITLE } from '../_shared/forms/request-emails.ts';
import { CALL_US_TEXT } from '../_shared/lifecycle/appointment-emails.ts';
import { createOutboxHandler, type OutboxOptions } from '../send-pending-mail/outbox-handler.ts';
import { formMailKey } from '../_shared/mail/mail-keys.ts';
import { createContactHandler } from '../send-contact-email/contact-handler.ts';
import { createActionHandler } from '../appointment-action/action-handler.ts';
import { signActionToken } from '../_shared/lifecycle/action-tokens.ts';
import {
  ACTION_TOKEN_SECRET,
  actionClaims,
  storedAppointmentRequest,
  appointmentState,
  FakeMailer,
  FakeStore,
  newContactSubmission,
  post,
  property,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  testConfig,
} from './helpers.ts';
import { advisorName } from '../_shared/domain/practice.ts';

const SANDRA_HUBER = advisorName('sandra-huber');

/** 10:30 in Zurich on 10 December: tomorrow's reminders are due. */
const NOW = new Date('2026-12-10T09:30:00Z');

const contact = (id: string, overrides: Partial<StoredContactMessage> = {}): StoredContactMessage => ({
  id,
  created_at: '2026-12-10T07:00:00Z',
  name: 'Anna Muster',
  email: `${id.slice(-1)}@example.ch`,
  phone: null,
  subject: null,
  message: 'Guten Tag, ich habe Rückenschmerzen.',
  language: 'de',
  ...overrides,
});

function setup(now = NOW, env: Record<string, string> = {}, options: OutboxOptions = {}) {
  const store = new FakeStore();
  const mailer = new FakeMailer();
  const logs: LogLine[] = [];
  const handle = createOutboxHandler({ config: testConfig(env), store, mailer, now: () => now, log: (line) => logs.push(line) }, options);
  return { store, mailer, logs, handle };
}

const run = async (handle: (request: Request) => Promise<Response>, apikey = SECRET_KEY) => {
  const response = await handle(new Request('http://localhost/functions/v1/send-pending-mail', {
    method: 'POST',
    headers: { apikey, authorization: `Bearer ${apikey}`, 'content-type': 'application/json' },
    body: '{}',
  }));
  return { status: response.status, body: await response.json() };
};

const confirmed = { status: 'confirmed' as const, advisor: 'sandra-huber' as const, calendar_sequence: 1, outcome_sent_for: 'confirmed' };

Deno.test('a stored message the visitor\'s call could not mail: the practice gets it marked as late, the visitor an acknowledgement, once', async () => {
  const { handle, mailer, store } = setup();
  // The visitor's call tried and failed (send_failed_at): only then is it «[Verspätet]».
  store.pendingContacts.push({ ...contact('00000000-0000-4000-8000-00000000000a'), send_failed_at: '2026-12-10T07:00:05Z' });
  assert.deepEqual(await run(handle), { status: 200, body: { sent: 1, failed: 0, deferred: 0, gaveUp: 0 } });
  assert.deepEqual(mailer.sent.map((mail) => mail.to), ['praxis@ruhepol-schlafberatung.ch', 'a@example.ch']);
  assert.equal(mailer.sent[0]!.subject, `[Verspätet] ${CONTACT_PRACTICE_TITLE}: Anna Muster`);
  assert.match(mailer.sent[0]!.text, /eingegangen am Donnerstag, 10\. Dezember 2026, 08:00 Uhr/);
  assert.match(mailer.sent[0]!.text, /Rückenschmerzen/);
  assert.equal(store.counts.get('mail|all'), 1, 'the practice mail is charged to the daily cap');
  assert.deepEqual(store.jobRuns, [{ job: 'send-pending-mail', ok: true, summary: { sent: 1, failed: 0, deferred: 0, gaveUp: 0 } }]);

  assert.deepEqual((await run(handle)).body, { sent: 0, failed: 0, deferred: 0, gaveUp: 0 });
  assert.equal(mailer.sent.length, 2);
});

Deno.test('a stored appointment request goes out with the staff links, Reply-To the practice itself', async () => {
  const { handle, mailer, store } = setup();
  store.pendingRequests.push({ ...storedAppointmentRequest(), reported_at: '2026-12-10T07:00:01Z', send_failed_at: '2026-12-10T07:00:05Z' });
  assert.equal((await run(handle)).body.sent, 1);
  const practice = mailer.sent[0]!;
  assert.match(practice.subject, /^\[Verspätet\] Neue Terminanfrage: /);
  assert.match(practice.text, /\/termin\/aktion#/);
  assert.equal(practice.replyTo, 'praxis@ruhepol-schlafberatung.ch');
  assert.deepEqual(store.finished, [{ id: storedAppointmentRequest().id, sent: true }]);
});

Deno.test('during an outage: each failure is released, counted and not tried again before its backoff; the cap is not charged', async () => {
  const { handle, mailer, store } = setup();
  store.pendingContacts.push(contact('00000000-0000-4000-8000-00000000000a'), contact('00000000-0000-4000-8000-00000000000b'));
  mailer.fail = 'all';
  const failed = await run(handle);
  assert.deepEqual(failed, { status: 502, body: { error: 'mail_failed', sent: 0, failed: 2, deferred: 0, gaveUp: 0 } });
  assert.equal(store.counts.get('mail|all'), 0, 'failed sends are given back to the cap');
  assert.deepEqual([...store.deliveries.values()].map((d) => [d.attempts, d.cause]), [[1, 'smtp_ECONNREFUSED'], [1, 'smtp_ECONNREFUSED']]);
  assert.equal(store.jobRuns[0]!.ok, false);

  // Still waiting for the backoff: nothing is tried.
  mailer.fail = [];
  const attemptsBefore = mailer.attempts;
  assert.deepEqual((await run(handle)).body, { sent: 0, failed: 0, deferred: 0, gaveUp: 0 });
  assert.equal(mailer.attempts, attemptsBefore);

  store.backoffOver();
  assert.equal((await run(handle)).body.sent, 2);
  assert.equal(store.deliveries.size, 0);
  assert.equal(mailer.sent.filter((mail) => mail.to === 'praxis@ruhepol-schlafberatung.ch').length, 2);
});

Deno.test('the daily cap defers the rest without counting a failure; they go out once it allows', async () => {
  const { handle, mailer, store } = setup(NOW, { DAILY_MAIL_CAP: '1' });
  store.pendingContacts.push(contact('00000000-0000-4000-8000-00000000000a'), contact('00000000-0000-4000-8000-00000000000b'));
  assert.deepEqual((await run(handle)).body, { sent: 1, failed: 0, deferred: 1, gaveUp: 0 });
  assert.equal(store.deliveries.size, 0, 'a deferred mail is no failure');
  // The cap's notice went to the practice once (outside the cap).
  assert.equal(mailer.sent.filter((mail) => mail.subject === DAILY_CAP_NOTICE_TITLE).length, 1);
  store.counts.set('mail|all', 0);
  assert.deepEqual((await run(handle)).body, { sent: 1, failed: 0, deferred: 0, gaveUp: 0 });
});

Deno.test('a decision whose mails failed on the action page: the confirmation and the practice\'s entry go out', async () => {
  const { handle, mailer, store } = setup();
  // Booked for 90 minutes (its length when requested), whatever the catalogue says now.
  const row = appointmentState({ ...confirmed, confirmed_date: '2026-12-18', confirmed_time: '10:00', appointment_minutes: 90, outcome_sent_for: null });
  store.appointments.set(row.id, row);
  assert.equal((await run(handle)).body.sent, 1);
  assert.deepEqual(mailer.sent.map((mail) => mail.subject), [
    'Terminbestätigung: Freitag, 18. Dezember 2026, 10:00 Uhr',
    'Termin bestätigt: Beat Keller – Freitag, 18. Dezember 2026, 10:00 Uhr',
  ]);
  const [visitor, practice] = mailer.sent;
  assert.ok(visitor!.text.includes(`Sie werden von ${SANDRA_HUBER} beraten.`));
  assert.match(practice!.text, new RegExp(String.raw`Beratung durch:\s+${SANDRA_HUBER}`));
  for (const mail of [visitor!, practice!]) {
    const ics = mail.attachments![0]!.content;
    assert.ok(property(ics, 'SUMMARY')[0]!.includes(SANDRA_HUBER), mail.subject);
    assert.deepEqual(property(ics, 'DTEND'), ['20261218T113000'], mail.subject);
  }
  assert.equal(store.appointments.get(row.id)!.outcome_sent_for, 'confirmed');
});

Deno.test('tomorrow\'s reminders from 09:00 Zurich time, once; none for a cancelled one or another day', async () => {
  const rows = [
    appointmentState({ ...confirmed, id: '00000000-0000-4000-8000-000000000001', confirmed_date: '2026-12-11', confirmed_time: '09:30', email: 'a@example.ch' }),
    appointmentState({ ...confirmed, id: '00000000-0000-4000-8000-000000000002', confirmed_date: '2026-12-11', confirmed_time: '14:00', status: 'cancelled', outcome_sent_for: 'cancelled' }),
    appointmentState({ ...confirmed, id: '00000000-0000-4000-8000-000000000003', confirmed_date: '2026-12-12', confirmed_time: '10:00' }),
  ];
  const early = setup(new Date('2026-12-10T07:30:00Z'));
  for (const row of rows) early.store.appointments.set(row.id, row);
  assert.equal((await run(early.handle)).body.sent, 0, '08:30 in Zurich: not yet');

  const { handle, mailer, store } = setup();
  for (const row of rows) store.appointments.set(row.id, row);
  assert.equal((await run(handle)).body.sent, 1);
  assert.deepEqual(mailer.sent.map((mail) => [mail.to, mail.subject]), [['a@example.ch', 'Erinnerung an Ihren Termin: Freitag, 11. Dezember 2026, 09:30 Uhr']]);
  assert.match(mailer.sent[0]!.text, /Ihren Termin morgen/);
  assert.ok(mailer.sent[0]!.text.includes(`Sie werden von ${SANDRA_HUBER} beraten.`), 'the reminder names the advisor');
  // 23 hours before: no links any more, the phone number.
  assert.equal(mailer.sent[0]!.text.includes('/termin/aktion'), false);
  assert.ok(mailer.sent[0]!.text.includes(CALL_US_TEXT));
  assert.equal((await run(handle)).body.sent, 0);
});

Deno.test('a reminder more than 24 hours before the start carries the cancel link and «Termin verschieben»', async () => {
  const { handle, mailer, store } = setup();
  const row = appointmentState({ ...confirmed, confirmed_date: '2026-12-11', confirmed_time: '17:30' });
  store.appointments.set(row.id, row);
  assert.equal((await run(handle)).body.sent, 1);
  const reminder = mailer.sent[0]!;
  assert.deepEqual((await actionClaims(reminder, NOW)).map((claim) => [claim.action, new Date(claim.expiresAt * 1000).toISOString()]), [
    ['cancel', '2026-12-11T16:30:00.000Z'],
    ['request-move', '2026-12-11T16:30:00.000Z'],
  ]);
  assert.ok(reminder.html.includes('>Termin verschieben</a>'));
  assert.ok(reminder.html.includes(`Sie werden von ${SANDRA_HUBER} beraten.`));
});

Deno.test('a reminder of an appointment without an advisor leaves the sentence out', async () => {
  const { handle, mailer, store } = setup();
  const row = appointmentState({ ...confirmed, advisor: null, confirmed_date: '2026-12-11', confirmed_time: '17:30' });
  store.appointments.set(row.id, row);
  assert.equal((await run(handle)).body.sent, 1);
  assert.equal(/beraten\.|Huber|Brunner/.test(mailer.sent[0]!.text + mailer.sent[0]!.html), false);
});

const wishToMove = {
  ...confirmed,
  confirmed_date: '2026-12-18',
  confirmed_time: '10:00',
  move_status: 'requested' as const,
  move_date: '2026-12-21',
  move_time: '14:00',
  move_count: 1,
};

Deno.test('a wish to move whose mails failed on the page: the practice\'s mail with this wish\'s links and the visitor\'s receipt go out once', async () => {
  const { handle, mailer, store } = setup();
  const row = appointmentState(wishToMove);
  assert.equal(row.outcome_key, 'move-requested:1');
  store.appointments.set(row.id, row);
  assert.equal((await run(handle)).body.sent, 1);
  assert.deepEqual(mailer.sent.map((mail) => [mail.to, mail.subject]), [
    ['praxis@ruhepol-schlafberatung.ch', 'Terminverschiebung gewünscht: Beat Keller – Montag, 21. Dezember 2026, 14:00 Uhr'],
    ['beat.keller@example.ch', 'Verschiebung angefragt: Montag, 21. Dezember 2026, 14:00 Uhr'],
  ]);
  assert.deepEqual((await actionClaims(mailer.sent[0]!, NOW)).map((claim) => [claim.action, claim.move]), [['confirm-move', 1], ['decline-move', 1]]);
  assert.equal(store.appointments.get(row.id)!.outcome_sent_for, 'move-requested:1');
  assert.deepEqual((await run(handle)).body, { sent: 0, failed: 0, deferred: 0, gaveUp: 0 });
  assert.equal(mailer.sent.length, 2);
});

Deno.test('the state moves on after a failed send: the outbox sends the mails of the key that is due now, never the stale ones, once', async () => {
  const { handle, mailer, store } = setup();
  const row = appointmentState(wishToMove);
  store.appointments.set(row.id, row);
  mailer.fail = 'all';
  assert.equal((await run(handle)).body.failed, 1);
  assert.equal(store.appointments.get(row.id)!.outcome_sent_for, 'confirmed');

  // Meanwhile the practice confirmed the wish (from the digest): the key is moved:1.
  await store.decideMove(row.id, 1, { kind: 'confirm' });
  mailer.fail = [];
  store.backoffOver();
  assert.equal((await run(handle)).body.sent, 1);
  assert.deepEqual(mailer.sent.map((mail) => mail.subject), [
    'Termin verschoben: Montag, 21. Dezember 2026, 14:00 Uhr',
    'Termin verschoben: Beat Keller – Montag, 21. Dezember 2026, 14:00 Uhr',
  ]);
  assert.ok(mailer.sent[0]!.text.includes(`Sie werden von ${SANDRA_HUBER} beraten.`), 'the move kept the advisor, and says so');
  assert.match(mailer.sent[1]!.text, new RegExp(String.raw`Beratung durch:\s+${SANDRA_HUBER}`));
  assert.deepEqual(store.outcomeKeysSent, ['moved:1']);
  assert.equal((await run(handle)).body.sent, 0);
});

Deno.test('what it gave up on is logged with its kind and id, for the digest to report', async () => {
  const { handle, store } = setup();
  store.givenUp = [{ kind: 'contact', id: '00000000-0000-4000-8000-00000000000a' }];
  const errors: string[] = [];
  const original = console.error;
  console.error = (line: string) => errors.push(line);
  try {
    assert.equal((await run(handle)).body.gaveUp, 1);
  } finally {
    console.error = original;
  }
  assert.deepEqual(errors.map((line) => JSON.parse(line)), [
    { fn: 'send-pending-mail', code: 'outbox_gave_up', kind: 'contact', id: '00000000-0000-4000-8000-00000000000a' },
  ]);
});

Deno.test('only the secret key starts a run: the publishable key and no key get 401, nothing is read or sent', async () => {
  const { handle, mailer, store } = setup();
  assert.equal((await run(handle, PUBLISHABLE_KEY)).status, 401);
  const anonymous = await handle(new Request('http://localhost/', { method: 'POST', body: '{}' }));
  assert.equal(anonymous.status, 401);
  assert.equal(mailer.sent.length, 0);
  assert.deepEqual(store.calls, []);
});

// ---------------------------------------------------------------------------------------
// Exactly once under a slow provider: one claim at a time, right before its
// send; no send outlives its claim or the run; a finish by a run that lost its claim
// changes nothing; every mail carries its idempotency key.

const contacts = (n: number) =>
  Array.from({ length: n }, (_, i) => contact(`00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`, { email: `v${i}@example.ch` }));

/** Captures the function's own error lines (claim_lost, outbox_gave_up) while `body` runs. */
async function errorLines(body: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (line: string) => lines.push(line);
  try {
    await body();
  } finally {
    console.error = original;
  }
  return lines.map((line) => JSON.parse(line));
}

Deno.test('each mail is claimed right before it is sent, one at a time, and its claim ended before the next is taken', async () => {
  const { handle, store } = setup();
  store.pendingContacts.push(...contacts(3));
  assert.equal((await run(handle)).body.sent, 3);
  const flow = store.calls.filter((name) => /^(claimPending|finish|takeRateLimit:mail$)/.test(name));
  assert.deepEqual(flow, [
    ...Array.from({ length: 3 }, () => ['claimPendingContacts', 'takeRateLimit:mail', 'finishMail:contact:sent', 'finishMail:acknowledgement:sent']).flat(),
    'claimPendingContacts',
    'claimPendingRequests',
    'claimPendingAcknowledgements',
    'claimPendingOutcomes',
    'claimPendingReminders',
    'claimPendingDayMails',
  ]);
});

Deno.test('runs overlapping at any offset, the provider slow: each mail once, with its key', async () => {
  for (const offsets of [[0, 0], [5, 15], [25, 60], [90, 140]]) {
    const store = new FakeStore();
    const mailer = new FakeMailer();
    mailer.delayMs = 10;
    store.pendingContacts.push(...contacts(8));
    const handle = createOutboxHandler({ config: testConfig(), store, mailer, now: () => NOW, log: () => {} });
    const runs = [run(handle)];
    for (const offset of offsets) {
      await new Promise((resolve) => setTimeout(resolve, offset));
      runs.push(run(handle));
    }
    const answers = await Promise.all(runs);
    assert.equal(answers.reduce((sum, answer) => sum + answer.body.sent, 0), 8, `offsets ${offsets}`);
    const practice = mailer.sent.filter((mail) => mail.to === 'praxis@ruhepol-schlafberatung.ch');
    assert.equal(practice.length, 8, `offsets ${offsets}`);
    assert.equal(new Set(mailer.sent.map((mail) => mail.idempotencyKey)).size, mailer.sent.length, 'no key twice');
    assert.ok(mailer.sent.every((mail) => mail.idempotencyKey), 'every mail has a key');
  }
});

Deno.test('a run claims no mail it has no time for: every send is over by the run\'s end; the rest waits for the next run', async () => {
  // The run's stopwatch (performance.now) is the test's: each send takes 25 ms of it, and
  // nothing else moves it, so a loaded machine cannot change what the run decides.
  const stopwatch = { at: 0 };
  const realNow = performance.now;
  performance.now = () => stopwatch.at;
  try {
    const { handle, store, mailer, logs } = setup(NOW, {}, { runBudgetMs: 300 });
    mailer.timeoutMs = 60;
    mailer.during = () => void (stopwatch.at += 25);
    store.pendingContacts.push(...contacts(10));
    const first = await run(handle);
    assert.equal(first.status, 200);
    assert.ok(first.body.sent >= 1 && first.body.sent < 10, `sent ${first.body.sent}`);
    // A row is claimed only while both of its sends (practice mail and acknowledgement) fit.
    for (const at of mailer.startedAt) assert.ok(at + mailer.timeoutMs <= 300, `a send started at ${at} ms`);
    assert.match(logs.at(-1)!.cause ?? '', /run_budget/);
    assert.equal(store.deliveries.size, 0, 'nothing left over counts as failed');
    let total = first.body.sent;
    while (total < 10) total += (await run(handle)).body.sent;
    assert.equal(mailer.sent.filter((mail) => mail.to === 'praxis@ruhepol-schlafberatung.ch').length, 10);
  } finally {
    performance.now = realNow;
  }
});

Deno.test('a claim too close to its lapse for a whole send: nothing is sent, the claim is released and tried again later', async () => {
  const { handle, store, mailer } = setup();
  store.pendingContacts.push(contact('00000000-0000-4000-8000-00000000000a'));
  // The claim was taken so long ago (a slow database, a paused instance) that a send of 10 s would end after the margin.
  store.claimClock = () => performance.now() - (CLAIM_LAPSE_MS - CLAIM_MARGIN_MS - 5_000);
  assert.deepEqual((await run(handle)).body, { error: 'mail_failed', sent: 0, failed: 1, deferred: 0, gaveUp: 0 });
  assert.equal(mailer.attempts, 0);
  assert.equal(store.counts.get('mail|all') ?? 0, 0, 'nothing charged to the daily cap');
  assert.deepEqual([...store.deliveries.values()].map((d) => d.cause), ['claim_expiring']);
  assert.equal(store.claimTokens.size, 0, 'released');

  store.claimClock = () => performance.now();
  store.backoffOver();
  assert.equal((await run(handle)).body.sent, 1);
});

Deno.test('a run that lost its claim while sending changes nothing: no record, no acknowledgement, the loss logged', async () => {
  const { handle, store, mailer } = setup();
  const id = '00000000-0000-4000-8000-00000000000a';
  store.pendingContacts.push(contact(id));
  // While the practice mail is under way, the claim lapses and another sender takes the message.
  mailer.during = (mail) => {
    if (mail.to === 'praxis@ruhepol-schlafberatung.ch') store.takeOverClaim('contact', id);
  };
  let answer: Awaited<ReturnType<typeof run>> | undefined;
  const lines = await errorLines(async () => {
    answer = await run(handle);
  });
  assert.equal(answer!.status, 200);
  assert.deepEqual(lines, [{ fn: 'send-pending-mail', code: 'claim_lost', kind: 'contact', id, sent: true }]);
  assert.deepEqual(store.lostFinishes, [{ kind: 'contact', id, sent: true }]);
  assert.equal(store.mailed.has(id), false, 'not marked by the run that lost the claim');
  assert.equal(store.deliveries.size, 0, 'the run that lost the claim records nothing');
  assert.deepEqual(mailer.sent.map((mail) => mail.to), ['praxis@ruhepol-schlafberatung.ch'], 'the acknowledgement is the new holder\'s');
  assert.equal(store.jobRuns[0]!.summary.causes, 'claim_lost');
});

Deno.test('a failed send whose claim was lost meanwhile records no failure and releases nothing', async () => {
  const { handle, store, mailer } = setup();
  const id = '00000000-0000-4000-8000-00000000000a';
  store.pendingContacts.push(contact(id));
  mailer.fail = 'all';
  mailer.during = () => store.takeOverClaim('contact', id);
  await errorLines(async () => void (await run(handle)));
  assert.equal(store.deliveries.size, 0);
  assert.equal(store.claimTokens.has(`contact:${id}`), true, 'the other sender still holds it');
});

Deno.test('the key is what the mail is: the visitor\'s call and the outbox send the practice mail under the same key', async () => {
  const store = new FakeStore();
  const mailer = new FakeMailer();
  const config = testConfig();
  const body = await newContactSubmission();
  // The visitor's call: the provider fails (or its answer is lost) – 502, stored.
  mailer.fail = [0];
  const visitor = createContactHandler({ config, store, mailer, now: () => NOW, log: () => {} });
  assert.equal((await visitor(post(body))).status, 502);
  const [first] = mailer.attempted;
  assert.equal(first!.idempotencyKey, `contact/${body.requestId}/practice`);
  // The outbox sends the stored message later, marked «[Verspätet]»: other words, the same key.
  const stored = store.contacts.find((c) => c.id === body.requestId)!;
  // The visitor's call charged the acknowledgement to its network and day (charge_acknowledgement).
  const charged = store.acknowledgementCharges.get(`contact:${body.requestId}`);
  assert.equal(charged, true);
  store.pendingContacts.push({ ...stored, created_at: '2026-12-10T07:00:00Z', send_failed_at: '2026-12-10T07:00:05Z', acknowledgement_charged: charged });
  const outbox = createOutboxHandler({ config, store, mailer, now: () => NOW, log: () => {} });
  assert.equal((await run(outbox)).body.sent, 1);
  const [practice, ack] = mailer.sent;
  assert.match(practice!.subject, /^\[Verspätet\]/);
  assert.equal(practice!.idempotencyKey, first!.idempotencyKey);
  assert.equal(ack!.idempotencyKey, `contact/${body.requestId}/visitor`);
});

Deno.test('the page\'s press and the outbox send a state\'s mails under the same keys; another state, other keys', async () => {
  const store = new FakeStore();
  const mailer = new FakeMailer();
  const config = testConfig();
  const row = appointmentState({ id: '3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b' });
  store.appointments.set(row.id, row);
  store.clock = () => new Date('2026-11-27T10:00:00Z');
  const page = createActionHandler({ config, store, mailer, now: () => new Date('2026-11-27T10:00:00Z'), log: () => {} });
  const link = await signActionToken(ACTION_TOKEN_SECRET, { requestId: row.id, action: 'confirm-preferred', expiresAt: Date.parse('2026-12-27T10:00:00Z') / 1000 });
  // The practice confirms; the second mail fails: the page answers 502, the outbox sends both later.
  mailer.fail = [1];
  const pressed = await page(post({ token: link, intent: 'act', advisor: 'sandra-huber' }));
  assert.equal(pressed.status, 502);
  const pageKeys = mailer.attempted.map((mail) => mail.idempotencyKey);
  assert.deepEqual(pageKeys, [`outcome/${row.id}/confirmed/visitor`, `outcome/${row.id}/confirmed/practice`]);
  const outbox = createOutboxHandler({ config, store, mailer, now: () => new Date('2026-11-27T10:05:00Z'), log: () => {} });
  assert.equal((await run(outbox)).body.sent, 1);
  assert.deepEqual(mailer.attempted.slice(2).map((mail) => mail.idempotencyKey), pageKeys);

  // Cancelled: a new state, new keys.
  await store.cancelAppointment(row.id, 24);
  assert.equal((await run(outbox)).body.sent, 1);
  assert.deepEqual(mailer.attempted.slice(4).map((mail) => mail.idempotencyKey), [
    `outcome/${row.id}/cancelled/practice`,
    `outcome/${row.id}/cancelled/visitor`,
  ]);
});

Deno.test('a reminder\'s key is the appointment as it stands: a moved appointment is reminded under a new key', async () => {
  const { handle, store, mailer } = setup();
  const row = appointmentState({ ...confirmed, confirmed_date: '2026-12-11', confirmed_time: '17:30' });
  store.appointments.set(row.id, row);
  assert.equal((await run(handle)).body.sent, 1);
  assert.equal(mailer.sent[0]!.idempotencyKey, `reminder/${row.id}/1/visitor`);
  // Moved within tomorrow (sequence 2) and due again: another key.
  Object.assign(store.appointments.get(row.id)!, { confirmed_time: '18:00', calendar_sequence: 2, move_status: 'confirmed', move_count: 1, outcome_sent_for: 'moved:1' });
  store.reminded.delete(row.id);
  assert.equal((await run(handle)).body.sent, 1);
  assert.equal(mailer.sent[1]!.idempotencyKey, `reminder/${row.id}/2/visitor`);
});

Deno.test('«[Verspätet]» only when a send failed; a request the site stored but never reported is «[Prüfen]», without an acknowledgement', async () => {
  const { handle, mailer, store } = setup();
  // Reported to the function, never failed (the function was stopped before its send): on time, acknowledged.
  store.pendingRequests.push({ ...storedAppointmentRequest(), reported_at: '2026-12-10T07:00:01Z', send_failed_at: null });
  assert.equal((await run(handle)).body.sent, 1);
  assert.doesNotMatch(mailer.sent[0]!.subject, /Verspätet|Prüfen/);
  assert.deepEqual(mailer.sent.map((mail) => mail.to), ['praxis@ruhepol-schlafberatung.ch', 'beat.keller@example.ch']);

  // Inserted over REST without ever calling the function: no outage to report, and no mail to an address nobody confirmed.
  mailer.sent = [];
  store.pendingRequests.push({ ...storedAppointmentRequest({ id: '00000000-0000-4000-8000-0000000000bb' }), reported_at: null, send_failed_at: null });
  assert.equal((await run(handle)).body.sent, 1);
  assert.match(mailer.sent[0]!.subject, /^\[Prüfen\] /);
  assert.doesNotMatch(mailer.sent[0]!.subject, /Verspätet/);
  assert.deepEqual(mailer.sent.map((mail) => mail.to), ['praxis@ruhepol-schlafberatung.ch']);
});

Deno.test('a run with nothing to do logs outbox_idle, one that sent logs outbox (the local terminal echoes only the latter)', async () => {
  const { handle, store, logs } = setup();
  await run(handle);
  assert.deepEqual(logs.map((line) => line.code), ['outbox_idle']);
  store.pendingContacts.push(contact('00000000-0000-4000-8000-00000000000a'));
  await run(handle);
  assert.equal(logs.at(-1)!.code, 'outbox');
});

Deno.test('an acknowledgement whose own send failed after the practice mail went out: the outbox sends it once; one its limits hold back is dropped', async () => {
  const { handle, mailer, store } = setup();
  const id = '00000000-0000-4000-8000-00000000000b';
  store.pendingContacts.push(contact(id));
  // The practice mail goes out, the acknowledgement right after it fails.
  mailer.fail = [1];
  const first = await run(handle);
  assert.equal(first.body.sent, 1);
  assert.deepEqual(mailer.attempted.map((mail) => mail.to), ['praxis@ruhepol-schlafberatung.ch', 'b@example.ch']);
  const key = formMailKey('contact', id, 'visitor');
  assert.deepEqual(store.acknowledgements.get(key)?.state, 'owed', 'still owed after the failed send');
  assert.equal(store.deliveries.get(`acknowledgement:${key}`)?.cause, 'ack_smtp_ECONNREFUSED');

  // After the backoff the next run sends it, once; the practice mail is not sent again.
  mailer.fail = [];
  store.backoffOver();
  assert.deepEqual((await run(handle)).body, { sent: 1, failed: 0, deferred: 0, gaveUp: 0 });
  assert.deepEqual(mailer.sent.map((mail) => [mail.to, mail.idempotencyKey]), [
    ['praxis@ruhepol-schlafberatung.ch', formMailKey('contact', id, 'practice')],
    ['b@example.ch', key],
  ]);
  assert.equal(store.acknowledgements.get(key)?.state, 'sent');
  assert.deepEqual((await run(handle)).body, { sent: 0, failed: 0, deferred: 0, gaveUp: 0 });

  // Another owed acknowledgement, to a mailbox whose hour is used up: not sent, and not owed any more.
  const other = '00000000-0000-4000-8000-00000000000c';
  store.acknowledgements.set(formMailKey('contact', other, 'visitor'), { form: { form: 'contact', ...contact(other) }, state: 'owed' });
  store.exhausted.set('ack', 3600);
  assert.deepEqual((await run(handle)).body, { sent: 0, failed: 0, deferred: 0, gaveUp: 0 });
  assert.equal(store.acknowledgements.get(formMailKey('contact', other, 'visitor'))?.state, 'dropped');
  assert.equal(mailer.sent.length, 2);
});

Deno.test('a reminder is due the day before its appointment from REMINDERS_FROM_HOUR, Zurich time in winter and summer', () => {
  assert.equal(REMINDERS_FROM_HOUR, 9);
  assert.equal(reminderDueAt('2026-12-11').toISOString(), '2026-12-10T08:00:00.000Z');
  assert.equal(reminderDueAt('2027-07-01').toISOString(), '2027-06-30T07:00:00.000Z');
  // Across a month's end.
  assert.equal(reminderDueAt('2027-03-01').toISOString(), '2027-02-28T08:00:00.000Z');
});
