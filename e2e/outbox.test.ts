/**
 * Nothing lost when the mail service fails and the visitor leaves (docs/backend.md,
 * "When mail fails"; docs/product.md §8): at phone width a visitor sends a form
 * during a mail outage, sees the error notice and closes the tab without trying again. The
 * row is stored; the outbox (send-pending-mail, run as the stack's timer and pg_cron on
 * hosted Supabase run it) tries during the outage and records the failure, and once the
 * outage is over delivers the practice's mail – once, marked '[Verspätet] ' – and the
 * visitor's acknowledgement. A further run sends nothing more.
 *
 * Two things a test cannot wait for are stepped over in the database, each where the
 * outbox reads it: the outbox leaves rows younger than two minutes to the visitor's own
 * call (GRACE_SECONDS in send-pending-mail/outbox-handler.ts), counted from its outbox mail's
 * created_at, so the stored row and its outbox mail are made three minutes older; and a
 * failed attempt is tried again only after a minute of backoff
 * (public.outbox_mails.next_attempt_at), which is moved to now.
 */
import type { Locator, Page } from '@playwright/test';
import { runJob } from '../scripts/stack/job-timer.ts';
import { markAsDelayed } from '../supabase/functions/_shared/mail/layout.ts';
import { addressesOf } from '../tests/support/mail-api.ts';
import { mailOutage as setMailOutage, mailsTo, practiceMailsFor, queryRows } from './support/backend.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { ALONE } from './support/alone.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS, type WatchedPage } from './support/fixtures.ts';
import { actionLinkLabels, actionLinks, requestPracticeMailFor } from './support/lifecycle.ts';
import {
  appointmentForm,
  appointmentInput,
  contactForm,
  contactInput,
  contactPracticeMailOf,
  expectAppointmentStored,
  expectContactStored,
  expectNoMails,
  expectNotice,
  fillAppointment,
  fillContact,
  FORM_TEXT,
  functionUrl,
  openForm,
  readAppointment,
  readContact,
  submitButton,
  waitLikeAPerson,
  withoutLabel,
} from './support/forms.ts';

test.use({ viewport: VIEWPORTS.mobile });

/** The call the stack's timer makes every minute (scripts/stack/job-timer.ts), and pg_cron every five on hosted Supabase. */
async function runOutbox(): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await runJob(e2e().apiUrl, e2e().secretKey, 'send-pending-mail', {});
  const match = /^(\d{3}) ([\s\S]*)$/.exec(answer);
  if (!match) throw new Error(`send-pending-mail could not be reached: ${answer}`);
  return { status: Number(match[1]), body: JSON.parse(match[2]!) as Record<string, unknown> };
}

/**
 * Where each form's rows live, and their practice mail's outbox mail (public.outbox_mails):
 * its kind, and the column naming the row it is about.
 */
const STORED = {
  contact: { table: 'public.contact_submissions', kind: 'contact', refColumn: 'contact_message_id' },
  request: { table: 'public.appointment_requests', kind: 'request', refColumn: 'appointment_request_id' },
} as const;

type Stored = (typeof STORED)[keyof typeof STORED];

/** The stored row, with the state of its practice mail (its outbox mail: sent, claimed). */
async function storedRow(stored: Stored, email: string) {
  const rows = await queryRows<{ id: string; sent_at: Date | null; claimed_at: Date | null }>(
    `select r.id, o.sent_at, o.claimed_at from ${stored.table} r
       join public.outbox_mails o on o.${stored.refColumn} = r.id and o.kind = $2
      where r.email = $1`,
    [email, stored.kind],
  );
  expect(rows, `one row in ${stored.table} with its outbox mail`).toHaveLength(1);
  return rows[0]!;
}

async function deliveryState(stored: Stored, id: string) {
  return queryRows<{ attempts: number; last_cause: string | null; next_attempt_at: Date | null; gave_up_at: Date | null }>(
    `select attempts, last_cause, next_attempt_at, gave_up_at from public.outbox_mails where kind = $1 and ${stored.refColumn} = $2`,
    [stored.kind, id],
  );
}

