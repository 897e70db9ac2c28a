/**
 * The practice from its inbox to every action, in Chromium against the stack, at 390 and
 * 1280 px (docs/appointment-lifecycle.md, «The practice's links, day by day»): an appointment
 * booked 60 days ahead is confirmed from the request's link, invoiced on its day from that
 * morning's digest and marked paid from the digest after the payment period; a lapsed link
 * renews by mail to the practice; the calendar feed's link shows the schedule only – no
 * diary, nothing to send to the visitor – and mails the practice; an erased appointment's
 * invoice is marked paid from the practice's link, after «Meine Daten» said what it kept.
 *
 * Every step runs on the clock of its day: the browser's (Playwright's page.clock, fixed)
 * and the functions' (the stack's test clock, `x-test-now` on every call the page makes and
 * the digest's run). Screenshots go to /tmp/links-*.png.
 */
import type { Page } from '@playwright/test';
import { signActionToken } from '../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { addDays } from '../supabase/functions/_shared/domain/availability.ts';
import { formatDateLong, zurichInstant } from '../supabase/functions/_shared/domain/dates.ts';
import { INVOICE_PAYMENT_DAYS, invoiceSubject } from '../supabase/functions/_shared/domain/invoice.ts';
import { PRACTICE_LINK_DAYS_AFTER } from '../supabase/functions/_shared/domain/practice-links.ts';
import { advisorName } from '../supabase/functions/_shared/domain/practice.ts';
import { TEST_CLOCK_HEADER } from '../supabase/functions/_shared/http/test-clock.ts';
import { PRACTICE_LINK_LABEL } from '../supabase/functions/_shared/lifecycle/appointment-emails.ts';
import { PRACTICE_LINK_MAIL_TITLE } from '../supabase/functions/_shared/lifecycle/practice-link-mail.ts';
import { signMyDataToken } from '../supabase/functions/_shared/my-data/tokens.ts';
import { addressKey, MY_DATA_FUNCTION } from '../supabase/functions/_shared/domain/my-data.ts';
import type { MyDataErased } from '../supabase/functions/_shared/domain/wire-types.ts';
import { OPEN_INVOICE_LINK_LABEL } from '../supabase/functions/send-practice-digest/digest-email.ts';
import { ENTRY_LABELS } from '../supabase/functions/practice-calendar/feed-content.ts';
import { feedSecretName, feedUrl, PRACTICE_FEED } from '../supabase/functions/practice-calendar/feed-urls.ts';
import { readFunctionsSettings } from '../scripts/stack/start-stack.ts';
import { appointmentActionPage as copy } from '../src/content/appointment-action.ts';
import { invoiceTexts } from '../src/content/invoice.ts';
import { myDataPage } from '../src/content/my-data.ts';
import type { Mail } from '../tests/support/mail-api.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { bookableDay, mails, queryRows, uniqueEmail, zurichDate } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { isTo, onSite, requestedAppointment } from './support/lifecycle.ts';

const WIDTHS = [['390', VIEWPORTS.mobile], ['1280', VIEWPORTS.desktop]] as const;
const SANDRA = advisorName('sandra-huber');

/** A surname of letters no other run uses (the name rule: letters only), to find the appointment in a digest. */
function surname(): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `Link${letters}`;
}

/** The first bookable day at least `days` calendar days ahead (no Sunday, holiday or closure). */
function dayAhead(days: number, offset: number): string {
  const target = zurichDate(days);
  for (let index = 0; ; index++) {
    const day = bookableDay(index);
    if (day >= target) return bookableDay(index + offset);
  }
}

/**
 * The page and the functions on the clock of `at`: the browser's Date fixed there, and every
 * call the page makes to the functions carrying it as the stack's test clock.
 */
