// @vitest-environment node
/**
 * The newsletter against the real stack (PGlite, or PostgreSQL 15 with DATABASE_URL): the
 * function `newsletter` under Deno, the outbox, the mail catcher.
 * - Double opt-in: one confirmation mail, confirmed by the token from the mail; a new
 *   article announced once to each confirmed subscriber through the outbox, never to a
 *   pending one, with List-Unsubscribe and List-Unsubscribe-Post (RFC 8058); the one-click
 *   POST deletes the address and nothing more reaches it.
 * - No oracle: a confirmed address subscribing again gets the same answer and no mail; a
 *   second subscription the same day sends no second confirmation mail.
 * - Expiry: a pending address is deleted by the housekeeping after three days; its link
 *   then answers 410.
 * - Limits that hold when a request is sent again; a network's share of the confirmation
 *   mails; the day's budget; publishing twice queues nothing.
 * - A mail outage: the confirmation reaches the mailbox once, through the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTo, mailApi, type Mail, type MailApi } from '../support/mail-api.ts';
import { publishArticles, type ArticleEntry } from '../../scripts/publish-articles.ts';
import { readFunctionsSettings } from '../../scripts/stack/start-stack.ts';
import { hashKey, mailboxKey } from '../../supabase/functions/_shared/database/rate-limit.ts';
import { unsubscribeLinks } from '../../supabase/functions/_shared/newsletter/links.ts';
import { CONFIRMATION_SUBJECT, NEWSLETTER_FOOTER, nextConfirmationAfter } from '../../supabase/functions/_shared/newsletter/mails.ts';
import { formatInstantLong } from '../../supabase/functions/_shared/domain/dates.ts';
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS, NEWSLETTER_PENDING_DAYS } from '../../supabase/functions/_shared/domain/newsletter.ts';
import {
  backendTarget,
  callFunction,
  functionRateKey,
  newVisitor,
  ownIpv6Network,
  ownStandIn,
  serviceClient,
  signedProof,
  type TestBackend,
  zurichDate,
} from './stack-harness.ts';
import { advisorName } from '../../supabase/functions/_shared/domain/practice.ts';

const SANDRA_HUBER = advisorName('sandra-huber');

let backend: TestBackend;
let mail: MailApi;
const CONFIRM_SUBJECT = CONFIRMATION_SUBJECT;

beforeAll(async () => {
  backend = await backendTarget();
  mail = mailApi(backend.mailUrl);
  if (ownStandIn) await mail.clear();
}, 180_000);

afterAll(async () => {
  if (ownStandIn) await mail?.outage(false);
  await backend?.stop();
});

/** The subscribe box's call, with a proof signed for the function (or the one given). */
async function subscribe(email: string, ip: string, { proof }: { proof?: unknown } = {}) {
  const body = { action: 'subscribe', email, website: '', elapsedMs: 8_000, altcha: proof ?? (await signedProof('newsletter')) };
  return { ...(await callFunction(backend, 'newsletter', body, { ip })), body };
}

/** The confirm or unsubscribe page's call with a link's token. */
function follow(action: 'confirm' | 'unsubscribe', token: string, ip = newVisitor().ip) {
  return callFunction(backend, 'newsletter', { action, token }, { ip, proof: false });
}

