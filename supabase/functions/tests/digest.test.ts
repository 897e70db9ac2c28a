/**
 * send-practice-digest with the in-memory Store and Mailer: one mail a day from 07:00
 * Zurich time when scheduled, at once by hand; what it says (undecided requests oldest
 * first with their links and waiting time, today's and tomorrow's appointments by advisor, what could
 * not be delivered with its content, failed job runs); none on a day with nothing to say.
 * The data itself is the database's (tests/integration/outbox.test.ts).
 */
import assert from 'node:assert/strict';
import { readActionToken } from '../_shared/lifecycle/action-tokens.ts';
import { moveLinksExpiry, practiceLinkExpiryOf, staffLinksExpiry } from '../_shared/lifecycle/action-links.ts';
import { STAFF_LINK_DAYS } from '../_shared/domain/practice-links.ts';
import { confirmMoveLabel, declineMoveLabel, PRACTICE_LINK_LABEL } from '../_shared/lifecycle/appointment-emails.ts';
import { createDigestHandler } from '../send-practice-digest/digest-handler.ts';
import {
  OPEN_INVOICE_LINK_LABEL,
  undeliveredInvoiceNote,
  WAITING_INTRO,
  WAITING_TITLE,
  waitedText,
  waitedTooLong,
  waitingLine,
} from '../send-practice-digest/digest-email.ts';
import { escapeHtml } from '../_shared/domain/html.ts';
import { ACTION_TOKEN_SECRET, actionClaims, appointmentState, FakeMailer, FakeStore, PUBLISHABLE_KEY, SECRET_KEY, testConfig } from './helpers.ts';
import { advisorName } from '../_shared/domain/practice.ts';
import type { InvoiceStore, OpenInvoice } from '../_shared/invoices/store.ts';
import { OPEN_INVOICES_INTRO, openInvoiceLine, openInvoicesTitle } from '../send-practice-digest/open-invoices.ts';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');

/** 07:10 in Zurich on Thursday, 10 December 2026. */
const NOW = new Date('2026-12-10T06:10:00Z');

function setup(now = NOW) {
  const store = new FakeStore();
  const mailer = new FakeMailer();
  const handle = createDigestHandler({ config: testConfig(), store, mailer, now: () => now, log: () => {} });
  return { store, mailer, handle };
}

