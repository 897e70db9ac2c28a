/**
 * The HTTP calls the Store makes through supabase-js, captured with an injected fetch:
 * the PostgREST subset the embedded local stack has to serve, with the service-role key.
 */
import assert from 'node:assert/strict';
import { StoreError } from '../_shared/database/store.ts';
import { createSupabaseStore } from '../_shared/database/supabase-store.ts';
import { storedAppointmentRequest, appointmentState, REQUEST_ID } from './helpers.ts';

const URL_BASE = 'http://127.0.0.1:54321';
const KEY = 'service-role-key';

interface Call {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

function capture(respond: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const call = { method: request.method, url: new URL(request.url), headers: request.headers, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    assert.ok(init?.signal instanceof AbortSignal, 'every database call has a time limit');
    return respond(call);
  }) as typeof fetch;
  return { calls, store: createSupabaseStore(URL_BASE, KEY, fetchImpl) };
}

const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

Deno.test('take_rate_limit: POST /rest/v1/rpc/take_rate_limit with the service-role key', async () => {
  const { calls, store } = capture(() => jsonAnswer(0));
  assert.equal(await store.takeRateLimit('send-contact-email:ip', 'abc', 5, 600), 0);
  const [call] = calls;
  assert.equal(call!.method, 'POST');
  assert.equal(call!.url.pathname, '/rest/v1/rpc/take_rate_limit');
  assert.equal(call!.headers.get('apikey'), KEY);
  assert.equal(call!.headers.get('authorization'), `Bearer ${KEY}`);
  assert.deepEqual(call!.body, { p_bucket: 'send-contact-email:ip', p_key: 'abc', p_max_events: 5, p_window_seconds: 600 });
});

const TOKEN = '6f1c7a52-0d3e-4b8a-9c21-7e5f4a3b2c1d';

/** public.claim_mail's answer by key: the mail when claimed. */
const claimedAnswer = (mail: Record<string, unknown>) => ({ status: 'claimed', mails: [{ ...mail, claim: TOKEN }] });

Deno.test('store_contact_message, then the one claim by key; finish_mail: the message as p_*, the claim\'s token back and forth, the answers checked', async () => {
  const { calls, store } = capture((call) =>
    call.url.pathname.endsWith('/store_contact_message')
      ? jsonAnswer({ status: 'stored' })
      : call.url.pathname.endsWith('/claim_mail')
      ? jsonAnswer(claimedAnswer({ id: REQUEST_ID }))
      : jsonAnswer('finished')
  );
  const submission = { id: REQUEST_ID, name: 'Anna Muster', email: 'a@b.ch', phone: null, subject: null, message: 'Hallo', language: 'en' as const };
  const before = performance.now();
  const claimed = await store.claimContactNotification(submission);
  assert.ok(claimed.status === 'claimed');
  assert.equal(claimed.claim.token, TOKEN);
  assert.ok(claimed.claim.takenAt >= before && claimed.claim.takenAt <= performance.now(), 'taken when it was asked for');
  assert.equal(await store.finishMail(TOKEN, 'sent'), 'finished');
  assert.deepEqual(calls.map((call) => [call.method, call.url.pathname, call.body]), [
    ['POST', '/rest/v1/rpc/store_contact_message', {
      p_id: REQUEST_ID, p_name: 'Anna Muster', p_email: 'a@b.ch', p_phone: null, p_subject: null, p_message: 'Hallo', p_language: 'en',
    }],
    ['POST', '/rest/v1/rpc/claim_mail', { p_kind: 'contact', p_key: `contact/${REQUEST_ID}/practice` }],
    ['POST', '/rest/v1/rpc/finish_mail', { p_claim: TOKEN, p_sent: true, p_cause: null, p_drop: false, p_carried: null }],
  ]);
  for (const status of ['already_sent', 'in_progress'] as const) {
    const { store: other } = capture((call) => jsonAnswer(call.url.pathname.endsWith('/claim_mail') ? { status, mails: [] } : { status: 'stored' }));
    assert.deepEqual(await other.claimContactNotification(submission), { status });
  }
  const { store: conflict } = capture(() => jsonAnswer({ status: 'conflict' }));
  assert.deepEqual(await conflict.claimContactNotification(submission), { status: 'conflict' });
  for (const odd of ['claimed', { status: 'maybe' }, { status: 'claimed', claim: 'x' }]) {
    const { store: other } = capture(() => jsonAnswer(odd));
    await assert.rejects(other.claimContactNotification(submission), StoreError);
  }
  // A stored message whose mail is not found, or a claimed mail without its token: not an answer we know.
  for (const claim of [{ status: 'not_found', mails: [] }, { status: 'claimed', mails: [{ id: REQUEST_ID }] }]) {
    const { store: other } = capture((call) => jsonAnswer(call.url.pathname.endsWith('/claim_mail') ? claim : { status: 'stored' }));
    await assert.rejects(other.claimContactNotification(submission), StoreError);
  }
  const { store: lost } = capture(() => jsonAnswer('lost'));
  assert.equal(await lost.finishMail(TOKEN, 'failed'), 'lost');
  const { store: odd } = capture(() => new Response(null, { status: 204 }));
  await assert.rejects(odd.finishMail(TOKEN, 'sent'), { name: 'StoreError', code: 'unexpected_finish_answer' });
});

