/**
 * The form proof through the whole handler: a GET issues a challenge, a POST needs it
 * solved, genuine, unexpired, for this function and not used by another request; refusals
 * happen before any limit is counted or anything stored. And contact messages are mailed
 * once per request id, however often they are sent.
 */
import assert from 'node:assert/strict';
import { createFormHandler, type LogLine } from '../_shared/forms/form-handler.ts';
import type { FunctionDeps } from '../_shared/http/request-gate.ts';
import { CHALLENGE_TTL_SECONDS, checkProof, PROOF_ALGORITHM } from '../_shared/forms/form-proof.ts';
import { appointmentEndpoint } from '../send-appointment-email/appointment-handler.ts';
import { contactEndpoint } from '../send-contact-email/contact-handler.ts';
import {
  APPOINTMENT_PROOF,
  CONTACT_PROOF,
  contactSubmission,
  FakeMailer,
  FakeStore,
  FORM_PROOF_SECRET,
  newContactSubmission,
  ORIGIN,
  post,
  PUBLISHABLE_KEY,
  solvedProof,
  testConfig,
} from './helpers.ts';

const PRACTICE = 'praxis@ruhepol-schlafberatung.ch';

function setup(overrides: Partial<FunctionDeps> = {}) {
  const store = new FakeStore();
  const mailer = new FakeMailer();
  const logs: LogLine[] = [];
  const deps: FunctionDeps = { config: testConfig(), store, mailer, log: (line) => logs.push(line), ...overrides };
  // The work after each answer (the acknowledgement) is done before the call returns here,
  // so what a test reads next – the mails, the log – does not depend on the machine's timing.
  const tasks: Promise<void>[] = [];
  const options = { background: (task: Promise<void>) => void tasks.push(task) };
  const settled = (handle: (request: Request) => Promise<Response>) => async (request: Request) => {
    const response = await handle(request);
    while (tasks.length) await tasks.shift();
    return response;
  };
  return {
    store,
    mailer,
    logs,
    contact: settled(createFormHandler(contactEndpoint, deps, options)),
    appointment: settled(createFormHandler(appointmentEndpoint, deps, options)),
  };
}

const practiceMails = (mailer: FakeMailer) => mailer.sent.filter((mail) => mail.to === PRACTICE);

function get(headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/functions/v1/fn', { method: 'GET', headers: { origin: ORIGIN, apikey: PUBLISHABLE_KEY, ...headers } });
}

Deno.test('GET: a signed challenge for this function, never cached; only with the site\'s key', async () => {
  const { contact, store } = setup();
  const before = Math.floor(Date.now() / 1000);
  const response = await contact(get());
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.equal(response.headers.get('access-control-allow-origin'), ORIGIN);
  const { challenge } = await response.json();
  assert.equal(challenge.parameters.algorithm, PROOF_ALGORITHM);
  assert.deepEqual(challenge.parameters.data, { fn: 'send-contact-email' });
  assert.match(challenge.parameters.keySignature, /^[0-9a-f]{64}$/);
  assert.match(challenge.signature, /^[0-9a-f]{64}$/);
  assert.ok(Math.abs(challenge.parameters.expiresAt - before - CHALLENGE_TTL_SECONDS) <= 2);
  assert.deepEqual(store.calls, [], 'issuing touches no database');

  assert.equal((await contact(get({ apikey: '' }))).status, 401);
});

Deno.test('a proof solved from a GET challenge is accepted', async () => {
  const { contact, mailer } = setup();
  const { challenge } = await (await contact(get())).json();
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/web/pbkdf2');
  const solution = await solveChallenge({ challenge, deriveKey });
  const response = await contact(post(contactSubmission({ requestId: crypto.randomUUID(), altcha: { challenge, solution } })));
  assert.equal(response.status, 200);
  assert.equal(practiceMails(mailer).length, 1);
});

