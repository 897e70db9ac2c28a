// @vitest-environment node
/**
 * The function my-data against the real stack (the Deno function, the database, the mail
 * catcher):
 * - «Link senden» right after a booking: the link arrives (it has a budget of its own, not
 *   the acknowledgement's);
 * - a flood of link requests for strangers from 20 networks spends nobody's budget: a
 *   genuine visitor from another network still gets their acknowledgement and their link;
 * - the exact address: a link asked for `anna+x@…` shows and erases only what is stored
 *   under `anna+x@…`, never `anna@…`'s;
 * - two «Alle meine Daten löschen» presses at once both answer 200, and the practice's
 *   erasure mail arrives once; once it has, no column of any table names the address (its
 *   link's mail, proof and limits' counts included);
 * - the practice's mail says erasure (and asks it to delete its copies), not a
 *   cancellation through the confirmation's link.
 * The database's side of «Meine Daten»: my-data.test.ts; the page: e2e/my-data.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTo, mailApi, type Mail, type MailApi } from '../support/mail-api.ts';
import { readFunctionsSettings } from '../../scripts/stack/start-stack.ts';
import { mailboxKey } from '../../supabase/functions/_shared/database/rate-limit.ts';
import { CANCELLED_BY_LINK } from '../../supabase/functions/_shared/lifecycle/appointment-emails.ts';
import { requestedMyDataUrl } from '../../supabase/functions/_shared/my-data/links.ts';
import { DATA_LINK_SUBJECT } from '../../supabase/functions/_shared/my-data/mails.ts';
import {
  ERASURE_CANCELLED_INTRO,
  ERASURE_COPIES_REQUEST,
  ERASURE_TITLE,
  erasureStatement,
} from '../../supabase/functions/_shared/my-data/erasure-mail.ts';
import type { MyData } from '../../supabase/functions/_shared/domain/wire-types.ts';
import { MY_DATA_REQUESTED_LINK_HOURS } from '../../supabase/functions/_shared/domain/my-data.ts';
import { TEST_CLOCK_HEADER } from '../../supabase/functions/_shared/http/test-clock.ts';
import {
  backendTarget,
  callFunction,
  newAppointmentRequest,
  newVisitor,
  ownStandIn,
  rowsNaming,
  slotSequence,
  type TestBackend,
} from './stack-harness.ts';

let backend: TestBackend;
let mail: MailApi;
const FN = 'my-data';
const PRACTICE = readFunctionsSettings().PRACTICE_EMAIL ?? 'praxis@ruhepol-schlafberatung.ch';
const nextSlot = slotSequence(120);

beforeAll(async () => {
  backend = await backendTarget();
  mail = mailApi(backend.mailUrl);
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

/** An address of its own: `<label>-<unique>@example.ch`, with `+tag` when given. */
function address(label: string, tag?: string): string {
  const local = `${label}-${process.pid}-${randomUUID().slice(0, 8)}`;
  return tag === undefined ? `${local}@example.ch` : `${local}+${tag}@example.ch`;
}

/** «Link senden», as the page calls it (a proof signed for the function). */
const askLink = (email: string, ip: string) => callFunction(backend, FN, { action: 'link', email, website: '', elapsedMs: 8_000 }, { ip });

