/**
 * Offered times in appointment-action (docs/appointment-lifecycle.md, «Offered times») with
 * the in-memory Store and Mailer: the decline link lists the free times nearest to the wish,
 * a decline with offers mails them as take-offer links, show on such a link changes nothing,
 * the press confirms with an advisor free and mails the visitor's confirmation and the
 * practice's short mail, and the lapsed or taken cases answer with the offers still open; an
 * offer whose time was booked by others meanwhile reads 'busy' and is linked nowhere.
 */
import assert from 'node:assert/strict';
import { assertActionAnswer } from './answer-contract.ts';
import { readActionToken, signActionToken } from '../_shared/lifecycle/action-tokens.ts';
import { createActionHandler } from '../appointment-action/action-handler.ts';
import { MAX_OFFERS, OFFER_LIFETIME_DAYS } from '../_shared/domain/offers.ts';
import { practiceAdvisors } from '../_shared/domain/practice.ts';
import { OFFERS_INTRO, OFFERS_SUBJECT } from '../_shared/lifecycle/appointment-emails.ts';
import { outcomeMails } from '../_shared/lifecycle/outcome-mails.ts';
import { ACTION_TOKEN_SECRET, appointmentState, calendarOf, FakeMailer, FakeStore, post, REQUEST_ID, testConfig } from './helpers.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const IN_30_DAYS = Math.floor(NOW.getTime() / 1000) + 30 * 86_400;

function setup(now = NOW) {
  const store = new FakeStore();
  store.appointments.set(REQUEST_ID, appointmentState());
  let clock = now;
  store.clock = () => clock;
  const mailer = new FakeMailer();
  const handle = createActionHandler({ config: testConfig(), store, mailer, now: () => clock, log: () => {} });
  return { store, mailer, handle, setNow: (next: Date) => (clock = next) };
}

async function call(handle: (request: Request) => Promise<Response>, body: Record<string, unknown>) {
  const response = await handle(post(body));
  // deno-lint-ignore no-explicit-any -- the tests read the JSON answer field by field
  const answer = { status: response.status, body: await response.json() as Record<string, any> };
  assertActionAnswer(body.intent, answer.status, answer.body);
  return answer;
}

