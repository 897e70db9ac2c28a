/**
 * appointment-action end to end with the in-memory Store and Mailer: what the action page
 * sees for each link and press, what changes and which e-mails go out (and how often).
 * The database's own rules for the same calls: tests/integration/appointment-lifecycle.test.ts.
 */
import assert from 'node:assert/strict';
import { signActionToken, type AppointmentAction } from '../_shared/lifecycle/action-tokens.ts';
import type { LogLine } from '../_shared/http/request-gate.ts';
import { createActionHandler } from '../appointment-action/action-handler.ts';
import {
  ACTION_TOKEN_SECRET,
  appointmentState,
  FakeMailer,
  FakeStore,
  ORIGIN,
  post,
  REQUEST_ID,
  testConfig,
} from './helpers.ts';

/** Two weeks before the sample request's preferred slot (Friday, 11 December 2026, 09:30). */
const NOW = new Date('2026-11-27T10:00:00Z');
const IN_30_DAYS = Math.floor(NOW.getTime() / 1000) + 30 * 86_400;

function setup(state = appointmentState()) {
  const store = new FakeStore();
  store.appointments.set(state.id, { ...state });
  store.clock = () => NOW;
  const mailer = new FakeMailer();
  const logs: LogLine[] = [];
  const handle = createActionHandler({ config: testConfig(), store, mailer, now: () => NOW, log: (line) => logs.push(line) });
  return { store, mailer, logs, handle };
}

function token(action: AppointmentAction, expiresAt = IN_30_DAYS, requestId = REQUEST_ID, secret = ACTION_TOKEN_SECRET) {
  return signActionToken(secret, { requestId, action, expiresAt });
}

async function call(handle: (request: Request) => Promise<Response>, body: Record<string, unknown>) {
  const response = await handle(post(body));
  // deno-lint-ignore no-explicit-any -- the tests read the JSON answer field by field
  return { status: response.status, body: await response.json() as Record<string, any> };
}

Deno.test('show: the request without address, phone or message, and nothing changes', async () => {
  const { handle, store, mailer } = setup();
  const answer = await call(handle, { token: await token('confirm-preferred'), intent: 'show' });
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body.view, {
    action: 'confirm-preferred',
    status: 'requested',
    name: 'Beat Keller',
    service: 'Schlafberatung',
    preferred: { date: '2026-12-11', time: '09:30' },
    alternative: { date: '2026-12-14', time: '17:00' },
    slot: { date: '2026-12-11', time: '09:30' },
    confirmed: null,
    staffNote: null,
    mailPending: false,
    cancelUntil: null,
    takenTimes: [],
    move: null,
    movedFrom: null,
    slotWarning: null,
    booking: null,
  });
  assert.equal(JSON.stringify(answer.body).includes('beat.keller@example.ch'), false);
  assert.deepEqual(store.calls, ['getAppointment', 'takenTimes', 'closedDays']);
  assert.equal(mailer.sent.length, 0);
});

Deno.test('a tampered, expired, foreign or malformed token: 403 invalid_link, nothing read; the token is never logged', async () => {
  const { handle, store, logs } = setup();
  const good = await token('confirm-preferred');
  const tampered = good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA');
  const cases: [string, string][] = [
    [tampered, 'tampered'],
    [await token('confirm-preferred', Math.floor(NOW.getTime() / 1000) - 1), 'expired'],
    [await token('confirm-preferred', IN_30_DAYS, REQUEST_ID, 'another-projects-secret-of-32-characters'), 'tampered'],
    ['not-a-token', 'malformed'],
  ];
  for (const [value, reason] of cases) {
    for (const intent of ['show', 'act']) {
      const answer = await call(handle, { token: value, intent });
      assert.equal(answer.status, 403);
      assert.deepEqual(answer.body, { error: 'invalid_link', reason });
    }
  }
  assert.deepEqual(store.calls, []);
  assert.equal(JSON.stringify(logs).includes(good.slice(0, 20)), false);
  assert.equal(JSON.stringify(logs).includes('not-a-token'), false);
});

