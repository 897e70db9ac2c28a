/**
 * appointment-action end to end with the in-memory Store and Mailer: what the action page
 * sees for each link and press, what changes and which e-mails go out (and how often).
 * The database's own rules for the same calls: tests/integration/appointment-lifecycle.test.ts.
 */
import assert from 'node:assert/strict';
import { assertActionAnswer } from './answer-contract.ts';
import { signActionToken, type AppointmentAction } from '../_shared/lifecycle/action-tokens.ts';
import type { LogLine } from '../_shared/http/request-gate.ts';
import { createActionHandler } from '../appointment-action/action-handler.ts';
import type { AppointmentRequest } from '../_shared/database/store.ts';
import type { AdvisorId } from '../_shared/domain/practice.ts';
import {
  ACTION_TOKEN_SECRET,
  actionClaims,
  appointmentState,
  calendarOf,
  FakeMailer,
  FakeStore,
  linkToken,
  ORIGIN,
  post,
  REQUEST_ID,
  testConfig,
} from './helpers.ts';
import { advisorName } from '../_shared/domain/practice.ts';

const SANDRA_HUBER = advisorName('sandra-huber');

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

/** The practice's link for wish number `move`. */
function moveToken(action: 'confirm-move' | 'decline-move', move: number) {
  return signActionToken(ACTION_TOKEN_SECRET, { requestId: REQUEST_ID, action, expiresAt: IN_30_DAYS, move });
}

/** The sample request confirmed for Friday, 11 December 2026, 09:30, its confirmation sent. */
function confirmedState(overrides: Partial<AppointmentRequest> = {}): AppointmentRequest {
  return appointmentState({
    status: 'confirmed',
    confirmed_date: '2026-12-11',
    confirmed_time: '09:30',
    calendar_sequence: 1,
    outcome_sent_for: 'confirmed',
    ...overrides,
  });
}

async function call(handle: (request: Request) => Promise<Response>, body: Record<string, unknown>) {
  const response = await handle(post(body));
  // deno-lint-ignore no-explicit-any -- the tests read the JSON answer field by field
  const answer = { status: response.status, body: await response.json() as Record<string, any> };
  assertActionAnswer(body.intent, answer.status, answer.body);
  return answer;
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
    minutes: 60,
    advisor: null,
    schedule: [],
    move: null,
    movedFrom: null,
    slotWarning: null,
    booking: null,
  });
  assert.equal(JSON.stringify(answer.body).includes('beat.keller@example.ch'), false);
  assert.deepEqual(store.calls, ['getAppointment', 'schedule', 'closedDays']);
  assert.equal(mailer.sent.length, 0);
});

Deno.test('a tampered, expired, foreign or malformed token: 403 invalid_link, nothing read; the token is never logged', async () => {
  const { handle, store, logs } = setup();
  const good = await token('confirm-preferred');
  const tampered = good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA');
  const cases: [string, Record<string, unknown>][] = [
    [tampered, { reason: 'tampered' }],
    // A lapsed practice link may ask for a fresh one mailed to the practice («Renewing a lapsed link»).
    [await token('confirm-preferred', Math.floor(NOW.getTime() / 1000) - 1), { reason: 'expired', renewable: true }],
    [await token('cancel', Math.floor(NOW.getTime() / 1000) - 1), { reason: 'expired' }],
    [await token('confirm-preferred', IN_30_DAYS, REQUEST_ID, 'another-projects-secret-of-32-characters'), { reason: 'tampered' }],
    ['not-a-token', { reason: 'malformed' }],
  ];
  for (const [value, refusal] of cases) {
    for (const intent of ['show', 'act']) {
      const answer = await call(handle, { token: value, intent });
      assert.equal(answer.status, 403);
      assert.deepEqual(answer.body, { error: 'invalid_link', ...refusal });
    }
  }
  assert.deepEqual(store.calls, []);
  assert.equal(JSON.stringify(logs).includes(good.slice(0, 20)), false);
  assert.equal(JSON.stringify(logs).includes('not-a-token'), false);
});

Deno.test('confirm: stored, then the visitor\'s confirmation and the practice\'s entry; a second press sends nothing', async () => {
  const { handle, store, mailer, logs } = setup();
  const link = await token('confirm-preferred');
  const first = await call(handle, { token: link, intent: 'act', advisor: 'sandra-huber' });
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
    'schedule',
    'closedDays',
    'decideAppointment:confirm',
    'claimOutcomeMail',
    'finishMail:outcome:sent',
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
  const confirmed = await call(handle, { token: link, intent: 'act', advisor: 'sandra-huber', time: '14:00' });
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
  await call(handle, { token: await token('confirm-preferred'), intent: 'act', advisor: 'sandra-huber' });
  const answer = await call(handle, { token: await token('confirm-alternative'), intent: 'act', advisor: 'sandra-huber' });
  assert.equal(answer.status, 409);
  assert.equal(answer.body.error, 'conflict');
  assert.deepEqual(answer.body.view.confirmed, { date: '2026-12-11', time: '09:30' });
  assert.deepEqual(answer.body.view.slot, { date: '2026-12-14', time: '17:00' });
  assert.equal(mailer.sent.length, 2);
});