/** The outbox, called as the hosted job and the local timer call it. */
async function runOutbox() {
  const response = await fetch(`${backend.apiUrl}/functions/v1/send-pending-mail`, {
    method: 'POST',
    headers: { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const mailsTo = async (address: string, subject?: string) =>
  (await mail.all()).filter((m) => isTo(m, address) && (subject === undefined || m.Subject === subject));

const tokenIn = (text: string, path: string) => {
  const match = new RegExp(`${path}#([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in the mail`);
  return match[1]!;
};

async function confirmationOf(email: string): Promise<{ mail: Mail; token: string }> {
  const confirmation = await mail.waitFor((m) => isTo(m, email) && m.Subject === CONFIRM_SUBJECT);
  return { mail: confirmation, token: tokenIn(confirmation.Text, '/newsletter/bestaetigen') };
}

/**
 * The event to check after when a call must send nothing: the subscribing call sends its
 * confirmation after its answer, so the answer is not enough. A fresh address subscribes
 * now, from a client of its own; once its confirmation has arrived, what the calls before
 * it would have sent is out too.
 */
async function markerArrived(): Promise<void> {
  const marker = newVisitor();
  expect(await subscribe(marker.email, marker.ip)).toMatchObject({ status: 202 });
  await confirmationOf(marker.email);
}

const subscriberOf = async (email: string) =>
  (await backend.query<{ id: string; status: string; confirm_requested_at: Date | null }>(
    'select id, status, confirm_requested_at from public.newsletter_subscribers where mailbox_key = $1',
    [mailboxKey(email)],
  )).rows[0];

/** A confirmed subscriber, through the whole flow. */
async function confirmedSubscriber() {
  const visitor = newVisitor();
  expect(await subscribe(visitor.email, visitor.ip)).toMatchObject({ status: 202, json: { ok: true } });
  const { token } = await confirmationOf(visitor.email);
  expect(await follow('confirm', token)).toMatchObject({ status: 200, json: { status: 'confirmed' } });
  return visitor;
}

let articleCounter = 0;
/** An article the database has not seen, dated today (Zurich) unless said otherwise. */
function newArticle(date = zurichDate(0)): ArticleEntry {
  articleCounter += 1;
  const slug = `test-${process.pid}-${articleCounter}-${crypto.randomUUID().slice(0, 8)}`;
  return { slug, title: `Besser schlafen, Teil ${articleCounter}`, excerpt: 'Warum das Kissen zählt.', date, author: SANDRA_HUBER };
}

const publish = (articles: ArticleEntry[]) => publishArticles(articles, { url: backend.apiUrl, secretKey: backend.secretKey });


describe('newsletter: double opt-in and the announcement', () => {
  it('confirms by the mailed link, announces a new article once to confirmed addresses only, with RFC 8058 headers; one click unsubscribes', async () => {
    const anna = newVisitor();
    const subscribed = await subscribe(anna.email, anna.ip);
    expect(subscribed).toMatchObject({ status: 202, json: { ok: true } });
    const { mail: confirmation, token } = await confirmationOf(anna.email);
    expect(confirmation.Text).toContain('nach 3 Tagen');
    expect(confirmation.Text).not.toContain('Neu im Blog');
    expect((await subscriberOf(anna.email))?.status).toBe('pending');

    // Another address stays pending: it must never get an announcement.
    const pending = newVisitor();
    expect(await subscribe(pending.email, pending.ip)).toMatchObject({ status: 202 });
    await confirmationOf(pending.email);

    expect(await follow('confirm', token)).toMatchObject({ status: 200, json: { status: 'confirmed' } });
    // The link again (a second click, a mail scanner): still confirmed.
    expect(await follow('confirm', token)).toMatchObject({ status: 200, json: { status: 'confirmed' } });
    expect((await subscriberOf(anna.email))?.status).toBe('confirmed');

    const article = newArticle();
    const published = await publish([article]);
    expect(published.announced).toEqual([article.slug]);
    expect(published.queued).toBeGreaterThanOrEqual(1);
    const annaId = (await subscriberOf(anna.email))!.id;
    const pendingId = (await subscriberOf(pending.email))!.id;
    const queued = await backend.query<{ subscriber_id: string }>(
      `select subscriber_id from public.outbox_mails where kind = 'announcement' and article_slug = $1 and subscriber_id = any($2::uuid[])`,
      [article.slug, [annaId, pendingId]],
    );
    expect(queued.rows).toEqual([{ subscriber_id: annaId }]);

    // Two outbox runs at once (the timer and a second caller): one mail.
    await Promise.all([runOutbox(), runOutbox()]);
    const subject = `Neu im Blog: ${article.title}`;
    const announcement = await mail.waitFor((m) => isTo(m, anna.email) && m.Subject === subject);
    expect(announcement.Text).toContain(article.excerpt);
    expect(announcement.Text).toContain(SANDRA_HUBER);
    expect(announcement.Text).toMatch(new RegExp(`Artikel lesen:\\n\\S+/blog/${article.slug}\\n`));
    expect(announcement.Text).toContain(NEWSLETTER_FOOTER);
    const pageToken = tokenIn(announcement.Text, '/newsletter/abmelden');
    expect(announcement.HTML).toContain('Newsletter abbestellen</a>');

    const headers = await mail.client.getMessageHeaders(announcement.ID);
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    const listUnsubscribe = headers['List-Unsubscribe']?.[0] ?? '';
    const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(listUnsubscribe)?.[1];
    expect(oneClick, listUnsubscribe).toBeDefined();
    const oneClickUrl = new URL(oneClick!);
    expect(oneClickUrl.pathname).toBe('/functions/v1/newsletter');
    expect(oneClickUrl.searchParams.get('unsubscribe')).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    // The functions' SUPABASE_URL: here the stand-in's gateway (`supabase start` would say http://kong:8000).
    if (ownStandIn) expect(oneClickUrl.origin).toBe(new URL(backend.apiUrl).origin);
    const target = `${backend.apiUrl}${oneClickUrl.pathname}${oneClickUrl.search}`;

    expect(await mailsTo(anna.email, subject)).toHaveLength(1);
    expect(await mailsTo(pending.email, subject)).toHaveLength(0);
    await runOutbox();
    expect(await mailsTo(anna.email, subject)).toHaveLength(1);

    // A scanner's GET of the one-click address changes nothing.
    expect((await fetch(target)).status).not.toBe(200);
    expect(await subscriberOf(anna.email)).toBeDefined();

    // The provider's one-click POST: no key, no Origin.
    const unsubscribed = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.json()).toEqual({ status: 'unsubscribed' });
    expect(await subscriberOf(anna.email)).toBeUndefined();

    // Nothing more reaches the address: the next article is not queued for it.
    const next = newArticle();
    expect((await publish([next])).announced).toEqual([next.slug]);
    // The run has answered, and it sends before it answers: whatever it sent is caught.
    await runOutbox();
    expect((await mail.all()).filter((m) => isTo(m, anna.email) && m.Subject.startsWith('Neu im Blog'))).toHaveLength(1);
    expect((await backend.query(`select 1 from public.outbox_mails where kind = 'announcement' and subscriber_id = $1`, [annaId])).rows).toEqual([]);

    // The page's link after the one click: done already, also 200.
    expect(await follow('unsubscribe', pageToken)).toMatchObject({ status: 200, json: { status: 'unsubscribed' } });
    // A confirmation link of a deleted address: gone.
    expect(await follow('confirm', token)).toMatchObject({ status: 410, json: { error: 'link_invalid' } });
  });

  it('unsubscribes by the page\'s link and deletes the announcements still owed', async () => {
    const visitor = await confirmedSubscriber();
    const id = (await subscriberOf(visitor.email))!.id;
    const article = newArticle();
    await publish([article]);
    expect((await backend.query(`select 1 from public.outbox_mails where kind = 'announcement' and subscriber_id = $1`, [id])).rows).toHaveLength(1);

    // The page's token comes from an announcement; write one as the outbox would: its claim is taken by the run.
    const links = await unsubscribeLinks({ secret: readFunctionsSettings().ACTION_TOKEN_SECRET ?? '', siteUrl: 'http://localhost:5173', apiUrl: backend.apiUrl }, id, 'de');
    const token = links.page.split('#')[1]!;
    expect(await follow('unsubscribe', token)).toMatchObject({ status: 200, json: { status: 'unsubscribed' } });
    expect(await subscriberOf(visitor.email)).toBeUndefined();
    expect((await backend.query(`select 1 from public.outbox_mails where kind = 'announcement' and subscriber_id = $1`, [id])).rows).toEqual([]);
    // The run has answered, and it sends before it answers: whatever it sent is caught.
    await runOutbox();
    expect(await mailsTo(visitor.email, `Neu im Blog: ${article.title}`)).toHaveLength(0);

    // Tampered and foreign tokens.
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await follow('unsubscribe', tampered)).toMatchObject({ status: 410, json: { error: 'link_invalid' } });
    expect(await follow('unsubscribe', 'not-a-token')).toMatchObject({ status: 410, json: { error: 'link_invalid' } });
  });
});

describe('newsletter: no oracle, one confirmation mail per mailbox', () => {
  it('answers an already confirmed address identically and sends it nothing; a second subscription the same day sends no second mail', async () => {
    const visitor = newVisitor();
    const first = await subscribe(visitor.email, visitor.ip);
    await confirmationOf(visitor.email);
    const asked = (await subscriberOf(visitor.email))!.confirm_requested_at;

    // The same mailbox again the same day, spelt otherwise (+tag, capitals): same answer, no second mail.
    const [local, domain] = visitor.email.split('@');
    const again = await subscribe(`${local!.toUpperCase()}+blog@${domain}`, newVisitor().ip);
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    await markerArrived();
    expect(await mailsTo(visitor.email, CONFIRM_SUBJECT)).toHaveLength(1);
    expect((await subscriberOf(visitor.email))!.confirm_requested_at).toEqual(asked);
    // Nor does the outbox owe one.
    await backend.query(
      `update public.newsletter_subscribers set confirm_requested_at = confirm_requested_at - interval '5 minutes' where mailbox_key = $1`,
      [mailboxKey(visitor.email)],
    );
    await runOutbox();
    expect(await mailsTo(visitor.email, CONFIRM_SUBJECT)).toHaveLength(1);
    expect(await mailsTo(`${local!.toUpperCase()}+blog@${domain}`)).toHaveLength(0);

    // Confirmed: subscribing again is answered alike, sends nothing, changes nothing, charges nothing.
    const { token } = await confirmationOf(visitor.email);
    expect(await follow('confirm', token)).toMatchObject({ status: 200 });
    const salt = readFunctionsSettings().RATE_LIMIT_SALT ?? '';
    const charged = async () =>
      (await backend.query<{ n: number }>(
        `select count(*)::int as n from public.rate_limit_events where bucket = 'newsletter-confirm' and key = $1`,
        [await hashKey(salt, mailboxKey(visitor.email))],
      )).rows[0]!.n;
    const before = await charged();
    const confirmedAgain = await subscribe(visitor.email, newVisitor().ip);
    expect(confirmedAgain.status).toBe(202);
    expect(confirmedAgain.text).toBe(first.text);
    await markerArrived();
    await runOutbox();
    expect(await mailsTo(visitor.email)).toHaveLength(1);
    expect((await subscriberOf(visitor.email))!.status).toBe('confirmed');
    expect(await charged()).toBe(before);
  });

  it('gives one client network at most its share of the day\'s confirmation mails; another network still gets its mail', async () => {
    // Six /64s of one /48: six clients for the window, one network for the day's share (5).
    const prefix = ownIpv6Network();
    const sub = crypto.randomUUID().slice(0, 3);
    const visitors = Array.from({ length: 6 }, (_, n) => ({ ip: `${prefix}:${sub}${n}::1`, email: newVisitor().email }));
    for (const visitor of visitors) expect(await subscribe(visitor.email, visitor.ip)).toMatchObject({ status: 202, json: { ok: true } });
    for (const visitor of visitors.slice(0, 5)) await confirmationOf(visitor.email);
    await markerArrived();
    expect(await mailsTo(visitors[5]!.email)).toHaveLength(0);
    // Stored all the same, pending: a subscription from elsewhere tomorrow can still confirm it.
    expect((await subscriberOf(visitors[5]!.email))?.status).toBe('pending');

    const elsewhere = newVisitor();
    expect(await subscribe(elsewhere.email, elsewhere.ip)).toMatchObject({ status: 202 });
    await confirmationOf(elsewhere.email);
  });

  it('defers a confirmation past the day\'s budget to the outbox, which charges the deferred ones oldest first; a network past its share is charged nothing', async () => {
    const service = serviceClient(backend);
    const spent = async () =>
      (await backend.query<{ n: number }>(
        `select count(*)::int as n from public.rate_limit_events where bucket = 'newsletter-confirm-daily' and created_at > now() - interval '1 day'`,
      )).rows[0]!.n;
    // As the function calls it: with a proof claimed for the request (claim_form_proof).
    const call = async (email: string, cap: number, network = `budget-network-${crypto.randomUUID()}`) => {
      const signature = `${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll('-', '');
      const claimed = await service.rpc('claim_form_proof', { p_signature: signature, p_request_id: crypto.randomUUID(), p_expires_at: new Date(Date.now() + 600_000).toISOString() });
      expect(claimed).toMatchObject({ error: null, data: { use: 'fresh' } });
      return service.rpc('newsletter_subscribe', {
        p_email: email,
        p_mailbox_key: mailboxKey(email),
        p_mailbox_hash: `budget-${mailboxKey(email)}`,
        p_network_hash: network,
        p_network_share: 5,
        p_daily_cap: cap,
        p_proof_signature: signature,
      });
    };
    const mailboxEvents = (email: string) =>
      backend.query(`select 1 from public.rate_limit_events where bucket = 'newsletter-confirm' and key = $1`, [`budget-${mailboxKey(email)}`]);
    const deferred = async (email: string) =>
      (await backend.query<{ last_cause: string | null; sent_at: Date | null }>(
        `select o.last_cause, o.sent_at from public.outbox_mails o join public.newsletter_subscribers s on s.id = o.subscriber_id
          where o.kind = 'newsletter-confirmation' and s.mailbox_key = $1`,
        [mailboxKey(email)],
      )).rows;
    if ((await spent()) === 0) expect((await call(newVisitor().email, 1)).data).toMatchObject({ queued: true });

    // A network past its share: nothing owed, and the mailbox's one mail is not taken.
    const network = `budget-network-${crypto.randomUUID()}`;
    const shared = newVisitor().email;
    for (let n = 0; n < 5; n++) await call(newVisitor().email, 10_000, network);
    expect(await call(shared, 10_000, network)).toMatchObject({ error: null, data: { queued: false } });
    expect((await mailboxEvents(shared)).rows).toEqual([]);
    expect(await deferred(shared)).toEqual([]);

    // The day's budget reached: owed all the same, deferred to the outbox (not claimed), charged to the mailbox.
    const { email } = newVisitor();
    expect(await call(email, await spent())).toMatchObject({ error: null, data: { queued: false, deferred: true } });
    expect((await mailboxEvents(email)).rows).toHaveLength(1);
    expect((await subscriberOf(email))?.status).toBe('pending');
    expect(await deferred(email)).toEqual([{ last_cause: 'daily_budget', sent_at: null }]);
    // With room again, a new address does not jump the queue: it waits behind the deferred one.
    const later = newVisitor().email;
    expect((await call(later, (await spent()) + 5)).data).toEqual({ queued: false, deferred: true });
    // The outbox charges them, oldest first, while there is room: one now, the other later.
    const claim = (cap: number) =>
      service.rpc('claim_mail', { p_kind: 'newsletter-confirmation', p_limit: 1, p_grace_seconds: 120, p_budget: { daily_cap: cap } });
    expect(await claim(await spent())).toMatchObject({ error: null });
    expect(await deferred(email)).toEqual([{ last_cause: 'daily_budget', sent_at: null }]);
    expect(await claim((await spent()) + 1)).toMatchObject({ error: null });
    expect(await deferred(email)).toEqual([{ last_cause: null, sent_at: null }]);
    expect(await deferred(later)).toEqual([{ last_cause: 'daily_budget', sent_at: null }]);
    expect(await claim((await spent()) + 1)).toMatchObject({ error: null });
    expect(await deferred(later)).toEqual([{ last_cause: null, sent_at: null }]);

    // A deferred mail that never went out (its address lapsed first) does not count as the
    // mailbox's one in 30 days: the charge is given back, and subscribing again is mailed.
    const unlucky = newVisitor().email;
    expect((await call(unlucky, await spent())).data).toEqual({ queued: false, deferred: true });
    expect((await mailboxEvents(unlucky)).rows).toHaveLength(1);
    await backend.query(`update public.newsletter_subscribers set expires_at = now() - interval '1 second' where mailbox_key = $1`, [mailboxKey(unlucky)]);
    await backend.query(`select (select set_config('role', 'service_role', true)), public.newsletter_housekeeping()`);
    // Its mail still owed and not yet named by the digest: the address stays, nothing owed goes in silence.
    expect((await subscriberOf(unlucky))?.status).toBe('pending');
    // Given up and reported by the digest (as the outbox and the digest end it): now it lapses.
    await backend.query(
      `update public.outbox_mails set gave_up_at = now(), reported_at = now()
        where subscriber_id = (select id from public.newsletter_subscribers where mailbox_key = $1)`,
      [mailboxKey(unlucky)],
    );
    await backend.query(`select (select set_config('role', 'service_role', true)), public.newsletter_housekeeping()`);
    expect(await subscriberOf(unlucky)).toBeUndefined();
    expect((await mailboxEvents(unlucky)).rows).toEqual([]);
    expect((await call(unlucky, (await spent()) + 1)).data).toMatchObject({ queued: true });
  });
});

describe('newsletter: expiry', () => {
  it('deletes a pending address three days after its confirmation mail; the link then answers 410', async () => {
    const visitor = newVisitor();
    await subscribe(visitor.email, visitor.ip);
    const { token } = await confirmationOf(visitor.email);
    const young = newVisitor();
    await subscribe(young.email, young.ip);
    const old = await confirmedSubscriber();

    const ageBy = `interval '3 days 1 minute'`;
    await backend.query(
      `update public.newsletter_subscribers
          set created_at = created_at - ${ageBy}, confirm_requested_at = confirm_requested_at - ${ageBy}, expires_at = expires_at - ${ageBy}
        where mailbox_key = $1`,
      [mailboxKey(visitor.email)],
    );
    await backend.query(
      `update public.newsletter_subscribers set created_at = created_at - interval '30 days', confirmed_at = confirmed_at - interval '30 days' where mailbox_key = $1`,
      [mailboxKey(old.email)],
    );
    // The retention job, as pg_cron runs it.
    const { rows } = await backend.query<{ result: { pending_subscribers: number } }>(
      `select (select set_config('role', 'service_role', true)), public.newsletter_housekeeping() as result`,
    );
    expect(rows[0]!.result.pending_subscribers).toBeGreaterThanOrEqual(1);
    expect(await subscriberOf(visitor.email)).toBeUndefined();
    expect((await subscriberOf(young.email))?.status).toBe('pending');
    expect((await subscriberOf(old.email))?.status).toBe('confirmed');

    expect(await follow('confirm', token)).toMatchObject({ status: 410, json: { error: 'link_invalid' } });
  });

  it('refuses a lapsed confirmation even before the job has run', async () => {
    const visitor = newVisitor();
    await subscribe(visitor.email, visitor.ip);
    const { token } = await confirmationOf(visitor.email);
    await backend.query(
      `update public.newsletter_subscribers set expires_at = now() - interval '1 second' where mailbox_key = $1`,
      [mailboxKey(visitor.email)],
    );
    expect(await follow('confirm', token)).toMatchObject({ status: 410, json: { error: 'link_invalid' } });
    expect((await subscriberOf(visitor.email))?.status).not.toBe('confirmed');
  });
});

describe('newsletter: limits that hold', () => {
  it('refuses the sixth subscription of a client in ten minutes, again when it is sent again, counting it never', async () => {
    const ip = newVisitor().ip;
    const first = await subscribe(newVisitor().email, ip);
    expect(first.status).toBe(202);
    for (let n = 0; n < 4; n++) expect((await subscribe(newVisitor().email, ip)).status).toBe(202);
    const sixth = await subscribe(newVisitor().email, ip);
    expect(sixth).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);

    const counted = async () =>
      (await backend.query<{ n: number }>(`select count(*)::int as n from public.rate_limit_events where bucket = 'newsletter:ip' and key = $1`, [
        await functionRateKey('client', ip),
      ])).rows[0]!.n;
    expect(await counted()).toBe(5);
    // The refused request again, exactly as it was: refused again, not counted.
    const again = await callFunction(backend, 'newsletter', sixth.body, { ip });
    expect(again).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
    // The first request again (a lost answer): answered alike, not counted again.
    expect(await callFunction(backend, 'newsletter', first.body, { ip })).toMatchObject({ status: 202, json: { ok: true } });
    expect(await counted()).toBe(5);
    // Its proof cannot subscribe another address.
    const stolen = await callFunction(backend, 'newsletter', { ...first.body, email: newVisitor().email }, { ip: newVisitor().ip });
    expect(stolen).toMatchObject({ status: 403, json: { error: 'proof_refused', reason: 'used' } });
  });

  it('answers as the forms do: the address rule, a missing or foreign proof, the honeypot, a foreign origin', async () => {
    const { ip, email } = newVisitor();
    expect(await subscribe('victim@x.ch.', ip)).toMatchObject({ status: 400, json: { error: 'invalid_body', field: 'email' } });
    expect(await callFunction(backend, 'newsletter', { action: 'subscribe', email, website: '', elapsedMs: 9_000 }, { ip, proof: false }))
      .toMatchObject({ status: 400, json: { error: 'invalid_body', field: 'altcha' } });
    expect(await subscribe(email, ip, { proof: await signedProof('send-contact-email') }))
      .toMatchObject({ status: 403, json: { error: 'proof_refused', reason: 'other_form' } });
    const bot = await callFunction(
      backend,
      'newsletter',
      { action: 'subscribe', email, website: 'https://spam.example', elapsedMs: 50, altcha: await signedProof('newsletter') },
      { ip },
    );
    expect(bot).toMatchObject({ status: 422, json: { error: 'rejected' } });
    expect(await subscriberOf(email)).toBeUndefined();
    expect(await callFunction(backend, 'newsletter', { action: 'subscribe', email }, { ip, origin: 'https://evil.example', proof: false }))
      .toMatchObject({ status: 403, json: { error: 'origin_not_allowed' } });
    expect(await callFunction(backend, 'newsletter', { action: 'abonnieren', email }, { ip, proof: false }))
      .toMatchObject({ status: 400, json: { error: 'invalid_body', field: 'action' } });
  });
});

describe('newsletter: publishing articles', () => {
  it('queues each new article once: publishing the same list twice queues nothing; old and future ones are not announced', async () => {
    await confirmedSubscriber();
    const fresh = newArticle();
    const old = newArticle(zurichDate(-40));
    const ahead = newArticle(zurichDate(3));
    const first = await publish([fresh, old, ahead]);
    expect(first).toMatchObject({ announced: [fresh.slug], recorded: [old.slug], known: [], later: [ahead.slug] });
    expect(first.queued).toBeGreaterThanOrEqual(1);
    const count = async () =>
      (await backend.query<{ n: number }>(`select count(*)::int as n from public.outbox_mails where kind = 'announcement' and article_slug = any($1)`, [[fresh.slug, old.slug, ahead.slug]]))
        .rows[0]!.n;
    const queued = await count();
    expect(queued).toBe(first.queued);

    const second = await publish([fresh, old, ahead]);
    expect(second).toMatchObject({ announced: [], recorded: [], known: [fresh.slug, old.slug], later: [ahead.slug], queued: 0 });
    expect(await count()).toBe(queued);
    // Two deploys at once: still once.
    const racing = newArticle();
    const [a, b] = await Promise.all([publish([racing]), publish([racing])]);
    expect([...a.announced, ...b.announced]).toEqual([racing.slug]);
  });

  it('is the service role\'s only, and refuses a list that is not articles', async () => {
    const anon = await fetch(`${backend.apiUrl}/rest/v1/rpc/publish_articles`, {
      method: 'POST',
      headers: { apikey: backend.publishableKey, authorization: `Bearer ${backend.publishableKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_articles: [] }),
    });
    expect(anon.status).toBe(401);
    await expect(publish([{ ...newArticle(), slug: 'Nicht ok!' }])).rejects.toThrow(/slug/);
    await expect(publish([{ ...newArticle(), date: '2026-02-30' }])).rejects.toThrow(/calendar day/);
    for (const table of ['newsletter_subscribers', 'newsletter_articles', 'outbox_mails']) {
      const read = await fetch(`${backend.apiUrl}/rest/v1/${table}?select=*`, {
        headers: { apikey: backend.publishableKey, authorization: `Bearer ${backend.publishableKey}` },
      });
      expect([401, 403, 404], table).toContain(read.status);
    }
  });
});

