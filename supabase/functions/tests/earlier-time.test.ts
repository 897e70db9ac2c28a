/**
 * «An earlier time» in the functions, with the in-memory Store and Mailer and a fake of the
 * wish's database calls: the confirmation's link, the page's three links (show changes
 * nothing; a press stores or ends the wish, or takes the offered time as a confirmed move
 * with the «moved» mails: same UID, SEQUENCE + 1), a later press finds the time taken and
 * sends nothing, and the outbox's offer mail. The database's part: tests/integration/earlier-time.test.ts.
 */
import assert from 'node:assert/strict';
import { assertActionAnswer } from './answer-contract.ts';
import { signActionToken } from '../_shared/lifecycle/action-tokens.ts';
import { createActionHandler } from '../appointment-action/action-handler.ts';
import { createOutboxHandler } from '../send-pending-mail/outbox-handler.ts';
import type { EarlierResult, EarlierStore, EarlierTimeOffer } from '../_shared/lifecycle/earlier-time.ts';
import { earlierOfferMail, earlierOfferMailKey, OFFER_END_TEXT, OFFER_TAKE_TEXT } from '../_shared/lifecycle/earlier-time-mails.ts';
import { confirmationMail, EARLIER_LINK_TEXT, type Appointment } from '../_shared/lifecycle/appointment-emails.ts';
import { visitorLinks } from '../_shared/lifecycle/action-links.ts';
import type { AppointmentRequest, Claimed } from '../_shared/database/store.ts';
import type { EarlierTimeView } from '../_shared/domain/wire-types.ts';
import { formatDateTimeLong } from '../_shared/domain/dates.ts';
import { calendarUid } from '../_shared/mail/ics.ts';
import { ACTION_TOKEN_SECRET, actionClaims, appointmentState, calendarOf, FakeMailer, FakeStore, ORIGIN, post, REQUEST_ID, SECRET_KEY, testConfig } from './helpers.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const IN_30_DAYS = Math.floor(NOW.getTime() / 1000) + 30 * 86_400;
const OTHER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const OFFERED = { date: '2026-12-04', time: '10:00' };

const confirmed = (id: string, overrides: Partial<AppointmentRequest> = {}): AppointmentRequest =>
  appointmentState({ id, status: 'confirmed', confirmed_date: '2026-12-11', confirmed_time: '09:30', calendar_sequence: 1, outcome_sent_for: 'confirmed', advisor: 'sandra-huber', ...overrides });

/**
 * The wish's calls as …_earlier_times.sql answers them, over the FakeStore's rows: taking an
 * offer is a wish to move confirmed at once (decideMove), and a time goes to the first taker.
 */
class FakeEarlierStore implements EarlierStore {
  wanted = new Set<string>();
  offers = new Map<number, { id: string; date: string; time: string }>();
  takenBy = new Map<string, string>();
  due: Claimed<EarlierTimeOffer>[] = [];
  constructor(readonly store: FakeStore) {}

