/**
 * The whole life of an appointment in the browser, against the stack, with the e-mails
 * read through the mail API (docs/appointment-lifecycle.md): a request → the practice's
 * mail with its links → opening every link changes nothing → confirm (button) → the
 * visitor's confirmation with a calendar entry (parsed: METHOD:REQUEST, DTSTART in
 * Europe/Zurich) → a second press sends nothing → the slot stays free in the booking form
 * (the other advisor) → the visitor cancels → the practice gets METHOD:CANCEL. Then: a request declined with a note, a
 * tampered link, a cancellation inside 24 hours refused, and the reminders the outbox
 * (send-pending-mail) sends the day before.
 *
 * The practice's mails are matched by what names the visitor (support/backend.ts
 * isPracticeMailAbout): the request's mail has Reply-To the practice, since it carries the links.
 */
import type { Page } from '@playwright/test';
import { signActionToken } from '../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { zurichInstant, zurichWallClock } from '../supabase/functions/_shared/domain/dates.ts';
import { REMINDERS_FROM_HOUR } from '../supabase/functions/_shared/domain/outbox.ts';
import { TEST_CLOCK_HEADER } from '../supabase/functions/_shared/http/test-clock.ts';
import { CANCEL_LINK_LABEL } from '../supabase/functions/_shared/lifecycle/appointment-emails.ts';
import type { Mail } from '../tests/support/mail-api.ts';
import {
  isPracticeMailAbout,
  mailOutage as setMailOutage,
  mails,
  practiceMailsFor,
  queryRows,
  uniqueEmail,
  bookableDay,
  zurichDate,
} from './support/backend.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { ALONE } from './support/alone.ts';
import {
  actionLinkLabels,
  actionLinks,
  attachmentText,
  confirmedAppointment,
  decisionButtons,
  isTo,
  onSite,
  outcomeMailsSent,
  parseCalendar,
  reminderMails,
  requestedAppointment,
  requestPracticeMailFor,
} from './support/lifecycle.ts';
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
import { advisorName } from '../supabase/functions/_shared/domain/practice.ts';
import { appointmentActionPage as copy } from '../src/content/appointment-action.ts';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');

test.use({ viewport: VIEWPORTS.desktop });

const mailOutageOff = () => setMailOutage(false);
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
const advisor = async (email: string) =>
  (await queryRows<{ advisor: string | null }>('select advisor from public.appointment_requests where email = $1', [email]))[0]?.advisor;

/** The confirm page's buttons: one per advisor free at the slot's time. */
const WITH_SANDRA = copy.capacity.confirmWith(SANDRA_HUBER);
const WITH_LUKAS = copy.capacity.confirmWith(LUKAS_BRUNNER);

/**
 * A bookable day for this attempt: a retry (or --repeat-each) books six bookable days later,
 * so that the first attempt's confirmed appointments never meet the retry's (only two may
 * overlap: two advisors).
 */
function attemptDay(base: number): string {
  const { retry, repeatEachIndex } = test.info();
  return bookableDay(base + 6 * (retry + repeatEachIndex));
}

const countMails = async (predicate: (mail: Mail) => boolean) => (await mails().all()).filter(predicate).length;

/**
 * When the mails of the request's state `key` (its outcome_key: 'confirmed', …) went out:
 * their outbox mail's sent_at (public.outbox_mails), null while not sent.
 */
const outcomeSentAt = async (email: string, key: string) =>
  (await queryRows<{ sent_at: Date | null }>(
    `select o.sent_at from public.outbox_mails o join public.appointment_requests a on a.id = o.appointment_request_id
      where a.email = $1 and o.kind = 'outcome' and o.about = $2`,
    [email, key],
  ))[0]?.sent_at ?? null;