/**
 * The visitor's side during the outage: the press, the function's 502, the error notice
 * (photographed at 390 px for the report), no other failed request, and then the tab
 * closed – nobody presses again. The error notice is held under the pointer (Radix pauses
 * its timer).
 */
async function sendsDuringOutageAndLeaves(
  page: Page,
  form: Locator,
  watched: WatchedPage,
  fn: 'send-contact-email' | 'send-appointment-email',
  expectValuesKept: () => Promise<void>,
) {
  const answered = page.waitForResponse((response) => response.url() === functionUrl(fn) && response.request().method() === 'POST');
  await submitButton(form).click();
  // 502 is the mail outage (stored, not mailed); a 2xx would mean the mail went out, or
  // 202 that it waits for the daily cap. (Only the status: the body is read by the page.)
  expect((await answered).status(), 'the function\'s answer').toBe(502);
  await expectNotice(page, FORM_TEXT.failedTitle, FORM_TEXT.failedText);
  await expectValuesKept();
  await expectNoAxeViolations(page, `the error notice at 390 px (${fn})`);
  const screenshot = test.info().outputPath('error-notice-390px.png');
  await page.screenshot({ path: screenshot });
  await test.info().attach('the error notice at 390 px during the outage', { path: screenshot, contentType: 'image/png' });

  const failed = new RegExp(`${fn}: HTTP 502$`);
  expect(watched.problems.failedRequests, 'the only failed request is the function\'s 502').toEqual([expect.stringMatching(failed)]);
  expect(watched.problems.pageErrors).toEqual([]);
  expect(watched.problems.foreignRequests).toEqual([]);
  await page.close();
}

/** The line a late practice mail opens with (layout.ts markAsDelayed): when the form's data came in. */
const lateNote = (receivedAt: Date) => markAsDelayed({ to: '', subject: '', text: '', html: '' }, receivedAt).text.split('\n')[0];

/**
 * The outbox's side: a run during the outage fails and is recorded; after the outage (and
 * the backoff) one run delivers; a second run sends nothing more. Returns the practice's mail.
 * Its subject: exactly this string, or matching this pattern.
 */
async function outboxDeliversAfterOutage(stored: Stored, email: string, practiceSubject: string | RegExp) {
  const row = await storedRow(stored, email);
  expect(row.sent_at, 'not marked as mailed').toBeNull();
  expect(row.claimed_at, 'the visitor\'s failed call released its claim').toBeNull();
  // Older than the outbox's grace period: no longer the visitor's own call's to make.
  await queryRows(`update ${stored.table} set created_at = created_at - interval '3 minutes' where id = $1`, [row.id]);
  await queryRows(`update public.outbox_mails set created_at = created_at - interval '3 minutes' where ${stored.refColumn} = $1`, [row.id]);
  // When the row came in, as the late mail says it (the row's created_at, now three minutes earlier).
  const receivedAt = (await queryRows<{ created_at: Date }>(`select created_at from ${stored.table} where id = $1`, [row.id]))[0]!.created_at;

  await test.step('a run during the outage fails, records the attempt, and sends nothing', async () => {
    const run = await runOutbox();
    expect(run.status, JSON.stringify(run.body)).toBe(502);
    expect(run.body).toMatchObject({ error: 'mail_failed' });
    expect(run.body.failed).toBeGreaterThanOrEqual(1);
    const [delivery] = await deliveryState(stored, row.id);
    expect(delivery).toMatchObject({ attempts: 1, gave_up_at: null });
    expect(delivery!.last_cause).toMatch(/^smtp_/);
    expect((await storedRow(stored, email)).sent_at).toBeNull();
    await expectNoMails(email);
  });

  await setMailOutage(false);
  // The next attempt is due a minute after the failed one: that minute has passed.
  await queryRows(`update public.outbox_mails set next_attempt_at = now() where kind = $1 and ${stored.refColumn} = $2`, [stored.kind, row.id]);

  const practiceMail = await test.step('after the outage, one run delivers the practice\'s mail, marked late, and the acknowledgement', async () => {
    const run = await runOutbox();
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.sent).toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => ({ practice: (await practiceMailsFor(email)).length, visitor: (await mailsTo(email)).length }), { timeout: 10_000 })
      .toEqual({ practice: 1, visitor: 1 });
    const [mail] = await practiceMailsFor(email);
    if (typeof practiceSubject === 'string') expect(mail!.Subject).toBe(practiceSubject);
    else expect(mail!.Subject).toMatch(practiceSubject);
    expect(mail!.Text.split(/\r?\n/)[0]).toBe(lateNote(receivedAt));
    expect((await storedRow(stored, email)).sent_at, 'marked as mailed').toBeInstanceOf(Date);
    // The outbox mail is kept, sent, its backoff cleared (the attempt it failed stays counted).
    expect(await deliveryState(stored, row.id), 'the failure record, once sent').toEqual([
      { attempts: 1, last_cause: expect.stringMatching(/^smtp_/), next_attempt_at: null, gave_up_at: null },
    ]);
    return mail!;
  });

  await test.step('a second run sends nothing more', async () => {
    const sent = await storedRow(stored, email);
    const run = await runOutbox();
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    // The run has answered: whatever it sent is caught by now. The practice's mail was not
    // claimed or sent again.
    expect(await storedRow(stored, email)).toEqual(sent);
    expect((await practiceMailsFor(email)).length, 'practice mails').toBe(1);
    expect((await mailsTo(email)).length, 'mails to the visitor').toBe(1);
  });
  return practiceMail;
}