const declineToken = () => signActionToken(ACTION_TOKEN_SECRET, { requestId: REQUEST_ID, action: 'decline', expiresAt: IN_30_DAYS });
/** The take-offer tokens in a mail's text, in order. */
const offerTokens = (text: string) => [...text.matchAll(/#([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/g)].map((match) => match[1]!);

async function declineWithTwo(handle: (request: Request) => Promise<Response>) {
  const shown = await call(handle, { token: await declineToken(), intent: 'show' });
  const choices = shown.body.view.offerChoices as { date: string; time: string }[];
  const answer = await call(handle, { token: await declineToken(), intent: 'act', note: 'Leider belegt.', offers: choices.slice(0, 2) });
  return { choices, answer };
}

Deno.test('decline link: the free times around the wish, nearest first, without the wish itself', async () => {
  const { handle } = setup();
  const shown = await call(handle, { token: await declineToken(), intent: 'show' });
  const choices = shown.body.view.offerChoices as { date: string; time: string }[];
  assert.ok(choices.length > 2);
  // The wish is Friday, 11 December 2026, 09:30: the same day's neighbours come first.
  assert.deepEqual(choices[0]!.date, '2026-12-11');
  assert.ok(!choices.some((slot) => slot.date === '2026-12-11' && slot.time === '09:30'));
  assert.deepEqual(shown.body.view.offers, []);
});

Deno.test('decline with offers: the mail lists each time with its own take-offer link; refuses more than the limit or a time not offered', async () => {
  const { handle, mailer, store } = setup();
  const shown = await call(handle, { token: await declineToken(), intent: 'show' });
  const choices = shown.body.view.offerChoices as { date: string; time: string }[];
  assert.equal((await call(handle, { token: await declineToken(), intent: 'act', offers: choices.slice(0, MAX_OFFERS + 1) })).status, 400);
  const notOffered = await call(handle, { token: await declineToken(), intent: 'act', offers: [{ date: '2026-12-13', time: '09:30' }] });
  assert.deepEqual([notOffered.status, notOffered.body.field], [400, 'offers']);
  assert.equal(store.appointments.get(REQUEST_ID)!.status, 'requested');

  const { answer } = await declineWithTwo(handle);
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body.view.offers.map((offer: { status: string; link: string | null }) => [offer.status, offer.link]), [['open', null], ['open', null]]);
  const [mail] = mailer.sent;
  // Its own subject: other times are offered (not the acknowledgement's words again).
  assert.equal(mail!.subject, OFFERS_SUBJECT);
  assert.ok(mail!.text.includes(OFFERS_INTRO));
  const tokens = offerTokens(mail!.text);
  assert.equal(tokens.length, 2);
  const claims = await Promise.all(tokens.map((token) => readActionToken(ACTION_TOKEN_SECRET, token, NOW)));
  assert.deepEqual(claims.map((read) => read.ok && [read.claim.action, read.claim.offer]), [['take-offer', 1], ['take-offer', 2]]);
  // Only the time, the service and the name: never the visitor's message or phone.
  const { phone, message } = appointmentState();
  assert.ok(!mail!.text.includes(phone) && !mail!.text.includes(message!));
});

Deno.test('take-offer: show changes nothing; the press confirms with an advisor free, mails the confirmation with its .ics and the practice\'s short mail; the other offer lapses', async () => {
  const { handle, mailer, store } = setup();
  await declineWithTwo(handle);
  const [first, second] = offerTokens(mailer.sent[0]!.text);
  mailer.sent = [];

  const shown = await call(handle, { token: second, intent: 'show' });
  assert.equal(shown.status, 200);
  assert.equal(shown.body.view.offer, 2);
  assert.equal(store.appointments.get(REQUEST_ID)!.status, 'declined');
  assert.equal(mailer.sent.length, 0);

  const taken = await call(handle, { token: second, intent: 'act' });
  assert.equal(taken.status, 200);
  assert.equal(taken.body.view.status, 'confirmed');
  assert.ok(practiceAdvisors.some((advisor) => advisor.id === taken.body.view.advisor));
  assert.deepEqual(taken.body.view.offers.map((offer: { status: string }) => offer.status), ['lapsed', 'taken']);
  const [visitor, practice] = mailer.sent;
  assert.match(visitor!.subject, /^Terminbestätigung/);
  assert.equal(calendarOf(visitor!).method, 'REQUEST');
  assert.match(practice!.subject, /^Angebotenen Termin genommen/);
  assert.equal(calendarOf(practice!).method, 'REQUEST');

  // A second press sends nothing again; the other offer has lapsed.
  assert.equal((await call(handle, { token: second, intent: 'act' })).body.result, 'unchanged');
  const other = await call(handle, { token: first, intent: 'act' });
  assert.deepEqual([other.status, other.body.error], [409, 'offer_lapsed']);
  assert.equal(mailer.sent.length, 2);
});

/** Every advisor confirmed elsewhere at `slot`: nobody is free there any more. */
function fill(store: FakeStore, slot: { date: string; time: string }) {
  for (const [index, advisor] of practiceAdvisors.entries()) {
    const id = `00000000-0000-4000-8000-00000000000${index}`;
    store.appointments.set(id, appointmentState({ id, status: 'confirmed', confirmed_date: slot.date, confirmed_time: slot.time, advisor: advisor.id, calendar_sequence: 1 }));
  }
}

/** The offers of an answer's view: [number, status, linked]. */
const offersOf = (view: { offers: { number: number; status: string; link: string | null }[] }) =>
  view.offers.map((offer) => [offer.number, offer.status, offer.link !== null]);

Deno.test('take-offer: a time booked meanwhile is offer_taken; the view says it is busy (no link), the other offer still open with its link', async () => {
  const { handle, mailer, store } = setup();
  const { choices } = await declineWithTwo(handle);
  const [first] = offerTokens(mailer.sent[0]!.text);
  fill(store, choices[0]!);
  const answer = await call(handle, { token: first, intent: 'act' });
  assert.deepEqual([answer.status, answer.body.error], [409, 'offer_taken']);
  assert.equal(store.appointments.get(REQUEST_ID)!.status, 'declined');
  assert.deepEqual(offersOf(answer.body.view), [[1, 'busy', false], [2, 'open', true]]);
  assert.match(answer.body.view.offers[1].link, /\/termin\/aktion#/);
});

Deno.test('take-offer: an offered time filled by others reads busy on show, and the decline mail sent late leaves it out', async () => {
  const { handle, mailer, store } = setup();
  const { choices } = await declineWithTwo(handle);
  const [first] = offerTokens(mailer.sent[0]!.text);
  fill(store, choices[0]!);
  const shown = await call(handle, { token: first, intent: 'show' });
  assert.equal(shown.status, 200);
  assert.deepEqual(offersOf(shown.body.view), [[1, 'busy', false], [2, 'open', true]]);

  // The outbox sending the decline mail now: only the offer still open, with its link.
  const config = testConfig();
  const declined = (await store.getAppointment(REQUEST_ID))!;
  const [mail] = await outcomeMails(declined, { practiceEmail: config.mail!.practiceEmail }, { secret: ACTION_TOKEN_SECRET, siteUrl: config.siteUrl }, NOW, store);
  const claims = await Promise.all(offerTokens(mail!.text).map((token) => readActionToken(ACTION_TOKEN_SECRET, token, NOW)));
  assert.deepEqual(claims.map((read) => read.ok && read.claim.offer), [2]);
});

Deno.test(`take-offer: lapsed ${OFFER_LIFETIME_DAYS} days after the decline`, async () => {
  const { handle, mailer, setNow } = setup();
  await declineWithTwo(handle);
  const [first] = offerTokens(mailer.sent[0]!.text);
  setNow(new Date(NOW.getTime() + OFFER_LIFETIME_DAYS * 86_400_000 + 60_000));
  const answer = await call(handle, { token: first, intent: 'act' });
  assert.deepEqual([answer.status, answer.body.error], [409, 'offer_lapsed']);
});