describe.runIf(ownStandIn)('newsletter: a mail outage', () => {
  it('delivers the confirmation mail once through the outbox after the subscribing call\'s own send failed', async () => {
    const visitor = newVisitor();
    await mail.outage(true);
    try {
      expect(await subscribe(visitor.email, visitor.ip)).toMatchObject({ status: 202, json: { ok: true } });
      // The call's own send, after its answer, fails and records the attempt: that record is the event.
      const confirmationRows = async () =>
        (await backend.query<{ attempts: number; last_cause: string }>(
          `select o.attempts, o.last_cause from public.outbox_mails o join public.newsletter_subscribers s on s.id = o.subscriber_id
            where o.kind = 'newsletter-confirmation' and s.mailbox_key = $1`,
          [mailboxKey(visitor.email)],
        )).rows;
      await expect.poll(async () => (await confirmationRows())[0]?.attempts, { timeout: 10_000 }).toBe(1);
      const rows = await confirmationRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.attempts).toBe(1);
      expect(rows[0]!.last_cause).toMatch(/^smtp_/);
    } finally {
      await mail.outage(false);
    }
    // The visitor is gone. After the grace period and the backoff, the outbox sends it once.
    await backend.query(
      `update public.outbox_mails o set created_at = o.created_at - interval '3 minutes', next_attempt_at = now()
         from public.newsletter_subscribers s where s.id = o.subscriber_id and o.kind = 'newsletter-confirmation' and s.mailbox_key = $1`,
      [mailboxKey(visitor.email)],
    );
    await Promise.all([runOutbox(), runOutbox()]);
    await runOutbox();
    const { token } = await confirmationOf(visitor.email);
    expect(await mailsTo(visitor.email, CONFIRM_SUBJECT)).toHaveLength(1);
    expect(await follow('confirm', token)).toMatchObject({ status: 200, json: { status: 'confirmed' } });
  });
});