test('request → links that change nothing → confirm with an advisor → calendar entry → the visitor cancels', async ({ page, context, watched }) => {
  test.setTimeout(180_000);
  const day = attemptDay(44);
  const input = { ...appointmentInput('lifecycle'), datum: day, uhrzeit: '10:30', alternativ: attemptDay(45), alternativUhrzeit: '14:00' };
  const staffMail = await requestAppointment(page, input);

  const links = actionLinks(staffMail);
  expect(links).toHaveLength(3);
  expect(staffMail.Text).toContain('Wunschtermin bestätigen – ');
  expect(staffMail.Text).toContain('Alternativtermin bestätigen – ');
  // Each link under its words, as request-emails.ts writes them for this request: the last declines.
  expect(actionLinkLabels(staffMail.Text)).toEqual(actionLinkLabels((await requestPracticeMailFor(input.email, links)).text));
  const [confirmLink, , declineLink] = links as [string, string, string];

  await test.step('opening every link (a mail scanner, a link preview, a person looking) changes nothing', async () => {
    for (const link of links) {
      const plain = await page.request.get(link);
      expect(plain.status()).toBe(200);
      await page.goto(onSite(link));
      await expect(page.getByText('Beat Keller').first()).toBeVisible();
      // The page takes the token out of the address bar once it has read it (a screenshot
      // or a copied address must not carry it). The page before showed the same request,
      // so wait for the address rather than the text.
      await expect.poll(() => page.url(), { message: 'the token left the address bar' }).toMatch(/\/termin\/aktion$/);
    }
    // It keeps the token in this tab: a reload still shows the request (the last link's: decline).
    await page.reload();
    await expect(page.getByRole('button', { name: copy.decline.button })).toBeVisible();
    expect(page.url()).toMatch(/\/termin\/aktion$/);
    expect(await status(input.email)).toBe('requested');
    // Only the acknowledgement of the request reached the visitor.
    expect(await countMails((mail) => isTo(mail, input.email))).toBe(1);
  });

  const confirmation = await test.step('confirm with the button: the visitor gets the confirmation with a valid calendar entry', async () => {
    await page.goto(onSite(confirmLink));
    // A second tab with the same link, opened before the press: its press comes second.
    const second = await context.newPage();
    await second.goto(onSite(confirmLink));
    // Nobody else that day: both advisors are free, one button each.
    await expect(second.getByRole('button', { name: WITH_LUKAS })).toBeEnabled();
    await expect(decisionButtons(page)).toHaveText([WITH_SANDRA, WITH_LUKAS]);
    await expectNoAxeViolations(page, 'the confirm page');

    await page.getByRole('button', { name: WITH_SANDRA }).click();
    await expect(
      page.getByText(copy.outcome.success.confirm('Beat Keller', SANDRA_HUBER)),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the confirm page after the press');
    // The second tab's press finds it confirmed: nothing changes, and it says with whom.
    await second.getByRole('button', { name: WITH_LUKAS }).click();
    await expect(second.getByText(copy.outcome.success.confirm('Beat Keller', SANDRA_HUBER)).first()).toBeVisible();
    await second.close();
    expect(await advisor(input.email)).toBe('sandra-huber');

    const mail = await mails().waitFor((m) => isTo(m, input.email) && m.Subject.startsWith('Terminbestätigung: '));
    expect(mail.Text).toContain('Birmensdorferstrasse 42, 8142 Uitikon ZH');
    expect(mail.Text).toContain('bequeme Kleidung');
    expect(mail.Text).toContain(CANCEL_LINK_LABEL);
    const entry = parseCalendar(await attachmentText(mail, 'termin.ics'));
    expect(entry).toMatchObject({ method: 'REQUEST', sequence: 1, status: 'CONFIRMED', startZone: 'Europe/Zurich', startLocal: `${day}T10:30:00` });
    expect(entry.start.toISOString()).toBe(zurichInstant(day, '10:30').toISOString());
    expect(entry.uid).toMatch(/@ruhepol-schlafberatung\.ch$/);
    return { mail, uid: entry.uid };
  });

  await test.step('the second press sent nothing: one confirmation, one practice entry', async () => {
    // Both presses have answered, so whatever they sent is caught: the state's mails went out once.
    expect(await outcomeSentAt(input.email, 'confirmed')).toBeInstanceOf(Date);
    expect(await countMails((m) => isTo(m, input.email) && m.Subject.startsWith('Terminbestätigung: '))).toBe(1);
    expect(await countMails((m) => isPracticeMailAbout(m, input.email) && m.Subject.startsWith('Termin bestätigt: Beat Keller'))).toBe(1);
    const practiceEntry = (await practiceMailsFor(input.email)).find((m) => m.Subject.startsWith('Termin bestätigt: '))!;
    expect(parseCalendar(await attachmentText(practiceEntry, 'termin.ics'))).toMatchObject({ uid: confirmation.uid, sequence: 1, method: 'REQUEST' });
  });

  await test.step('the booking form still offers the confirmed slot: the other advisor is free then', async () => {
    const answered = page.waitForResponse((response) => response.url().endsWith('/rest/v1/rpc/appointment_start_times'));
    await page.goto('/termin-vereinbaren');
    const form = appointmentForm(page);
    await openForm(form);
    const preferred = form.getByRole('group', { name: 'Wunschtermin' });
    await preferred.getByLabel('Datum').fill(day);
    expect(await (await answered).json()).toContainEqual({ time: '10:30', free: true });
    await expect(preferred.getByRole('option', { name: '10:30 Uhr', exact: true })).toBeEnabled();
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
    await expect(page.getByText(copy.outcome.success.cancel)).toBeVisible();

    const practiceMail = await mails().waitFor((m) => isPracticeMailAbout(m, input.email) && m.Subject.startsWith('Termin abgesagt: Beat Keller'));
    const entry = parseCalendar(await attachmentText(practiceMail, 'absage.ics'));
    expect(entry).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: confirmation.uid, sequence: 2 });
    await mails().waitFor((m) => isTo(m, input.email) && m.Subject.startsWith('Absage bestätigt: '));
    expect(await status(input.email)).toBe('cancelled');
  });

  await test.step('the decline link of the same request now explains instead of acting', async () => {
    await page.goto(onSite(declineLink));
    await expect(page.getByText(copy.state.cancelledNoDecline)).toBeVisible();
    await expect(page.getByRole('button', { name: copy.decline.button })).toHaveCount(0);
  });

  expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [], foreignRequests: [] });
});