Deno.test('confirm: stored, then the visitor\'s confirmation and the practice\'s entry; a second press sends nothing', async () => {
  const { handle, store, mailer, logs } = setup();
  const link = await token('confirm-preferred');
  const first = await call(handle, { token: link, intent: 'act' });
  assert.equal(first.status, 200);
  assert.equal(first.body.result, 'changed');
  assert.equal(first.body.mail, 'sent');
  assert.equal(first.body.view.status, 'confirmed');
  assert.deepEqual(first.body.view.confirmed, { date: '2026-12-11', time: '09:30' });
  // 24 hours before 09:30 in Zurich (CET, UTC+1).
  assert.equal(first.body.view.cancelUntil, '2026-12-10T08:30:00.000Z');
  assert.equal(first.body.view.mailPending, false);
  assert.deepEqual(store.calls.slice(0, 6), [
    'getAppointment',
    'takenTimes',
    'closedDays',
    'decideAppointment:confirm',
    'claimOutcomeMail',
    'finishOutcomeMail:true',
  ]);

  assert.deepEqual(mailer.sent.map((mail) => mail.to), ['beat.keller@example.ch', 'praxis@ruhepol-schlafberatung.ch']);
  const [visitor, practice] = mailer.sent;
  assert.equal(visitor!.subject, 'Terminbestätigung: Freitag, 11. Dezember 2026, 09:30 Uhr');
  assert.match(visitor!.text, new RegExp(`${ORIGIN}/termin/aktion#[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+`));
  for (const mail of [visitor!, practice!]) {
    const ics = mail.attachments![0]!;
    assert.match(ics.content, /METHOD:REQUEST\r\n/);
    assert.match(ics.content, /SEQUENCE:1\r\n/);
    assert.match(ics.content, /UID:3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b@ruhepol-schlafberatung\.ch\r\n/);
    assert.match(ics.content, /DTSTART;TZID=Europe\/Zurich:20261211T093000\r\n/);
  }

  const second = await call(handle, { token: link, intent: 'act' });
  assert.equal(second.status, 200);
  assert.equal(second.body.result, 'unchanged');
  assert.equal(second.body.mail, 'already_sent');
  assert.equal(mailer.sent.length, 2);
  assert.deepEqual(logs.map((line) => line.code), ['confirm-preferred_changed_sent', 'confirm-preferred_unchanged_already_sent']);
});

Deno.test('confirm a slot given without a time: the practice picks one; none picked → 400 field time', async () => {
  const { handle, store } = setup(appointmentState({ preferred_time: null }));
  const link = await token('confirm-preferred');
  const shown = await call(handle, { token: link, intent: 'show' });
  assert.deepEqual(shown.body.view.slot, { date: '2026-12-11', time: null });
  assert.deepEqual((await call(handle, { token: link, intent: 'act' })).body, { error: 'invalid_body', field: 'time' });
  assert.deepEqual((await call(handle, { token: link, intent: 'act', time: '09:15' })).body, { error: 'invalid_body', field: 'time' });
  const confirmed = await call(handle, { token: link, intent: 'act', time: '14:00' });
  assert.equal(confirmed.status, 200);
  assert.deepEqual(confirmed.body.view.confirmed, { date: '2026-12-11', time: '14:00' });
  // Pressing again (to resend) may leave the time out; another time is a conflict.
  assert.equal((await call(handle, { token: link, intent: 'act' })).body.result, 'unchanged');
  assert.equal((await call(handle, { token: link, intent: 'act', time: '15:00' })).body.error, 'conflict');
  assert.equal(store.appointments.get(REQUEST_ID)!.confirmed_time, '14:00');
});

Deno.test('a time where the slot has one, a note on a confirm link: 400, nothing changes', async () => {
  const { handle, store } = setup();
  const link = await token('confirm-alternative');
  assert.deepEqual((await call(handle, { token: link, intent: 'act', time: '10:00' })).body, { error: 'invalid_body', field: 'time' });
  assert.deepEqual((await call(handle, { token: link, intent: 'act', note: 'Hallo' })).body, { error: 'invalid_body', field: 'note' });
  assert.equal(store.appointments.get(REQUEST_ID)!.status, 'requested');
});