Deno.test('a slot that has begun cannot be confirmed (409 slot_past)', async () => {
  const { handle, store } = setup(appointmentState({ preferred_date: '2026-11-27', preferred_time: '09:00' }));
  const answer = await call(handle, { token: await token('confirm-preferred'), intent: 'act', advisor: 'sandra-huber' });
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
  const confirmed = appointmentState({ status: 'confirmed', confirmed_date: '2026-12-11', confirmed_time: '09:30', calendar_sequence: 1, outcome_sent_for: 'confirmed' });
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
  const failed = await call(handle, { token: link, intent: 'act', advisor: 'sandra-huber' });
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
  // A practice link: the page speaks to the practice (the visitor's «Bitte rufen Sie uns an» is not for it).
  assert.deepEqual((await call(handle, { token: other, intent: 'show' })).body, { error: 'not_found', forPractice: true });
  const visitors = await token('cancel', IN_30_DAYS, '00000000-0000-4000-8000-000000000000');
  assert.deepEqual((await call(handle, { token: visitors, intent: 'show' })).body, { error: 'not_found' });
  const get = await handle(new Request('http://localhost/', { method: 'GET', headers: { origin: ORIGIN } }));
  assert.equal(get.status, 405);
  assert.equal(get.headers.get('allow'), 'POST, OPTIONS');
  const noKey = await handle(post({ token: other, intent: 'show' }, { apikey: 'sb_secret_test-key' }));
  assert.equal(noKey.status, 401);
  assert.deepEqual((await call(handle, { token: other, intent: 'delete' })).body, { error: 'invalid_body', field: 'intent' });
});

/** Another visitor's confirmed appointment on the sample request's day. */
function otherAppointment(id: string, time: string, advisor: AdvisorId | null, overrides: Partial<AppointmentRequest> = {}): AppointmentRequest {
  return appointmentState({
    id,
    first_name: 'Anna',
    last_name: 'Muster',
    status: 'confirmed',
    confirmed_date: '2026-12-11',
    confirmed_time: time,
    calendar_sequence: 1,
    advisor,
    ...overrides,
  });
}

Deno.test('confirm links show the others\' appointments that day with their advisors; decline and cancel links do not read them', async () => {
  const { handle, store } = setup();
  const other = otherAppointment('00000000-0000-4000-8000-0000000000aa', '09:00', 'lukas-brunner', { service: 'Follow-up Termin', appointment_minutes: 30 });
  store.appointments.set(other.id, other);
  store.appointments.set('00000000-0000-4000-8000-0000000000ab', otherAppointment('00000000-0000-4000-8000-0000000000ab', '08:00', 'sandra-huber', { status: 'cancelled' }));
  const link = await token('confirm-preferred');
  const shown = (await call(handle, { token: link, intent: 'show' })).body.view;
  assert.equal(shown.minutes, 60);
  assert.equal(shown.advisor, null);
  assert.deepEqual(shown.schedule, [{ advisor: 'lukas-brunner', time: '09:00', minutes: 30, service: 'Follow-up Termin', name: 'Anna Muster' }]);
  const confirmed = await call(handle, { token: link, intent: 'act', advisor: 'sandra-huber' });
  assert.equal(confirmed.body.view.advisor, 'sandra-huber');
  // Its own appointment is not among the others.
  assert.deepEqual((await call(handle, { token: link, intent: 'show' })).body.view.schedule.map((entry: { time: string }) => entry.time), ['09:00']);
  for (const action of ['decline', 'cancel', 'request-move'] as const) {
    assert.deepEqual((await call(handle, { token: await token(action), intent: 'show' })).body.view.schedule, []);
  }
  assert.equal(store.calls.filter((name) => name === 'schedule').length, 3);
});

