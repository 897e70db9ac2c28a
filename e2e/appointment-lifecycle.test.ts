/**
 * The whole life of an appointment in the browser, against the stack, with the e-mails
 * read through the mail API (docs/appointment-lifecycle.md): a request → the practice's
 * mail with its links → opening every link changes nothing → confirm (button) → the
 * visitor's confirmation with a calendar entry (parsed: METHOD:REQUEST, DTSTART in
 * Europe/Zurich) → a second press sends nothing → the slot shows as taken → the visitor
 * cancels → the practice gets METHOD:CANCEL. Then: a request declined with a note, a
 * tampered link, a cancellation inside 24 hours refused, and the reminder job.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { signActionToken } from '../supabase/functions/_shared/action-tokens.ts';
import { zurichInstant, zurichWallClock } from '../supabase/functions/_shared/dates.ts';
import { runReminderJob } from '../scripts/stack/reminder-timer.ts';
import { mailApi, type Mail } from '../tests/support/mail-api.ts';
import { mailOutage as setMailOutage, practiceMailsFor, queryRows, uniqueEmail, zurichDate } from './support/backend.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import {
  appointmentForm,
  appointmentInput,
  fillAppointment,
  FORM_TEXT,
  openForm,
  submitButton,
  waitLikeAPerson,
  type AppointmentInput,
} from './support/forms.ts';

test.use({ viewport: VIEWPORTS.desktop });

const mails = () => mailApi(e2e().mailUrl);
const mailOutageOff = () => setMailOutage(false);
const isTo = (mail: Mail, address: string) => mail.To.some((to) => to.Address.toLowerCase() === address.toLowerCase());
/** A practice mail about this visitor's request (Reply-To the visitor): a retried test's earlier mails never count. */
const isPracticeMailFor = (mail: Mail, visitor: string) =>
  isTo(mail, e2e().practiceEmail) && (mail.ReplyTo ?? []).some((to) => to.Address.toLowerCase() === visitor.toLowerCase());

/** The action-page links in a mail's text part (the token is the fragment). */
function actionLinks(mail: Mail): string[] {
  return [...mail.Text.matchAll(/https?:\/\/\S+\/termin\/aktion#[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g)].map((match) => match[0]);
}

/** The link on the site under test: the mails point at SITE_URL, which is the build under test on the stand-in. */
const onSite = (link: string) => `/termin/aktion${new URL(link).hash}`;

async function attachmentText(mail: Mail, filename: string): Promise<string> {
  const part = mail.Attachments.find((attachment) => attachment.FileName === filename);
  if (!part) throw new Error(`${mail.Subject}: no ${filename}`);
  return (await mails().attachment(mail.ID, part.PartID)).toString('utf8');
}

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    startZone: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
    startLocal: event.startDate.toString(),
    start: event.startDate.toJSDate(),
  };
}

async function requestAppointment(page: Page, input: AppointmentInput): Promise<Mail> {
  await page.goto('/termin-vereinbaren');
  const form = appointmentForm(page);
  const shownAt = await openForm(form);
  await fillAppointment(form, input);
  await waitLikeAPerson(shownAt);
  await submitButton(form).click();
  await expect(page.getByText(FORM_TEXT.appointment.successTitle, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await practiceMailsFor(input.email)).length, { timeout: 15_000 }).toBe(1);
  return (await practiceMailsFor(input.email))[0]!;
}

const status = async (email: string) =>
  (await queryRows<{ status: string }>('select status from public.appointment_requests where email = $1', [email]))[0]?.status;

/**
 * A booking day for this attempt: a retry (or --repeat-each) books a week later, since the
 * first attempt's confirmed slot shows as taken in the form and cannot be chosen again.
 */
function attemptDay(base: number): string {
  const { retry, repeatEachIndex } = test.info();
  return zurichDate(base + 7 * (retry + repeatEachIndex));
}

const countMails = async (predicate: (mail: Mail) => boolean) => (await mails().all()).filter(predicate).length;