Deno.test('confirming the alternative after the preferred one was confirmed: 409 conflict with the current state', async () => {
  const { handle, mailer } = setup();
  await call(handle, { token: await token('confirm-preferred'), intent: 'act' });
  const answer = await call(handle, { token: await token('confirm-alternative'), intent: 'act' });
  assert.equal(answer.status, 409);
  assert.equal(answer.body.error, 'conflict');
  assert.deepEqual(answer.body.view.confirmed, { date: '2026-12-11', time: '09:30' });
  assert.deepEqual(answer.body.view.slot, { date: '2026-12-14', time: '17:00' });
  assert.equal(mailer.sent.length, 2);
});

Deno.test('a slot that has begun cannot be confirmed (409 slot_past)', async () => {
  const { handle, store } = setup(appointmentState({ preferred_date: '2026-11-27', preferred_time: '09:00' }));
  const answer = await call(handle, { token: await token('confirm-preferred'), intent: 'act' });
  assert.equal(answer.status, 409);
  assert.equal(answer.body.error, 'slot_past');
  assert.equal(store.appointments.get(REQUEST_ID)!.status, 'requested');
});

Deno.test('decline with a note: the visitor gets it with a link to book again; the note is checked like a message', async () => {
  const { handle, mailer, store } = setup();
  const link = await token('decline');
  const tooLong = await call(handle, { token: link, intent: 'act', note: 'x'.repeat(1001) });
  assert.deepEqual(tooLong.body, { error: 'invalid_body', field: 'note' });
  const answer = await call(handle, { token: link, intent: 'act', note: 'Am 11. Dezember sind wir ausgebucht. <b>Wie wäre der 15.?</b>' });
  assert.equal(answer.status, 200);
  assert.equal(answer.body.view.status, 'declined');
  assert.equal(store.appointments.get(REQUEST_ID)!.staff_note, 'Am 11. Dezember sind wir ausgebucht. <b>Wie wäre der 15.?</b>');
  assert.equal(mailer.sent.length, 1);
  const mail = mailer.sent[0]!;
  assert.equal(mail.to, 'beat.keller@example.ch');
  assert.match(mail.text, /Leider können wir Ihnen diesen Termin nicht anbieten/);
  assert.match(mail.text, /Wie wäre der 15\.\?/);
  assert.ok(mail.html.includes('&lt;b&gt;Wie wäre der 15.?&lt;/b&gt;'));
  assert.match(mail.text, new RegExp(`${ORIGIN}/termin-vereinbaren`));
  assert.equal(mail.attachments, undefined);
});

Deno.test('cancel: until 24 hours before it cancels, tells the practice (METHOD:CANCEL) and the visitor; later 409 too_late', async () => {
  const confirmed = appointmentState({ status: 'confirmed', confirmed_date: '2026-12-11', confirmed_time: '09:30', calendar_sequence: 1, outcome_mailed_for: 'confirmed' });
  const { handle, mailer, store } = setup(confirmed);
  const link = await token('cancel');
  const shown = await call(handle, { token: link, intent: 'show' });
  assert.equal(shown.body.view.cancelUntil, '2026-12-10T08:30:00.000Z');

  const answer = await call(handle, { token: link, intent: 'act' });
  assert.equal(answer.status, 200);
  assert.equal(answer.body.view.status, 'cancelled');
  assert.equal(answer.body.view.cancelUntil, null);
  assert.deepEqual(mailer.sent.map((mail) => mail.to), ['praxis@ruhepol-schlafberatung.ch', 'beat.keller@example.ch']);
  for (const mail of mailer.sent) {
    const ics = mail.attachments![0]!;
    assert.match(ics.content, /METHOD:CANCEL\r\n/);
    assert.match(ics.content, /STATUS:CANCELLED\r\n/);
    assert.match(ics.content, /SEQUENCE:2\r\n/);
  }
  assert.equal(mailer.sent[0]!.subject, 'Termin abgesagt: Beat Keller – Freitag, 11. Dezember 2026, 09:30 Uhr');
  assert.equal(mailer.sent[1]!.subject, 'Absage bestätigt: Freitag, 11. Dezember 2026, 09:30 Uhr');
  assert.equal((await call(handle, { token: link, intent: 'act' })).body.mail, 'already_sent');
  assert.equal(mailer.sent.length, 2);
  assert.equal(store.appointments.get(REQUEST_ID)!.calendar_sequence, 2);

  const late = setup({ ...confirmed, confirmed_date: '2026-11-28', confirmed_time: '09:00' });
  const refused = await call(late.handle, { token: await token('cancel'), intent: 'act' });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.error, 'too_late');
  assert.equal(refused.body.view.status, 'confirmed');
  assert.equal(late.mailer.sent.length, 0);
});

