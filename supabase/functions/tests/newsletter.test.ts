/**
 * The newsletter (function `newsletter`, its tokens and mails, its part of the outbox) with
 * in-memory fakes: what a browser, a mail provider or an attacker sees, what is stored and
 * what is sent, and when. The database's side (the limits, the expiry, publishing) is
 * tests/integration/newsletter.test.ts.
 */
import assert from 'node:assert/strict';
import type { LogLine } from '../_shared/http/request-gate.ts';
import type { Claimed, FinishResult, MailOutcome } from '../_shared/database/store.ts';
import { acknowledgementShare, hashKey, mailboxKey, networkKey } from '../_shared/database/rate-limit.ts';
import { readActionToken, signActionToken } from '../_shared/lifecycle/action-tokens.ts';
import { createResendMailer, createSmtpMailer, resendPayload, type SmtpTransport } from '../_shared/mail/transport.ts';
import { newsletterConfirmKey, newsletterMailKey } from '../_shared/mail/mail-keys.ts';
import { confirmUrl, unsubscribeLinks } from '../_shared/newsletter/links.ts';
import {
  announcementMail,
  CONFIRMATION_SUBJECT,
  confirmationIgnoreText,
  confirmationMail,
  NEWSLETTER_FOOTER,
  NEWSLETTER_TEXTS,
  nextConfirmationAfter,
} from '../_shared/newsletter/mails.ts';
import type { Language } from '../_shared/domain/languages.ts';
import { mailLayout } from '../_shared/mail/layout-en.ts';
import type {
  AnnouncementMail,
  NewsletterConfirmationMail,
  HousekeepingResult,
  NewsletterStore,
  Subscription,
  SubscribeResult,
} from '../_shared/newsletter/store.ts';
import { readNewsletterToken, signNewsletterToken } from '../_shared/newsletter/tokens.ts';
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS } from '../_shared/domain/newsletter.ts';
import { escapeHtml } from '../_shared/domain/html.ts';
import { createNewsletterHandler, subscriptionRequestId } from '../newsletter/newsletter-handler.ts';
import { createOutboxHandler } from '../send-pending-mail/outbox-handler.ts';
import {
  ACTION_TOKEN_SECRET,
  FakeMailer,
  FakeStore,
  ORIGIN,
  post,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  solvedProof,
  testConfig,
} from './helpers.ts';
import { advisorName, practiceName } from '../_shared/domain/practice.ts';

const SANDRA_HUBER = advisorName('sandra-huber');

const NOW = new Date('2026-11-27T09:00:00Z');
const SUBSCRIBER = '6b1f4d3e-2a8c-4e7b-9d10-3c5a7e9f1b2d';
const LINKS = { secret: ACTION_TOKEN_SECRET, siteUrl: ORIGIN, apiUrl: 'http://127.0.0.1:54321' };
const MAIL = { practiceEmail: 'praxis@ruhepol-schlafberatung.ch' };

// ------------------------------------------------------------------ fakes

/** The newsletter's tables in memory, with the migration's rules where the handler relies on them. */
class FakeNewsletterStore implements NewsletterStore {
  calls: string[] = [];
  subscriptions: Subscription[] = [];
  /** What subscribe answers: a confirmation owed (claimed for the caller), deferred to the outbox, or nothing. */
  owed: boolean | 'deferred' = true;
  rows = new Map<string, { email: string; status: 'pending' | 'confirmed' }>();
  confirmations: Claimed<NewsletterConfirmationMail>[] = [];
  announcements: Claimed<AnnouncementMail>[] = [];
  finished: { kind: 'confirmation' | 'announcement'; id: string; sent: boolean; cause?: string }[] = [];
  /** Claim tokens held now, by `kind:id`; a finish naming another is 'lost'. */
  held = new Map<string, string>();
  housekept: HousekeepingResult = { pendingSubscribers: 0 };

