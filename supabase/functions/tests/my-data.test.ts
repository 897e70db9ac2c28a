/**
 * «Meine Daten» with in-memory fakes: the token, the link in every mail to a visitor (and
 * none in the practice's), and the function my-data (show, erase, link: its answers, no
 * oracle, the proof single use, the limits). The database's side (my_data, erase_mailbox,
 * address_key, the links' budget, the tombstones) is tests/integration/my-data.test.ts, the
 * function on the real stack tests/integration/my-data-function.test.ts.
 */
import assert from 'node:assert/strict';
import type { StoredInvoice } from '../_shared/invoices/store.ts';
import { hashKey, mailboxKey } from '../_shared/database/rate-limit.ts';
import type { Claimed, FinishResult, MailOutcome } from '../_shared/database/store.ts';
import { signFields } from '../_shared/http/signed-fields.ts';
import { ERASURE_TITLE, erasureStatement, type ErasureNotice } from '../_shared/my-data/erasure-mail.ts';
import type { MyData } from '../_shared/domain/wire-types.ts';
import { contactAcknowledgementMail, appointmentAcknowledgementMail } from '../_shared/forms/request-emails.ts';
import { signActionToken } from '../_shared/lifecycle/action-tokens.ts';
import { outcomeMails, reminderMails } from '../_shared/lifecycle/outcome-mails.ts';
import { isAppointment } from '../_shared/lifecycle/appointment-emails.ts';
import { MY_DATA_LABEL, withMyDataFooter } from '../_shared/mail/my-data-footer.ts';
import type { OutgoingMail } from '../_shared/mail/types.ts';
import { mailMyDataUrl } from '../_shared/my-data/links.ts';
import { dataLinkMailFor } from '../_shared/my-data/mails.ts';
import {
  type CalendarCancellation,
  type DataLinkBudget,
  type DataLinkMail,
  type DataLinkOwed,
  type Erasure,
  type MyDataStore,
  parseMyData,
} from '../_shared/my-data/store.ts';
import { readMyDataToken, signMyDataToken } from '../_shared/my-data/tokens.ts';
import { unsubscribeLinks } from '../_shared/newsletter/links.ts';
import { announcementMail, confirmationMail } from '../_shared/newsletter/mails.ts';
import { addressKey, MY_DATA_MAIL_LINK_DAYS, MY_DATA_REQUESTED_LINK_HOURS } from '../_shared/domain/my-data.ts';
import { createMyDataHandler, linkRequestId } from '../my-data/my-data-handler.ts';
import { ACTION_TOKEN_SECRET, storedAppointmentRequest, appointmentState, FakeMailer, FakeStore, ORIGIN, post, solvedProof, testConfig } from './helpers.ts';
import { advisorName } from '../_shared/domain/practice.ts';
import type { Language } from '../_shared/domain/languages.ts';

const SANDRA_HUBER = advisorName('sandra-huber');

const NOW = new Date('2026-11-27T09:00:00Z');
const LINKS = { secret: ACTION_TOKEN_SECRET, siteUrl: ORIGIN };
const PRACTICE = 'praxis@ruhepol-schlafberatung.ch';
const MAIL = { practiceEmail: PRACTICE };
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The token in a «Meine Daten» link of a mail's text, or null. */
function myDataToken(text: string): string | null {
  return /\/meine-daten#([A-Za-z0-9_.-]+)/.exec(text)?.[1] ?? null;
}

// ------------------------------------------------------------------ the token

