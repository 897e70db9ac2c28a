/**
 * «Rechnung senden» in Chromium against the stack: the practice opens the appointment's
 * practice link (its «Termin bestätigt» copy's, the digest's). Before the appointment's day the button is
 * greyed with the day it becomes possible and a press sends nothing; on the day one press
 * sends the visitor «Rechnung <number> – Ruhepol Schlafberatung» with rechnung-<number>.pdf,
 * and the page shows the number, date, amount and state; «Als bezahlt markieren» marks it.
 * «The day» does not depend on the time of day: the appointment is confirmed for a bookable
 * day and then put on today in the database (the day, not the hour, is what counts).
 * Screenshots of the states go to $INVOICE_SHOTS (if set), at phone and desktop width.
 */
import type { Page, Request } from '@playwright/test';
import { signActionToken, type AppointmentAction } from '../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { invoiceFileName, invoiceSubject } from '../supabase/functions/_shared/domain/invoice.ts';
import { APPOINTMENT_ACTION_FUNCTION } from '../supabase/functions/_shared/domain/wire-types.ts';
import { invoiceTexts as copy } from '../src/content/invoice.ts';
import type { Mail } from '../tests/support/mail-api.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { bookableDay, mails, queryRows, uniqueEmail, zurichDate } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { confirmedAppointment, isTo } from './support/lifecycle.ts';

test.use({ viewport: VIEWPORTS.mobile });

const link = async (requestId: string, action: AppointmentAction = 'practice') =>
  `/termin/aktion#${await signActionToken(e2e().actionTokenSecret, { requestId, action, expiresAt: Math.floor(Date.now() / 1000) + 7 * 86_400 })}`;

/** Phone and desktop screenshots of the page as it is, when INVOICE_SHOTS names a folder. */
async function shots(page: Page, name: string) {
  const folder = process.env.INVOICE_SHOTS;
  if (!folder) return;
  for (const [width, size] of [['phone', VIEWPORTS.mobile], ['desktop', VIEWPORTS.desktop]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${folder}/invoice-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.mobile);
}

/** The page's call to the action function with this intent ('show': the page loading; 'invoice': «Rechnung senden»). */
const isActionCall = (request: Request, intent: string) =>
  request.url().endsWith(`/functions/v1/${APPOINTMENT_ACTION_FUNCTION}`) && request.method() === 'POST' &&
  (request.postDataJSON() as { intent?: unknown } | null)?.intent === intent;

const invoicesOf = (id: string) => queryRows<{ number: string }>(`select number from public.invoices where appointment_request_id = $1`, [id]);

test('the invoice on the practice\'s page: greyed before the appointment\'s day; on it one press sends the PDF; then number, date, amount, state; paid', async ({ page }) => {
  test.setTimeout(120_000);
  const { retry, repeatEachIndex } = test.info();
  const shift = 40 + 3 * (retry + repeatEachIndex);

  await test.step('before the day: the button is greyed, says from when, and a press sends nothing', async () => {
    const email = uniqueEmail('invoice-early');
    const day = bookableDay(shift);
    const id = await confirmedAppointment(day, '19:00', email, { service: 'Schlafberatung', firstName: 'Erika', lastName: 'Early' });
    await page.goto(await link(id));
    const button = page.getByRole('button', { name: copy.send });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText(copy.notYet(day))).toBeVisible();
    const invoiceCalls: string[] = [];
    page.on('request', (request) => {
      if (isActionCall(request, 'invoice')) invoiceCalls.push(request.url());
    });
    await button.click({ force: true });
    await shots(page, 'before');
    // A press that sent anything went out before the page's next call to the function: the
    // reload's, answered with the appointment as it is now – still without an invoice.
    const reloaded = page.waitForResponse((response) => isActionCall(response.request(), 'show'));
    await page.reload();
    expect((await reloaded).status()).toBe(200);
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(invoiceCalls, 'calls the press made').toEqual([]);
    expect(await invoicesOf(id)).toEqual([]);
  });

  await test.step('on the day: one press sends the invoice with its PDF, and the page shows it', async () => {
    const email = uniqueEmail('invoice-today');
    // Today's slot of its own for each run (a retry, a repeat): an hour and an advisor no earlier run took.
    const run = retry * 4 + repeatEachIndex;
    const time = `${String(13 + (run % 8)).padStart(2, '0')}:00`;
    const advisor = Math.floor(run / 8) % 2 === 0 ? 'lukas-brunner' : 'sandra-huber';
    const id = await confirmedAppointment(bookableDay(shift + 1), time, email, { service: 'Schlafberatung', firstName: 'Tina', lastName: 'Today', advisor });
    // The appointment's day is today (its hour does not matter: the invoice may go out all day).
    await queryRows(`update public.appointment_requests set confirmed_date = $2 where id = $1`, [id, zurichDate(0)]);
    await page.goto(await link(id));
    await expect(page.getByText(copy.catalogueAmount(19000).replace('\u00a0', ' '))).toBeVisible();
    await shots(page, 'ready');
    await expectNoAxeViolations(page, 'the invoice before the press');
    await page.getByRole('button', { name: copy.send }).click();
    // The press is under way: its invoice is stored before its mail is sent and the page answers.
    await expect.poll(async () => (await invoicesOf(id)).length, { timeout: 20_000 }).toBe(1);
    const [{ number }] = (await invoicesOf(id)) as [{ number: string }];
    await expect(page.getByRole('status').filter({ hasText: copy.outcome.sent(number) })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(number, { exact: true })).toBeVisible();
    await expect(page.getByText('CHF 190.00', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: copy.sendAgain })).toBeVisible();
    const mail = await mails().waitFor((m: Mail) => isTo(m, email) && m.Subject === invoiceSubject(number), { timeoutMs: 20_000 });
    const part = mail.Attachments.find((attachment) => attachment.FileName === invoiceFileName(number));
    expect(part?.ContentType).toBe('application/pdf');
    expect((await mails().attachment(mail.ID, part!.PartID)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shots(page, 'sent');
    await expectNoAxeViolations(page, 'the invoice sent');

    await page.getByRole('button', { name: copy.markPaid }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.outcome.paid(number) })).toBeVisible();
    await expect(page.getByRole('button', { name: copy.markPaid })).toHaveCount(0);
    await shots(page, 'paid');
    expect((await queryRows<{ paid: boolean }>(`select paid_at is not null as paid from public.invoices where number = $1`, [number]))[0]!.paid).toBe(true);
    expect((await invoicesOf(id))).toHaveLength(1);
  });
});