/** The outbox's run, as pg_cron and the stack's timer call it. */
async function runOutbox() {
  const response = await fetch(`${backend.apiUrl}/functions/v1/send-pending-mail`, {
    method: 'POST',
    headers: { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** «Daten anzeigen» or «Alle meine Daten löschen» with a link's token. */
const withToken = (action: 'show' | 'erase', token: string, ip = newVisitor().ip) =>
  callFunction(backend, FN, { action, token }, { ip, proof: false });

/** The contact form, as the site sends it: stores the message, mails the practice, acknowledges the visitor. */
const contactForm = (email: string, ip: string) =>
  callFunction(backend, 'send-contact-email', {
    requestId: randomUUID(),
    name: 'Anna Muster',
    email,
    phone: null,
    subject: null,
    message: 'Ich schlafe seit Wochen schlecht.',
    website: '',
    elapsedMs: 12_000,
  }, { ip });

const tokenOf = (text: string) => {
  const match = /\/meine-daten#([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error('no «Meine Daten» link in the mail');
  return match[1]!;
};

const isLinkMail = (m: Pick<Mail, 'To' | 'Subject'>, email: string) => isTo(m, email) && m.Subject === DATA_LINK_SUBJECT;

/** The link mail to `email`, and its token. */
async function linkFor(email: string): Promise<string> {
  const linkMail = await mail.waitFor((m) => isLinkMail(m, email), { timeoutMs: 20_000 });
  return tokenOf(linkMail.Text);
}

/** A token as the function's own links carry it (links.ts), for the tests of the erasure. */
async function tokenFor(email: string): Promise<string> {
  const settings = readFunctionsSettings();
  const url = await requestedMyDataUrl({ secret: settings.ACTION_TOKEN_SECRET ?? '', siteUrl: 'http://localhost:5173' }, email, new Date());
  return url.slice(url.indexOf('#') + 1);
}

/** A contact message stored as the form stores it, its practice mail out already. */
async function storedMessage(email: string): Promise<string> {
  const { rows } = await backend.query<{ id: string }>(
    `insert into public.contact_submissions (name, email, message) values ('Anna Muster', $1, 'Ich schlafe schlecht.') returning id`,
    [email],
  );
  await backend.query(`update public.outbox_mails set sent_at = now() where contact_message_id = $1`, [rows[0]!.id]);
  return rows[0]!.id;
}

/** A confirmed appointment of `email`, on a slot of its own. */
async function confirmedAppointment(email: string): Promise<string> {
  const { date, time } = nextSlot();
  const row = newAppointmentRequest(email, { preferred_date: date, preferred_time: time });
  await backend.query(
    `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.id, row.first_name, row.last_name, row.email, row.phone, row.service, row.preferred_date, row.preferred_time],
  );
  const { rows } = await backend.query<{ answer: { result: string } }>(
    `select (select set_config('role', 'service_role', true)), public.decide_appointment($1, 'confirm', $2::date, $3) as answer`,
    [row.id, date, time],
  );
  expect(rows[0]!.answer.result).toBe('changed');
  // The request's and the confirmation's mails are out: only the erasure's are looked at here.
  await backend.query(`update public.outbox_mails set sent_at = now() where appointment_request_id = $1`, [row.id]);
  return row.id;
}

const isErasureOf = (email: string) => (m: Pick<Mail, 'To' | 'Subject'>) => isTo(m, PRACTICE) && m.Subject === `${ERASURE_TITLE}: ${email}`;
const erasureMails = async (email: string) => (await mail.all()).filter(isErasureOf(email));

/**
 * The practice's erasure mails of an address's erasures in the catcher, once each one owed
 * is finished as sent (after the function's answer). A sent erasure mail's row names the
 * address no more (finish_mail clears it): when no row names it, every mail is in.
 */
async function settledErasureMails(email: string): Promise<Mail[]> {
  const owed = async () =>
    (await backend.query<{ owed: number }>(`select count(*)::int as owed from public.outbox_mails where kind = 'erasure' and email = $1`, [email])).rows[0]!.owed;
  await expect.poll(owed, { timeout: 10_000 }).toBe(0);
  return erasureMails(email);
}

describe('my-data: the data link arrives', () => {
  it('after a booking: a visitor acknowledged minutes ago gets the link they ask for', async () => {
    const visitor = newVisitor();
    expect(await contactForm(visitor.email, visitor.ip)).toMatchObject({ status: 200 });
    await mail.waitFor((m) => isTo(m, visitor.email) && m.Subject !== DATA_LINK_SUBJECT, { timeoutMs: 20_000 });

    expect(await askLink(visitor.email, visitor.ip)).toMatchObject({ status: 202, json: { ok: true } });
    const token = await linkFor(visitor.email);
    const shown = await withToken('show', token);
    expect(shown.status).toBe(200);
    expect((shown.json!.data as MyData).messages).toHaveLength(1);
  });

  it.runIf(ownStandIn)('a flood of link requests for strangers from 20 networks leaves a genuine visitor\'s acknowledgement and link going out', async () => {
    const outcomes = () =>
      backend.stack!.functionLogs(FN).filter((line) => /"code":"link_(sent|deferred|not_owed|held_back|mail_failed|failed)"/.test(line)).length;
    const before = outcomes();
    const strangers: string[] = [];
    for (let network = 0; network < 20; network++) {
      const { ip } = newVisitor();
      for (let n = 0; n < 5; n++) {
        const stranger = address(`fremd${network}x${n}`);
        strangers.push(stranger);
        expect(await askLink(stranger, ip)).toMatchObject({ status: 202, json: { ok: true } });
      }
    }
    // Every flood request's work after its answer has ended: each logs its outcome (a link
    // sent to a stranger – today's code – shows as the mail).
    await expect.poll(async () => {
      const all = await mail.all();
      return outcomes() - before + all.filter((m) => strangers.some((s) => isTo(m, s))).length;
    }, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(100);

    const visitor = newVisitor();
    expect(await contactForm(visitor.email, visitor.ip)).toMatchObject({ status: 200 });
    await mail.waitFor((m) => isTo(m, visitor.email) && m.Subject !== DATA_LINK_SUBJECT, { timeoutMs: 20_000 });
    expect(await askLink(visitor.email, visitor.ip)).toMatchObject({ status: 202 });
    await linkFor(visitor.email);
    // No stranger got a link: nothing is stored for them.
    expect((await mail.all()).filter((m) => strangers.some((s) => isTo(m, s)))).toEqual([]);
  }, 240_000);
  it.runIf(ownStandIn)('a link the spent budget held back past its lifetime still arrives, and works its full lifetime from then', async () => {
    const visitor = newVisitor();
    await storedMessage(visitor.email);
    // The day's links spent by others (20 networks' worth, sent just now).
    const spent = randomUUID().slice(0, 8);
    await backend.query(
      `insert into public.outbox_mails (kind, email, mailbox_key, idempotency_key, sent_at)
       select 'data-link', 'spent-' || $1 || '-' || g || '@example.ch', 'spent-' || $1 || '-' || g || '@example.ch',
              'data-link/spent-' || $1 || '-' || g, now()
         from generate_series(1, $2::int) g`,
      [spent, readFunctionsSettings().DATA_LINK_DAILY_CAP ?? 100],
    );
    try {
      // The page says the link is on its way; it waits for the budget.
      expect(await askLink(visitor.email, visitor.ip)).toMatchObject({ status: 202, json: { ok: true } });
      const waiting = async () =>
        (await backend.query<{ last_cause: string | null }>(`select last_cause from public.outbox_mails where kind = 'data-link' and email = $1`, [visitor.email])).rows;
      // (Owed after the answer.)
      await expect.poll(waiting, { timeout: 10_000 }).toEqual([{ last_cause: 'link_budget' }]);
      // A day and more later the budget is free again: the others' links were sent a day ago,
      // this one has waited longer than a link lives.
      await backend.query(`update public.outbox_mails set sent_at = now() - interval '25 hours' where idempotency_key like 'data-link/spent-' || $1 || '-%'`, [spent]);
      await backend.query(`update public.outbox_mails set created_at = now() - interval '25 hours' where kind = 'data-link' and email = $1`, [visitor.email]);
      const run = await runOutbox();
      expect(run.status).toBe(200);
      const token = await linkFor(visitor.email);
      // The link works for its whole lifetime from when it was sent: still an hour before it ends.
      const lateShow = await callFunction(backend, FN, { action: 'show', token }, {
        ip: newVisitor().ip,
        proof: false,
        headers: { [TEST_CLOCK_HEADER]: new Date(Date.now() + (MY_DATA_REQUESTED_LINK_HOURS - 1) * 3_600_000).toISOString() },
      });
      expect(lateShow.status).toBe(200);
      expect((lateShow.json!.data as MyData).messages).toHaveLength(1);
    } finally {
      await backend.query(`delete from public.outbox_mails where idempotency_key like 'data-link/spent-' || $1 || '-%'`, [spent]);
    }
  });
});

describe('my-data: data by the exact address', () => {
  it('a link asked for anna+x@ shows only anna+x@\'s data, and erasing it leaves anna@\'s', async () => {
    const anna = address('anna');
    const tagged = anna.replace('@', '+x@');
    const annaMessage = await storedMessage(anna);
    const taggedMessage = await storedMessage(tagged);

    expect(await askLink(tagged, newVisitor().ip)).toMatchObject({ status: 202 });
    const token = await linkFor(tagged);
    const shown = await withToken('show', token);
    expect(shown.status).toBe(200);
    const data = shown.json!.data as MyData;
    expect(data.messages.map((m) => m.id)).toEqual([taggedMessage]);
    expect(JSON.stringify(data)).not.toContain(annaMessage);

    const erased = await withToken('erase', token);
    expect(erased).toMatchObject({ status: 200, json: { erased: { messages: 1 } } });
    const { rows } = await backend.query<{ id: string }>(`select id from public.contact_submissions where id = any($1::uuid[])`, [[annaMessage, taggedMessage]]);
    expect(rows.map((row) => row.id)).toEqual([annaMessage]);
  });
});

describe('my-data: the erasure', () => {
  it('two presses at once both answer 200 with the erasure; the practice\'s erasure mail arrives once, and then no row names the address', async () => {
    const email = address('zweimal');
    const appointment = await confirmedAppointment(email);
    await storedMessage(email);
    // The link as the page asks for it: its mail, its proof and its limits' counts are stored too.
    expect(await askLink(email, newVisitor().ip)).toMatchObject({ status: 202 });
    const token = await linkFor(email);

    const [first, second] = await Promise.all([withToken('erase', token), withToken('erase', token)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const counts = [first, second].map((answer) => answer.json!.erased as Record<string, number>);
    expect(counts.map((c) => c.requests).sort()).toEqual([0, 1]);
    expect(counts.map((c) => c.cancelled).sort()).toEqual([0, 1]);
    expect((await backend.query(`select 1 from public.appointment_requests where id = $1`, [appointment])).rows).toEqual([]);

    // The mail is sent after the answer: once its one outbox row is finished, every mail either press sent is in.
    expect(await settledErasureMails(email)).toHaveLength(1);
    // The practice has it: no column of any table names the address, its mailbox or the appointment.
    expect(await rowsNaming(backend, [email, mailboxKey(email), appointment])).toEqual([]);
    // And a third press, later, answers like the press that found nothing and owes nothing new.
    const third = await withToken('erase', token);
    expect(third).toMatchObject({ status: 200, json: { erased: { requests: 0, messages: 0, cancelled: 0 } } });
    expect(await settledErasureMails(email)).toHaveLength(1);
  });

  it('tells the practice it is an erasure: the appointment cancelled by it, the address, the request to delete its copies', async () => {
    const email = address('loeschen');
    await confirmedAppointment(email);
    const token = await tokenFor(email);
    expect(await withToken('erase', token)).toMatchObject({ status: 200, json: { erased: { requests: 1, cancelled: 1 } } });

    const erasure = await mail.waitFor(isErasureOf(email));
    const text = erasure!.Text.replace(/\r\n/g, '\n');
    expect(text).toContain(erasureStatement(email));
    expect(text).toContain(ERASURE_CANCELLED_INTRO);
    expect(text).toContain(ERASURE_COPIES_REQUEST);
    // No practice mail says the visitor cancelled through the link.
    const practice = (await mail.all()).filter((m) => isTo(m, PRACTICE));
    for (const m of practice) expect(m.Text.includes(email) && m.Text.includes(CANCELLED_BY_LINK), m.Subject).toBe(false);

    // An erasure without an appointment tells the practice too.
    const other = address('nurnachricht');
    await storedMessage(other);
    expect(await withToken('erase', await tokenFor(other))).toMatchObject({ status: 200, json: { erased: { messages: 1, cancelled: 0 } } });
    const plain = await mail.waitFor(isErasureOf(other));
    expect(plain!.Text).toContain(erasureStatement(other));
    expect(plain!.Text).toContain(ERASURE_COPIES_REQUEST);
    expect(plain!.Text).not.toContain(ERASURE_CANCELLED_INTRO);
  });
});