Deno.test('claim_form_proof / judge_form_proof: signature, request id and expiry as p_*; the answer checked', async () => {
  const answer = { use: 'same_request', limits: 'refused', retryAfterSeconds: 420 };
  const { calls, store } = capture((call) => call.url.pathname.endsWith('/claim_form_proof') ? jsonAnswer(answer) : new Response(null, { status: 204 }));
  assert.deepEqual(await store.claimFormProof('ab'.repeat(32), REQUEST_ID, new Date('2026-11-23T12:00:00Z')), answer);
  await store.judgeFormProof('ab'.repeat(32), 0);
  assert.deepEqual(calls.map((call) => [call.url.pathname, call.body]), [
    ['/rest/v1/rpc/claim_form_proof', { p_signature: 'ab'.repeat(32), p_request_id: REQUEST_ID, p_expires_at: '2026-11-23T12:00:00.000Z' }],
    ['/rest/v1/rpc/judge_form_proof', { p_signature: 'ab'.repeat(32), p_refused_for_seconds: 0 }],
  ]);
  const { store: odd } = capture(() => jsonAnswer('fresh'));
  await assert.rejects(odd.claimFormProof('ab'.repeat(32), REQUEST_ID, new Date()), StoreError);
});

Deno.test('the outbox\'s calls: the one claim, due, per kind; finish_mail with a cause; what was given up; record_job_run', async () => {
  const { calls, store } = capture((call) => {
    if (call.url.pathname.endsWith('/claim_mail')) {
      return jsonAnswer({ status: 'claimed', mails: [], given_up: [{ kind: 'contact', id: REQUEST_ID }] });
    }
    if (call.url.pathname.endsWith('/finish_mail')) return jsonAnswer('finished');
    return new Response(null, { status: 204 });
  });
  assert.deepEqual(await store.claimPendingContacts(1, 120), []);
  assert.deepEqual(await store.claimPendingReminders('2026-12-10', 1), []);
  assert.equal(await store.finishMail(TOKEN, 'failed', 'smtp_554'), 'finished');
  assert.deepEqual(await store.giveUpStaleMail('2026-12-10'), [{ kind: 'contact', id: REQUEST_ID }]);
  await store.recordJobRun('send-pending-mail', true, { sent: 1 });
  const due = { p_today: null, p_budget: null, p_now: null };
  assert.deepEqual(calls.map((call) => [call.url.pathname.replace('/rest/v1/rpc/', ''), call.body]), [
    ['claim_mail', { p_kind: 'contact', p_limit: 1, p_grace_seconds: 120, ...due }],
    ['claim_mail', { p_kind: 'reminder', p_limit: 1, p_grace_seconds: 0, ...due, p_today: '2026-12-10' }],
    ['finish_mail', { p_claim: TOKEN, p_sent: false, p_cause: 'smtp_554', p_drop: false, p_carried: null }],
    ['claim_mail', { p_kind: 'contact', p_limit: 0, p_grace_seconds: 0, ...due, p_today: '2026-12-10' }],
    ['record_job_run', { p_job: 'send-pending-mail', p_ok: true, p_summary: { sent: 1 } }],
  ]);
  const { store: odd } = capture(() => jsonAnswer({ status: 'claimed', mails: [{ id: REQUEST_ID }] }));
  await assert.rejects(odd.claimPendingContacts(1, 120), StoreError);
  const { store: old } = capture(() => jsonAnswer([]));
  await assert.rejects(old.claimPendingContacts(1, 120), { name: 'StoreError', code: 'unexpected_mail_claim' });
});