Deno.test('confirm with both advisors free: the practice names one (400 field advisor without); the one named sees the visitor', async () => {
  const { handle, store, mailer } = setup();
  const link = await token('confirm-preferred');
  assert.deepEqual((await call(handle, { token: link, intent: 'act' })).body, { error: 'invalid_body', field: 'advisor' });
  assert.deepEqual((await call(handle, { token: link, intent: 'act', advisor: 'someone-else' })).body, { error: 'invalid_body', field: 'advisor' });
  assert.equal(store.appointments.get(REQUEST_ID)!.status, 'requested');
  assert.equal(mailer.sent.length, 0);
  const confirmed = await call(handle, { token: link, intent: 'act', advisor: 'lukas-brunner' });
  assert.deepEqual([confirmed.status, confirmed.body.result, confirmed.body.view.advisor], [200, 'changed', 'lukas-brunner']);
  assert.equal(store.appointments.get(REQUEST_ID)!.advisor, 'lukas-brunner');
  // A second press needs no advisor and changes nothing.
  assert.equal((await call(handle, { token: link, intent: 'act' })).body.result, 'unchanged');
});

Deno.test('confirm with one advisor free: that one is assigned without being named; naming the busy one is 409 advisor_busy', async () => {
  const { handle, store } = setup();
  // Sandra sees someone 09:00–10:00; the request is 09:30 for 60 minutes.
  store.appointments.set('00000000-0000-4000-8000-0000000000aa', otherAppointment('00000000-0000-4000-8000-0000000000aa', '09:00', 'sandra-huber'));
  const link = await token('confirm-preferred');
  const refused = await call(handle, { token: link, intent: 'act', advisor: 'sandra-huber' });
  assert.deepEqual([refused.status, refused.body.error, refused.body.view.status], [409, 'advisor_busy', 'requested']);
  const confirmed = await call(handle, { token: link, intent: 'act' });
  assert.deepEqual([confirmed.status, confirmed.body.view.advisor], [200, 'lukas-brunner']);
});

Deno.test('confirm with nobody free: 409 advisor_busy with the collisions in the view; nothing changes, nothing is sent', async () => {
  const { handle, store, mailer } = setup();
  store.appointments.set('00000000-0000-4000-8000-0000000000aa', otherAppointment('00000000-0000-4000-8000-0000000000aa', '09:00', 'sandra-huber'));
  // A follow-up 10:00–10:30 overlaps 09:30–10:30.
  store.appointments.set(
    '00000000-0000-4000-8000-0000000000ab',
    otherAppointment('00000000-0000-4000-8000-0000000000ab', '10:00', 'lukas-brunner', { service: 'Follow-up Termin', appointment_minutes: 30 }),
  );
  for (const body of [{}, { advisor: 'lukas-brunner' }]) {
    const answer = await call(handle, { token: await token('confirm-preferred'), intent: 'act', ...body });
    assert.deepEqual([answer.status, answer.body.error], [409, 'advisor_busy']);
    assert.deepEqual(answer.body.view.schedule.map((entry: { advisor: string; time: string }) => [entry.advisor, entry.time]), [
      ['sandra-huber', '09:00'],
      ['lukas-brunner', '10:00'],
    ]);
  }
  assert.equal(store.appointments.get(REQUEST_ID)!.status, 'requested');
  assert.equal(mailer.sent.length, 0);
  assert.equal(store.calls.includes('decideAppointment:confirm'), false);
});

Deno.test('the database refuses a confirmation the page thought possible (a race): 409 advisor_busy, nothing sent', async () => {
  const { handle, store, mailer } = setup();
  store.appointments.set('00000000-0000-4000-8000-0000000000aa', otherAppointment('00000000-0000-4000-8000-0000000000aa', '09:00', 'sandra-huber'));
  // The function read the schedule before the other confirmation was stored; read again, the day has it.
  const asStored = store.schedule.bind(store);
  let reads = 0;
  store.schedule = (...args: Parameters<typeof asStored>) => (reads++ === 0 ? Promise.resolve([]) : asStored(...args));
  const answer = await call(handle, { token: await token('confirm-preferred'), intent: 'act', advisor: 'sandra-huber' });
  assert.deepEqual([answer.status, answer.body.error, answer.body.view.status], [409, 'advisor_busy', 'requested']);
  // The answer shows the day as it is after the race, not the schedule read before it.
  assert.deepEqual(answer.body.view.schedule.map((entry: { advisor: string; time: string }) => [entry.advisor, entry.time]), [['sandra-huber', '09:00']]);
  assert.equal(mailer.sent.length, 0);
});

Deno.test('an advisor on a link that confirms nothing: 400 field advisor', async () => {
  const { handle } = setup(confirmedState({ advisor: 'sandra-huber' }));
  for (const action of ['decline', 'cancel'] as const) {
    assert.deepEqual((await call(handle, { token: await token(action), intent: 'act', advisor: 'sandra-huber' })).body, { error: 'invalid_body', field: 'advisor' });
  }
});

// ---------------------------------------------------------------- moving a confirmed appointment