test('request → links that change nothing → confirm → calendar entry → taken → the visitor cancels', async ({ page, context, watched }) => {
  test.setTimeout(180_000);
  const day = attemptDay(53);
  const input = { ...appointmentInput('lifecycle'), datum: day, uhrzeit: '10:30', alternativ: attemptDay(54), alternativUhrzeit: '14:00' };
  const staffMail = await requestAppointment(page, input);

  const links = actionLinks(staffMail);
  expect(links).toHaveLength(3);
  expect(staffMail.Text).toContain('Wunschtermin bestätigen – ');
  expect(staffMail.Text).toContain('Alternativtermin bestätigen – ');
  expect(staffMail.Text).toContain('Ablehnen oder einen anderen Termin vorschlagen');
  const [confirmLink, , declineLink] = links as [string, string, string];

  await test.step('opening every link (a mail scanner, a link preview, a person looking) changes nothing', async () => {
    for (const link of links) {
      const plain = await page.request.get(link);
      expect(plain.status()).toBe(200);
      await page.goto(onSite(link));
      await expect(page.getByText('Beat Keller').first()).toBeVisible();
    }
    expect(await status(input.email)).toBe('requested');
    // Only the acknowledgement of the request reached the visitor.
    expect(await countMails((mail) => isTo(mail, input.email))).toBe(1);
  });

  const confirmation = await test.step('confirm with the button: the visitor gets the confirmation with a valid calendar entry', async () => {
    await page.goto(onSite(confirmLink));
    // A second tab with the same link, opened before the press: its press comes second.
    const second = await context.newPage();
    await second.goto(onSite(confirmLink));
    await expect(second.getByRole('button', { name: 'Termin bestätigen' })).toBeEnabled();
    await expectNoAxeViolations(page, 'the confirm page');

    await page.getByRole('button', { name: 'Termin bestätigen' }).click();
    await expect(page.getByText('Der Termin ist bestätigt. Beat Keller erhält die Bestätigung mit Kalendereintrag per E-Mail.')).toBeVisible();
    await expectNoAxeViolations(page, 'the confirm page after the press');
    await second.getByRole('button', { name: 'Termin bestätigen' }).click();
    await expect(second.getByText('Der Termin ist bestätigt.', { exact: false }).first()).toBeVisible();
    await second.close();

    const mail = await mails().waitFor((m) => isTo(m, input.email) && m.Subject.startsWith('Terminbestätigung: '));
    expect(mail.Text).toContain('Birmensdorferstrasse 42, 8142 Uitikon ZH');
    expect(mail.Text).toContain('bequeme Kleidung');
    expect(mail.Text).toContain('Bis 24 Stunden vor dem Termin können Sie ihn hier absagen, danach bitte telefonisch:');
    const entry = parseCalendar(await attachmentText(mail, 'termin.ics'));
    expect(entry).toMatchObject({ method: 'REQUEST', sequence: 1, status: 'CONFIRMED', startZone: 'Europe/Zurich', startLocal: `${day}T10:30:00` });
    expect(entry.start.toISOString()).toBe(zurichInstant(day, '10:30').toISOString());
    expect(entry.uid).toMatch(/@ruhepol-schlafberatung\.ch$/);
    return { mail, uid: entry.uid };
  });

  await test.step('the second press sent nothing: one confirmation, one practice entry', async () => {
    await page.waitForTimeout(1_000);
    expect(await countMails((m) => isTo(m, input.email) && m.Subject.startsWith('Terminbestätigung: '))).toBe(1);
    expect(await countMails((m) => isPracticeMailFor(m, input.email) && m.Subject.startsWith('Termin bestätigt: Beat Keller'))).toBe(1);
    const practiceEntry = (await practiceMailsFor(input.email)).find((m) => m.Subject.startsWith('Termin bestätigt: '))!;
    expect(parseCalendar(await attachmentText(practiceEntry, 'termin.ics'))).toMatchObject({ uid: confirmation.uid, sequence: 1, method: 'REQUEST' });
  });

  await test.step('the booking form shows the confirmed slot as taken', async () => {
    await page.goto('/termin-vereinbaren');
    const form = appointmentForm(page);
    await openForm(form);
    const preferred = form.getByRole('group', { name: 'Wunschtermin' });
    await preferred.getByLabel('Datum').fill(day);
    await expect(preferred.getByRole('option', { name: '10:30 Uhr – bereits vergeben' })).toBeDisabled();
    // Typing in the form starts loading the proof worker; leaving before it arrived would abort it.
    await watched.settle();
  });

  await test.step('the visitor cancels from the confirmation: the practice gets METHOD:CANCEL with the same UID', async () => {
    const [cancelLink] = actionLinks(confirmation.mail);
    expect(cancelLink).toBeDefined();
    await page.goto(onSite(cancelLink!));
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect(page.getByRole('button', { name: 'Termin absagen' })).toBeVisible();
    await expectNoAxeViolations(page, 'the cancel page at 390 px');
    await page.getByRole('button', { name: 'Termin absagen' }).click();
    await expect(page.getByText('Ihr Termin ist abgesagt. Sie erhalten eine Bestätigung per E-Mail; die Praxis ist informiert.')).toBeVisible();

    const practiceMail = await mails().waitFor((m) => isPracticeMailFor(m, input.email) && m.Subject.startsWith('Termin abgesagt: Beat Keller'));
    const entry = parseCalendar(await attachmentText(practiceMail, 'absage.ics'));
    expect(entry).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: confirmation.uid, sequence: 2 });
    await mails().waitFor((m) => isTo(m, input.email) && m.Subject.startsWith('Absage bestätigt: '));
    expect(await status(input.email)).toBe('cancelled');
  });

  await test.step('the decline link of the same request now explains instead of acting', async () => {
    await page.goto(onSite(declineLink));
    await expect(page.getByText('Dieser Termin ist bereits abgesagt.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anfrage ablehnen' })).toHaveCount(0);
  });

  expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [], foreignRequests: [] });
});