Deno.test('token: serves exactly its address until it expires; a changed character, another key, an action token or a v1 token is refused', async () => {
  const expiresAt = seconds(NOW) + 3600;
  const token = await signMyDataToken(ACTION_TOKEN_SECRET, { address: 'Anna+x@example.ch', expiresAt });
  assert.deepEqual(await readMyDataToken(ACTION_TOKEN_SECRET, token, NOW), { ok: true, claim: { address: 'Anna+x@example.ch', expiresAt } });
  // A v1 token named the folded mailbox key: refused, so it opens no other address's data.
  const v1 = await signFields(`${ACTION_TOKEN_SECRET}/my-data`, ['my-data-v1', 'anna@example.ch', expiresAt]);
  assert.deepEqual(await readMyDataToken(ACTION_TOKEN_SECRET, v1, NOW), { ok: false, reason: 'malformed' });
  await assert.rejects(() => signMyDataToken(ACTION_TOKEN_SECRET, { address: 'anna@Example.ch', expiresAt }), /not an address key/);
  assert.deepEqual(await readMyDataToken(ACTION_TOKEN_SECRET, token, new Date((expiresAt + 1) * 1000)), { ok: false, reason: 'expired' });
  const changed = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);
  assert.equal((await readMyDataToken(ACTION_TOKEN_SECRET, changed, NOW)).ok, false);
  assert.deepEqual(await readMyDataToken('another-secret-another-secret', token, NOW), { ok: false, reason: 'tampered' });
  const action = await signActionToken(ACTION_TOKEN_SECRET, { requestId: '3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b', action: 'view', expiresAt });
  assert.deepEqual(await readMyDataToken(ACTION_TOKEN_SECRET, action, NOW), { ok: false, reason: 'tampered' });
  assert.deepEqual(await readMyDataToken(ACTION_TOKEN_SECRET, 'nonsense', NOW), { ok: false, reason: 'malformed' });
});

Deno.test('token: an address with |, capitals in its local part, and one of 254 characters are carried whole', async () => {
  for (const address of ['a|b@example.ch', 'Anna.Muster+X@example.ch', `${'x'.repeat(64)}@${'d'.repeat(180)}.ch`]) {
    const token = await signMyDataToken(ACTION_TOKEN_SECRET, { address, expiresAt: seconds(NOW) + 60 });
    const read = await readMyDataToken(ACTION_TOKEN_SECRET, token, NOW);
    assert.ok(read.ok && read.claim.address === address);
  }
});

Deno.test('addressKey: the local part as typed, the domain in lower case; mailboxKey folds what addressKey keeps', () => {
  assert.equal(addressKey(' Anna+x@Example.CH '), 'Anna+x@example.ch');
  assert.equal(addressKey('a@b@Example.ch'), 'a@b@example.ch');
  assert.notEqual(addressKey('anna+x@example.ch'), addressKey('anna@example.ch'));
  assert.equal(mailboxKey('anna+x@example.ch'), mailboxKey('anna@example.ch'));
});

// ------------------------------------------------------------------ the link in every visitor mail

async function visitorMails(): Promise<{ name: string; mail: OutgoingMail }[]> {
  const confirmed = appointmentState({ status: 'confirmed', confirmed_date: '2026-12-11', confirmed_time: '09:30', advisor: 'sandra-huber', calendar_sequence: 1 });
  const cancelled = appointmentState({ status: 'cancelled', confirmed_date: '2026-12-11', confirmed_time: '09:30', advisor: 'sandra-huber', calendar_sequence: 2 });
  const declined = appointmentState({ status: 'declined' });
  const store = new FakeStore();
  store.clock = () => NOW;
  const outcome = async (state: typeof confirmed) => (await outcomeMails(state, MAIL, LINKS, NOW, store)).map((mail) => ({ name: `outcome ${state.outcome_key} → ${mail.to}`, mail }));
  if (!isAppointment(confirmed)) throw new Error('not an appointment');
  const article = { title: 'Besser schlafen', excerpt: 'Kurz', published_on: '2026-11-20', author: SANDRA_HUBER, slug: 'besser-schlafen' };
  const links = { ...LINKS, apiUrl: 'http://127.0.0.1:54321' };
  return [
    { name: 'contact acknowledgement', mail: contactAcknowledgementMail({ email: 'anna@example.ch', language: 'de' }, MAIL) },
    { name: 'request acknowledgement', mail: appointmentAcknowledgementMail(storedAppointmentRequest(), MAIL) },
    ...await outcome(confirmed),
    ...await outcome(cancelled),
    ...await outcome(declined),
    ...(await reminderMails(confirmed, MAIL, LINKS, NOW)).map((mail) => ({ name: 'reminder', mail })),
    { name: 'newsletter confirmation', mail: confirmationMail('anna@example.ch', `${ORIGIN}/newsletter/bestaetigen#x`, NOW, NOW, MAIL, 'de') },
    {
      name: 'announcement',
      mail: announcementMail('anna@example.ch', article, `${ORIGIN}/blog/besser-schlafen`, await unsubscribeLinks(links, '6b1f4d3e-2a8c-4e7b-9d10-3c5a7e9f1b2d', 'de'), MAIL, 'de'),
    },
  ];
}

