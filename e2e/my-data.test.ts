/**
 * «Meine Daten» on the real stack (the issue «Privacy by design»): a mailbox with two
 * appointment requests (one confirmed), a contact message and a confirmed newsletter
 * subscription, beside a second mailbox with the same. The first visitor opens «Meine
 * Daten» from the confirmation mail, sees and downloads their four items and nothing of
 * the second mailbox's, and erases everything: the database holds no row with the first
 * mailbox, the practice received the cancellation, the practice's calendar feed shows the
 * slot cancelled without details, and the second mailbox is untouched.
 *
 * The rows are stored directly, as the forms would store them (their own stories are
 * forms.test.ts, newsletter.test.ts); the confirmation mail is the outbox's, so it is the
 * mail a visitor really gets. The outbox leaves rows younger than two minutes to the
 * visitor's own call (GRACE_SECONDS), so the confirmation's outbox row is made three minutes older.
 */
import { readFile } from 'node:fs/promises';
import { runJob } from '../scripts/stack/job-timer.ts';
import { readFunctionsSettings } from '../scripts/stack/start-stack.ts';
import { mailboxKey } from '../supabase/functions/_shared/database/rate-limit.ts';
import { CANCELLED_SUMMARY } from '../supabase/functions/_shared/domain/calendar-feed.ts';
import { addressKey, MY_DATA_PAGE_PATH } from '../supabase/functions/_shared/domain/my-data.ts';
import { ERASURE_TITLE } from '../supabase/functions/_shared/my-data/erasure-mail.ts';
import type { MyData } from '../supabase/functions/_shared/domain/wire-types.ts';
import { calendarUid } from '../supabase/functions/_shared/mail/ics.ts';
import { MY_DATA_LABEL } from '../supabase/functions/_shared/mail/my-data-footer.ts';
import { feedSecretName, feedUrl, PRACTICE_FEED } from '../supabase/functions/practice-calendar/feed-urls.ts';
import { myDataPage as copy } from '../src/content/my-data.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { bookableDay, mails, queryRows, uniqueEmail } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { isTo, requestedAppointment } from './support/lifecycle.ts';

test.use({ viewport: VIEWPORTS.mobile });

const runOutbox = () => runJob(e2e().apiUrl, e2e().secretKey, 'send-pending-mail', {});

interface Visitor {
  email: string;
  lastName: string;
  confirmed: string;
  open: string;
}

/** One mailbox's four items: two requests (the first confirmed, its confirmation mail owed), a message, a confirmed subscription. */
async function visitor(label: string, day: number): Promise<Visitor> {
  const email = uniqueEmail(label);
  const lastName = `Daten${label.replace(/[^a-z]/g, '')}`;
  const confirmed = await requestedAppointment(bookableDay(day), '14:00', email, { firstName: 'Anna', lastName, service: 'Schlafberatung' });
  const open = await requestedAppointment(bookableDay(day + 1), '15:00', email, { firstName: 'Anna', lastName, service: 'Schlafberatung' });
  const [decided] = await queryRows<{ answer: { result: string } }>(`select public.decide_appointment($1, 'confirm', $2, '14:00') as answer`, [
    confirmed,
    bookableDay(day),
  ]);
  expect(decided?.answer.result).toBe('changed');
  // The confirmation is the outbox's to send: past the visitor's own two minutes.
  await queryRows(`update public.outbox_mails set created_at = now() - interval '3 minutes' where appointment_request_id = $1 and kind = 'outcome'`, [
    confirmed,
  ]);
  const [message] = await queryRows<{ id: string }>(
    `insert into public.contact_submissions (name, email, message) values ($1, $2, 'Ich schlafe seit Wochen schlecht.') returning id`,
    [`Anna ${lastName}`, email],
  );
  await queryRows(`update public.outbox_mails set sent_at = now() where contact_message_id = $1`, [message!.id]);
  await queryRows(`insert into public.newsletter_subscribers (email, mailbox_key, status, confirmed_at) values ($1, $2, 'confirmed', now())`, [
    email,
    mailboxKey(email),
  ]);
  return { email, lastName, confirmed, open };
}