test('a confirmation during a mail outage is stored, the page says the mail failed, and the next press sends it once', { tag: ALONE }, async ({ page, mailOutage }) => {
  test.setTimeout(120_000);
  const input = { ...appointmentInput('outage'), datum: attemptDay(47), alternativ: '', alternativUhrzeit: '' };
  const [confirmLink] = actionLinks(await requestAppointment(page, input));
  await page.goto(onSite(confirmLink!));
  await mailOutage();
  await page.getByRole('button', { name: WITH_SANDRA }).click();
  await expect(page.getByText(copy.outcome.mailFailed.text)).toBeVisible();
  await expectNoAxeViolations(page, 'the mail-failed notice');
  expect(await status(input.email)).toBe('confirmed');

  await mailOutageOff();
  await page.getByRole('button', { name: 'E-Mail jetzt senden' }).click();
  await expect(
    page.getByText(copy.outcome.success.confirm('Beat Keller', SANDRA_HUBER)),
  ).toBeVisible();
  await mails().waitFor((m) => isTo(m, input.email) && m.Subject.startsWith('Terminbestätigung: '));
  // The press has answered (its mails are caught) and recorded them as sent: nothing more comes.
  expect(await outcomeSentAt(input.email, 'confirmed')).toBeInstanceOf(Date);
  expect(await countMails((m) => isTo(m, input.email) && m.Subject.startsWith('Terminbestätigung: '))).toBe(1);
  const rows = await queryRows<{ calendar_sequence: number }>('select calendar_sequence from public.appointment_requests where email = $1', [input.email]);
  expect(rows[0]!.calendar_sequence).toBe(1);
});