Deno.test('request-move show: the current appointment, the deadline, the window from the day after tomorrow and the closures in it', async () => {
  const { handle, store } = setup(confirmedState());
  store.closures.push({ first_day: '2026-12-21', last_day: '2026-12-23' }, { first_day: '2027-08-01', last_day: '2027-08-02' });
  const answer = await call(handle, { token: await token('request-move'), intent: 'show' });
  assert.equal(answer.status, 200);
  const view = answer.body.view;
  assert.equal(view.action, 'request-move');
  assert.equal(view.status, 'confirmed');
  assert.equal(view.slot, null);
  assert.deepEqual(view.confirmed, { date: '2026-12-11', time: '09:30' });
  assert.equal(view.cancelUntil, '2026-12-10T08:30:00.000Z', 'also the last moment to ask for a move');
  // Today is Friday, 27 November 2026 in Zurich: the earliest day is Sunday the 29th (the form offers Monday), the latest six months on.
  assert.deepEqual(view.booking, { first: '2026-11-29', last: '2027-05-27', closedDays: ['2026-12-21', '2026-12-22', '2026-12-23'] });
  assert.deepEqual([view.move, view.movedFrom, view.slotWarning, view.schedule, view.mailPending], [null, null, null, [], false]);
  assert.deepEqual(store.calls, ['getAppointment', 'closedDays']);
  assert.equal(JSON.stringify(answer.body).includes('beat.keller@example.ch'), false);
});

Deno.test('request-move show: the window ends within the 12-month retention, counted from the request\'s day in Zurich', async () => {
  // 23:30 UTC on 9 March is 00:30 on 10 March in Zurich: the row is deleted after 9 March 2027.
  const { handle } = setup(confirmedState({ created_at: '2026-03-09T23:30:00Z' }));
  const view = (await call(handle, { token: await token('request-move'), intent: 'show' })).body.view;
  assert.deepEqual(view.booking, { first: '2026-11-29', last: '2027-03-09', closedDays: [] });
});