Deno.test('every mail to a visitor carries «Meine Daten» with a link to its own mailbox (text and HTML); no practice mail carries one', async () => {
  const inner = new FakeMailer();
  const mailer = withMyDataFooter(inner, { practiceEmail: PRACTICE, links: LINKS, now: () => NOW });
  const mails = await visitorMails();
  for (const { mail } of mails) await mailer.send(mail);
  let visitors = 0;
  let practice = 0;
  for (const [n, sent] of inner.sent.entries()) {
    const name = mails[n]!.name;
    const token = myDataToken(sent.text);
    if (sent.to === PRACTICE) {
      practice++;
      assert.equal(token, null, `${name}: a practice mail carries no «Meine Daten»`);
      assert.ok(!sent.html.includes('/meine-daten'), name);
      continue;
    }
    visitors++;
    assert.ok(token, `${name}: the text carries the link`);
    assert.ok(sent.text.includes(`${MY_DATA_LABEL}:`), name);
    assert.ok(sent.html.includes(`/meine-daten#${token}`) && sent.html.includes(`>${MY_DATA_LABEL}</a>`), `${name}: the HTML carries it`);
    assert.ok(/<\/a><\/p>\n<\/body>/.test(sent.html), `${name}: the link's paragraph is the body's last`);
    const read = await readMyDataToken(ACTION_TOKEN_SECRET, token!, NOW);
    assert.ok(read.ok, name);
    assert.equal(read.claim.address, addressKey(sent.to), `${name}: the link serves the recipient's address`);
    const days = (read.claim.expiresAt * 1000 - NOW.getTime()) / 86_400_000;
    assert.ok(days >= MY_DATA_MAIL_LINK_DAYS && days < MY_DATA_MAIL_LINK_DAYS + 1 / 24, `${name}: valid ${MY_DATA_MAIL_LINK_DAYS} days`);
  }
  assert.ok(visitors >= 8 && practice >= 1, `visitors ${visitors}, practice ${practice}`);
});