test('a request declined with a note; a tampered link shows a clear page and changes nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const input = { ...appointmentInput('declined'), datum: attemptDay(46), alternativ: '', alternativUhrzeit: '' };
  const staffMail = await requestAppointment(page, input);
  const links = actionLinks(staffMail);
  // No alternative date: no link to confirm one.
  expect(links).toHaveLength(2);
  const [confirmLink, declineLink] = links as [string, string];

  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto(onSite(declineLink));
  await expect(page.getByRole('button', { name: copy.decline.button })).toBeVisible();
  await expectNoAxeViolations(page, 'the decline page at 390 px');
  const note = 'Leider sind wir an diesem Tag ausgebucht. Am Dienstag darauf hätten wir um 10:00 Uhr Zeit.';
  await page.getByLabel(copy.decline.noteLabel('Beat Keller')).fill(note);
  await page.getByRole('button', { name: copy.decline.button }).click();
  await expect(page.getByText(copy.outcome.success.decline('Beat Keller'))).toBeVisible();
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
  await expect(page.getByText(copy.cancel.tooLate)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Termin absagen' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /\+41\s44\s555\s27\s80/ }).first()).toBeVisible();

  const pressed = await page.request.post(`${e2e().apiUrl}/functions/v1/appointment-action`, {
    headers: { apikey: e2e().publishableKey, 'content-type': 'application/json' },
    data: { token, intent: 'act' },
  });
  expect(pressed.status()).toBe(409);
  expect((await pressed.json()).error).toBe('too_late');
  expect(await status(email)).toBe('confirmed');
});

/** The request's reminders in the outbox (support/lifecycle.ts reminderMails), found by the visitor's address. */
const reminders = async (email: string) => {
  const [request] = await queryRows<{ id: string }>('select id from public.appointment_requests where email = $1', [email]);
  return request ? reminderMails(request.id) : [];
};
/** The reminders still owed: not sent, not superseded (by a move or the cancellation). */
const owedReminders = async (email: string) => (await reminders(email)).filter((mail) => mail.sent_at === null && mail.superseded_at === null);
const sentReminders = async (email: string) => (await reminders(email)).filter((mail) => mail.sent_at !== null);

/**
 * The outbox, called as the stack's timer and pg_cron on hosted Supabase call it
 * (scripts/stack/job-timer.ts runJob), at a time of day the test fixes: the local stack lets
 * a request set the function's clock (supabase/functions/_shared/http/test-clock.ts).
 */
async function runOutboxAt(at: Date): Promise<string> {
  const response = await fetch(`${e2e().apiUrl}/functions/v1/send-pending-mail`, {
    method: 'POST',
    headers: {
      apikey: e2e().secretKey,
      authorization: `Bearer ${e2e().secretKey}`,
      'content-type': 'application/json',
      [TEST_CLOCK_HEADER]: at.toISOString(),
    },
    body: '{}',
  });
  return `${response.status} ${await response.text()}`;
}
/** Today in Zurich at this hour. */
const todayAt = (hour: number) => zurichInstant(zurichDate(0), `${String(hour).padStart(2, '0')}:00`);