Deno.test('the one claim, due: each claimed mail with its claim\'s token; one without is a StoreError', async () => {
  const contact = { id: REQUEST_ID, created_at: '2026-12-10T07:00:00Z', name: 'Anna', email: 'a@b.ch', phone: null, subject: null, message: 'x', language: 'en' };
  const answers: Record<string, unknown> = {
    contact: [{ ...contact, claim: TOKEN }],
    request: [{ ...storedAppointmentRequest(), claim: TOKEN }],
    outcome: [{ ...row(), claim: TOKEN }],
    reminder: [{ ...row(), claim: TOKEN }],
  };
  const { store } = capture((call) => jsonAnswer({ status: 'claimed', mails: answers[(call.body as { p_kind: string }).p_kind] }));
  const [claimedContact] = await store.claimPendingContacts(1, 120);
  assert.deepEqual(claimedContact!.row, contact);
  assert.equal(claimedContact!.claim.token, TOKEN);
  assert.deepEqual((await store.claimPendingRequests(1, 120)).map((c) => [c.row, c.claim.token]), [[storedAppointmentRequest(), TOKEN]]);
  assert.equal((await store.claimPendingOutcomes(1, 120))[0]!.claim.token, TOKEN);
  assert.equal((await store.claimPendingReminders('2026-12-10', 1))[0]!.claim.token, TOKEN);

  // A mail without its token cannot be finished: a failed call, not a claim.
  const { store: wrong } = capture(() => jsonAnswer({ status: 'claimed', mails: [{ ...row(), claim: null }] }));
  await assert.rejects(wrong.claimPendingOutcomes(1, 120), { name: 'StoreError', code: 'unexpected_claim_token' });
});

Deno.test('match_appointment_request, then the one claim: every field as p_*, the claimed row checked and trimmed to what the mail uses', async () => {
  const row = { ...storedAppointmentRequest(), outcome_sent_for: null, claim: TOKEN };
  const { calls, store } = capture((call) =>
    jsonAnswer(call.url.pathname.endsWith('/claim_mail') ? { status: 'claimed', mails: [row] } : { status: 'match' })
  );
  const result = await store.claimAppointmentNotification({
    id: REQUEST_ID,
    firstName: 'Beat',
    lastName: 'Keller',
    email: 'beat.keller@example.ch',
    phone: '+41 44 123 45 67',
    service: 'Schlafberatung',
    preferredDate: '2026-12-11',
    preferredTime: null,
    alternativeDate: null,
    alternativeTime: null,
    message: null,
    language: 'de',
    maxAgeSeconds: 900,
  });
  assert.ok(result.status === 'claimed');
  assert.deepEqual(result.request, storedAppointmentRequest());
  assert.equal(result.claim.token, TOKEN);
  assert.equal(calls[0]!.url.pathname, '/rest/v1/rpc/match_appointment_request');
  assert.deepEqual([calls[1]!.url.pathname, calls[1]!.body], ['/rest/v1/rpc/claim_mail', { p_kind: 'request', p_key: `request/${REQUEST_ID}/practice` }]);
  assert.deepEqual(calls[0]!.body, {
    p_id: REQUEST_ID,
    p_first_name: 'Beat',
    p_last_name: 'Keller',
    p_email: 'beat.keller@example.ch',
    p_phone: '+41 44 123 45 67',
    p_service: 'Schlafberatung',
    p_preferred_date: '2026-12-11',
    p_preferred_time: null,
    p_alternative_date: null,
    p_alternative_time: null,
    p_message: null,
    p_max_age_seconds: 900,
    p_language: 'de',
  });
});

Deno.test('claim answers not_found / already_sent / in_progress pass through; anything else is a StoreError', async () => {
  const claim = {
    id: REQUEST_ID, firstName: 'B', lastName: 'K', email: 'b@k.ch', phone: '1', service: 'Schlafberatung',
    preferredDate: '2026-12-11', preferredTime: null, alternativeDate: null, alternativeTime: null, message: null, language: 'de' as const,
    maxAgeSeconds: 900,
  };
  for (const status of ['not_found', 'already_sent', 'in_progress'] as const) {
    const { store } = capture(() => jsonAnswer({ status }));
    assert.deepEqual(await store.claimAppointmentNotification(claim), { status });
    const { store: claimed } = capture((call) => jsonAnswer(call.url.pathname.endsWith('/claim_mail') ? { status, mails: [] } : { status: 'match' }));
    assert.deepEqual(await claimed.claimAppointmentNotification(claim), { status });
  }
  const claimAnswer = (mail: unknown) => (call: Call) =>
    jsonAnswer(call.url.pathname.endsWith('/claim_mail') ? { status: 'claimed', mails: [mail] } : { status: 'match' });
  const { store } = capture(claimAnswer({ id: REQUEST_ID }));
  await assert.rejects(store.claimAppointmentNotification(claim), { name: 'StoreError', code: 'unexpected_claim_answer' });
  const { store: odd } = capture(() => jsonAnswer({ status: 'claimed' }));
  await assert.rejects(odd.claimAppointmentNotification(claim), { name: 'StoreError', code: 'unexpected_claim_answer' });
  // A claimed row without its token cannot be finished: a failed call, not a claim.
  const { store: tokenless } = capture(claimAnswer(storedAppointmentRequest()));
  await assert.rejects(tokenless.claimAppointmentNotification(claim), { name: 'StoreError', code: 'unexpected_claim_token' });
});