Deno.test('the link mail asked for on the page carries its own 24-hour link and no second one', async () => {
  const inner = new FakeMailer();
  const mailer = withMyDataFooter(inner, { practiceEmail: PRACTICE, links: LINKS, now: () => NOW });
  const row: DataLinkMail = { id: '0b7c1c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b', email: 'Anna+x@Example.ch', created_at: NOW.toISOString(), language: 'de' };
  await mailer.send(await dataLinkMailFor(row, LINKS, MAIL, NOW));
  const sent = inner.sent[0]!;
  assert.equal(sent.idempotencyKey, `data-link/${row.id}`);
  assert.equal(sent.text.match(/\/meine-daten#/g)?.length, 1);
  const read = await readMyDataToken(ACTION_TOKEN_SECRET, myDataToken(sent.text)!, NOW);
  assert.ok(read.ok);
  assert.equal(read.claim.address, 'Anna+x@example.ch');
  assert.equal(read.claim.expiresAt, seconds(NOW) + MY_DATA_REQUESTED_LINK_HOURS * 3600);
});

// ------------------------------------------------------------------ the function

const EMPTY = (mailbox: string): MyData => ({ mailbox, readAt: NOW.toISOString(), requests: [], messages: [], newsletter: null, mails: [], sleepDiaries: [] });

class FakeMyDataStore implements MyDataStore {
  calls: string[] = [];
  /** The address keys with something stored, and their data. */
  stored = new Map<string, MyData>();
  /** Appointments an erasure of the address cancels (erase_mailbox does it in its transaction). */
  toCancel = new Map<string, ErasureNotice['appointments']>();
  erased: { address: string; hash: string }[] = [];
  owed: DataLinkMail[] = [];
  budgets: DataLinkBudget[] = [];
  /** The links' budget has no room: owe_data_link writes the link deferred. */
  budgetSpent = false;
  /** The address keys' invoices (public.my_invoice). */
  invoices = new Map<string, StoredInvoice[]>();
  invoice(address: string, number: string) {
    this.calls.push(`invoice ${address} ${number}`);
    return Promise.resolve(this.invoices.get(address)?.find((invoice) => invoice.number === number) ?? null);
  }
  read(address: string) {
    this.calls.push('read');
    return Promise.resolve(this.stored.get(address) ?? EMPTY(address));
  }
  #tokens = 0;
  #claim() {
    return { token: `claim-${this.#tokens++}`, takenAt: performance.now() };
  }
  erase(address: string, hash: string): Promise<Erasure> {
    this.calls.push('erase');
    this.erased.push({ address, hash });
    const had = this.stored.get(address);
    const appointments = this.toCancel.get(address) ?? [];
    this.stored.delete(address);
    this.toCancel.delete(address);
    return Promise.resolve({
      counts: {
        requests: had?.requests.length ?? 0,
        messages: had?.messages.length ?? 0,
        newsletter: had?.newsletter ? 1 : 0,
        mails: had?.mails.length ?? 0,
        rate_limit_events: 0,
        calendar_cancellations: appointments.length,
        cancelled: appointments.length,
        sleep_diaries: 0,
        invoices_kept: 0,
      },
      // Nothing was stored (a second press): no erasure mail owed.
      notice: had === undefined
        ? null
        : { row: { id: `9c1d${String(this.erased.length).padStart(4, '0')}-7a4d-4e2f-9b6a-1c2d3e4f5a6b`, email: address, created_at: NOW.toISOString(), appointments, invoices: [] }, claim: this.#claim() },
    });
  }
  oweDataLink(email: string, budget: DataLinkBudget, language: Language): Promise<DataLinkOwed> {
    this.calls.push('oweDataLink');
    this.budgets.push(budget);
    if (!this.stored.has(addressKey(email))) return Promise.resolve({ status: 'not_owed' });
    if (this.budgetSpent) return Promise.resolve({ status: 'deferred' });
    const row: DataLinkMail = { id: `0b7c1c1e-7a4d-4e2f-9b6a-${String(this.owed.length).padStart(12, '0')}`, email, created_at: NOW.toISOString(), language };
    this.owed.push(row);
    return Promise.resolve({ status: 'claimed', claim: this.#claim(), row });
  }
  claimDueLinks(): Promise<Claimed<DataLinkMail>[]> {
    return Promise.resolve([]);
  }
  claimDueErasures(): Promise<Claimed<ErasureNotice>[]> {
    return Promise.resolve([]);
  }
  cancellations(): Promise<CalendarCancellation[]> {
    return Promise.resolve([]);
  }
}

function setup() {
  const store = new FakeStore();
  store.clock = () => NOW;
  const myData = new FakeMyDataStore();
  const mailer = new FakeMailer();
  const tasks: Promise<void>[] = [];
  const handle = createMyDataHandler(
    { config: testConfig(), store, mailer, myData, now: () => NOW, log: () => {} },
    { background: (task) => tasks.push(task) },
  );
  // The finishes of the claims the fake myData store hands out.
  const finishes: { token: string; outcome: MailOutcome; cause?: string }[] = [];
  store.finishMail = (token: string, outcome: MailOutcome, cause?: string): Promise<FinishResult> => {
    finishes.push({ token, outcome, ...(cause ? { cause } : {}) });
    return Promise.resolve('finished');
  };
  return { store, myData, mailer, tasks, handle, finishes, settled: () => Promise.all(tasks) };
}

const tokenFor = (address: string, expiresAt = seconds(NOW) + 3600) => signMyDataToken(ACTION_TOKEN_SECRET, { address, expiresAt });

Deno.test('show: 200 with the token\'s mailbox\'s data only; 403 invalid_link for a forged or expired token', async () => {
  const { handle, myData } = setup();
  myData.stored.set('anna@example.ch', { ...EMPTY('anna@example.ch'), messages: [{ id: 'm', createdAt: NOW.toISOString(), name: 'Anna', email: 'anna@example.ch', phone: null, subject: null, message: 'Hallo', language: 'de', deleteAt: NOW.toISOString() }] });
  const shown = await handle(post({ action: 'show', token: await tokenFor('anna@example.ch') }));
  assert.equal(shown.status, 200);
  const { data } = await shown.json() as { data: MyData };
  assert.equal(data.mailbox, 'anna@example.ch');
  assert.equal(data.messages.length, 1);
  const other = await (await handle(post({ action: 'show', token: await tokenFor('beat@example.ch') }))).json() as { data: MyData };
  assert.equal(other.data.messages.length, 0);
  const expired = await handle(post({ action: 'show', token: await tokenFor('anna@example.ch', seconds(NOW) - 1) }));
  assert.equal(expired.status, 403);
  assert.deepEqual(await expired.json(), { error: 'invalid_link', reason: 'expired' });
  const forged = await handle(post({ action: 'show', token: 'abc.def' }));
  assert.equal(forged.status, 403);
  assert.equal((await forged.json() as { error: string }).error, 'invalid_link');
});

/** One request as public.my_data answers it (snake_case, Postgres' instants), declined with offers and then confirmed. */
function storedRequestRow(extra: Record<string, unknown>) {
  return {
    // A request's id is a UUID (the column's type): the sleep diary's link is signed with it.
    id: '0b6c6c1e-3c2a-4a57-9d3f-2f1f5f6a7b8c', created_at: '2026-11-20T09:00:00+00:00', first_name: 'Anna', last_name: 'Muster', email: 'anna@example.ch',
    phone: '044 123 45 67', service: 'Schlafberatung', preferred_date: '2026-12-09', preferred_time: '09:30',
    alternative_date: null, alternative_time: null, message: null, status: 'confirmed', confirmed_date: '2026-12-11',
    confirmed_time: '10:00', appointment_minutes: 60, advisor: 'sandra-huber', staff_note: null, move_status: null,
    move_date: null, move_time: null, cancelled_at: null, language: 'de', delete_at: '2027-11-20T09:00:00+00:00', ...extra,
  };
}

Deno.test('show: each request carries its offered times, its earlier-time wish and the earlier times offered – times only, whatever else a row holds', async () => {
  const raw = {
    requests: [storedRequestRow({
      offers: [
        { number: 1, offered_date: '2026-12-11', offered_time: '10:00', created_at: '2026-11-21T08:00:00+00:00', status: 'taken' },
        { number: 2, offered_date: '2026-12-12', offered_time: '11:00', created_at: '2026-11-21T08:00:00+00:00', status: 'lapsed' },
      ],
      earlier_wish: { wished_at: '2026-11-22T10:00:00+00:00', active: true },
      // A freed time was another visitor's appointment: a stray field about them is never passed on.
      earlier_offers: [{ offered_date: '2026-12-02', offered_time: '14:00', created_at: '2026-11-25T07:00:00+00:00', status: 'open', appointment_request_id: 'someone-else', email: 'fritz@example.ch' }],
    })],
    messages: [],
    newsletter: null,
    mails: [],
  };
  const { handle, myData } = setup();
  myData.stored.set('anna@example.ch', parseMyData(raw, 'anna@example.ch', NOW));
  const shown = await handle(post({ action: 'show', token: await tokenFor('anna@example.ch') }));
  assert.equal(shown.status, 200);
  const text = await shown.text();
  const [request] = (JSON.parse(text) as { data: MyData }).data.requests;
  assert.deepEqual(request!.offers, [
    { date: '2026-12-11', time: '10:00', offeredAt: '2026-11-21T08:00:00.000Z', status: 'taken' },
    { date: '2026-12-12', time: '11:00', offeredAt: '2026-11-21T08:00:00.000Z', status: 'lapsed' },
  ]);
  assert.deepEqual(request!.earlierWish, { since: '2026-11-22T10:00:00.000Z', active: true });
  assert.deepEqual(request!.earlierOffers, [{ date: '2026-12-02', time: '14:00', offeredAt: '2026-11-25T07:00:00.000Z', status: 'open' }]);
  assert.ok(!text.includes('someone-else') && !text.includes('fritz'), 'nothing about the other visitor');
  // The confirmed appointment's «Schlaftagebuch führen» (sleep-diary/links.ts).
  const links = (JSON.parse(text) as { data: MyData }).data.sleepDiaryLinks ?? [];
  assert.deepEqual(links.map((link) => link.requestId), ['0b6c6c1e-3c2a-4a57-9d3f-2f1f5f6a7b8c']);
  assert.match(links[0]!.url, /\/schlaftagebuch#[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  // No wish stored, no offers: null and empty lists.
  const plain = parseMyData({ ...raw, requests: [storedRequestRow({ offers: [], earlier_wish: null, earlier_offers: [] })] }, 'anna@example.ch', NOW);
  assert.deepEqual([plain.requests[0]!.offers, plain.requests[0]!.earlierWish, plain.requests[0]!.earlierOffers], [[], null, []]);
});

Deno.test('erase: one call erases (the appointments cancelled with it) and sends the practice its erasure mail after answering; a second press answers 200 with zero counts and sends nothing', async () => {
  const { handle, myData, mailer, finishes, tasks, settled } = setup();
  const address = 'Beat.Keller+x@example.ch';
  myData.stored.set(address, EMPTY(address));
  myData.toCancel.set(address, [{ id: '3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b', confirmed_date: '2026-11-28', confirmed_time: '09:30', appointment_minutes: 60, advisor: 'sandra-huber', calendar_sequence: 2 }]);
  const token = await tokenFor(address);
  const response = await handle(post({ action: 'erase', token }));
  assert.equal(response.status, 200);
  assert.deepEqual((await response.json() as { erased: { cancelled: number } }).erased.cancelled, 1);
  assert.deepEqual(myData.erased, [{ address, hash: await hashKey(testConfig().rateLimitSalt, mailboxKey(address)) }]);
  // The mail is the work left for after the answer.
  assert.equal(tasks.length, 1);
  await settled();
  const [erasure] = mailer.sent;
  assert.equal(mailer.sent.length, 1);
  assert.equal(erasure!.to, PRACTICE);
  assert.equal(erasure!.subject, `${ERASURE_TITLE}: ${address}`);
  assert.ok(erasure!.text.includes(erasureStatement(address)));
  assert.equal(erasure!.attachments?.length, 1, 'the cancelled appointment\'s METHOD:CANCEL file');
  assert.ok(erasure!.attachments![0]!.content.includes('METHOD:CANCEL') && erasure!.attachments![0]!.content.includes('SEQUENCE:2'));
  assert.match(erasure!.idempotencyKey ?? '', /^erasure\//);
  assert.deepEqual(finishes.map((f) => f.outcome), ['sent']);

  const again = await handle(post({ action: 'erase', token }));
  assert.equal(again.status, 200);
  assert.deepEqual(await again.json(), { erased: { requests: 0, messages: 0, newsletter: 0, mails: 0, cancelled: 0, sleepDiaries: 0, invoicesKept: 0 } });
  await settled();
  assert.equal(mailer.sent.length, 1, 'no second erasure mail');
});

Deno.test('erase: when the erasure mail cannot be sent, 200 all the same; its claim is released with the cause for the outbox', async () => {
  const { handle, myData, mailer, finishes, settled } = setup();
  myData.stored.set('beat.keller@example.ch', EMPTY('beat.keller@example.ch'));
  mailer.fail = 'all';
  const response = await handle(post({ action: 'erase', token: await tokenFor('beat.keller@example.ch') }));
  assert.equal(response.status, 200);
  await settled();
  assert.equal(myData.erased.length, 1);
  assert.equal(finishes.length, 1);
  assert.equal(finishes[0]!.outcome, 'failed');
  assert.ok(finishes[0]!.cause, 'with its cause: the outbox counts an attempt and tries again');
});

async function linkBody(email: string, overrides: Record<string, unknown> = {}) {
  return { action: 'link', email, website: '', elapsedMs: 9_000, altcha: await solvedProof('my-data'), ...overrides };
}

Deno.test('link: 202 { ok: true } alike for a stored and an unstored address, answered before anything about the address is read; a mail only to the stored one', async () => {
  const answers: unknown[] = [];
  for (const email of ['Anna+x@Example.ch', 'anna@example.ch', 'nobody@example.ch']) {
    const { handle, myData, mailer, tasks, settled } = setup();
    // Stored under the tagged address only: the untagged one has nothing.
    myData.stored.set('Anna+x@example.ch', EMPTY('Anna+x@example.ch'));
    const response = await handle(post(await linkBody(email)));
    assert.equal(response.status, 202);
    answers.push(await response.json());
    // Nothing about the address was read or written before the answer.
    assert.equal(myData.calls.length, 0);
    assert.equal(mailer.attempts, 0);
    assert.equal(tasks.length, 1);
    await settled();
    assert.deepEqual(mailer.sent.map((mail) => mail.to), email === 'Anna+x@Example.ch' ? [email] : [], email);
  }
  assert.deepEqual(answers, [{ ok: true }, { ok: true }, { ok: true }]);
});

Deno.test('link: the proof is single use, the honeypot refused, the request limits apply; the links\' own budget, never the acknowledgement\'s', async () => {
  const { handle, store, myData, mailer, settled } = setup();
  myData.stored.set('anna@example.ch', EMPTY('anna@example.ch'));
  const body = await linkBody('anna@example.ch');
  assert.equal((await handle(post(body))).status, 202);
  const again = await handle(post({ ...body, email: 'beat@example.ch' }));
  assert.equal(again.status, 403);
  assert.deepEqual(await again.json(), { error: 'proof_refused', reason: 'used' });
  assert.equal((await handle(post(await linkBody('anna@example.ch', { website: 'x' })))).status, 422);
  // The budget holds the next one back: written for the outbox, nothing sent now.
  myData.budgetSpent = true;
  assert.equal((await handle(post(await linkBody('anna@example.ch')))).status, 202);
  await settled();
  assert.equal(mailer.sent.length, 1);
  const limits = testConfig().limits;
  assert.deepEqual(myData.budgets.at(-1), { perAddressSeconds: limits.dataLinkPerAddressSeconds, dailyCap: limits.dataLinkDailyCap });
  assert.ok(!store.calls.some((call) => call.startsWith('takeRateLimit:ack')), 'no acknowledgement limit taken');
  store.exhausted.set('my-data:ip', 60);
  const limited = await handle(post(await linkBody('carla@example.ch')));
  assert.equal(limited.status, 429);
  assert.equal(await linkRequestId('salt', 'a@b.ch'), await linkRequestId('salt', 'a@b.ch'));
});

Deno.test('link: an invalid address is 400; GET gives a challenge', async () => {
  const { handle } = setup();
  assert.equal((await handle(post(await linkBody('not an address')))).status, 400);
  const challenge = await handle(new Request('http://localhost/functions/v1/my-data', { headers: { origin: ORIGIN, apikey: 'sb_publishable_test-key' } }));
  assert.equal(challenge.status, 200);
  assert.ok('challenge' in (await challenge.json() as Record<string, unknown>));
});

Deno.test('mail link expiry is whole hours, so a mail\'s retries carry the same link within the hour', async () => {
  const a = await mailMyDataUrl(LINKS, 'anna@example.ch', new Date(NOW.getTime() + 1_000));
  const b = await mailMyDataUrl(LINKS, 'anna@example.ch', new Date(NOW.getTime() + 59_000));
  assert.equal(a, b);
});

// ------------------------------------------------------------------ the feeds' tombstones

Deno.test('an erased appointment\'s tombstone is rendered exactly as a cancelled entry: «Abgesagt» and the time, nothing about the person', async () => {
  const { feedEvent, feedTombstones, tombstoneEvent } = await import('../practice-calendar/feed-content.ts');
  const cancelled = appointmentState({ status: 'cancelled', confirmed_date: '2026-12-11', confirmed_time: '09:30', advisor: 'sandra-huber', calendar_sequence: 2 });
  const tombstone: CalendarCancellation = {
    id: cancelled.id,
    confirmed_date: '2026-12-11',
    confirmed_time: '09:30',
    appointment_minutes: cancelled.appointment_minutes,
    advisor: 'sandra-huber',
    calendar_sequence: 2,
  };
  const asCancelled = feedEvent('praxis', { ...cancelled, confirmed_date: '2026-12-11', confirmed_time: '09:30' }, NOW, 'unused');
  assert.deepEqual(tombstoneEvent(tombstone, NOW), asCancelled);
  assert.deepEqual(feedTombstones('lukas-brunner', [tombstone], '2026-11-27'), []);
  assert.deepEqual(feedTombstones('sandra-huber', [tombstone], '2026-11-27'), [tombstone]);
  assert.deepEqual(feedTombstones('praxis', [tombstone], '2026-12-12'), [], 'gone once its day has passed');
});

Deno.test('invoice: the PDF of one of the token\'s address\'s invoices, made again from the stored invoice; another\'s number is 404, a forged token 403', async () => {
  const { handle, myData } = setup();
  const invoice: StoredInvoice = {
    number: '2026-0003', appointment_id: '3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6c', appointment_request_id: null, first_name: 'Anna', last_name: 'Muster', service: 'Schlafberatung',
    appointment_date: '2026-12-11', appointment_time: '10:00', minutes: 60, advisor: 'sandra-huber', amount_rappen: 19000,
    issued_on: '2026-12-11', paid_at: null, sent_at: '2026-12-11T10:00:00Z', mail_key: 'invoice/2026-0003/1', mail_pending: false, language: 'de',
  };
  myData.invoices.set('anna@example.ch', [invoice]);
  const answer = await handle(post({ action: 'invoice', token: await tokenFor('anna@example.ch'), number: '2026-0003' }));
  assert.equal(answer.status, 200);
  const { invoice: pdf } = await answer.json() as { invoice: { filename: string; pdf: string } };
  assert.equal(pdf.filename, 'rechnung-2026-0003.pdf');
  assert.equal(atob(pdf.pdf).slice(0, 5), '%PDF-');
  const theirs = await handle(post({ action: 'invoice', token: await tokenFor('beat@example.ch'), number: '2026-0003' }));
  assert.equal(theirs.status, 404);
  const forged = await handle(post({ action: 'invoice', token: 'abc.def', number: '2026-0003' }));
  assert.equal(forged.status, 403);
  const malformed = await handle(post({ action: 'invoice', token: await tokenFor('anna@example.ch'), number: '26-3' }));
  assert.equal(malformed.status, 400);
});