test('a confirmation during a mail outage is stored, the page says the mail failed, and the next press sends it once', async ({ page, mailOutage }) => {
  test.setTimeout(120_000);
  const input = { ...appointmentInput('outage'), datum: attemptDay(56), alternativ: '', alternativUhrzeit: '' };
  const [confirmLink] = actionLinks(await requestAppointment(page, input));
  await page.goto(onSite(confirmLink!));
  await mailOutage();
  await page.getByRole('button', { name: 'Termin bestätigen' }).click();
  await expect(page.getByText('Gespeichert, aber die E-Mail konnte nicht versandt werden.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'the mail-failed notice');
  expect(await status(input.email)).toBe('confirmed');

  await mailOutageOff();
  await page.getByRole('button', { name: 'E-Mail jetzt senden' }).click();
  await expect(page.getByText('Der Termin ist bestätigt. Beat Keller erhält die Bestätigung mit Kalendereintrag per E-Mail.')).toBeVisible();
  await mails().waitFor((m) => isTo(m, input.email) && m.Subject.startsWith('Terminbestätigung: '));
  await page.waitForTimeout(500);
  expect(await countMails((m) => isTo(m, input.email) && m.Subject.startsWith('Terminbestätigung: '))).toBe(1);
  const rows = await queryRows<{ calendar_sequence: number }>('select calendar_sequence from public.appointment_requests where email = $1', [input.email]);
  expect(rows[0]!.calendar_sequence).toBe(1);
});

test('a request declined with a note; a tampered link shows a clear page and changes nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const input = { ...appointmentInput('declined'), datum: attemptDay(55), alternativ: '', alternativUhrzeit: '' };
  const staffMail = await requestAppointment(page, input);
  const links = actionLinks(staffMail);
  // No alternative date: no link to confirm one.
  expect(links).toHaveLength(2);
  const [confirmLink, declineLink] = links as [string, string];

  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto(onSite(declineLink));
  await expect(page.getByRole('button', { name: 'Anfrage ablehnen' })).toBeVisible();
  await expectNoAxeViolations(page, 'the decline page at 390 px');
  const note = 'Leider sind wir an diesem Tag ausgebucht. Am Dienstag darauf hätten wir um 10:00 Uhr Zeit.';
  await page.getByLabel('Nachricht an Beat Keller (optional)').fill(note);
  await page.getByRole('button', { name: 'Anfrage ablehnen' }).click();
  await expect(page.getByText('Die Anfrage ist abgelehnt. Beat Keller erhält Ihre Absage per E-Mail.')).toBeVisible();
  const declined = await mails().waitFor((m) => isTo(m, input.email) && m.Subject === 'Ihre Terminanfrage bei Ruhepol Schlafberatung' && m.Text.includes('Leider können wir'));
  expect(declined.Text).toContain(note);
  expect(declined.Text).toMatch(/\/termin-vereinbaren/);
  expect(await status(input.email)).toBe('declined');

  const token = new URL(confirmLink).hash.slice(1);
  const last = token.at(-1) === 'A' ? 'B' : 'A';
  await page.goto(`/termin/aktion#${token.slice(0, -1)}${last}`);
  await expect(page.getByRole('heading', { name: 'Dieser Link ist ungültig' })).toBeVisible();
  await expectNoAxeViolations(page, 'the invalid-link page at 390 px');
  await expect(page.getByText('Beat Keller')).toHaveCount(0);
  expect(await status(input.email)).toBe('declined');
});

/** Stores a confirmed appointment directly (the decision through the database's own function). */
async function confirmedAppointment(date: string, time: string, email: string): Promise<string> {
  const id = randomUUID();
  await queryRows(
    `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
     values ($1, 'Rita', 'Rhein', $2, '044 000 00 00', 'Follow-up Termin', $3, $4)`,
    [id, email, date, time],
  );
  await queryRows(`select public.decide_appointment($1, 'confirm', $2, $3)`, [id, date, time]);
  return id;
}

test('a cancellation inside 24 hours is refused: the page offers the phone, the function answers too_late', async ({ page }) => {
  // A slot less than 24 hours ahead, whatever the time of day.
  const soon = zurichWallClock(new Date()).hour >= 9 ? { date: zurichDate(1), time: '09:00' } : { date: zurichDate(0), time: '20:00' };
  const email = uniqueEmail('too-late');
  const id = await confirmedAppointment(soon.date, soon.time, email);
  const token = await signActionToken(e2e().actionTokenSecret, {
    requestId: id,
    action: 'cancel',
    expiresAt: Math.floor(zurichInstant(soon.date, soon.time).getTime() / 1000),
  });

  await page.goto(`/termin/aktion#${token}`);
  await expect(page.getByText('Eine Absage ist jetzt nur noch telefonisch möglich.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Termin absagen' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /\+41 44 555 27 80/ }).first()).toBeVisible();

  const pressed = await page.request.post(`${e2e().apiUrl}/functions/v1/appointment-action`, {
    headers: { apikey: e2e().publishableKey, 'content-type': 'application/json' },
    data: { token, intent: 'act' },
  });
  expect(pressed.status()).toBe(409);
  expect((await pressed.json()).error).toBe('too_late');
  expect(await status(email)).toBe('confirmed');
});

test('the reminder job sends one reminder for tomorrow\'s appointment and none for a cancelled one', async () => {
  const tomorrow = zurichDate(1);
  const kept = uniqueEmail('reminded');
  const cancelled = uniqueEmail('cancelled-no-reminder');
  await confirmedAppointment(tomorrow, '11:00', kept);
  const cancelledId = await confirmedAppointment(tomorrow, '11:30', cancelled);
  await queryRows(`select public.cancel_appointment($1, interval '0')`, [cancelledId]);

  // The call pg_cron makes on hosted Supabase and the stack's timer makes locally.
  const first = await runReminderJob(e2e().apiUrl, e2e().secretKey);
  expect(first).toMatch(/^200 /);
  const reminder = await mails().waitFor((m) => isTo(m, kept) && m.Subject.startsWith('Erinnerung an Ihren Termin: '));
  expect(reminder.Text).toContain('11:00 Uhr');
  expect(await runReminderJob(e2e().apiUrl, e2e().secretKey)).toMatch(/^200 .*"sent":0/);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await countMails((m) => isTo(m, kept) && m.Subject.startsWith('Erinnerung'))).toBe(1);
  expect(await countMails((m) => isTo(m, cancelled))).toBe(0);
});