Deno.test('finish_mail: the claim\'s token and the outcome as p_sent / p_drop, the cause; the answer checked', async () => {
  let answer = 'finished';
  const { calls, store } = capture(() => jsonAnswer(answer));
  assert.equal(await store.finishMail(TOKEN, 'sent'), 'finished');
  assert.equal(await store.finishMail(TOKEN, 'dropped', 'ack_limited'), 'finished');
  answer = 'lost';
  assert.equal(await store.finishMail(TOKEN, 'failed'), 'lost');
  assert.deepEqual(calls.map((call) => [call.url.pathname, call.body]), [
    ['/rest/v1/rpc/finish_mail', { p_claim: TOKEN, p_sent: true, p_cause: null, p_drop: false, p_carried: null }],
    ['/rest/v1/rpc/finish_mail', { p_claim: TOKEN, p_sent: false, p_cause: 'ack_limited', p_drop: true, p_carried: null }],
    ['/rest/v1/rpc/finish_mail', { p_claim: TOKEN, p_sent: false, p_cause: null, p_drop: false, p_carried: null }],
  ]);
});

Deno.test('claim_mail on a state\'s outcome mail: its outbox key, the claimed request with its token', async () => {
  const { calls, store } = capture(() => jsonAnswer({ status: 'claimed', mails: [{ ...row(), claim: TOKEN }] }));
  const claimed = await store.claimOutcomeMail(REQUEST_ID, 'moved:1');
  assert.ok(claimed.status === 'claimed');
  assert.equal(claimed.claim.token, TOKEN);
  assert.deepEqual(calls.map((call) => [call.url.pathname, call.body]), [
    ['/rest/v1/rpc/claim_mail', { p_kind: 'outcome', p_key: `outcome/${REQUEST_ID}/moved:1` }],
  ]);
  for (const status of ['already_sent', 'in_progress', 'not_found'] as const) {
    const { store: other } = capture(() => jsonAnswer({ status, mails: [] }));
    assert.deepEqual(await other.claimOutcomeMail(REQUEST_ID, 'moved:1'), { status });
  }
});

Deno.test('finish and discard: the RPCs with their arguments', async () => {
  const { calls, store } = capture(() => new Response(null, { status: 204 }));
  await store.discardAppointmentRequest(REQUEST_ID, 'b@k.ch', 'ab12');
  assert.deepEqual(calls.map((call) => [call.url.pathname, call.body]), [
    ['/rest/v1/rpc/discard_appointment_request', { p_id: REQUEST_ID, p_email: 'b@k.ch', p_proof: 'ab12' }],
  ]);
});

Deno.test('a PostgREST error becomes a StoreError with the SQLSTATE only', async () => {
  const { store } = capture(() =>
    jsonAnswer({ code: '23514', message: 'new row violates check constraint', details: 'Failing row contains (Anna, a@b.ch)', hint: null }, 400)
  );
  await assert.rejects(
    store.claimContactNotification({ id: REQUEST_ID, name: 'Anna', email: 'a@b.ch', phone: null, subject: null, message: 'x', language: 'de' }),
    (error: unknown) => {
      assert.ok(error instanceof StoreError);
      assert.equal(error.code, '23514');
      assert.equal(error.message.includes('Anna'), false);
      return true;
    },
  );
});

/** A row as to_jsonb writes it, with the bookkeeping columns the Store drops. */
function row(overrides: Record<string, unknown> = {}) {
  return {
    ...appointmentState({ status: 'confirmed', confirmed_date: '2026-12-11', confirmed_time: '09:30', calendar_sequence: 1 }),
    decided_at: '2026-11-27T10:00:00+00:00',
    move_decided_at: null,
    reminder_claimed_at: null,
    ...overrides,
  };
}