  #claim<T>(kind: string, id: string, row: T): Claimed<T> {
    const token = crypto.randomUUID();
    this.held.set(`${kind}:${id}`, token);
    return { row, claim: { token, takenAt: performance.now() } };
  }
  #finish(kind: 'confirmation' | 'announcement', id: string, token: string, sent: boolean, cause?: string): Promise<FinishResult> {
    if (this.held.get(`${kind}:${id}`) !== token) return Promise.resolve('lost');
    this.held.delete(`${kind}:${id}`);
    this.finished.push({ kind, id, sent, ...(cause ? { cause } : {}) });
    return Promise.resolve('finished');
  }
  confirmationRow(id = SUBSCRIBER, email = 'anna@example.ch', language: Language = 'de'): NewsletterConfirmationMail {
    return { id, email, expires_at: '2026-11-30T09:00:00.123456+00:00', confirm_requested_at: '2026-11-27T09:00:00.123456+00:00', language };
  }
  subscribe(subscription: Subscription): Promise<SubscribeResult> {
    this.calls.push('subscribe');
    this.subscriptions.push(subscription);
    if (!this.owed) return Promise.resolve({ queued: false });
    if (this.owed === 'deferred') return Promise.resolve({ queued: false, deferred: true });
    return Promise.resolve({ queued: true, confirmation: this.#claim('confirmation', SUBSCRIBER, this.confirmationRow(SUBSCRIBER, subscription.email, subscription.language)) });
  }
  confirm(id: string): Promise<'confirmed' | 'not_found'> {
    this.calls.push(`confirm:${id}`);
    const row = this.rows.get(id);
    if (!row) return Promise.resolve('not_found');
    row.status = 'confirmed';
    return Promise.resolve('confirmed');
  }
  unsubscribe(id: string): Promise<boolean> {
    this.calls.push(`unsubscribe:${id}`);
    return Promise.resolve(this.rows.delete(id));
  }
  claimConfirmations(limit: number, _graceSeconds: number, dailyCap: number): Promise<Claimed<NewsletterConfirmationMail>[]> {
    this.calls.push(`claimConfirmations:${dailyCap}`);
    const due = this.confirmations.splice(0, limit);
    return Promise.resolve(due.map(({ row }) => this.#claim('confirmation', row.id, row)));
  }
  claimAnnouncements(limit: number): Promise<Claimed<AnnouncementMail>[]> {
    this.calls.push('claimAnnouncements');
    const due = this.announcements.splice(0, limit);
    return Promise.resolve(due.map(({ row }) => this.#claim('announcement', `${row.subscriber_id}/${row.slug}`, row)));
  }
  finishMail(claim: string, outcome: MailOutcome, cause?: string): Promise<FinishResult> {
    const [mail] = [...this.held].find(([, token]) => token === claim) ?? [];
    if (mail === undefined) return Promise.resolve('lost');
    const [kind, id] = [mail.slice(0, mail.indexOf(':')), mail.slice(mail.indexOf(':') + 1)] as ['confirmation' | 'announcement', string];
    return this.#finish(kind, id, claim, outcome === 'sent', cause);
  }
  housekeeping(): Promise<HousekeepingResult> {
    this.calls.push('housekeeping');
    return Promise.resolve(this.housekept);
  }
}

function setup(env: Record<string, string | undefined> = {}) {
  const store = new FakeStore();
  const newsletter = new FakeNewsletterStore();
  const mailer = new FakeMailer();
  const logs: LogLine[] = [];
  const tasks: Promise<void>[] = [];
  const handle = createNewsletterHandler(
    { config: testConfig(env), store, mailer, newsletter, now: () => NOW, log: (line) => logs.push(line) },
    { background: (task) => tasks.push(task) },
  );
  return { store, newsletter, mailer, logs, tasks, handle, settled: () => Promise.all(tasks) };
}

async function subscribeBody(overrides: Record<string, unknown> = {}) {
  return { action: 'subscribe', email: 'Anna.Muster+blog@example.ch', website: '', elapsedMs: 9_000, altcha: await solvedProof('newsletter'), ...overrides };
}

const article: AnnouncementMail = {
  subscriber_id: SUBSCRIBER,
  email: 'anna@example.ch',
  slug: 'kissen-schlafposition',
  title: 'Welches Kissen passt zu <meiner> Schlafposition?',
  excerpt: 'Seitenschläferinnen brauchen ein anderes Kissen als Rückenschläfer & Bauchschläfer.',
  published_on: '2026-11-26',
  author: SANDRA_HUBER,
  language: 'de',
};

const oneClickRequest = (token: string, body: BodyInit | null = 'List-Unsubscribe=One-Click', headers: Record<string, string> = {}) =>
  new Request(`http://localhost/newsletter?unsubscribe=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

// ------------------------------------------------------------------ tokens

Deno.test('tokens: a confirm token names its subscriber until it expires; an unsubscribe token never expires', async () => {
  const expiresAt = Math.floor(NOW.getTime() / 1000) + 3 * 86_400;
  const confirm = await signNewsletterToken(ACTION_TOKEN_SECRET, { purpose: 'confirm', subscriberId: SUBSCRIBER, expiresAt });
  assert.deepEqual(await readNewsletterToken(ACTION_TOKEN_SECRET, confirm, 'confirm', NOW), {
    ok: true,
    claim: { purpose: 'confirm', subscriberId: SUBSCRIBER, expiresAt },
  });
  assert.deepEqual(await readNewsletterToken(ACTION_TOKEN_SECRET, confirm, 'confirm', new Date((expiresAt + 1) * 1000)), { ok: false, reason: 'expired' });
  const unsubscribe = await signNewsletterToken(ACTION_TOKEN_SECRET, { purpose: 'unsubscribe', subscriberId: SUBSCRIBER, expiresAt: null });
  assert.deepEqual(await readNewsletterToken(ACTION_TOKEN_SECRET, unsubscribe, 'unsubscribe', new Date('2036-01-01T00:00:00Z')), {
    ok: true,
    claim: { purpose: 'unsubscribe', subscriberId: SUBSCRIBER, expiresAt: null },
  });
  // Each only for its purpose.
  assert.deepEqual(await readNewsletterToken(ACTION_TOKEN_SECRET, confirm, 'unsubscribe', NOW), { ok: false, reason: 'other_purpose' });
  assert.deepEqual(await readNewsletterToken(ACTION_TOKEN_SECRET, unsubscribe, 'confirm', NOW), { ok: false, reason: 'other_purpose' });
});

Deno.test('tokens: a changed character, another secret, garbage and an appointment token are refused; a newsletter token is no appointment token', async () => {
  const token = await signNewsletterToken(ACTION_TOKEN_SECRET, { purpose: 'unsubscribe', subscriberId: SUBSCRIBER, expiresAt: null });
  for (let i = 0; i < token.length; i += 7) {
    const changed = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
    if (changed === token || token[i] === '.') continue;
    const read = await readNewsletterToken(ACTION_TOKEN_SECRET, changed, 'unsubscribe', NOW);
    assert.equal(read.ok, false, `character ${i}`);
  }
  assert.deepEqual(await readNewsletterToken('another-secret-of-at-least-32-chars', token, 'unsubscribe', NOW), { ok: false, reason: 'tampered' });
  for (const garbage of ['', 'x', 'a.b.c', `${'A'.repeat(300)}.x`, 'ä.ö']) {
    assert.deepEqual(await readNewsletterToken(ACTION_TOKEN_SECRET, garbage, 'unsubscribe', NOW), { ok: false, reason: 'malformed' });
  }
  const appointment = await signActionToken(ACTION_TOKEN_SECRET, { requestId: SUBSCRIBER, action: 'cancel', expiresAt: 4_000_000_000 });
  assert.deepEqual(await readNewsletterToken(ACTION_TOKEN_SECRET, appointment, 'unsubscribe', NOW), { ok: false, reason: 'tampered' });
  assert.deepEqual(await readActionToken(ACTION_TOKEN_SECRET, token, NOW), { ok: false, reason: 'tampered' });
});

// ------------------------------------------------------------------ mails

Deno.test('the confirmation mail: one link to the confirm page, what happens if ignored, no name, keyed per request', async () => {
  const link = await confirmUrl(LINKS, SUBSCRIBER, new Date('2026-11-30T09:00:00Z'), 'de');
  assert.match(link, /^https:\/\/www\.ruhepol-schlafberatung\.ch\/newsletter\/bestaetigen#[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  const mail = confirmationMail('anna@example.ch', link, new Date('2026-11-30T09:00:00Z'), new Date('2026-11-27T09:00:00.123Z'), MAIL, 'de');
  assert.equal(mail.subject, CONFIRMATION_SUBJECT);
  assert.equal(mail.to, 'anna@example.ch');
  assert.equal(mail.replyTo, MAIL.practiceEmail);
  assert.ok(mail.text.startsWith('Guten Tag\n\n'));
  assert.ok(mail.text.includes(`Anmeldung bestätigen:\n${link}\n`));
  const ignore = confirmationIgnoreText(new Date('2026-11-30T09:00:00Z'), new Date('2026-11-27T09:00:00.123Z'));
  assert.ok(mail.text.includes(ignore), mail.text);
  // Its two dates, in this order: when the address is deleted (the link's expiry), and when another confirmation mail may come.
  // The promise is the database's limit per mailbox (NEWSLETTER_CONFIRM_INTERVAL_DAYS from when the mail was asked for), not «no more mails» for ever.
  assert.equal(NEWSLETTER_CONFIRM_INTERVAL_DAYS, 30);
  const deleted = ignore.indexOf('Montag, 30. November 2026, 10:00 Uhr');
  assert.ok(deleted > 0 && ignore.indexOf('Sonntag, 27. Dezember 2026, 10:00 Uhr') > deleted, ignore);
  assert.equal(nextConfirmationAfter(new Date('2026-11-27T09:00:00.123Z')).toISOString(), '2026-12-27T09:00:00.123Z');
  assert.ok(!mail.text.includes('keine weiteren E-Mails'));
  assert.ok(!mail.text.includes('ß'));
  assert.ok(mail.html.includes('>Anmeldung bestätigen</a>'));
  assert.equal(mail.headers, undefined);
  assert.notEqual(newsletterConfirmKey(SUBSCRIBER, 1), newsletterConfirmKey(SUBSCRIBER, 2));
});

Deno.test('the announcement: title, excerpt, author and date, «Artikel lesen», the footer with a visible unsubscribe link, RFC 8058 headers', async () => {
  const links = await unsubscribeLinks(LINKS, SUBSCRIBER, 'de');
  assert.match(links.page, /^https:\/\/www\.ruhepol-schlafberatung\.ch\/newsletter\/abmelden#[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  assert.match(links.oneClick, /^http:\/\/127\.0\.0\.1:54321\/functions\/v1\/newsletter\?unsubscribe=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  const read = `${ORIGIN}/blog/${article.slug}`;
  const mail = announcementMail(article.email, article, read, links, MAIL, 'de');
  assert.equal(mail.subject, 'Neu im Blog: Welches Kissen passt zu <meiner> Schlafposition?');
  for (const part of [article.title, article.excerpt, `${SANDRA_HUBER}, 26.11.2026`, `Artikel lesen:\n${read}`, NEWSLETTER_FOOTER, `Newsletter abbestellen: ${links.page}`]) {
    assert.ok(mail.text.includes(part), part);
  }
  assert.ok(NEWSLETTER_FOOTER.includes(practiceName), 'the footer names the practice whose newsletter it is');
  assert.ok(mail.html.includes(escapeHtml(NEWSLETTER_FOOTER)));
  assert.ok(mail.html.includes('Welches Kissen passt zu &lt;meiner&gt; Schlafposition?'));
  assert.ok(!mail.html.includes('<meiner>'));
  assert.ok(mail.html.includes('Rückenschläfer &amp; Bauchschläfer'));
  assert.ok(mail.html.includes(`href="${links.page}"`));
  assert.ok(mail.html.includes('>Newsletter abbestellen</a>'));
  assert.ok(mail.html.includes('>Artikel lesen</a>'));
  assert.deepEqual(mail.headers, { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  assert.equal(newsletterMailKey(article.slug, SUBSCRIBER), `newsletter/${article.slug}/${SUBSCRIBER}`);
});

Deno.test('both transports carry the headers: Resend in its headers object, SMTP as prepared header fields; a line break is refused', async () => {
  const links = await unsubscribeLinks(LINKS, SUBSCRIBER, 'de');
  const mail = announcementMail(article.email, article, `${ORIGIN}/blog/x`, links, MAIL, 'de');
  assert.deepEqual(resendPayload('Praxis <noreply@example.ch>', mail).headers, mail.headers);
  assert.equal('headers' in resendPayload('Praxis <noreply@example.ch>', { ...mail, headers: undefined }), false);

  const bodies: string[] = [];
  const resend = createResendMailer('re_test', 'Praxis <noreply@example.ch>', {
    fetch: (_input, init) => {
      bodies.push(String(init?.body));
      return Promise.resolve(new Response('{"id":"1"}', { status: 200 }));
    },
  });
  await resend.send(mail);
  assert.deepEqual(JSON.parse(bodies[0]!).headers, mail.headers);

  const messages: Record<string, unknown>[] = [];
  const transport: SmtpTransport = { sendMail: (message) => (messages.push(message), Promise.resolve({})) };
  const smtp = createSmtpMailer({ host: '127.0.0.1', port: 2525, secure: false }, 'Praxis <noreply@example.ch>', { createSmtpTransport: () => transport });
  await smtp.send(mail);
  assert.deepEqual(messages[0]!.headers, {
    'List-Unsubscribe': { prepared: true, value: `<${links.oneClick}>` },
    'List-Unsubscribe-Post': { prepared: true, value: 'List-Unsubscribe=One-Click' },
  });

  const refused: Record<string, string>[] = [{ 'List-Unsubscribe': '<https://x>\r\nBcc: victim@example.ch' }, { Bcc: 'victim@example.ch' }, { 'Bad Name': 'x' }];
  for (const headers of refused) {
    await assert.rejects(smtp.send({ ...mail, headers }), { name: 'MailError', reason: 'invalid_header' } as Record<string, unknown>);
    await assert.rejects(resend.send({ ...mail, headers }), { name: 'MailError', reason: 'invalid_header' } as Record<string, unknown>);
  }
  assert.equal(messages.length, 1);
  assert.equal(bodies.length, 1);
});

// ------------------------------------------------------------------ subscribe

Deno.test('in English: the confirmation mail links the English confirm page, in English words and dates', async () => {
  const expiresAt = new Date('2026-11-30T09:00:00Z');
  const requestedAt = new Date('2026-11-27T09:00:00.123Z');
  const link = await confirmUrl(LINKS, SUBSCRIBER, expiresAt, 'en');
  assert.match(link, /^https:\/\/www\.ruhepol-schlafberatung\.ch\/en\/newsletter\/confirm#[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  const mail = confirmationMail('anna@example.ch', link, expiresAt, requestedAt, MAIL, 'en');
  const en = NEWSLETTER_TEXTS.en;
  assert.equal(mail.subject, en.confirmationSubject);
  assert.notEqual(mail.subject, CONFIRMATION_SUBJECT);
  assert.ok(mail.text.startsWith(`${mailLayout('en').greeting(null)}\n\n`));
  assert.ok(mail.text.includes(`${en.confirmLabel}:\n${link}\n`));
  const ignore = confirmationIgnoreText(expiresAt, requestedAt, 'en');
  assert.ok(mail.text.includes(ignore));
  // The database's two dates, in English (24-hour clock, Zurich time).
  const deleted = ignore.indexOf('Monday, 30 November 2026, 10:00');
  assert.ok(deleted > 0 && ignore.indexOf('Sunday, 27 December 2026, 10:00') > deleted, ignore);
  for (const line of en.confirmationLines) assert.ok(mail.text.includes(line));
  assert.ok(mail.text.includes(mailLayout('en').replyHint));
  assert.ok(mail.text.includes(mailLayout('en').signatureLines.join('\n')));
  assert.ok(mail.html.includes('<html lang="en-GB">'));
  assert.ok(mail.html.includes(`>${escapeHtml(en.confirmLabel)}</a>`));
  // Nothing German left: not the German words, not the German page.
  for (const german of [CONFIRMATION_SUBJECT, NEWSLETTER_TEXTS.de.confirmLabel, 'Guten Tag', 'Uhr', '/newsletter/bestaetigen']) {
    assert.equal(mail.text.includes(german) || mail.html.includes(german), false, german);
  }
});

Deno.test('in English: the announcement links the English article and the English unsubscribe page, in English words', async () => {
  const links = await unsubscribeLinks(LINKS, SUBSCRIBER, 'en');
  assert.match(links.page, /^https:\/\/www\.ruhepol-schlafberatung\.ch\/en\/newsletter\/unsubscribe#[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  // The one-click address is the function's, the same in both languages.
  assert.equal(links.oneClick, (await unsubscribeLinks(LINKS, SUBSCRIBER, 'de')).oneClick);
  const english: AnnouncementMail = {
    ...article,
    slug: 'pillow-sleeping-position',
    title: 'Which pillow suits <my> sleeping position?',
    excerpt: 'Side sleepers need a different pillow from back & stomach sleepers.',
    language: 'en',
  };
  const en = NEWSLETTER_TEXTS.en;
  const { mailer, run, newsletter } = outbox();
  newsletter.announcements.push({ row: english, claim: { token: 'unused', takenAt: 0 } });
  assert.equal((await run()).body.sent, 1);
  const mail = mailer.sent[0]!;
  const read = `${ORIGIN}/en/blog/${english.slug}`;
  assert.equal(mail.subject, en.announcementSubject(english.title));
  for (const part of [en.newOnTheBlog, english.title, english.excerpt, `${SANDRA_HUBER}, 26/11/2026`, `${en.readLabel}:\n${read}`, en.footer]) {
    assert.ok(mail.text.includes(part), part);
  }
  assert.ok(/\/en\/newsletter\/unsubscribe#\S+/.test(mail.text), 'the visible unsubscribe link opens the English page');
  assert.ok(mail.html.includes('<html lang="en-GB">'));
  assert.ok(mail.html.includes(`>${escapeHtml(en.unsubscribeLabel)}</a>`));
  assert.ok(mail.html.includes('Which pillow suits &lt;my&gt; sleeping position?'));
  assert.equal(mail.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
  for (const german of [NEWSLETTER_FOOTER, NEWSLETTER_TEXTS.de.readLabel, NEWSLETTER_TEXTS.de.unsubscribeLabel, '/newsletter/abmelden', `${ORIGIN}/blog/`]) {
    assert.equal(mail.text.includes(german) || mail.html.includes(german), false, german);
  }
});

Deno.test('subscribe in English: the subscription is stored in English and its confirmation mail is English; another language is refused', async () => {
  const { handle, newsletter, mailer, settled } = setup();
  const response = await handle(post(await subscribeBody({ language: 'en' })));
  assert.equal(response.status, 202);
  await settled();
  assert.deepEqual(newsletter.subscriptions.map((subscription) => subscription.language), ['en']);
  const [mail] = mailer.sent;
  assert.equal(mail!.subject, NEWSLETTER_TEXTS.en.confirmationSubject);
  const token = /\/en\/newsletter\/confirm#(\S+)/.exec(mail!.text)![1]!;
  assert.equal((await readNewsletterToken(ACTION_TOKEN_SECRET, token, 'confirm', NOW)).ok, true);

  for (const language of ['fr', 'EN', '', null, 1]) {
    const refused = await handle(post(await subscribeBody({ language })));
    assert.deepEqual([refused.status, await refused.json()], [400, { error: 'invalid_body', field: 'language' }], String(language));
  }
  assert.equal(newsletter.subscriptions.length, 1);
});

Deno.test('GET: a new challenge for the newsletter, as the forms issue theirs', async () => {
  const { handle } = setup();
  const response = await handle(new Request('http://localhost/newsletter', { headers: { origin: ORIGIN, apikey: PUBLISHABLE_KEY } }));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.equal(response.headers.get('access-control-allow-origin'), ORIGIN);
  const { challenge } = await response.json();
  assert.equal(challenge.parameters.data.fn, 'newsletter');
});

Deno.test('subscribe: 202 before any mail is sent; the confirmation goes out after the answer, keyed, and its claim is finished', async () => {
  const { handle, newsletter, mailer, store, settled, logs } = setup();
  mailer.delayMs = 50;
  const body = await subscribeBody();
  const response = await handle(post(body));
  assert.equal(response.status, 202);
  assert.deepEqual(await response.json(), { ok: true });
  assert.equal(mailer.attempts, 0, 'nothing sent before the answer');
  await settled();
  assert.equal(mailer.sent.length, 1);
  const [mail] = mailer.sent;
  assert.equal(mail!.to, 'Anna.Muster+blog@example.ch');
  assert.equal(mail!.subject, CONFIRMATION_SUBJECT);
  assert.equal(mail!.idempotencyKey, newsletterConfirmKey(SUBSCRIBER, Date.parse('2026-11-27T09:00:00.123Z')));
  const token = /\/newsletter\/bestaetigen#(\S+)/.exec(mail!.text)![1]!;
  const read = await readNewsletterToken(ACTION_TOKEN_SECRET, token, 'confirm', NOW);
  assert.deepEqual(read, { ok: true, claim: { purpose: 'confirm', subscriberId: SUBSCRIBER, expiresAt: Date.parse('2026-11-30T09:00:00Z') / 1000 } });
  assert.deepEqual(newsletter.finished, [{ kind: 'confirmation', id: SUBSCRIBER, sent: true }]);

  // What the database was asked: the mailbox folded, salted hashes, the network's share and the day's budget.
  const config = testConfig();
  assert.deepEqual(newsletter.subscriptions, [{
    email: 'Anna.Muster+blog@example.ch',
    mailboxKey: 'anna.muster@example.ch',
    mailboxHash: await hashKey(config.rateLimitSalt, mailboxKey('Anna.Muster+blog@example.ch')),
    networkHash: await hashKey(config.rateLimitSalt, networkKey('203.0.113.7')),
    networkShare: acknowledgementShare(config.limits),
    dailyCap: config.limits.ackDailyCap,
    proofSignature: (body.altcha as { challenge: { signature: string } }).challenge.signature,
    // A body without a language is German (the spec's body).
    language: 'de',
  }]);
  assert.equal(newsletter.subscriptions[0]!.networkShare, 5);
  // The forms' limits, per client and network, under the function's name.
  assert.deepEqual(store.rateCalls.map((call) => call.bucket), ['newsletter:ip', 'newsletter:ip-day']);
  assert.deepEqual(logs.map((line) => [line.status, line.code]), [[202, 'subscribed_mail_owed']]);
});

Deno.test('subscribe: an address owed nothing (confirmed, or mailed in the last 30 days) gets the very same answer and no mail', async () => {
  const owed = setup();
  const quiet = setup();
  quiet.newsletter.owed = false;
  const a = await owed.handle(post(await subscribeBody()));
  const b = await quiet.handle(post(await subscribeBody()));
  assert.equal(a.status, b.status);
  assert.deepEqual([...a.headers.entries()], [...b.headers.entries()]);
  assert.equal(await a.text(), await b.text());
  await Promise.all([owed.settled(), quiet.settled()]);
  assert.equal(quiet.tasks.length, 0);
  assert.equal(quiet.mailer.attempts, 0);
  assert.equal(quiet.logs[0]!.code, 'subscribed_nothing_owed');
});

Deno.test('subscribe: a confirmation deferred by the day\'s budget gets the very same answer; the call sends nothing, the outbox will', async () => {
  const owed = setup();
  const deferred = setup();
  deferred.newsletter.owed = 'deferred';
  const a = await owed.handle(post(await subscribeBody()));
  const b = await deferred.handle(post(await subscribeBody()));
  assert.equal(a.status, b.status);
  assert.deepEqual([...a.headers.entries()], [...b.headers.entries()]);
  assert.equal(await a.text(), await b.text());
  await deferred.settled();
  assert.equal(deferred.tasks.length, 0);
  assert.equal(deferred.mailer.attempts, 0);
  assert.equal(deferred.logs[0]!.code, 'subscribed_mail_deferred');
});

Deno.test('subscribe: a failed send is released for the outbox with its cause; the visitor\'s answer is 202 all the same', async () => {
  const { handle, newsletter, mailer, settled } = setup();
  mailer.fail = 'all';
  const response = await handle(post(await subscribeBody()));
  assert.equal(response.status, 202);
  await settled();
  assert.deepEqual(newsletter.finished, [{ kind: 'confirmation', id: SUBSCRIBER, sent: false, cause: 'smtp_ECONNREFUSED' }]);
});

Deno.test('subscribe: field errors, proof failures, the honeypot and the limits answer as the forms do', async () => {
  const { handle, newsletter, store, settled } = setup();
  const invalid = await handle(post(await subscribeBody({ email: 'victim@x.ch.' })));
  assert.equal(invalid.status, 400);
  assert.deepEqual(await invalid.json(), { error: 'invalid_body', field: 'email' });
  const unknown = await handle(post(await subscribeBody({ name: 'Anna' })));
  assert.deepEqual(await unknown.json(), { error: 'invalid_body', field: 'name' });
  const action = await handle(post({ action: 'abonnieren' }));
  assert.deepEqual([action.status, await action.json()], [400, { error: 'invalid_body', field: 'action' }]);
  const notJson = await handle(post('{'));
  assert.deepEqual([notJson.status, await notJson.json()], [400, { error: 'invalid_json' }]);

  const otherForm = await handle(post(await subscribeBody({ altcha: await solvedProof('send-contact-email') })));
  assert.deepEqual([otherForm.status, await otherForm.json()], [403, { error: 'proof_refused', reason: 'other_form' }]);

  const bot = await handle(post(await subscribeBody({ website: 'https://spam.example' })));
  assert.deepEqual([bot.status, await bot.json()], [422, { error: 'rejected' }]);
  assert.deepEqual(newsletter.subscriptions, []);

  // A proof is bound to the mailbox it first subscribed.
  const body = await subscribeBody();
  assert.equal((await handle(post(body))).status, 202);
  assert.equal((await handle(post(body))).status, 202, 'the same request again: a retry');
  const stolen = await handle(post({ ...body, email: 'someone.else@example.ch' }));
  assert.deepEqual([stolen.status, await stolen.json()], [403, { error: 'proof_refused', reason: 'used' }]);
  assert.equal(store.usedProofs.get(body.altcha.challenge.signature), await subscriptionRequestId(testConfig().rateLimitSalt, 'anna.muster@example.ch'));

  // The window: refused, and refused again (uncounted) when the refused request comes again.
  store.exhausted.set('newsletter:ip', 321);
  const limited = await post(await subscribeBody({ email: 'beat@example.ch' }));
  const again = limited.clone();
  const refused = await handle(limited);
  assert.deepEqual([refused.status, refused.headers.get('retry-after'), await refused.json()], [429, '321', { error: 'rate_limited', retryAfterSeconds: 321 }]);
  store.exhausted.delete('newsletter:ip');
  const rateCalls = store.rateCalls.length;
  assert.equal((await handle(again)).status, 429);
  assert.equal(store.rateCalls.length, rateCalls, 'not counted again');
  await settled();
});

Deno.test('the gate: no key 401, a foreign origin 403, a configuration without the newsletter store 500', async () => {
  const { handle } = setup();
  const noKey = await handle(post(await subscribeBody(), { apikey: '' }));
  assert.equal(noKey.status, 401);
  const foreign = await handle(post(await subscribeBody(), { origin: 'https://evil.example' }));
  assert.equal(foreign.status, 403);
  const bare = createNewsletterHandler({ config: testConfig(), store: new FakeStore(), mailer: new FakeMailer(), log: () => {} });
  assert.deepEqual(await (await bare(post({ action: 'confirm', token: 'x' }))).json(), { error: 'server_not_configured' });
});

// ------------------------------------------------------------------ the links

Deno.test('confirm: 200 confirmed for a genuine token of a stored address; 410 link_invalid for gone, expired, forged or foreign tokens', async () => {
  const { handle, newsletter } = setup();
  newsletter.rows.set(SUBSCRIBER, { email: 'anna@example.ch', status: 'pending' });
  const expiresAt = Math.floor(NOW.getTime() / 1000) + 60;
  const token = await signNewsletterToken(ACTION_TOKEN_SECRET, { purpose: 'confirm', subscriberId: SUBSCRIBER, expiresAt });
  for (let n = 0; n < 2; n++) {
    const response = await handle(post({ action: 'confirm', token }));
    assert.deepEqual([response.status, await response.json()], [200, { status: 'confirmed' }]);
  }
  const goneId = crypto.randomUUID();
  const gone = await signNewsletterToken(ACTION_TOKEN_SECRET, { purpose: 'confirm', subscriberId: goneId, expiresAt });
  const expired = await signNewsletterToken(ACTION_TOKEN_SECRET, { purpose: 'confirm', subscriberId: SUBSCRIBER, expiresAt: expiresAt - 120 });
  const unsubscribe = await signNewsletterToken(ACTION_TOKEN_SECRET, { purpose: 'unsubscribe', subscriberId: SUBSCRIBER, expiresAt: null });
  const appointment = await signActionToken(ACTION_TOKEN_SECRET, { requestId: SUBSCRIBER, action: 'confirm-preferred', expiresAt });
  const calls = newsletter.calls.length;
  for (const bad of [gone, expired, unsubscribe, appointment, `${token}x`, 'kaputt']) {
    const response = await handle(post({ action: 'confirm', token: bad }));
    assert.deepEqual([response.status, await response.json()], [410, { error: 'link_invalid' }], bad);
  }
  // Only the genuine, unexpired token of a gone address reached the database.
  assert.deepEqual(newsletter.calls.slice(calls), [`confirm:${goneId}`]);
});

Deno.test('unsubscribe: 200 for a genuine token, also when the address is gone already; 410 for a forged one', async () => {
  const { handle, newsletter, logs } = setup();
  newsletter.rows.set(SUBSCRIBER, { email: 'anna@example.ch', status: 'confirmed' });
  const token = await signNewsletterToken(ACTION_TOKEN_SECRET, { purpose: 'unsubscribe', subscriberId: SUBSCRIBER, expiresAt: null });
  for (let n = 0; n < 2; n++) {
    const response = await handle(post({ action: 'unsubscribe', token }));
    assert.deepEqual([response.status, await response.json()], [200, { status: 'unsubscribed' }]);
  }
  assert.equal(newsletter.rows.has(SUBSCRIBER), false);
  assert.deepEqual(logs.map((line) => line.code), ['unsubscribed', 'unsubscribed_already']);
  const forged = await handle(post({ action: 'unsubscribe', token: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) }));
  assert.deepEqual([forged.status, await forged.json()], [410, { error: 'link_invalid' }]);
});

Deno.test('one click (RFC 8058): POST ?unsubscribe= with List-Unsubscribe=One-Click, no key, no Origin – form-encoded or multipart', async () => {
  const { handle, newsletter, logs } = setup();
  const token = await signNewsletterToken(ACTION_TOKEN_SECRET, { purpose: 'unsubscribe', subscriberId: SUBSCRIBER, expiresAt: null });
  newsletter.rows.set(SUBSCRIBER, { email: 'anna@example.ch', status: 'confirmed' });
  const response = await handle(oneClickRequest(token));
  assert.deepEqual([response.status, await response.json()], [200, { status: 'unsubscribed' }]);
  assert.equal(newsletter.rows.has(SUBSCRIBER), false);

  const form = new FormData();
  form.set('List-Unsubscribe', 'One-Click');
  const multipart = await handle(new Request(`http://localhost/newsletter?unsubscribe=${token}`, { method: 'POST', body: form }));
  assert.equal(multipart.status, 200);
  assert.deepEqual(logs.map((line) => line.code), ['one_click_unsubscribed', 'one_click_unsubscribed_already']);

  const noBody = await handle(oneClickRequest(token, 'List-Unsubscribe=Other'));
  assert.deepEqual([noBody.status, await noBody.json()], [400, { error: 'invalid_body', field: 'List-Unsubscribe' }]);
  const forged = await handle(oneClickRequest(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`));
  assert.deepEqual([forged.status, await forged.json()], [410, { error: 'link_invalid' }]);
  const confirmToken = await signNewsletterToken(ACTION_TOKEN_SECRET, { purpose: 'confirm', subscriberId: SUBSCRIBER, expiresAt: 4_000_000_000 });
  assert.equal((await handle(oneClickRequest(confirmToken))).status, 410);
  const huge = await handle(oneClickRequest(token, 'x'.repeat(20_000)));
  assert.equal(huge.status, 413);
});

Deno.test('one click: a GET of the address (a scanner following links) unsubscribes nothing', async () => {
  const { handle, newsletter } = setup();
  const token = await signNewsletterToken(ACTION_TOKEN_SECRET, { purpose: 'unsubscribe', subscriberId: SUBSCRIBER, expiresAt: null });
  newsletter.rows.set(SUBSCRIBER, { email: 'anna@example.ch', status: 'confirmed' });
  const response = await handle(new Request(`http://localhost/newsletter?unsubscribe=${token}`));
  assert.equal(response.status, 401);
  assert.equal(newsletter.rows.has(SUBSCRIBER), true);
});

// ------------------------------------------------------------------ the outbox

function outbox(withNewsletter = true) {
  const store = new FakeStore();
  const newsletter = new FakeNewsletterStore();
  const mailer = new FakeMailer();
  const handle = createOutboxHandler({
    config: testConfig(),
    store,
    mailer,
    ...(withNewsletter ? { newsletter } : {}),
    now: () => NOW,
    log: () => {},
  });
  const run = async () => {
    const response = await handle(new Request('http://localhost/send-pending-mail', {
      method: 'POST',
      headers: { apikey: SECRET_KEY, 'content-type': 'application/json' },
      body: '{}',
    }));
    return { status: response.status, body: await response.json() };
  };
  return { store, newsletter, mailer, run };
}

Deno.test('outbox: the confirmations the subscribing calls could not send and each announcement, once, after the housekeeping', async () => {
  const { store, newsletter, mailer, run } = outbox();
  const claim = { token: 'unused', takenAt: 0 };
  newsletter.confirmations.push({ row: newsletter.confirmationRow('0b7c1a9e-5d2f-4c3b-8a6e-9f1d2c3b4a5e', 'beat@example.ch'), claim });
  newsletter.announcements.push({ row: article, claim }, { row: { ...article, subscriber_id: crypto.randomUUID(), email: 'carla@example.ch' }, claim });
  newsletter.housekept = { pendingSubscribers: 2 };
  // The outbox gives up on every kind of mail alike, an announcement among them.
  store.givenUp = [{ kind: 'announcement', id: SUBSCRIBER }];
  const first = await run();
  assert.deepEqual(first, { status: 200, body: { sent: 3, failed: 0, deferred: 0, gaveUp: 1 } });
  assert.deepEqual(mailer.sent.map((mail) => [mail.to, mail.subject]), [
    ['beat@example.ch', CONFIRMATION_SUBJECT],
    ['anna@example.ch', `Neu im Blog: ${article.title}`],
    ['carla@example.ch', `Neu im Blog: ${article.title}`],
  ]);
  assert.equal(mailer.sent[1]!.idempotencyKey, newsletterMailKey(article.slug, SUBSCRIBER));
  assert.equal(mailer.sent[1]!.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
  assert.equal(newsletter.calls[0], 'housekeeping');
  assert.equal(newsletter.finished.length, 3);
  newsletter.housekept = { pendingSubscribers: 0 };
  assert.deepEqual((await run()).body, { sent: 0, failed: 0, deferred: 0, gaveUp: 0 });
  assert.equal(mailer.sent.length, 3);
});

Deno.test('outbox: a failed announcement is released with its cause and counted; without the newsletter store the run leaves it out', async () => {
  const failing = outbox();
  failing.mailer.fail = 'all';
  failing.newsletter.announcements.push({ row: article, claim: { token: 'unused', takenAt: 0 } });
  const result = await failing.run();
  assert.equal(result.status, 502);
  assert.deepEqual(failing.newsletter.finished, [{ kind: 'announcement', id: `${SUBSCRIBER}/${article.slug}`, sent: false, cause: 'smtp_ECONNREFUSED' }]);

  const without = outbox(false);
  without.newsletter.announcements.push({ row: article, claim: { token: 'unused', takenAt: 0 } });
  assert.deepEqual((await without.run()).body, { sent: 0, failed: 0, deferred: 0, gaveUp: 0 });
  assert.deepEqual(without.newsletter.calls, []);
});

Deno.test('config.toml: the newsletter checks its callers itself (verify_jwt = false)', () => {
  const toml = Deno.readTextFileSync(new URL('../../config.toml', import.meta.url));
  const section = /^\[functions\.newsletter\]\n((?:(?!\[).*\n)*)/m.exec(toml)?.[1] ?? '';
  assert.match(section, /^verify_jwt = false$/m);
});