Deno.test('no proof, a forged one, an expired one, another form\'s: 400/403 before any limit or row', async () => {
  const { contact, store, mailer, logs } = setup();
  const { altcha: _, ...withoutProof } = contactSubmission();
  const missing = await contact(post(withoutProof));
  assert.equal(missing.status, 400);
  assert.deepEqual(await missing.json(), { error: 'invalid_body', field: 'altcha' });

  const wrongKey = { ...CONTACT_PROOF, solution: { ...CONTACT_PROOF.solution, derivedKey: '00'.repeat(32) } };
  const cheaper = { ...CONTACT_PROOF, challenge: { ...CONTACT_PROOF.challenge, parameters: { ...CONTACT_PROOF.challenge.parameters, cost: 1 } } };
  const otherSecret = await solvedProof('send-contact-email', 'another-secret-that-is-long-enough!!');
  const expired = await solvedProof('send-contact-email', FORM_PROOF_SECRET, new Date(Date.now() - (CHALLENGE_TTL_SECONDS + 60) * 1000));
  const cases: [unknown, string][] = [
    [wrongKey, 'invalid'],
    [cheaper, 'invalid'],
    [otherSecret, 'invalid'],
    [expired, 'expired'],
    [APPOINTMENT_PROOF, 'other_form'],
  ];
  for (const [altcha, reason] of cases) {
    const response = await contact(post(contactSubmission({ altcha })));
    assert.equal(response.status, 403, reason);
    assert.deepEqual(await response.json(), { error: 'proof_refused', reason });
  }
  assert.deepEqual(store.calls, []);
  assert.equal(mailer.attempts, 0);
  assert.deepEqual(logs.map((line) => line.code), [
    'invalid_body', 'proof_invalid', 'proof_invalid', 'proof_invalid', 'proof_expired', 'proof_other_form',
  ]);
});

Deno.test('checkProof: a proof with the right key but tampered data is refused', async () => {
  const proof = await solvedProof('send-contact-email');
  const parameters = { ...proof.challenge.parameters, data: { fn: 'send-appointment-email' } };
  assert.deepEqual(await checkProof({ ...proof, challenge: { ...proof.challenge, parameters } }, 'send-appointment-email', FORM_PROOF_SECRET), {
    ok: false,
    reason: 'invalid',
  });
});

Deno.test('a proof is accepted for one request: replayed with another request id it is refused, nothing mailed', async () => {
  const { contact, mailer, store } = setup();
  const first = await newContactSubmission();
  assert.equal((await contact(post(first))).status, 200);
  const stolen = await contact(post({ ...first, requestId: crypto.randomUUID(), message: 'Kaufen Sie jetzt!' }));
  assert.equal(stolen.status, 403);
  assert.deepEqual(await stolen.json(), { error: 'proof_refused', reason: 'used' });
  assert.equal(practiceMails(mailer).length, 1);
  assert.equal(store.contacts.length, 1);
  // Refused before the limits: a replayed proof costs no one's quota.
  assert.equal(store.rateCalls.filter((call) => call.bucket.endsWith(':ip')).length, 1);
});

Deno.test('contact: the same request sent again (a lost answer) → 200, mailed once', async () => {
  const { contact, mailer, logs } = setup();
  const body = await newContactSubmission();
  for (let i = 0; i < 3; i++) assert.equal((await contact(post(body))).status, 200);
  assert.equal(practiceMails(mailer).length, 1);
  // The first call's acknowledgement, sent after its answer, logs a line of its own.
  assert.deepEqual(logs.map((line) => line.code), ['ok', 'acknowledgement', 'already_notified', 'already_notified']);
});

Deno.test('contact: after a failed practice mail the same request is mailed on retry', async () => {
  const { contact, mailer, store } = setup();
  const body = await newContactSubmission();
  mailer.fail = [0];
  assert.equal((await contact(post(body))).status, 502);
  assert.equal(store.mailed.size, 0);
  assert.equal((await contact(post(body))).status, 200);
  assert.equal(practiceMails(mailer).length, 1);
  assert.ok(store.mailed.has(body.requestId));
});

Deno.test('contact: a request being mailed right now → 409 in_progress; an id of another message → 409 conflict', async () => {
  const { contact, store, mailer } = setup();
  store.contactClaimAnswer = 'in_progress';
  const busy = await contact(post(await newContactSubmission()));
  assert.equal(busy.status, 409);
  assert.deepEqual(await busy.json(), { error: 'in_progress' });
  store.contactClaimAnswer = 'conflict';
  const taken = await contact(post(await newContactSubmission()));
  assert.equal(taken.status, 409);
  assert.deepEqual(await taken.json(), { error: 'conflict' });
  assert.equal(mailer.attempts, 0);
});

Deno.test('the same request again (same proof, same id) is not counted against the limits a second time', async () => {
  const { contact, store, mailer } = setup();
  const body = await newContactSubmission();
  for (let i = 0; i < 8; i++) assert.equal((await contact(post(body))).status, 200);
  assert.equal(store.rateCalls.filter((call) => call.bucket.endsWith(':ip')).length, 1);
  assert.equal(practiceMails(mailer).length, 1);
});