// ---------------------------------------------------------------------------------------
// «Privacy by design»: the newsletter turned against genuine readers and third parties.

/** The service role's view of a mailbox's confirmation mails (outbox rows), oldest first. */
const confirmationRows = async (email: string) =>
  (await backend.query<{ id: string; sent_at: Date | null }>(
    `select o.id, o.sent_at from public.outbox_mails o join public.newsletter_subscribers s on s.id = o.subscriber_id
      where o.kind = 'newsletter-confirmation' and s.mailbox_key = $1 order by o.created_at`,
    [mailboxKey(email)],
  )).rows;

/** Moves a mailbox's whole newsletter history `interval` into the past (its row, its mails, the limits it was charged). */
async function ageMailbox(email: string, interval: string) {
  const salt = readFunctionsSettings().RATE_LIMIT_SALT ?? '';
  await backend.query(
    `update public.outbox_mails o set created_at = o.created_at - $2::interval, sent_at = o.sent_at - $2::interval
       from public.newsletter_subscribers s where s.id = o.subscriber_id and s.mailbox_key = $1`,
    [mailboxKey(email), interval],
  );
  await backend.query(
    `update public.newsletter_subscribers set created_at = created_at - $2::interval,
            confirm_requested_at = confirm_requested_at - $2::interval, expires_at = expires_at - $2::interval
      where mailbox_key = $1`,
    [mailboxKey(email), interval],
  );
  await backend.query(
    `update public.rate_limit_events set created_at = created_at - $2::interval where bucket = 'newsletter-confirm' and key = $1`,
    [await hashKey(salt, mailboxKey(email)), interval],
  );
  await backend.query(`select (select set_config('role', 'service_role', true)), public.newsletter_housekeeping()`);
}