test.describe('outage, the visitor closes the tab, the practice\'s mail arrives', { tag: ALONE }, () => {
  test('the contact form', async ({ page, watched, mailOutage }) => {
    test.setTimeout(90_000);
    await page.goto('/kontakt');
    const form = contactForm(page);
    const shownAt = await openForm(form);
    const input = contactInput('outbox');
    await fillContact(form, input);
    await waitLikeAPerson(shownAt);
    await mailOutage();
    await sendsDuringOutageAndLeaves(page, form, watched, 'send-contact-email', async () => {
      expect(await readContact(form), 'values kept').toEqual(input);
    });
    await expectContactStored(input, { mailed: false });

    const practiceMail = await outboxDeliversAfterOutage(STORED.contact, input.email, markAsDelayed(contactPracticeMailOf(input), new Date()).subject);
    expect(practiceMail.Text).toContain(input.nachricht.split('\n')[0]);
    const [acknowledgement] = await mailsTo(input.email);
    expect(acknowledgement!.Subject).toBe('Ihre Nachricht an Ruhepol Schlafberatung');
  });

  test('the booking form', async ({ page, watched, mailOutage }) => {
    test.setTimeout(90_000);
    await page.goto('/termin-vereinbaren');
    const form = appointmentForm(page);
    const shownAt = await openForm(form);
    const input = appointmentInput('outbox');
    await fillAppointment(form, input);
    await waitLikeAPerson(shownAt);
    await mailOutage();
    await sendsDuringOutageAndLeaves(page, form, watched, 'send-appointment-email', async () => {
      expect(await readAppointment(form), 'values kept').toEqual(withoutLabel(input));
    });
    await expectAppointmentStored(input, { notified: false });

    const practiceMail = await outboxDeliversAfterOutage(STORED.request, input.email, /^\[Verspätet\] Neue Terminanfrage: Beat Keller – /);
    // The late mail is the request's whole mail: the practice answers and decides from it.
    expect(addressesOf(practiceMail.ReplyTo)).toEqual([e2e().practiceEmail]);
    expect(practiceMail.Text).toContain('Beat Keller antworten:');
    expect(practiceMail.Text).toContain('Wunschtermin bestätigen – ');
    // Each link under its words, as request-emails.ts writes them for this request: the last declines.
    expect(actionLinkLabels(practiceMail.Text)).toEqual(actionLinkLabels((await requestPracticeMailFor(input.email, actionLinks(practiceMail))).text));
    expect(practiceMail.Attachments.map((attachment) => attachment.FileName)).toEqual(['terminanfrage.ics']);
    const [acknowledgement] = await mailsTo(input.email);
    expect(acknowledgement!.Subject).toBe('Ihre Terminanfrage bei Ruhepol Schlafberatung');
  });
});