Deno.test('mail fails: 502 mail_failed, stored; pressing again sends without a second change', async () => {
  const { handle, mailer, store } = setup();
  mailer.fail = [0];
  const link = await token('confirm-preferred');
  const failed = await call(handle, { token: link, intent: 'act' });
  assert.equal(failed.status, 502);
  assert.equal(failed.body.error, 'mail_failed');
  assert.equal(failed.body.stored, true);
  assert.equal(failed.body.view.status, 'confirmed');
  assert.equal(failed.body.view.mailPending, true);
  assert.equal(store.appointments.get(REQUEST_ID)!.calendar_sequence, 1);

  const retried = await call(handle, { token: link, intent: 'act' });
  assert.equal(retried.status, 200);
  assert.equal(retried.body.result, 'unchanged');
  assert.equal(retried.body.mail, 'sent');
  assert.equal(retried.body.view.mailPending, false);
  assert.deepEqual(mailer.sent.map((mail) => mail.to), ['beat.keller@example.ch', 'praxis@ruhepol-schlafberatung.ch']);
  assert.equal(store.appointments.get(REQUEST_ID)!.calendar_sequence, 1);
  assert.equal(store.calls.filter((name) => name === 'decideAppointment:confirm').length, 2);
});

Deno.test('a request no longer stored: 404 not_found; only POST; the site\'s key only', async () => {
  const { handle } = setup();
  const other = await token('decline', IN_30_DAYS, '00000000-0000-4000-8000-000000000000');
  assert.deepEqual((await call(handle, { token: other, intent: 'show' })).body, { error: 'not_found' });
  const get = await handle(new Request('http://localhost/', { method: 'GET', headers: { origin: ORIGIN } }));
  assert.equal(get.status, 405);
  assert.equal(get.headers.get('allow'), 'POST, OPTIONS');
  const noKey = await handle(post({ token: other, intent: 'show' }, { apikey: 'sb_secret_test-key' }));
  assert.equal(noKey.status, 401);
  assert.deepEqual((await call(handle, { token: other, intent: 'delete' })).body, { error: 'invalid_body', field: 'intent' });
});

Deno.test('confirm links name the times already confirmed for others on that date; the practice may still confirm', async () => {
  const { handle, store } = setup();
  const other = appointmentState({
    id: '00000000-0000-4000-8000-0000000000aa',
    status: 'confirmed',
    confirmed_date: '2026-12-11',
    confirmed_time: '09:30',
    calendar_sequence: 1,
  });
  store.appointments.set(other.id, other);
  const link = await token('confirm-preferred');
  assert.deepEqual((await call(handle, { token: link, intent: 'show' })).body.view.takenTimes, ['09:30']);
  const confirmed = await call(handle, { token: link, intent: 'act' });
  assert.equal(confirmed.body.result, 'changed');
  // Its own slot is not "taken by others"; the other request's still is.
  assert.deepEqual((await call(handle, { token: link, intent: 'show' })).body.view.takenTimes, ['09:30']);
  store.appointments.delete(other.id);
  assert.deepEqual((await call(handle, { token: link, intent: 'show' })).body.view.takenTimes, []);
  // Decline and cancel links do not ask.
  await call(handle, { token: await token('decline'), intent: 'show' });
  assert.equal(store.calls.filter((name) => name === 'takenTimes').length, 4);
});