const run = async (handle: (request: Request) => Promise<Response>, body: unknown = { when: 'scheduled' }, apikey = SECRET_KEY) => {
  const response = await handle(new Request('http://localhost/functions/v1/send-practice-digest', {
    method: 'POST',
    headers: { apikey, authorization: `Bearer ${apikey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }));
  return { status: response.status, body: await response.json() };
};

const older = appointmentState({
  id: '00000000-0000-4000-8000-000000000001',
  first_name: 'Anna',
  last_name: 'Muster',
  created_at: '2026-12-09T04:00:00Z',
  preferred_date: '2026-12-14',
  preferred_time: '10:00',
  alternative_date: '2026-12-15',
  alternative_time: null,
});
const newer = appointmentState({
  id: '00000000-0000-4000-8000-000000000002',
  created_at: '2026-12-10T05:40:00Z',
  preferred_date: '2026-12-16',
  alternative_date: null,
  alternative_time: null,
});

Deno.test('the digest lists the undecided requests oldest first, with their links and how long they have waited', async () => {
  const { handle, mailer, store } = setup();
  store.digest = { ...store.digest, undecided: [older, newer], undecidedTotal: 2 };
  assert.deepEqual(await run(handle), { status: 200, body: { sent: true, undecided: 2, confirmed: 0, undelivered: 0, failedRuns: 0 } });
  assert.equal(mailer.sent.length, 1);
  const mail = mailer.sent[0]!;
  assert.equal(mail.to, 'praxis@ruhepol-schlafberatung.ch');
  assert.equal(mail.replyTo, 'praxis@ruhepol-schlafberatung.ch', 'it carries staff links: no reply may reach a visitor');
  assert.equal(mail.subject, 'Tagesübersicht Donnerstag, 10. Dezember 2026: 2 offen');
  assert.equal(mail.idempotencyKey, 'digest/2026-12-10', 'sent under its outbox mail\'s key');
  assert.ok(mail.text.indexOf('Anna Muster') < mail.text.indexOf('Beat Keller'), 'oldest first');
  assert.ok(mail.text.includes(waitedTooLong('seit 26 Stunden')));
  assert.match(mail.text, /seit weniger als einer Stunde \(noch 24 von 24 Stunden\)/);
  // Three links for the request with an alternative date, two for the other; each signed for its request and action.
  const tokens = [...mail.text.matchAll(/\/termin\/aktion#([A-Za-z0-9_.-]+)/g)].map((m) => m[1]!);
  const claims = await Promise.all(tokens.map((token) => readActionToken(ACTION_TOKEN_SECRET, token, NOW)));
  assert.deepEqual(claims.map((c) => c.ok && [c.claim.requestId.slice(-1), c.claim.action]), [
    ['1', 'confirm-preferred'],
    ['1', 'confirm-alternative'],
    ['1', 'decline'],
    ['2', 'confirm-preferred'],
    ['2', 'decline'],
  ]);
  assert.match(mail.html, /<a href="http[^"]+\/termin\/aktion#/);
  // The day is done: the next scheduled run sends nothing.
  assert.deepEqual(await run(handle), { status: 200, body: { sent: false, reason: 'done' } });
});

Deno.test('a pending wish to move is listed with the current and the wished slot and fresh links for that wish', async () => {
  const { handle, mailer, store } = setup();
  const wish = appointmentState({
    id: '00000000-0000-4000-8000-000000000003',
    first_name: 'Clara',
    last_name: 'Beispiel',
    status: 'confirmed',
    confirmed_date: '2026-12-18',
    confirmed_time: '10:00',
    calendar_sequence: 1,
    outcome_sent_for: 'move-requested:2',
    move_status: 'requested',
    move_date: '2026-12-21',
    move_time: '14:00',
    move_count: 2,
    move_requested_at: '2026-12-10T03:10:00Z',
  });
  store.digest = { ...store.digest, undecided: [older, wish], undecidedTotal: 2 };
  assert.equal((await run(handle)).body.undecided, 2);
  const mail = mailer.sent[0]!;
  assert.match(mail.text, /Verschiebung gewünscht: Clara Beispiel möchte den bestätigten Termin verschieben\./);
  assert.match(mail.text, /Bisheriger Termin:\s+Freitag, 18\. Dezember 2026, 10:00 Uhr/);
  assert.match(mail.text, /Gewünschter Termin:\s+Montag, 21\. Dezember 2026, 14:00 Uhr/);
  assert.match(mail.text, /Wartet:\s+seit 3 Stunden \(noch 21 von 24 Stunden\)/, 'waiting since the wish, not since the request');
  assert.ok(mail.text.includes(`${confirmMoveLabel('Montag, 21. Dezember 2026, 14:00 Uhr')}:\n`));
  assert.ok(mail.text.includes(`${declineMoveLabel('Freitag, 18. Dezember 2026, 10:00 Uhr')}:\n`));
  const tokens = [...mail.text.matchAll(/\/termin\/aktion#([A-Za-z0-9_.-]+)/g)].map((m) => m[1]!);
  const claims = await Promise.all(tokens.map((token) => readActionToken(ACTION_TOKEN_SECRET, token, NOW)));
  assert.deepEqual(claims.map((c) => c.ok && [c.claim.requestId.slice(-1), c.claim.action, c.claim.move]), [
    ['1', 'confirm-preferred', undefined],
    ['1', 'confirm-alternative', undefined],
    ['1', 'decline', undefined],
    ['3', 'confirm-move', 2],
    ['3', 'decline-move', 2],
  ]);
  // Fresh, and valid past the appointment's invoice and its payment (domain/practice-links.ts).
  const seconds = (at: Date) => at.getTime() / 1000;
  assert.deepEqual(claims.map((c) => c.ok && c.claim.expiresAt), [
    ...Array(3).fill(seconds(staffLinksExpiry(older, NOW))),
    ...Array(2).fill(seconds(moveLinksExpiry(wish, NOW))),
  ]);
  assert.equal(moveLinksExpiry(wish, NOW).toISOString(), '2027-02-19T23:00:00.000Z', 'the wished day plus 60 days, to its end');
  assert.ok(claims.every((c) => c.ok && c.claim.expiresAt >= seconds(NOW) + STAFF_LINK_DAYS * 86_400), 'at least STAFF_LINK_DAYS');
});

Deno.test('an undelivered mail about a wish to move names it', async () => {
  const { handle, mailer, store } = setup();
  const wish = appointmentState({
    status: 'confirmed', confirmed_date: '2026-12-18', confirmed_time: '10:00', calendar_sequence: 1,
    move_status: 'requested', move_date: '2026-12-21', move_time: '14:00', move_count: 1,
  });
  store.digest = { ...store.digest, gaveUpAppointments: [{ kind: 'outcome', request: wish }] };
  assert.equal((await run(handle, {})).body.sent, true);
  assert.match(mailer.sent[0]!.text, /über den Stand der Anfrage \(Verschiebung auf Montag, 21\. Dezember 2026, 14:00 Uhr gewünscht\)/);
});

Deno.test('today\'s and tomorrow\'s appointments, what was not delivered (with the message), the jobs\' failures', async () => {
  const { handle, mailer, store } = setup();
  const appointment = appointmentState({
    status: 'confirmed', confirmed_date: '2026-12-11', confirmed_time: '09:30', advisor: 'sandra-huber', calendar_sequence: 1,
  });
  const contact = {
    id: '00000000-0000-4000-8000-00000000000c',
    created_at: '2026-12-06T10:00:00Z',
    name: 'Clara Beispiel',
    email: 'clara?bcc=x@example.ch',
    phone: null,
    subject: 'Nackenschmerzen',
    message: 'Ich wache jeden Morgen mit Nackenschmerzen auf.',
    language: 'de' as const,
  };
  store.digest = {
    ...store.digest,
    confirmed: [appointment],
    gaveUpContacts: [contact],
    gaveUpAppointments: [{ kind: 'outcome', request: appointment }],
    failedRuns: [{ job: 'send-pending-mail', ranAt: '2026-12-09T20:00:00Z', summary: { failed: 2, causes: 'smtp_554' } }],
  };
  assert.equal((await run(handle, {})).body.sent, true);
  const mail = mailer.sent[0]!;
  assert.match(mail.subject, /1 Termin, 2 nicht zugestellt, Störungen$/);
  assert.match(mail.text, new RegExp(String.raw`Termine heute und morgen[\s\S]*${SANDRA_HUBER}[\s\S]*Freitag, 11\. Dezember 2026, 09:30 Uhr`));
  assert.match(mail.text, /Ich wache jeden Morgen mit Nackenschmerzen auf\./);
  assert.match(mail.text, /Bitte informieren Sie Beat Keller telefonisch/);
  assert.match(mail.text, /send-pending-mail – failed 2, causes smtp_554/);
  assert.match(mail.html, /href="mailto:clara%3Fbcc%3Dx@example\.ch"/);
  // The appointment with its page (the invoice, the diary), valid until its payment is done.
  assert.ok(mail.text.includes(`${PRACTICE_LINK_LABEL}:\n`));
  const [page] = await actionClaims(mail, NOW);
  assert.deepEqual(page, { requestId: appointment.id, action: 'practice', expiresAt: practiceLinkExpiryOf({ confirmed_date: '2026-12-11' }, NOW).getTime() / 1000 });
  // What it carried counts as delivered and reported.
  assert.deepEqual(store.reported, [{ contacts: [contact.id], deliveries: [{ kind: 'outcome', id: appointment.id }], newsletterMails: [], invoiceMails: [] }]);
});

/** A confirmed appointment on `date` at `time` for `advisor`, with a name to find it by. */
function booked(n: number, date: string, time: string, advisor: 'sandra-huber' | 'lukas-brunner' | null, lastName: string) {
  return appointmentState({
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    first_name: 'Gast',
    last_name: lastName,
    status: 'confirmed',
    confirmed_date: date,
    confirmed_time: time,
    advisor,
    calendar_sequence: 1,
  });
}

/** The text part's section of today's and tomorrow's appointments (the last section in these tests, before the footer). */
const appointmentsText = (text: string) => /Termine heute und morgen\n=+\n\n([\s\S]*?)\n\nJeder Link/.exec(text)![1]!;

Deno.test('today\'s and tomorrow\'s appointments are grouped by advisor, in the practice\'s order, each by day and time', async () => {
  const { handle, mailer, store } = setup();
  // By day and time, as the database answers them: the advisors mixed.
  store.digest = {
    ...store.digest,
    confirmed: [
      booked(1, '2026-12-10', '09:00', 'lukas-brunner', 'Eins'),
      booked(2, '2026-12-10', '10:00', 'sandra-huber', 'Zwei'),
      booked(3, '2026-12-10', '14:00', 'lukas-brunner', 'Drei'),
      booked(4, '2026-12-11', '09:00', 'sandra-huber', 'Vier'),
    ],
  };
  assert.equal((await run(handle, {})).body.confirmed, 4);
  const mail = mailer.sent[0]!;
  assert.match(mail.subject, /: 4 Termine$/);
  const text = appointmentsText(mail.text);
  assert.match(text, new RegExp(String.raw`^${SANDRA_HUBER}\n-{12}\n\nTermin:\s+Donnerstag, 10\. Dezember 2026, 10:00 Uhr\nName:\s+Gast Zwei\n`));
  const order = [SANDRA_HUBER, 'Gast Zwei', 'Gast Vier', LUKAS_BRUNNER, 'Gast Eins', 'Gast Drei'];
  const positions = order.map((name) => text.indexOf(name));
  assert.ok(positions.every((at) => at >= 0), `${positions}`);
  assert.deepEqual([...positions].sort((a, b) => a - b), positions, 'each advisor\'s appointments under their heading, by day and time');
  assert.match(text, new RegExp(String.raw`\n${LUKAS_BRUNNER}\n-{13}\n\n`));
  assert.equal(text.includes('Ohne Zuteilung'), false, 'no unassigned group without unassigned appointments');
  assert.equal(text.includes('Keine Termine'), false);

  const html = mail.html;
  const htmlOrder = [`>${SANDRA_HUBER}</h3>`, 'Gast Zwei', 'Gast Vier', `>${LUKAS_BRUNNER}</h3>`, 'Gast Eins', 'Gast Drei'].map((part) => html.indexOf(part));
  assert.ok(htmlOrder.every((at) => at >= 0), `${htmlOrder}`);
  assert.deepEqual([...htmlOrder].sort((a, b) => a - b), htmlOrder);
  assert.ok(html.indexOf('>Termine heute und morgen</h2>') < htmlOrder[0]!);
  assert.equal(html.includes('Ohne Zuteilung'), false);
});

Deno.test('the digest: an advisor without appointments says so; appointments without an advisor come last, «Ohne Zuteilung»', async () => {
  const { handle, mailer, store } = setup();
  store.digest = {
    ...store.digest,
    confirmed: [
      booked(1, '2026-12-10', '09:00', null, 'Alt'),
      booked(2, '2026-12-10', '09:00', 'lukas-brunner', 'Neu'),
    ],
  };
  assert.equal((await run(handle, {})).body.sent, true);
  const mail = mailer.sent[0]!;
  const text = appointmentsText(mail.text);
  assert.match(text, new RegExp(String.raw`^${SANDRA_HUBER}\n-+\n\nKeine Termine\.\n\n\n${LUKAS_BRUNNER}\n-+\n\nTermin:[^\n]+\nName:\s+Gast Neu\n[\s\S]*\n\n\nOhne Zuteilung\n-+\n\nTermin:[^\n]+\nName:\s+Gast Alt\n`));
  const html = mail.html;
  assert.match(html, new RegExp(String.raw`>${SANDRA_HUBER}<\/h3>\n<p[^>]*>Keine Termine\.<\/p>`));
  assert.ok(html.indexOf(`>${LUKAS_BRUNNER}</h3>`) < html.indexOf('Gast Neu'));
  assert.ok(html.indexOf('Gast Neu') < html.indexOf('>Ohne Zuteilung</h3>'));
  assert.ok(html.indexOf('>Ohne Zuteilung</h3>') < html.indexOf('Gast Alt'));
});

Deno.test('scheduled: nothing before 07:00 in Zurich; by hand: at once', async () => {
  const { handle, mailer, store } = setup(new Date('2026-12-10T05:50:00Z'));
  store.digest = { ...store.digest, undecided: [older], undecidedTotal: 1 };
  assert.deepEqual(await run(handle), { status: 200, body: { sent: false, reason: 'not_yet' } });
  assert.equal(mailer.sent.length, 0);
  assert.equal((await run(handle, {})).body.sent, true);
});

Deno.test('no mail on a day with nothing to say; a failed send is tried again by the next run', async () => {
  const quiet = setup();
  assert.deepEqual(await run(quiet.handle), { status: 200, body: { sent: false, reason: 'nothing' } });
  assert.equal(quiet.mailer.sent.length, 0);

  const { handle, mailer, store } = setup();
  store.digest = { ...store.digest, undecided: [older], undecidedTotal: 1 };
  mailer.fail = [0];
  assert.deepEqual(await run(handle), { status: 502, body: { error: 'mail_failed' } });
  assert.equal(store.jobRuns.at(-1)!.ok, false);
  assert.equal((await run(handle)).body.sent, true);
});

Deno.test('only the secret key; a body other than {} or {"when":"scheduled"} is refused', async () => {
  const { handle, mailer } = setup();
  assert.equal((await run(handle, {}, PUBLISHABLE_KEY)).status, 401);
  assert.equal((await run(handle, { when: 'now' })).status, 400);
  assert.equal(mailer.sent.length, 0);
});

Deno.test('waitedText: hours against the promised 24', () => {
  const now = new Date('2026-12-10T12:00:00Z');
  assert.equal(waitedText('2026-12-10T11:30:00Z', now), 'seit weniger als einer Stunde (noch 24 von 24 Stunden)');
  assert.equal(waitedText('2026-12-10T11:00:00Z', now), 'seit 1 Stunde (noch 23 von 24 Stunden)');
  assert.equal(waitedText('2026-12-09T12:00:00Z', now), waitedTooLong('seit 24 Stunden'));
  assert.match(waitedTooLong('seit 24 Stunden'), /^seit 24 Stunden – .* 24 Stunden$/, 'the promised hours close the sentence');
});

Deno.test('what the outbox gave up on of the newsletter is listed and reported by its own id', async () => {
  const { handle, mailer, store } = setup();
  const mailId = '00000000-0000-4000-8000-0000000000aa';
  store.digest = {
    ...store.digest,
    gaveUpNewsletter: [
      { id: mailId, kind: 'announcement', email: 'leserin@example.ch', title: 'Besser schlafen mit Rückenschmerzen' },
    ],
  };
  assert.deepEqual(await run(handle), { status: 200, body: { sent: true, undecided: 0, confirmed: 0, undelivered: 1, failedRuns: 0 } });
  assert.match(mailer.sent[0]!.text, /Ankündigung des Artikels «Besser schlafen mit Rückenschmerzen» an diese Newsletter-Adresse/);
  assert.match(mailer.sent[0]!.text, /leserin@example\.ch/);
  assert.deepEqual(store.reported, [{ contacts: [], deliveries: [], newsletterMails: [mailId], invoiceMails: [] }]);
});

Deno.test('the mails that have waited more than a day are named, kind by kind, with the oldest one\'s time; nothing else about them', async () => {
  const { handle, mailer, store } = setup();
  store.digest = {
    ...store.digest,
    waitingMails: [
      { kind: 'acknowledgement', count: 3, since: '2026-12-08T08:00:00Z' },
      { kind: 'data-link', count: 1, since: '2026-12-09T05:00:00Z' },
    ],
  };
  assert.equal((await run(handle)).body.sent, true);
  const [mail] = mailer.sent;
  assert.match(mail!.subject, /4 wartend/);
  assert.ok(mail!.text.includes(`${WAITING_TITLE}\n`));
  assert.ok(mail!.text.includes(WAITING_INTRO));
  for (const waiting of store.digest.waitingMails) {
    assert.ok(mail!.text.includes(waitingLine(waiting)), waitingLine(waiting));
    assert.ok(mail!.html.includes(escapeHtml(waitingLine(waiting))));
  }
  assert.match(waitingLine(store.digest.waitingMails[0]!), /^3 × Eingangsbestätigungen .*, die älteste seit /);
  assert.match(waitingLine(store.digest.waitingMails[1]!), /^1 × Links zu «Meine Daten», seit /);
});

Deno.test('the invoices open more than 30 days after their date, one line each with the days open; an undelivered invoice mail names it', async () => {
  const store = new FakeStore();
  const mailer = new FakeMailer();
  const open: OpenInvoice[] = [{
    number: '2026-0001', appointment_id: '00000000-0000-4000-8000-00000000a001', first_name: 'Anna', last_name: 'Muster', service: 'Schlafberatung',
    appointment_date: '2026-11-05', amount_rappen: 19000, issued_on: '2026-11-05',
  }];
  const asked: Date[] = [];
  const invoices = {
    open: (at: Date) => {
      asked.push(at);
      return Promise.resolve(open);
    },
  } as unknown as InvoiceStore;
  const handle = createDigestHandler({ config: testConfig(), store, mailer, invoices, now: () => NOW, log: () => {} });
  // An invoice mail given up: named by its invoice (it refers to the invoice, kept after an erasure), with the same page.
  store.digest = {
    ...store.digest,
    gaveUpInvoices: [{ id: '00000000-0000-4000-8000-00000000b001', number: '2026-0001', first_name: 'Anna', last_name: 'Muster', appointment_id: open[0]!.appointment_id, appointment_date: '2026-11-05' }],
  };
  const { status } = await run(handle);
  assert.equal(status, 200);
  assert.deepEqual(asked, [NOW]);
  const mail = mailer.sent[0]!;
  assert.match(mail.subject, /1 Rechnung offen/);
  assert.ok(mail.text.includes(openInvoicesTitle(1)));
  assert.ok(mail.text.includes(OPEN_INVOICES_INTRO));
  assert.ok(mail.text.includes(openInvoiceLine(open[0]!, '2026-12-10')));
  assert.ok(mail.text.includes('2026-0001 · Anna Muster · CHF\u00a0190.00 · vom 05.11.2026, seit 35 Tagen offen'));
  // Its appointment's page, by the appointment's id (kept after an erasure), fresh for STAFF_LINK_DAYS at least.
  assert.ok(mail.text.includes(`${OPEN_INVOICE_LINK_LABEL('2026-0001')}:\n`));
  const [page, again] = await actionClaims(mail, NOW);
  assert.deepEqual(page, { requestId: open[0]!.appointment_id, action: 'practice', expiresAt: NOW.getTime() / 1000 + STAFF_LINK_DAYS * 86_400 });
  assert.deepEqual(again, page);
  assert.ok(mail.text.includes(undeliveredInvoiceNote('2026-0001', 'Anna Muster')));
  // The digest carried it: marked reported by its own id.
  assert.deepEqual(store.reported.at(-1)?.invoiceMails, ['00000000-0000-4000-8000-00000000b001']);
});