/** Every row naming the mailbox, table by table. */
async function rowsOf(email: string) {
  const [counts] = await queryRows<Record<string, number>>(
    `select
       (select count(*)::int from public.appointment_requests where private.mailbox_key(email) = $1) as requests,
       (select count(*)::int from public.contact_submissions where private.mailbox_key(email) = $1) as messages,
       (select count(*)::int from public.newsletter_subscribers where mailbox_key = $1) as subscribers,
       (select count(*)::int from public.outbox_mails m
         where m.mailbox_key = $1
            or m.appointment_request_id in (select id from public.appointment_requests where private.mailbox_key(email) = $1)
            or m.contact_message_id in (select id from public.contact_submissions where private.mailbox_key(email) = $1)
            or m.subscriber_id in (select id from public.newsletter_subscribers where mailbox_key = $1)) as mails`,
    [mailboxKey(email)],
  );
  return counts!;
}

/** The VEVENT of a request in the practice's feed, unfolded, or undefined. */
function eventOf(feed: string, requestId: string): string | undefined {
  const unfolded = feed.replace(/\r\n[ \t]/g, '');
  return unfolded.split('BEGIN:VEVENT').find((block) => block.includes(`UID:${calendarUid(requestId)}`));
}

test('«Meine Daten» from the confirmation mail: the export lists the mailbox\'s four items only, the erasure removes them and tells the practice', async ({ page }, testInfo) => {
  const shift = 2 * (testInfo.retry + testInfo.repeatEachIndex);
  const anna = await visitor('mydataa', 80 + shift);
  const beat = await visitor('mydatab', 84 + shift);
  const beatBefore = await rowsOf(beat.email);

  await runOutbox();
  const confirmation = await mails().waitFor((m) => isTo(m, anna.email) && m.Text.includes(`${MY_DATA_LABEL}:`), { timeoutMs: 20_000 });
  const link = new URL(/https?:\/\/\S+\/meine-daten#\S+/.exec(confirmation.Text)![0]);
  expect(link.pathname).toBe(MY_DATA_PAGE_PATH);

  // The page reads nothing until «Daten anzeigen».
  await page.goto(`${link.pathname}${link.hash}`);
  await waitForHydration(page);
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await page.getByRole('button', { name: copy.showLabel }).click();
  await expect(page.getByRole('heading', { level: 2, name: copy.dataTitle })).toBeFocused();
  const requests = page.getByRole('region', { name: new RegExp(copy.sections.requests) });
  await expect(requests.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('region', { name: new RegExp(copy.sections.messages) }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('region', { name: new RegExp(copy.sections.newsletter) }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText(beat.email)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('my-data-390.png'), fullPage: true });
  await expectNoAxeViolations(page, '/meine-daten with data at 390 px');

  // The download: exactly the four items, nothing of the other mailbox.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: copy.downloadLabel }).click()]);
  expect(download.suggestedFilename()).toBe(copy.fileName);
  const text = await readFile((await download.path())!, 'utf8');
  const exported = JSON.parse(text) as MyData;
  expect(exported.mailbox).toBe(addressKey(anna.email));
  expect(exported.requests.map((request) => request.id).sort()).toEqual([anna.confirmed, anna.open].sort());
  expect(exported.requests.find((request) => request.id === anna.confirmed)?.status).toBe('confirmed');
  expect(exported.messages).toHaveLength(1);
  expect(exported.newsletter?.status).toBe('confirmed');
  expect(exported.mails.length).toBeGreaterThan(0);
  expect(text).not.toContain(beat.email);
  expect(text).not.toContain(beat.lastName);

  await page.setViewportSize(VIEWPORTS.desktop);
  await page.screenshot({ path: testInfo.outputPath('my-data-1280.png'), fullPage: true });

  // Erase, with the confirmation step.
  await page.getByRole('button', { name: copy.erase.button }).click();
  await expect(page.getByRole('heading', { name: copy.erase.confirmTitle })).toBeFocused();
  await page.getByRole('button', { name: copy.erase.confirmButton }).click();
  await expect(page.getByRole('heading', { level: 1, name: copy.erase.doneTitle })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('my-data-erased-1280.png'), fullPage: true });

  // No row with the first mailbox; the second untouched.
  expect(await rowsOf(anna.email)).toEqual({ requests: 0, messages: 0, subscribers: 0, mails: 0 });
  const named = await queryRows(
    // The practice's erasure mail keeps the address until it is sent (after the page's answer).
    `select 1 from public.outbox_mails where email = $1 and kind <> 'erasure'
     union all select 1 from public.appointment_requests where email = $1 or last_name = $2
     union all select 1 from public.contact_submissions where email = $1
     union all select 1 from public.newsletter_subscribers where email = $1`,
    [anna.email, anna.lastName],
  );
  expect(named).toEqual([]);
  // The outbox (its timer runs every minute) may have owed Beat further mails meanwhile; the
  // erasure removed none of his rows.
  const beatAfter = await rowsOf(beat.email);
  expect({ ...beatAfter, mails: 0 }).toEqual({ ...beatBefore, mails: 0 });
  expect(beatAfter.mails).toBeGreaterThanOrEqual(beatBefore.mails!);

  // The practice was told of the erasure (the appointment it cancelled among it).
  // It is sent after the page's answer: waited for, as every mail.
  await mails().waitFor((m) => m.Subject === `${ERASURE_TITLE}: ${anna.email}`, { timeoutMs: 20_000 });

  // The practice's feed: the slot cancelled, without details; the other mailbox's appointment as it was.
  const secret = readFunctionsSettings()[feedSecretName(PRACTICE_FEED)]!;
  const feed = await (await fetch(await feedUrl(`${e2e().apiUrl}/functions/v1`, secret, PRACTICE_FEED))).text();
  const cancelled = eventOf(feed, anna.confirmed);
  expect(cancelled).toBeDefined();
  expect(cancelled).toContain('STATUS:CANCELLED');
  expect(cancelled).toContain(`SUMMARY:${CANCELLED_SUMMARY}`);
  expect(feed).not.toContain(anna.lastName);
  expect(feed).not.toContain(anna.email);
  // A feed names nobody (a schedule, not a key): the other mailbox's appointment stands, confirmed.
  expect(eventOf(feed, beat.confirmed)).toContain('STATUS:CONFIRMED');
  expect(feed).not.toContain(beat.lastName);
});

test('«Link senden»: the same answer for a stored and an unknown address; the link goes to the stored one only', async ({ page }) => {
  const stored = await visitor('mydatac', 88);
  const unknown = uniqueEmail('mydatad');
  // The unknown address first: once the stored one's link has arrived, the unknown one's
  // request – answered before – had its turn (nothing is ever written or sent for it).
  for (const email of [unknown, stored.email]) {
    await page.goto(MY_DATA_PAGE_PATH);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: copy.missing.title })).toBeVisible();
    if (email === unknown) await expectNoAxeViolations(page, '/meine-daten without a link at 390 px');
    await page.getByLabel(copy.linkForm.emailLabel).fill(email);
    await page.getByRole('button', { name: copy.linkForm.button }).click();
    await expect(page.getByText(`${copy.linkForm.sentTitle}: ${copy.linkForm.sentText}`)).toBeVisible();
  }
  const mail = await mails().waitFor((m) => isTo(m, stored.email) && m.Text.includes('/meine-daten#'), { timeoutMs: 20_000 });
  expect(mail.To.map((to) => to.Address.toLowerCase())).toEqual([stored.email.toLowerCase()]);
  const [unknownLinks] = await queryRows<{ n: number }>(`select count(*)::int as n from public.outbox_mails where kind = 'data-link' and email = $1`, [unknown]);
  expect(unknownLinks!.n).toBe(0);
  expect((await mails().all()).filter((m) => isTo(m, unknown))).toEqual([]);
});