Deno.test('request-move act: a real date and one of the slots, both required; nothing is asked before they are', async () => {
  const { handle, store, mailer } = setup(confirmedState());
  const link = await token('request-move');
  for (const [body, field] of [
    [{}, 'date'],
    [{ time: '10:00' }, 'date'],
    [{ date: '2026-12-15' }, 'time'],
    [{ date: '2026-02-30', time: '10:00' }, 'date'],
    [{ date: '15.12.2026', time: '10:00' }, 'date'],
    [{ date: '2026-12-15', time: '09:15' }, 'time'],
    [{ date: '2026-12-15', time: '10:00', note: 'Bitte' }, 'note'],
  ] as const) {
    const answer = await call(handle, { token: link, intent: 'act', ...body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.deepEqual(answer.body, { error: 'invalid_body', field }, JSON.stringify(body));
  }
  assert.equal(store.calls.includes('requestMove'), false);
  assert.equal(mailer.sent.length, 0);
});

Deno.test('request-move act: the wish is stored, the practice gets it with links for this wish, the visitor a receipt; a second press sends nothing, another wish waits', async () => {
  const { handle, store, mailer, logs } = setup(confirmedState());
  const link = await token('request-move');
  const first = await call(handle, { token: link, intent: 'act', date: '2026-12-15', time: '10:00' });
  assert.equal(first.status, 200);
  assert.equal(first.body.result, 'changed');
  assert.equal(first.body.mail, 'sent');
  assert.deepEqual(first.body.view.move, { date: '2026-12-15', time: '10:00', status: 'requested', thisLink: true });
  assert.deepEqual(first.body.view.confirmed, { date: '2026-12-11', time: '09:30' }, 'the appointment stays until the practice confirms');
  assert.equal(first.body.view.mailPending, false);

  assert.deepEqual(mailer.sent.map((mail) => [mail.to, mail.subject]), [
    ['praxis@ruhepol-schlafberatung.ch', 'Terminverschiebung gewünscht: Beat Keller – Dienstag, 15. Dezember 2026, 10:00 Uhr'],
    ['beat.keller@example.ch', 'Verschiebung angefragt: Dienstag, 15. Dezember 2026, 10:00 Uhr'],
  ]);
  const [practice, receipt] = mailer.sent;
  assert.equal(practice!.replyTo, 'praxis@ruhepol-schlafberatung.ch');
  assert.deepEqual((await actionClaims(practice!, NOW)).map((claim) => [claim.action, claim.move]), [['confirm-move', 1], ['decline-move', 1]]);
  assert.deepEqual(await actionClaims(receipt!, NOW), []);
  assert.ok(mailer.sent.every((mail) => mail.attachments === undefined), 'nothing changes in a calendar yet');
  assert.deepEqual(store.outcomeKeysSent, ['move-requested:1']);

  const again = await call(handle, { token: link, intent: 'act', date: '2026-12-15', time: '10:00' });
  assert.deepEqual([again.status, again.body.result, again.body.mail], [200, 'unchanged', 'already_sent']);
  const other = await call(handle, { token: link, intent: 'act', date: '2026-12-16', time: '14:00' });
  assert.equal(other.status, 409);
  assert.equal(other.body.error, 'conflict');
  assert.deepEqual(other.body.view.move, { date: '2026-12-15', time: '10:00', status: 'requested', thisLink: true });
  assert.equal(mailer.sent.length, 2);
  assert.equal(store.appointments.get(REQUEST_ID)!.move_count, 1);
  assert.deepEqual(logs.map((line) => line.code), ['request-move_changed_sent', 'request-move_unchanged_already_sent', 'request-move_move_pending']);
});

Deno.test('request-move to a slot the rules refuse: 409 unavailable with the reason; nothing stored or sent', async () => {
  const { handle, store, mailer, logs } = setup(confirmedState());
  store.closures.push({ first_day: '2026-12-21', last_day: '2026-12-23' });
  const link = await token('request-move');
  for (const [date, time, reason] of [
    ['2026-11-28', '10:00', 'too_soon'],
    ['2027-05-28', '10:00', 'too_far'],
    ['2026-12-25', '10:00', 'closed'],
    ['2026-12-13', '10:00', 'closed'],
    ['2026-12-22', '10:00', 'closed'],
    ['2026-12-11', '09:30', 'same_slot'],
  ]) {
    const answer = await call(handle, { token: link, intent: 'act', date, time });
    assert.equal(answer.status, 409, `${date} ${time}`);
    assert.equal(answer.body.error, 'unavailable');
    assert.equal(answer.body.reason, reason, `${date} ${time}`);
    assert.equal(answer.body.view.status, 'confirmed');
    assert.equal(answer.body.view.move, null);
  }
  assert.equal(mailer.sent.length, 0);
  assert.equal(store.appointments.get(REQUEST_ID)!.move_count, 0);
  assert.equal(logs[0]!.code, 'request-move_unavailable_too_soon');
  // The last day of the window is bookable.
  assert.equal((await call(handle, { token: link, intent: 'act', date: '2027-05-27', time: '10:00' })).body.result, 'changed');
});

Deno.test('request-move inside the notice: 409 too_late; a request or a cancelled appointment: 409 conflict', async () => {
  const late = setup(confirmedState({ confirmed_date: '2026-11-28', confirmed_time: '09:00' }));
  const refused = await call(late.handle, { token: await token('request-move'), intent: 'act', date: '2026-12-15', time: '10:00' });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.error, 'too_late');
  assert.equal(late.mailer.sent.length, 0);
  for (const state of [appointmentState(), confirmedState({ status: 'cancelled', calendar_sequence: 2, outcome_sent_for: 'cancelled' })]) {
    const { handle } = setup(state);
    const answer = await call(handle, { token: await token('request-move'), intent: 'act', date: '2026-12-15', time: '10:00' });
    assert.equal(answer.status, 409);
    assert.equal(answer.body.error, 'conflict');
  }
});

Deno.test('the practice confirms the move: the same calendar entry, moved (same UID, higher SEQUENCE, the new start); the old slot is free; old links act on nothing', async () => {
  const { handle, store, mailer } = setup();
  const other = otherAppointment('00000000-0000-4000-8000-0000000000aa', '10:00', 'lukas-brunner', { confirmed_date: '2026-12-15' });
  store.appointments.set(other.id, other);
  await call(handle, { token: await token('confirm-preferred'), intent: 'act', advisor: 'lukas-brunner' });
  const confirmation = mailer.sent[0]!;
  const original = calendarOf(confirmation);

  const requestMove = await linkToken(confirmation, 'request-move', NOW);
  assert.equal((await call(handle, { token: requestMove, intent: 'act', date: '2026-12-15', time: '10:00' })).body.result, 'changed');
  const practiceMail = mailer.sent[2]!;
  const confirmMove = await linkToken(practiceMail, 'confirm-move', NOW);
  assert.doesNotMatch(practiceMail.text, /Achtung/, `${SANDRA_HUBER} is free at the wished time`);

  const shown = (await call(handle, { token: confirmMove, intent: 'show' })).body.view;
  assert.equal(shown.action, 'confirm-move');
  assert.deepEqual(shown.slot, { date: '2026-12-15', time: '10:00' });
  assert.deepEqual(shown.move, { date: '2026-12-15', time: '10:00', status: 'requested', thisLink: true });
  assert.deepEqual(shown.schedule, [{ advisor: 'lukas-brunner', time: '10:00', minutes: 60, service: 'Schlafberatung', name: 'Anna Muster' }]);
  assert.equal(shown.advisor, 'lukas-brunner', 'the appointment\'s advisor, who is busy at the wished time');
  assert.equal(shown.slotWarning, null);

  mailer.sent = [];
  // Only the first advisor is free then: she is assigned without being named.
  const confirmed = await call(handle, { token: confirmMove, intent: 'act' });
  assert.deepEqual([confirmed.status, confirmed.body.result, confirmed.body.mail], [200, 'changed', 'sent']);
  const view = confirmed.body.view;
  assert.equal(view.advisor, 'sandra-huber');
  assert.deepEqual(view.confirmed, { date: '2026-12-15', time: '10:00' });
  assert.deepEqual(view.movedFrom, { date: '2026-12-11', time: '09:30' });
  assert.deepEqual(view.move, { date: '2026-12-15', time: '10:00', status: 'confirmed', thisLink: true });
  assert.equal(view.cancelUntil, '2026-12-14T09:00:00.000Z');
  assert.deepEqual(view.schedule.map((entry: { time: string }) => entry.time), ['10:00'], 'its own appointment is not among the others');

  assert.deepEqual(mailer.sent.map((mail) => [mail.to, mail.subject]), [
    ['beat.keller@example.ch', 'Termin verschoben: Dienstag, 15. Dezember 2026, 10:00 Uhr'],
    ['praxis@ruhepol-schlafberatung.ch', 'Termin verschoben: Beat Keller – Dienstag, 15. Dezember 2026, 10:00 Uhr'],
  ]);
  assert.match(mailer.sent[0]!.text, /Ihr früherer Termin am Freitag, 11\. Dezember 2026, 09:30 Uhr entfällt\./);
  for (const mail of mailer.sent) {
    const entry = calendarOf(mail);
    assert.equal(entry.method, 'REQUEST');
    assert.equal(entry.uid, original.uid);
    assert.ok(entry.sequence > original.sequence, `${entry.sequence} > ${original.sequence}`);
    assert.deepEqual(entry.start, ['20261215T100000']);
  }
  // Fresh links for the new slot: they expire when it starts.
  assert.deepEqual((await actionClaims(mailer.sent[0]!, NOW)).map((claim) => [claim.action, new Date(claim.expiresAt * 1000).toISOString()]), [
    ['cancel', '2026-12-15T09:00:00.000Z'],
    ['request-move', '2026-12-15T09:00:00.000Z'],
  ]);
  assert.deepEqual(await store.schedule('2026-12-11', '2026-12-11'), [], 'the old slot is free');

  // A second press, the decline link of the same wish, the old confirm link: nothing changes, nothing is sent.
  const again = await call(handle, { token: confirmMove, intent: 'act' });
  assert.deepEqual([again.status, again.body.result, again.body.mail], [200, 'unchanged', 'already_sent']);
  const decline = await call(handle, { token: await moveToken('decline-move', 1), intent: 'act' });
  assert.deepEqual([decline.status, decline.body.error], [409, 'conflict']);
  const oldConfirm = await call(handle, { token: await token('confirm-preferred'), intent: 'act', advisor: 'sandra-huber' });
  assert.deepEqual([oldConfirm.status, oldConfirm.body.error], [409, 'conflict']);
  assert.deepEqual(oldConfirm.body.view.confirmed, { date: '2026-12-15', time: '10:00' });
  assert.deepEqual(oldConfirm.body.view.movedFrom, { date: '2026-12-11', time: '09:30' });
  assert.equal(mailer.sent.length, 2);
  assert.equal(store.appointments.get(REQUEST_ID)!.calendar_sequence, 2);
});

Deno.test('the practice declines the wish with a note; the visitor asks again; the first wish\'s links then show the later one and act on nothing', async () => {
  const { handle, store, mailer } = setup(confirmedState());
  const requestMove = await token('request-move');
  await call(handle, { token: requestMove, intent: 'act', date: '2026-12-15', time: '10:00' });
  const tooLong = await call(handle, { token: await moveToken('decline-move', 1), intent: 'act', note: 'x'.repeat(1001) });
  assert.deepEqual(tooLong.body, { error: 'invalid_body', field: 'note' });
  mailer.sent = [];
  const declined = await call(handle, { token: await moveToken('decline-move', 1), intent: 'act', note: '  Am 15. sind wir ausgebucht.  ' });
  assert.deepEqual([declined.status, declined.body.result, declined.body.mail], [200, 'changed', 'sent']);
  assert.equal(declined.body.view.staffNote, 'Am 15. sind wir ausgebucht.');
  assert.deepEqual(declined.body.view.move, { date: '2026-12-15', time: '10:00', status: 'declined', thisLink: true });
  assert.deepEqual(declined.body.view.confirmed, { date: '2026-12-11', time: '09:30' });
  assert.deepEqual(mailer.sent.map((mail) => [mail.to, mail.subject]), [['beat.keller@example.ch', 'Ihr Termin bleibt bestehen: Freitag, 11. Dezember 2026, 09:30 Uhr']]);
  assert.match(mailer.sent[0]!.text, /Unsere Nachricht an Sie:\nAm 15\. sind wir ausgebucht\./);
  assert.deepEqual((await actionClaims(mailer.sent[0]!, NOW)).map((claim) => claim.action), ['cancel', 'request-move']);
  assert.equal(mailer.sent[0]!.attachments, undefined);

  // Another wish: number 2.
  assert.equal((await call(handle, { token: requestMove, intent: 'act', date: '2026-12-16', time: '14:00' })).body.result, 'changed');
  assert.deepEqual(store.outcomeKeysSent, ['move-requested:1', 'move-declined:1', 'move-requested:2']);
  const oldLink = await moveToken('confirm-move', 1);
  const shown = (await call(handle, { token: oldLink, intent: 'show' })).body.view;
  assert.deepEqual(shown.move, { date: '2026-12-16', time: '14:00', status: 'requested', thisLink: false });
  assert.deepEqual(shown.slot, { date: '2026-12-16', time: '14:00' });
  mailer.sent = [];
  for (const link of [oldLink, await moveToken('decline-move', 1)]) {
    const answer = await call(handle, { token: link, intent: 'act' });
    assert.deepEqual([answer.status, answer.body.error], [409, 'conflict']);
    assert.equal(answer.body.view.move.thisLink, false);
  }
  assert.equal(mailer.sent.length, 0);
  assert.equal(store.appointments.get(REQUEST_ID)!.move_status, 'requested');
  const current = await call(handle, { token: await moveToken('confirm-move', 2), intent: 'act', advisor: 'sandra-huber' });
  assert.deepEqual(current.body.view.confirmed, { date: '2026-12-16', time: '14:00' });
  assert.deepEqual(current.body.view.move, { date: '2026-12-16', time: '14:00', status: 'confirmed', thisLink: true });
});

Deno.test('after a move, the cancel and request-move links of the first confirmation act on the current appointment and its deadline', async () => {
  const moved = confirmedState({
    confirmed_date: '2026-11-28',
    confirmed_time: '09:00',
    moved_from_date: '2026-12-11',
    moved_from_time: '09:30',
    move_status: 'confirmed',
    move_date: '2026-11-28',
    move_time: '09:00',
    move_count: 1,
    calendar_sequence: 2,
    outcome_sent_for: 'moved:1',
  });
  // Moved to tomorrow morning: inside the notice, although the first slot was two weeks away.
  const early = setup(moved);
  for (const action of ['cancel', 'request-move'] as const) {
    const answer = await call(early.handle, { token: await token(action), intent: 'act', date: action === 'request-move' ? '2026-12-15' : undefined, time: action === 'request-move' ? '10:00' : undefined });
    assert.deepEqual([answer.status, answer.body.error], [409, 'too_late'], action);
    assert.deepEqual(answer.body.view.confirmed, { date: '2026-11-28', time: '09:00' });
  }
  // Moved to a later day: the cancellation cancels that one.
  const later = setup({ ...moved, confirmed_date: '2026-12-18', confirmed_time: '10:00', move_date: '2026-12-18', move_time: '10:00' });
  const cancelled = await call(later.handle, { token: await token('cancel'), intent: 'act' });
  assert.equal(cancelled.body.result, 'changed');
  for (const mail of later.mailer.sent) {
    const entry = calendarOf(mail);
    assert.deepEqual([entry.method, entry.sequence, entry.start], ['CANCEL', 3, ['20261218T100000']]);
  }
});

Deno.test('what a press may send must fit the link: a note only to decline, a time only for a slot without one, a date only to move', async () => {
  const { handle, store } = setup(confirmedState({ move_status: 'requested', move_date: '2026-12-15', move_time: '10:00', move_count: 1, outcome_sent_for: 'move-requested:1' }));
  const confirmMove = await moveToken('confirm-move', 1);
  assert.deepEqual((await call(handle, { token: confirmMove, intent: 'act', note: 'Gern' })).body, { error: 'invalid_body', field: 'note' });
  assert.deepEqual((await call(handle, { token: confirmMove, intent: 'act', time: '11:00' })).body, { error: 'invalid_body', field: 'time' });
  assert.deepEqual((await call(handle, { token: confirmMove, intent: 'act', date: '2026-12-16' })).body, { error: 'invalid_body', field: 'date' });
  assert.deepEqual((await call(handle, { token: await token('cancel'), intent: 'act', date: '2026-12-16' })).body, { error: 'invalid_body', field: 'date' });
  assert.deepEqual((await call(handle, { token: await token('confirm-preferred'), intent: 'act', advisor: 'sandra-huber', date: '2026-12-16' })).body, { error: 'invalid_body', field: 'date' });
  assert.equal(store.calls.some((name) => name.startsWith('decideMove') || name === 'cancelAppointment'), false);
});

Deno.test('confirm-move: a wished slot that has begun cannot be confirmed (409 slot_past); declining it still works', async () => {
  const { handle, store } = setup(confirmedState({ move_status: 'requested', move_date: '2026-11-27', move_time: '09:00', move_count: 1, outcome_sent_for: 'move-requested:1' }));
  const refused = await call(handle, { token: await moveToken('confirm-move', 1), intent: 'act', advisor: 'sandra-huber' });
  assert.deepEqual([refused.status, refused.body.error], [409, 'slot_past']);
  assert.equal(store.appointments.get(REQUEST_ID)!.move_status, 'requested');
  assert.equal((await call(handle, { token: await moveToken('decline-move', 1), intent: 'act' })).body.result, 'changed');
});

Deno.test('slotWarning: confirm links and confirm-move name a holiday, a closed weekday or a closure; the practice may still confirm', async () => {
  const { handle, store } = setup(appointmentState({ preferred_date: '2026-12-25', preferred_time: '10:00', alternative_date: '2026-12-13', alternative_time: '10:00' }));
  const warning = async (link: string) => (await call(handle, { token: link, intent: 'show' })).body.view.slotWarning;
  assert.deepEqual(await warning(await token('confirm-preferred')), { kind: 'holiday', name: 'Weihnachten' });
  assert.deepEqual(await warning(await token('confirm-alternative')), { kind: 'weekday' });
  assert.equal(await warning(await token('decline')), null);
  const confirmed = await call(handle, { token: await token('confirm-preferred'), intent: 'act', advisor: 'sandra-huber' });
  assert.equal(confirmed.body.result, 'changed');
  assert.deepEqual(confirmed.body.view.slotWarning, { kind: 'holiday', name: 'Weihnachten' });

  // A wish whose day the practice closed after it was made.
  store.appointments.set(REQUEST_ID, confirmedState({ move_status: 'requested', move_date: '2026-12-22', move_time: '10:00', move_count: 1, outcome_sent_for: 'move-requested:1' }));
  store.closures.push({ first_day: '2026-12-21', last_day: '2026-12-23' });
  assert.deepEqual(await warning(await moveToken('confirm-move', 1)), { kind: 'closure' });
  assert.equal(await warning(await moveToken('decline-move', 1)), null);
  assert.equal(await warning(await token('request-move')), null);
  assert.equal((await call(handle, { token: await moveToken('confirm-move', 1), intent: 'act', advisor: 'sandra-huber' })).body.result, 'changed');
});

Deno.test('the wish\'s mails fail: 502 mail_failed with mailPending; the next press sends them without asking again', async () => {
  const { handle, store, mailer } = setup(confirmedState());
  mailer.fail = [0];
  const link = await token('request-move');
  const failed = await call(handle, { token: link, intent: 'act', date: '2026-12-15', time: '10:00' });
  assert.deepEqual([failed.status, failed.body.error, failed.body.stored], [502, 'mail_failed', true]);
  assert.equal(failed.body.view.mailPending, true);
  assert.equal(failed.body.view.move.status, 'requested');
  const shown = await call(handle, { token: link, intent: 'show' });
  assert.equal(shown.body.view.mailPending, true);
  const retried = await call(handle, { token: link, intent: 'act', date: '2026-12-15', time: '10:00' });
  assert.deepEqual([retried.status, retried.body.result, retried.body.mail, retried.body.view.mailPending], [200, 'unchanged', 'sent', false]);
  assert.equal(store.appointments.get(REQUEST_ID)!.move_count, 1);
  assert.deepEqual(mailer.sent.map((mail) => mail.to), ['praxis@ruhepol-schlafberatung.ch', 'beat.keller@example.ch']);
});

Deno.test("every answer read here is checked against the site's schemas, which refuse one the site could not read", () => {
  assert.throws(() => assertActionAnswer('show', 200, { view: { action: 'confirm-preferred', status: 'requested' } }), /outside the site's schema/);
  assert.throws(() => assertActionAnswer('act', 409, { error: 'conflict' }), /outside the site's schema/);
  assert.doesNotThrow(() => assertActionAnswer('act', 429, { error: 'rate_limited', retryAfterSeconds: 60 }));
});