describe('newsletter: one confirmation mail per mailbox in 30 days', () => {
  it('mails a mailbox nobody confirms once, not again when it is subscribed after its address was deleted, again after 30 days', async () => {
    const victim = newVisitor();
    expect(await subscribe(victim.email, victim.ip)).toMatchObject({ status: 202, json: { ok: true } });
    const { mail: first } = await confirmationOf(victim.email);
    // The mail reaches the catcher a moment before the function records it as sent; until then
    // the housekeeping below would give the mailbox its one mail back (never sent, …_newsletter.sql).
    await expect.poll(async () => (await confirmationRows(victim.email))[0]?.sent_at ?? null, { timeout: 10_000 }).not.toBeNull();
    // What the mail promises is what the database keeps to: no such mail until 30 days after it was asked for.
    const asked = (await subscriberOf(victim.email))!.confirm_requested_at!;
    expect(first.Text.replace(/\s+/g, ' ')).toContain(
      `bis zum ${formatInstantLong(nextConfirmationAfter(asked))} (${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tage nach dieser Anmeldung) senden wir Ihnen keine solche E-Mail mehr`,
    );
    // Four days later: the pending address was deleted.
    await ageMailbox(victim.email, `${NEWSLETTER_PENDING_DAYS + 1} days`);
    expect(await subscriberOf(victim.email)).toBeUndefined();
    for (const day of [1, 2]) {
      expect(await subscribe(victim.email, newVisitor().ip), `day ${day}`).toMatchObject({ status: 202, json: { ok: true } });
      // Decided in the call's own transaction, before its answer: no mail is owed.
      expect(await confirmationRows(victim.email)).toEqual([]);
      await ageMailbox(victim.email, '1 day 1 minute');
    }
    // Thirty days after the first mail: a subscription is mailed again.
    await ageMailbox(victim.email, `${NEWSLETTER_CONFIRM_INTERVAL_DAYS} days`);
    expect(await subscribe(victim.email, newVisitor().ip)).toMatchObject({ status: 202 });
    expect(await confirmationRows(victim.email)).toHaveLength(1);
  });
});