  #view(id: string, offer: number | null): EarlierTimeView {
    const o = offer === null ? undefined : this.offers.get(offer);
    const r = this.store.appointments.get(id)!;
    const status = !o || o.id !== id ? null : r.confirmed_date === o.date && r.confirmed_time === o.time ? 'yours' : this.takenBy.has(`${o.date} ${o.time}`) ? 'taken' : 'open';
    return { wanted: this.wanted.has(id), offer: o && status ? { date: o.date, time: o.time, status } : null };
  }
  #answer(result: 'changed' | 'unchanged' | 'taken', id: string, offer: number | null = null): Promise<EarlierResult> {
    return Promise.resolve({ result, request: { ...this.store.appointments.get(id)! }, earlier: this.#view(id, offer) });
  }
  state(id: string, offer: number | null) {
    return Promise.resolve(this.store.appointments.has(id) ? this.#view(id, offer) : null);
  }
  want(id: string) {
    const had = this.wanted.has(id);
    this.wanted.add(id);
    return this.#answer(had ? 'unchanged' : 'changed', id);
  }
  end(id: string) {
    return this.#answer(this.wanted.delete(id) ? 'changed' : 'unchanged', id);
  }
  async take(id: string, offer: number): Promise<EarlierResult> {
    const o = this.offers.get(offer);
    if (!o || o.id !== id) return { result: 'not_found' };
    const view = this.#view(id, offer);
    if (view.offer?.status === 'yours') return this.#answer('unchanged', id, offer);
    if (view.offer?.status === 'taken') return this.#answer('taken', id, offer);
    const r = this.store.appointments.get(id)!;
    Object.assign(r, { move_status: 'requested', move_date: o.date, move_time: o.time, move_count: r.move_count + 1 });
    await this.store.decideMove(id, r.move_count, { kind: 'confirm' });
    this.takenBy.set(`${o.date} ${o.time}`, id);
    this.wanted.delete(id);
    return this.#answer('changed', id, offer);
  }
  claimDueOffers(limit: number) {
    return Promise.resolve(this.due.splice(0, limit));
  }
}

function setup() {
  const store = new FakeStore();
  store.clock = () => NOW;
  store.appointments.set(REQUEST_ID, confirmed(REQUEST_ID));
  store.appointments.set(OTHER_ID, confirmed(OTHER_ID, { first_name: 'Zora', last_name: 'Zeller', email: 'zora@example.ch', confirmed_time: '14:00', advisor: 'lukas-brunner' }));
  const earlier = new FakeEarlierStore(store);
  earlier.offers.set(7, { id: REQUEST_ID, ...OFFERED });
  earlier.offers.set(8, { id: OTHER_ID, ...OFFERED });
  earlier.wanted.add(REQUEST_ID).add(OTHER_ID);
  const mailer = new FakeMailer();
  const handle = createActionHandler({ config: testConfig(), store, mailer, earlier, now: () => NOW, log: () => {} });
  return { store, earlier, mailer, handle };
}

const token = (action: 'earlier' | 'end-earlier' | 'take-earlier', offer?: number, requestId = REQUEST_ID) =>
  signActionToken(ACTION_TOKEN_SECRET, { requestId, action, expiresAt: IN_30_DAYS, ...(offer === undefined ? {} : { offer }) });

async function call(handle: (request: Request) => Promise<Response>, body: Record<string, unknown>) {
  const response = await handle(post(body));
  // deno-lint-ignore no-explicit-any -- the tests read the JSON answer field by field
  const answer = { status: response.status, body: await response.json() as Record<string, any> };
  assertActionAnswer(body.intent, answer.status, answer.body);
  return answer;
}

Deno.test('earlier: show changes nothing; the press stores the wish once, without a mail', async () => {
  const { handle, earlier, mailer } = setup();
  earlier.wanted.clear();
  const shown = await call(handle, { token: await token('earlier'), intent: 'show' });
  assert.equal(shown.status, 200);
  assert.deepEqual(shown.body.view.earlier, { wanted: false, offer: null });
  assert.equal(earlier.wanted.size, 0);
  const pressed = await call(handle, { token: await token('earlier'), intent: 'act' });
  assert.deepEqual([pressed.status, pressed.body.result, pressed.body.mail, pressed.body.view.earlier.wanted], [200, 'changed', 'none', true]);
  const again = await call(handle, { token: await token('earlier'), intent: 'act' });
  assert.deepEqual([again.status, again.body.result, again.body.mail], [200, 'unchanged', 'none']);
  assert.equal(mailer.sent.length, 0);
});

Deno.test('take-earlier: the first press moves the appointment (same UID, SEQUENCE + 1, the practice informed); a later press finds it taken and changes nothing', async () => {
  const { handle, store, earlier, mailer } = setup();
  const shown = await call(handle, { token: await token('take-earlier', 7), intent: 'show' });
  assert.deepEqual(shown.body.view.earlier, { wanted: true, offer: { ...OFFERED, status: 'open' } });

  const first = await call(handle, { token: await token('take-earlier', 7), intent: 'act' });
  assert.deepEqual([first.status, first.body.result, first.body.mail], [200, 'changed', 'sent']);
  assert.deepEqual(first.body.view.earlier, { wanted: false, offer: { ...OFFERED, status: 'yours' } });
  const row = store.appointments.get(REQUEST_ID)!;
  assert.deepEqual([row.confirmed_date, row.confirmed_time, row.calendar_sequence, row.outcome_key], [OFFERED.date, OFFERED.time, 2, 'moved:1']);
  const [visitor, practice] = mailer.sent;
  assert.match(visitor!.subject, /^Termin verschoben: /);
  assert.equal(visitor!.to, 'beat.keller@example.ch');
  assert.equal(practice!.to, testConfig().mail!.practiceEmail);
  for (const mail of [visitor!, practice!]) {
    assert.deepEqual([calendarOf(mail).method, calendarOf(mail).uid, calendarOf(mail).sequence], ['REQUEST', calendarUid(REQUEST_ID), 2]);
  }

  const zBefore = { ...store.appointments.get(OTHER_ID)! };
  const later = await call(handle, { token: await token('take-earlier', 8, OTHER_ID), intent: 'act' });
  assert.equal(later.status, 409);
  assert.equal(later.body.error, 'conflict');
  assert.deepEqual(later.body.view.earlier, { wanted: true, offer: { ...OFFERED, status: 'taken' } });
  assert.deepEqual(store.appointments.get(OTHER_ID), zBefore);
  assert.equal(mailer.sent.length, 2);

  // The first visitor's second press: unchanged, nothing sent twice.
  const again = await call(handle, { token: await token('take-earlier', 7), intent: 'act' });
  assert.deepEqual([again.status, again.body.result, again.body.mail], [200, 'unchanged', 'already_sent']);
  assert.equal(mailer.sent.length, 2);
  assert.equal(earlier.wanted.has(OTHER_ID), true);
});

Deno.test('end-earlier: show changes nothing; the press ends the wish; another offer number is not this request\'s', async () => {
  const { handle, earlier } = setup();
  await call(handle, { token: await token('end-earlier'), intent: 'show' });
  assert.equal(earlier.wanted.has(REQUEST_ID), true);
  const ended = await call(handle, { token: await token('end-earlier'), intent: 'act' });
  assert.deepEqual([ended.body.result, ended.body.mail, ended.body.view.earlier.wanted], ['changed', 'none', false]);
  const foreign = await call(handle, { token: await token('take-earlier', 8), intent: 'act' });
  assert.equal(foreign.status, 404);
  // What a press on these links may send: nothing but the token.
  const withNote = await call(handle, { token: await token('earlier'), intent: 'act', note: 'x' });
  assert.deepEqual([withNote.status, withNote.body.field], [400, 'note']);
});

Deno.test('the confirmation asks «Früherer Termin gewünscht» with an earlier link; the offer mail takes the time or ends the wish', async () => {
  const appointment = confirmed(REQUEST_ID) as Appointment;
  const links = { secret: ACTION_TOKEN_SECRET, siteUrl: ORIGIN };
  const confirmation = confirmationMail(appointment, { practiceEmail: 'praxis@example.ch' }, NOW, await visitorLinks(links, appointment, NOW));
  assert.deepEqual((await actionClaims(confirmation, NOW)).map((claim) => claim.action), ['cancel', 'request-move', 'earlier']);
  assert.match(confirmation.html, new RegExp(EARLIER_LINK_TEXT));

  const offer = await earlierOfferMail(appointment, { number: 7, ...OFFERED }, { practiceEmail: 'praxis@example.ch' }, links);
  assert.equal(offer.subject, `Früherer Termin frei: ${formatDateTimeLong(OFFERED.date, OFFERED.time)}`);
  assert.match(offer.text, new RegExp(formatDateTimeLong('2026-12-11', '09:30')));
  const claims = await actionClaims(offer, NOW);
  assert.deepEqual(claims.map((claim) => [claim.action, claim.offer]), [['take-earlier', 7], ['end-earlier', undefined]]);
  assert.match(offer.html, new RegExp(OFFER_TAKE_TEXT));
  assert.match(offer.html, new RegExp(OFFER_END_TEXT));
});

Deno.test('the outbox sends each offer mail due, under its key', async () => {
  const store = new FakeStore();
  const earlier = new FakeEarlierStore(store);
  const appointment = confirmed(REQUEST_ID);
  earlier.due.push({ row: { request: appointment, offer: { number: 7, ...OFFERED } }, claim: { token: crypto.randomUUID(), takenAt: performance.now() } });
  const mailer = new FakeMailer();
  const handle = createOutboxHandler({ config: testConfig(), store, mailer, earlier, now: () => NOW, log: () => {} });
  const response = await handle(new Request('http://localhost/functions/v1/send-pending-mail', {
    method: 'POST',
    headers: { apikey: SECRET_KEY, authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json' },
    body: '{}',
  }));
  assert.equal(response.status, 200);
  const [mail] = mailer.sent;
  assert.match(mail!.subject, /^Früherer Termin frei: /);
  assert.equal(mail!.idempotencyKey, earlierOfferMailKey(7));
});