async function clockAt(page: Page, at: Date): Promise<void> {
  await page.clock.setFixedTime(at);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.route(`${e2e().apiUrl}/functions/v1/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), [TEST_CLOCK_HEADER]: at.toISOString() } }));
}

/** The morning digest, run by hand at `at` (the function's clock), as it reaches the practice with `name` in it. */
async function digestAt(at: Date, name: string): Promise<Mail> {
  const response = await fetch(`${e2e().apiUrl}/functions/v1/send-practice-digest`, {
    method: 'POST',
    headers: {
      apikey: e2e().secretKey,
      authorization: `Bearer ${e2e().secretKey}`,
      'content-type': 'application/json',
      [TEST_CLOCK_HEADER]: at.toISOString(),
    },
    body: '{}',
  });
  expect(response.status).toBe(200);
  const title = `Tagesübersicht ${formatDateLong(zurichDate(0, at))}`;
  return mails().waitFor((m) => isTo(m, e2e().practiceEmail) && m.Subject.startsWith(title) && m.Text.includes(name), { timeoutMs: 20_000 });
}

/** The action page's link after `label` (in the text part), from where `from` first appears. */
function linkAfter(text: string, label: string, from = ''): string {
  const part = text.slice(Math.max(0, text.indexOf(from)));
  const at = part.indexOf(`${label}:\n`);
  expect(at, label).toBeGreaterThanOrEqual(0);
  return /https?:\/\/\S+\/termin\/aktion#[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(part.slice(at))![0];
}

/** The page as it is, at its width, to /tmp/links-<name>-<width>.png. */
async function shot(page: Page, name: string, width: string) {
  await page.screenshot({ path: `/tmp/links-${name}-${width}.png`, fullPage: true });
}

for (const [width, viewport] of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport });

    test('an appointment booked 60 days ahead: from the digest to «Rechnung senden» on its day, later from the digest to «Als bezahlt markieren»; its lapsed link renews by mail to the practice', async ({ page }, testInfo) => {
      test.setTimeout(180_000);
      const shift = (width === '390' ? 0 : 1) + 2 * (testInfo.retry + testInfo.repeatEachIndex);
      const day = dayAhead(60, shift);
      const email = uniqueEmail(`links-${width}`);
      const lastName = surname();
      const name = `Lina ${lastName}`;
      const id = await requestedAppointment(day, '14:00', email, { service: 'Schlafberatung', firstName: 'Lina', lastName });

      await test.step('the practice confirms from the request\'s link', async () => {
        await clockAt(page, new Date());
        const confirm = await signActionToken(e2e().actionTokenSecret, { requestId: id, action: 'confirm-preferred', expiresAt: Math.floor(Date.now() / 1000) + 86_400 });
        await page.goto(`/termin/aktion#${confirm}`);
        await page.getByRole('button', { name: copy.capacity.confirmWith(SANDRA) }).click();
        await expect(page.getByText(copy.outcome.success.confirm(name, SANDRA))).toBeVisible({ timeout: 20_000 });
      });
      const copyMail = await mails().waitFor((m) => isTo(m, e2e().practiceEmail) && m.Subject.startsWith(`Termin bestätigt: ${name}`), { timeoutMs: 20_000 });
      // «Termin bestätigt» carries the appointment's page.
      const fromCopy = linkAfter(copyMail.Text, PRACTICE_LINK_LABEL);

      let number = '';
      await test.step('the morning of the day: the digest lists it with its link; «Rechnung senden»', async () => {
        const morning = zurichInstant(day, '07:30');
        const digest = await digestAt(morning, name);
        // The digest as the practice's mail app renders it: its HTML, on a page of its own.
        const mailView = await page.context().newPage();
        await mailView.setContent(digest.HTML);
        await shot(mailView, 'digest', width);
        await mailView.close();
        const link = linkAfter(digest.Text, PRACTICE_LINK_LABEL, name);
        await clockAt(page, zurichInstant(day, '16:00'));
        await page.goto(onSite(link));
        await waitForHydration(page);
        await expect(page.getByRole('heading', { level: 1, name: copy.practicePage.headline })).toBeVisible();
        const send = page.getByRole('button', { name: invoiceTexts.send });
        await expect(send).not.toHaveAttribute('aria-disabled', 'true');
        await expectNoAxeViolations(page, `the practice's page on the appointment's day at ${width} px`);
        await send.click();
        const status = page.getByRole('status').filter({ hasText: /Rechnung \d{4}-\d{4} wurde per E-Mail gesendet/ });
        await expect(status).toBeVisible({ timeout: 30_000 });
        number = /(\d{4}-\d{4})/.exec((await status.textContent()) ?? '')![1]!;
        await shot(page, 'action', width);
        await mails().waitFor((m) => isTo(m, email) && m.Subject === invoiceSubject(number), { timeoutMs: 20_000 });
      });

      await test.step('after the payment period: the digest lists the invoice as open, with its link; «Als bezahlt markieren»', async () => {
        const later = zurichInstant(addDays(day, INVOICE_PAYMENT_DAYS + 1), '07:30');
        const digest = await digestAt(later, `${number} · ${name}`);
        const link = linkAfter(digest.Text, OPEN_INVOICE_LINK_LABEL(number));
        await clockAt(page, new Date(later.getTime() + 3_600_000));
        await page.goto(onSite(link));
        await waitForHydration(page);
        await page.getByRole('button', { name: invoiceTexts.markPaid }).click();
        await expect(page.getByRole('status').filter({ hasText: invoiceTexts.outcome.paid(number) })).toBeVisible();
        await expect(page.getByRole('button', { name: invoiceTexts.markPaid })).toHaveCount(0);
        await shot(page, 'paid', width);
        const [row] = await queryRows<{ paid: boolean }>(`select paid_at is not null as paid from public.invoices where number = $1`, [number]);
        expect(row!.paid).toBe(true);
      });

      await test.step(`the «Termin bestätigt» link after its lifetime: «${copy.renew.button}», to the practice only`, async () => {
        const lapsed = zurichInstant(addDays(day, PRACTICE_LINK_DAYS_AFTER + 2), '09:00');
        await clockAt(page, lapsed);
        await page.goto(onSite(fromCopy));
        await waitForHydration(page);
        await expect(page.getByRole('heading', { level: 1, name: copy.renew.expiredHeadline })).toBeVisible();
        await expectNoAxeViolations(page, `a lapsed practice link at ${width} px`);
        await page.getByRole('button', { name: copy.renew.button }).click();
        await expect(page.getByRole('status').filter({ hasText: copy.renew.sent })).toBeVisible();
        await shot(page, 'renew', width);
        const renewal = await mails().waitFor((m) => m.Subject.startsWith(`${PRACTICE_LINK_MAIL_TITLE}: ${name}`), { timeoutMs: 20_000 });
        expect(renewal.To.map((to) => to.Address.toLowerCase())).toEqual([e2e().practiceEmail.toLowerCase()]);
        // The fresh link opens the page again.
        await page.goto(onSite(linkAfter(renewal.Text, PRACTICE_LINK_LABEL)));
        await expect(page.getByRole('heading', { level: 1, name: copy.practicePage.headline })).toBeVisible();
        await expect(page.getByText(number, { exact: true })).toBeVisible();
      });
    });

    test('the calendar feed\'s link shows the schedule only and mails no visitor; an erased appointment\'s kept invoice is marked paid from the practice\'s link', async ({ page }, testInfo) => {
      test.setTimeout(180_000);
      const shift = (width === '390' ? 0 : 1) + 2 * (testInfo.retry + testInfo.repeatEachIndex);
      const day = dayAhead(70, shift);
      const email = uniqueEmail(`erased-${width}`);
      const lastName = surname();
      const name = `Ella ${lastName}`;
      const note = 'Nacht mit Rückenschmerzen';
      const id = await requestedAppointment(day, '11:00', email, { service: 'Schlafberatung', firstName: 'Ella', lastName });
      const [decided] = await queryRows<{ answer: { result: string } }>(`select public.decide_appointment($1, 'confirm', $2, '11:00', null, 'sandra-huber') as answer`, [id, day]);
      expect(decided?.answer.result).toBe('changed');
      await queryRows(`update public.outbox_mails set sent_at = now() where appointment_request_id = $1 and sent_at is null`, [id]);
      // A diary with a note (health data) and the invoice of the appointment's day.
      await queryRows(`select public.consent_sleep_diary($1)`, [id]);
      await queryRows(`select public.save_sleep_night($1, $2::jsonb)`, [id, JSON.stringify({
        morning: addDays(day, -1), bedTime: '23:00', attemptTime: '23:15', latencyMinutes: 30, awakenings: 2, wakeMinutes: 20,
        finalWakeTime: '06:15', upTime: '06:45', quality: 2, note,
      })]);
      const onDay = zurichInstant(day, '15:00');
      const [issued] = await queryRows<{ answer: { invoice: { number: string } } }>(`select public.issue_invoice($1, 19000, $2) as answer`, [id, onDay.toISOString()]);
      const number = issued!.answer.invoice.number;
      await queryRows(`update public.outbox_mails set sent_at = $2 where kind = 'invoice' and about = $1`, [number, onDay.toISOString()]);

      await test.step('the feed\'s link: the schedule, no diary, no invoice; its one press mails the practice, never the visitor', async () => {
        const secret = readFunctionsSettings()[feedSecretName(PRACTICE_FEED)]!;
        const feed = (await (await fetch(await feedUrl(`${e2e().apiUrl}/functions/v1`, secret, PRACTICE_FEED))).text()).replace(/\r\n[ \t]/g, '');
        const event = feed.split('BEGIN:VEVENT').find((block) => block.includes(`UID:${id}@`))!;
        expect(event).not.toContain(lastName);
        const link = /https?:\/\/\S+?\/termin\/aktion#[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(event.slice(event.indexOf(`${ENTRY_LABELS.request}: `)))![0];
        const intents: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/functions/v1/appointment-action') && request.method() === 'POST') intents.push(JSON.parse(request.postData() ?? '{}').intent);
        });
        await clockAt(page, onDay);
        await page.goto(onSite(link));
        await waitForHydration(page);
        await expect(page.getByRole('heading', { level: 1, name: copy.viewOnly.headline })).toBeVisible();
        await expect(page.getByText(SANDRA)).toBeVisible();
        for (const secretText of [lastName, note, number, email]) await expect(page.getByText(secretText)).toHaveCount(0);
        expect(await page.getByRole('main').getByRole('button').allTextContents()).toEqual([copy.renew.feedButton]);
        await expectNoAxeViolations(page, `a calendar entry's page at ${width} px`);
        await shot(page, 'feed', width);
        const visitorMails = (await mails().all()).filter((m) => isTo(m, email)).length;
        await page.getByRole('button', { name: copy.renew.feedButton }).click();
        await expect(page.getByRole('status').filter({ hasText: copy.renew.sent })).toBeVisible();
        await mails().waitFor((m) => m.Subject.startsWith(`${PRACTICE_LINK_MAIL_TITLE}: ${name}`), { timeoutMs: 20_000 });
        expect(intents).toEqual(['show', 'renew-link']);
        expect((await mails().all()).filter((m) => isTo(m, email))).toHaveLength(visitorMails);
      });

      await test.step('the visitor erases everything: «Meine Daten» says what was deleted and what is kept, how long and why', async () => {
        const token = await signMyDataToken(e2e().actionTokenSecret, { address: addressKey(email), expiresAt: Math.floor(Date.now() / 1000) + 3600 });
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.clock.setFixedTime(new Date());
        await page.goto(`/meine-daten#${token}`);
        await waitForHydration(page);
        await page.getByRole('button', { name: myDataPage.showLabel }).click();
        await page.getByRole('button', { name: myDataPage.erase.button }).click();
        const erasure = page.waitForResponse((response) =>
          response.url().endsWith(`/functions/v1/${MY_DATA_FUNCTION}`) && response.request().postDataJSON()?.action === 'erase'
        );
        await page.getByRole('button', { name: myDataPage.erase.confirmButton }).click();
        await expect(page.getByRole('heading', { level: 1, name: myDataPage.erase.doneTitle })).toBeVisible({ timeout: 20_000 });
        // What the function counted, in the page's words: the diary among it.
        const { erased } = (await (await erasure).json()) as { erased: MyDataErased };
        expect(erased.sleepDiaries, 'sleep diaries deleted').toBe(1);
        const status = page.getByRole('status').first();
        await expect(status).toContainText(myDataPage.erase.doneText(erased));
        await expect(status).toContainText(myDataPage.erase.keptText(1));
        await shot(page, 'erasure-done', width);
        expect(await queryRows(`select 1 from public.appointment_requests where id = $1`, [id])).toEqual([]);
      });

      await test.step('the practice\'s link of the erased appointment: the kept invoice in the practice\'s words; «Als bezahlt markieren»', async () => {
        const page2 = await signActionToken(e2e().actionTokenSecret, { requestId: id, action: 'practice', expiresAt: Math.floor(onDay.getTime() / 1000) + 30 * 86_400 });
        await clockAt(page, new Date(onDay.getTime() + 86_400_000));
        await page.goto(`/termin/aktion#${page2}`);
        await waitForHydration(page);
        await expect(page.getByRole('heading', { level: 1, name: copy.erased.headline })).toBeVisible();
        await expect(page.getByText(copy.notFound.headline)).toHaveCount(0);
        await expect(page.getByText(name)).toBeVisible();
        await expect(page.getByText(number, { exact: true })).toBeVisible();
        await expectNoAxeViolations(page, `an erased appointment's page at ${width} px`);
        await shot(page, 'erased', width);
        await page.getByRole('button', { name: invoiceTexts.markPaid }).click();
        await expect(page.getByRole('status').filter({ hasText: invoiceTexts.outcome.paid(number) })).toBeVisible();
        const [row] = await queryRows<{ paid: boolean }>(`select paid_at is not null as paid from public.invoices where number = $1`, [number]);
        expect(row!.paid).toBe(true);
        await shot(page, 'erased-paid', width);
      });
    });
  });
}