describe('newsletter: a proof counts for one subscription', () => {
  it('answers a proof sent 100 times at once alike, subscribes once, and does not bring an unsubscribed address back', async () => {
    const reader = newVisitor();
    const first = await subscribe(reader.email, reader.ip);
    expect(first).toMatchObject({ status: 202, json: { ok: true } });
    await confirmationOf(reader.email);
    const id = (await subscriberOf(reader.email))!.id;
    const links = await unsubscribeLinks({ secret: readFunctionsSettings().ACTION_TOKEN_SECRET ?? '', siteUrl: 'http://localhost:5173', apiUrl: backend.apiUrl }, id, 'de');
    expect(await follow('unsubscribe', links.page.split('#')[1]!)).toMatchObject({ status: 200 });
    expect(await subscriberOf(reader.email)).toBeUndefined();

    const again = await Promise.all(Array.from({ length: 100 }, () => callFunction(backend, 'newsletter', first.body, { ip: reader.ip })));
    for (const answer of again) expect(answer.status).toBe(202);
    expect(await subscriberOf(reader.email)).toBeUndefined();
  }, 60_000);
});

describe('newsletter: every address the grammar accepts', () => {
  it('subscribes addresses whose local part is or starts with a +tag, and mails them', async () => {
    expect(await subscribe('+x@example.ch', newVisitor().ip)).toMatchObject({ status: 202, json: { ok: true } });
    // Each a mailbox of its own (`++a@` and `+a+x@` would both be `+a@`: one mailbox, one mail).
    const tag = () => `${process.pid}${crypto.randomUUID().slice(0, 8)}`;
    const addresses = [`+${tag()}@example.ch`, `++${tag()}@example.ch`, `+${tag()}+x@example.ch`, `${tag()}+@example.ch`, `+.${tag()}@gmail.com`, `-${tag()}+@googlemail.com`];
    for (const address of addresses) {
      expect(await subscribe(address, newVisitor().ip), address).toMatchObject({ status: 202, json: { ok: true } });
      await confirmationOf(address);
    }
  });
});