test('reminders: a confirmation for tomorrow is its own reminder; the outbox reminds one confirmed earlier, from 09:00 the day before, once; a cancelled one never', { tag: ALONE }, async ({ page }) => {
  test.setTimeout(90_000);
  const tomorrow = zurichDate(1);
  const confirmedToday = uniqueEmail('confirmed-for-tomorrow');
  const confirmedEarlier = uniqueEmail('reminded');
  const cancelled = uniqueEmail('cancelled-no-reminder');
  const isReminder = (address: string) => (m: Mail) => isTo(m, address) && m.Subject.startsWith('Erinnerung an Ihren Termin: ');

  await test.step('the practice confirms a request for tomorrow: the confirmation is the reminder', async () => {
    const id = await requestedAppointment(tomorrow, '10:00', confirmedToday);
    const token = await signActionToken(e2e().actionTokenSecret, {
      requestId: id,
      action: 'confirm-preferred',
      expiresAt: Math.floor(Date.now() / 1000) + 86_400,
    });
    await page.goto(`/termin/aktion#${token}`);
    await page.getByRole('button', { name: WITH_SANDRA }).click();
    await expect(
      page.getByText(copy.outcome.success.confirm('Rita Rhein', SANDRA_HUBER)),
    ).toBeVisible();
    await mails().waitFor((m) => isTo(m, confirmedToday) && m.Subject.startsWith('Terminbestätigung: '));
    // The decision itself is the reminder: no reminder owed, no second mail the day before.
    expect(await owedReminders(confirmedToday)).toEqual([]);
  });

  await test.step('an appointment for tomorrow confirmed earlier, and one cancelled', async () => {
    // Confirmed for the day after tomorrow (too far ahead to count as reminded), then moved
    // back a day: the state a confirmation made yesterday for tomorrow leaves. The
    // database's clock cannot be turned back, the row's dates can.
    const id = await confirmedAppointment(zurichDate(2), '11:00', confirmedEarlier);
    expect(await owedReminders(confirmedEarlier)).toHaveLength(1);
    await queryRows(
      `update public.appointment_requests
          set preferred_date = $2, confirmed_date = $2, created_at = created_at - interval '1 day', decided_at = decided_at - interval '1 day'
        where id = $1`,
      [id, tomorrow],
    );
    const cancelledId = await confirmedAppointment(zurichDate(2), '11:30', cancelled);
    await queryRows(
      `update public.appointment_requests set preferred_date = $2, confirmed_date = $2 where id = $1`,
      [cancelledId, tomorrow],
    );
    await queryRows(`select public.cancel_appointment($1, interval '0')`, [cancelledId]);
    // Its cancellation mail counted as sent (the action page sends it): only a reminder could reach it.
    await outcomeMailsSent(cancelledId);
  });

  // The outbox sends tomorrow's reminders only from 09:00 Zurich time, by the clock of the
  // function: each run here fixes that clock (the stack's test clock), so both sides of the
  // hour are checked whenever the suite runs. The test runs alone, so that no other test's
  // run, on the real clock, sends a reminder in between.
  await test.step('before 09:00: a run sends no reminder; it stays owed', async () => {
    expect(await runOutboxAt(todayAt(REMINDERS_FROM_HOUR - 1))).toMatch(/^200 /);
    // The run has answered: whatever it sent is caught. The reminder is still owed, unclaimed.
    expect(await owedReminders(confirmedEarlier)).toEqual([{ sent_at: null, claimed_at: null, superseded_at: null }]);
    expect(await countMails(isReminder(confirmedEarlier))).toBe(0);
  });

  await test.step('from 09:00: one reminder for the appointment confirmed earlier', async () => {
    expect(await runOutboxAt(todayAt(REMINDERS_FROM_HOUR))).toMatch(/^200 /);
    const reminder = await mails().waitFor(isReminder(confirmedEarlier));
    expect(reminder.Text).toContain('11:00 Uhr');
    expect(await sentReminders(confirmedEarlier)).toHaveLength(1);
  });

  await test.step('a second run sends nothing more; the confirmed-for-tomorrow and the cancelled appointment get no reminder at any time', async () => {
    const sentBefore = await sentReminders(confirmedEarlier);
    expect(await runOutboxAt(todayAt(REMINDERS_FROM_HOUR + 1))).toMatch(/^200 /);
    // The run has answered: whatever it sent is caught, and recorded in the outbox.
    expect(await sentReminders(confirmedEarlier)).toEqual(sentBefore);
    expect(await owedReminders(confirmedToday)).toEqual([]);
    expect(await owedReminders(cancelled)).toEqual([]);
    expect(await sentReminders(confirmedToday)).toEqual([]);
    expect(await sentReminders(cancelled)).toEqual([]);
    expect(await countMails(isReminder(confirmedEarlier))).toBe(1);
    expect(await countMails(isReminder(confirmedToday))).toBe(0);
    expect(await countMails((m) => isTo(m, confirmedToday))).toBe(1);
    expect(await countMails((m) => isTo(m, cancelled))).toBe(0);
  });
});