Deno.test('request_appointment_move: id, slot and the notice as p_*; every answer checked, the reason of unavailable kept', async () => {
  const answers: unknown[] = [
    { result: 'changed', request: row({ move_status: 'requested', move_date: '2026-12-15', move_time: '10:00', move_count: 1, outcome_key: 'move-requested:1' }) },
    { result: 'unavailable', reason: 'closed', request: row() },
    { result: 'move_pending', request: row() },
    { result: 'not_found' },
  ];
  const { calls, store } = capture(() => jsonAnswer(answers.shift()));
  const changed = await store.requestMove(REQUEST_ID, { date: '2026-12-15', time: '10:00' }, 24);
  assert.equal(changed.result, 'changed');
  assert.ok(changed.result === 'changed' && changed.request.move_count === 1 && changed.request.outcome_key === 'move-requested:1');
  assert.equal('decided_at' in (changed as { request: object }).request, false, 'bookkeeping columns are dropped');
  const refused = await store.requestMove(REQUEST_ID, { date: '2026-12-25', time: '10:00' }, 24);
  assert.ok(refused.result === 'unavailable' && refused.reason === 'closed');
  assert.equal((await store.requestMove(REQUEST_ID, { date: '2026-12-16', time: '10:00' }, 24)).result, 'move_pending');
  assert.deepEqual(await store.requestMove(REQUEST_ID, { date: '2026-12-16', time: '10:00' }, 24), { result: 'not_found' });
  assert.deepEqual(calls[0]!.url.pathname, '/rest/v1/rpc/request_appointment_move');
  assert.deepEqual(calls[0]!.body, { p_id: REQUEST_ID, p_date: '2026-12-15', p_time: '10:00', p_min_notice: '24 hours' });

  for (const odd of [
    { result: 'unavailable', reason: 'sunday', request: row() },
    { result: 'unavailable', request: row() },
    { result: 'changed', request: { ...row(), move_count: null } },
    { result: 'changed', request: { ...row(), outcome_key: undefined } },
    { result: 'maybe', request: row() },
  ]) {
    const { store: other } = capture(() => jsonAnswer(odd));
    await assert.rejects(other.requestMove(REQUEST_ID, { date: '2026-12-15', time: '10:00' }, 24), { name: 'StoreError', code: 'unexpected_move_answer' });
  }
});

Deno.test('decide_appointment_move: the wish\'s number and the decision as p_*, a decline with its note', async () => {
  const { calls, store } = capture(() => jsonAnswer({ result: 'conflict', request: row() }));
  assert.equal((await store.decideMove(REQUEST_ID, 2, { kind: 'confirm' })).result, 'conflict');
  await store.decideMove(REQUEST_ID, 2, { kind: 'decline', note: 'Ausgebucht' });
  assert.deepEqual(calls.map((call) => [call.url.pathname.replace('/rest/v1/rpc/', ''), call.body]), [
    ['decide_appointment_move', { p_id: REQUEST_ID, p_move: 2, p_decision: 'confirm', p_advisor: null }],
    ['decide_appointment_move', { p_id: REQUEST_ID, p_move: 2, p_decision: 'decline', p_note: 'Ausgebucht' }],
  ]);
});

Deno.test('practice_closed_days: from and days as p_*, the dates checked', async () => {
  const { calls, store } = capture((call) =>
    call.url.pathname.endsWith('/practice_closed_days') ? jsonAnswer(['2026-12-21', '2026-12-22']) : jsonAnswer('finished')
  );
  assert.deepEqual(await store.closedDays('2026-11-29', 180), ['2026-12-21', '2026-12-22']);
  assert.deepEqual(calls.map((call) => [call.url.pathname.replace('/rest/v1/rpc/', ''), call.body]), [
    ['practice_closed_days', { p_from: '2026-11-29', p_days: 180 }],
  ]);
  const { store: odd } = capture(() => jsonAnswer([{ day: '2026-12-21' }]));
  await assert.rejects(odd.closedDays('2026-11-29', 180), { name: 'StoreError', code: 'unexpected_closed_days_answer' });
});

Deno.test('a claimed row\'s language is one of the site\'s: a row without one, or with another, is an answer we do not know', async () => {
  const contact = { id: REQUEST_ID, created_at: '2026-12-10T07:00:00Z', name: 'Anna', email: 'a@b.ch', phone: null, subject: null, message: 'x' };
  for (const odd of [contact, { ...contact, language: 'fr' }, { ...contact, language: null }]) {
    const { store } = capture(() => jsonAnswer({ status: 'claimed', mails: [{ ...odd, claim: TOKEN }] }));
    await assert.rejects(store.claimPendingContacts(1, 120), { name: 'StoreError', code: 'unexpected_contact_claim' });
  }
  const { language: _language, ...request } = storedAppointmentRequest();
  const { store } = capture(() => jsonAnswer({ status: 'claimed', mails: [{ ...request, claim: TOKEN }] }));
  await assert.rejects(store.claimPendingRequests(1, 120), { name: 'StoreError', code: 'unexpected_request_claim' });
});