describe('newsletter: the day\'s budget spent from 21 networks', () => {
  it('still mails a genuine reader once the budget allows; what the answer says stays true', async () => {
    const spent = async () =>
      (await backend.query<{ n: number }>(
        `select count(*)::int as n from public.rate_limit_events where bucket = 'newsletter-confirm-daily' and created_at > now() - interval '1 day'`,
      )).rows[0]!.n;
    try {
      // 21 networks, 5 addresses each (their share): the day's 100 are spent.
      for (let network = 0; network < 21; network++) {
        const ip = newVisitor().ip;
        await Promise.all(Array.from({ length: 5 }, async () => expect((await subscribe(newVisitor().email, ip)).status).toBe(202)));
      }
      expect(await spent()).toBeGreaterThanOrEqual(Number(readFunctionsSettings().ACK_DAILY_CAP ?? 100));

      const reader = newVisitor();
      const answer = await subscribe(reader.email, reader.ip);
      expect(answer).toMatchObject({ status: 202, json: { ok: true } });
      // The next day: the budget has room again, and the outbox sends what was owed.
      await backend.query(`update public.rate_limit_events set created_at = created_at - interval '1 day 1 minute' where bucket = 'newsletter-confirm-daily'`);
      await backend.query(
        `update public.outbox_mails o set created_at = o.created_at - interval '1 day', next_attempt_at = least(o.next_attempt_at, now())
           from public.newsletter_subscribers s where s.id = o.subscriber_id and o.kind = 'newsletter-confirmation' and s.mailbox_key = $1`,
        [mailboxKey(reader.email)],
      );
      await runOutbox();
      const { token } = await confirmationOf(reader.email);
      expect(await follow('confirm', token)).toMatchObject({ status: 200, json: { status: 'confirmed' } });
    } finally {
      await backend.query(`update public.rate_limit_events set created_at = created_at - interval '1 day 1 minute' where bucket = 'newsletter-confirm-daily'`);
    }
  }, 120_000);
});

describe('newsletter: confirming lifts the limit of one confirmation mail in 30 days', () => {
  it('mails an address that confirmed, unsubscribed and subscribes again at once', async () => {
    const reader = await confirmedSubscriber();
    const id = (await subscriberOf(reader.email))!.id;
    const links = await unsubscribeLinks({ secret: readFunctionsSettings().ACTION_TOKEN_SECRET ?? '', siteUrl: 'http://localhost:5173', apiUrl: backend.apiUrl }, id, 'de');
    expect(await follow('unsubscribe', links.page.split('#')[1]!)).toMatchObject({ status: 200 });
    expect(await subscribe(reader.email, newVisitor().ip)).toMatchObject({ status: 202, json: { ok: true } });
    expect(await confirmationRows(reader.email)).toHaveLength(1);
    await expect.poll(async () => (await mailsTo(reader.email, CONFIRM_SUBJECT)).length, { timeout: 10_000 }).toBe(2);
  });
});
