/**
 * The visitor moves a confirmed appointment, in Chromium against the stack, from the
 * confirmation mail to the updated calendar entry (docs/appointment-lifecycle.md, "Moving
 * an appointment"): «Termin verschieben» in the confirmation → a new slot under the
 * slot rules → the practice confirms from its mail → the visitor and the practice get
 * the same calendar entry again (same UID, higher SEQUENCE, the new time) → the old slot
 * is free in the booking form. Someone else has an appointment at both slots, so each
 * confirmation has one advisor left (the page offers only that one), and a slot with both
 * busy shows as taken. Old links show the current state and never act on the old slot; a
 * later wish is declined and the appointment stays.
 */
import { signActionToken } from '../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { addDays, isoWeekday } from '../supabase/functions/_shared/domain/availability.ts';
import { formatDateTimeLong } from '../supabase/functions/_shared/domain/dates.ts';
import type { Mail } from '../tests/support/mail-api.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { bookableDay, mails, practiceMailsFor, queryRows, uniqueEmail } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { appointmentForm, openForm } from './support/forms.ts';
import { actionLinks, attachmentText, confirmedAppointment, decisionButtons, isTo, onSite, parseCalendar, requestedAppointment } from './support/lifecycle.ts';
import { advisorName } from '../supabase/functions/_shared/domain/practice.ts';
import { appointmentActionPage as copy } from '../src/content/appointment-action.ts';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');

test.use({ viewport: VIEWPORTS.mobile });

const row = async (id: string) =>
  (await queryRows<{ status: string; confirmed_date: string; confirmed_time: string; calendar_sequence: number; move_status: string | null; advisor: string | null }>(
    `select status, confirmed_date::text as confirmed_date, confirmed_time, calendar_sequence, move_status, advisor
       from public.appointment_requests where id = $1`,
    [id],
  ))[0]!;

const WITH_LUKAS = copy.capacity.confirmWith(LUKAS_BRUNNER);

const mailTo = (address: string, subject: string) => mails().waitFor((m: Mail) => isTo(m, address) && m.Subject.startsWith(subject));
const practiceMail = async (address: string, subject: string) => {
  await expect.poll(async () => (await practiceMailsFor(address)).filter((m) => m.Subject.startsWith(subject)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return (await practiceMailsFor(address)).filter((m) => m.Subject.startsWith(subject)).at(-1)!;
};

test('move: wish → the practice confirms → same UID, higher SEQUENCE, new time → the old slot is free; old links only show; a later wish declined', async ({ page, context, watched }) => {
  test.setTimeout(180_000);
  const { retry, repeatEachIndex } = test.info();
  const shift = 6 * (retry + repeatEachIndex);
  const first = { date: bookableDay(55 + shift), time: '10:00' };
  const moved = { date: bookableDay(57 + shift), time: '15:30' };
  const email = uniqueEmail('move');
  const id = await requestedAppointment(first.date, first.time, email);
  // Someone else at both slots, with the first advisor: the second advisor is left.
  await confirmedAppointment(first.date, first.time, uniqueEmail('move-other-first'), { firstName: 'Anna', lastName: 'Muster' });
  await confirmedAppointment(moved.date, moved.time, uniqueEmail('move-other-moved'), { firstName: 'Vera', lastName: 'Vorher' });

  const confirmation = await test.step('the practice confirms with the advisor left: the confirmation carries «Termin verschieben»', async () => {
    const token = await signActionToken(e2e().actionTokenSecret, { requestId: id, action: 'confirm-preferred', expiresAt: Math.floor(Date.now() / 1000) + 86_400 });
    await page.goto(`/termin/aktion#${token}`);
    await expect(page.getByText(`Zu dieser Zeit ist nur ${LUKAS_BRUNNER} frei. Bereits eingeteilt:`)).toBeVisible();
    await expect(decisionButtons(page)).toHaveText([WITH_LUKAS]);
    await page.getByRole('button', { name: WITH_LUKAS }).click();
    await expect(page.getByText(`Der Termin ist bestätigt und bei ${LUKAS_BRUNNER} eingetragen.`, { exact: false }).first()).toBeVisible();
    const mail = await mailTo(email, 'Terminbestätigung: ');
    expect(mail.Text).toContain('Möchten Sie den Termin verschieben?');
    const entry = parseCalendar(await attachmentText(mail, 'termin.ics'));
    expect(entry).toMatchObject({ method: 'REQUEST', sequence: 1, startLocal: `${first.date}T10:00:00` });
    return { mail, uid: entry.uid, confirmLink: `/termin/aktion#${token}` };
  });
  const [, requestMoveLink] = actionLinks(confirmation.mail);
  expect(requestMoveLink).toBeDefined();

  await test.step('the visitor picks a new slot under the slot rules and sends the wish', async () => {
    await page.goto(onSite(requestMoveLink!));
    await expect(page.getByRole('heading', { name: 'Termin verschieben', level: 1 })).toBeVisible();
    await expect(page.getByText(formatDateTimeLong(first.date, first.time), { exact: false }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'the request-move page at 390 px');

    const date = page.getByLabel(copy.requestMove.dateLabel);
    const time = page.getByLabel(copy.requestMove.timeLabel);
    // A Sunday in the window: named as closed at the field, no times offered.
    let sunday = moved.date;
    while (isoWeekday(sunday) !== 7) sunday = addDays(sunday, 1);
    await date.fill(sunday);
    await expect(date).toHaveAccessibleDescription(/ist die Praxis geschlossen/);
    await expect(time.locator('option:not([disabled]):not([value=""])')).toHaveCount(0);
    await expectNoAxeViolations(page, 'the request-move page with a date message');

    await date.fill(moved.date);
    await expect(date).not.toHaveAttribute('aria-invalid', 'true');
    await time.selectOption(moved.time);
    await page.getByRole('button', { name: copy.requestMove.button }).click();
    // What only the answer brings (the page's intro also names the 24 hours).
    await expect(page.getByRole('heading', { name: copy.requestMove.pendingHeadline, level: 1 })).toBeVisible();
    await expect(page.getByText(copy.outcome.success.requestMove)).toBeVisible();
    await expectNoAxeViolations(page, 'the request-move page after the wish');
    expect(await row(id)).toMatchObject({ status: 'confirmed', confirmed_date: first.date, move_status: 'requested' });
    await mailTo(email, 'Verschiebung angefragt: ');
  });

  const wish = await practiceMail(email, 'Terminverschiebung gewünscht: ');
  const [confirmMove, declineMove] = actionLinks(wish) as [string, string];

  await test.step('the practice confirms the move from its mail', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(onSite(confirmMove));
    await expect(page.getByText(formatDateTimeLong(moved.date, moved.time), { exact: false }).first()).toBeVisible();
    // the first advisor sees Vera Vorher then; the appointment keeps the second advisor.
    await expect(page.getByRole('main').getByRole('listitem')).toHaveText([`${SANDRA_HUBER}: ${moved.time}–16:00 Uhr, Follow-up Termin, Vera Vorher`]);
    await expect(decisionButtons(page)).toHaveText([WITH_LUKAS]);
    await expectNoAxeViolations(page, 'the confirm-move page');
    await page.getByRole('button', { name: WITH_LUKAS }).click();
    await expect(page.getByRole('status').filter({ hasText: `Der Termin ist verschoben und bei ${LUKAS_BRUNNER} eingetragen.` })).toBeVisible();
    expect(await row(id)).toMatchObject({
      status: 'confirmed',
      confirmed_date: moved.date,
      confirmed_time: moved.time,
      move_status: 'confirmed',
      calendar_sequence: 2,
      advisor: 'lukas-brunner',
    });
  });

  const movedMail = await test.step('visitor and practice get the updated entry: same UID, SEQUENCE 2, the new time', async () => {
    const visitor = await mailTo(email, 'Termin verschoben: ');
    expect(visitor.Text).toContain('entfällt');
    const entry = parseCalendar(await attachmentText(visitor, 'termin.ics'));
    expect(entry).toMatchObject({ method: 'REQUEST', status: 'CONFIRMED', uid: confirmation.uid, sequence: 2, startLocal: `${moved.date}T15:30:00` });
    const practice = await practiceMail(email, 'Termin verschoben: ');
    expect(parseCalendar(await attachmentText(practice, 'termin.ics'))).toMatchObject({ uid: confirmation.uid, sequence: 2, startLocal: `${moved.date}T15:30:00` });
    return visitor;
  });

  await test.step('the booking form: the old slot is free (one appointment left there), the new one taken (two)', async () => {
    await page.goto('/termin-vereinbaren');
    const form = appointmentForm(page);
    await openForm(form);
    const preferred = form.getByRole('group', { name: 'Wunschtermin' });
    await preferred.getByLabel('Datum').fill(moved.date);
    await expect(preferred.getByRole('option', { name: '15:30 Uhr – bereits vergeben' })).toBeDisabled();
    await preferred.getByLabel('Datum').fill(first.date);
    await expect(preferred.getByRole('option', { name: '10:00 Uhr', exact: true })).toBeEnabled();
    await watched.settle();
  });

  await test.step('old links show the current state and never act on the old slot', async () => {
    // The practice's confirm link of the original request.
    await page.goto(confirmation.confirmLink);
    await expect(page.getByText(formatDateTimeLong(moved.date, moved.time), { exact: false }).first()).toBeVisible();
    await expect(decisionButtons(page)).toHaveCount(0);
    // The decline link of the decided wish.
    await page.goto(onSite(declineMove));
    // Once the page says the wish is decided (the page before showed the same appointment, so
    // not its date), it has no button to decline.
    await expect(page.getByText(copy.state.moveConfirmedNoDecline(formatDateTimeLong(moved.date, moved.time)))).toBeVisible();
    await expect(page.getByRole('button', { name: copy.move.declineButton })).toHaveCount(0);
    // The first confirmation's move link shows the appointment where it is now.
    await page.goto(onSite(requestMoveLink!));
    await expect(page.getByText(formatDateTimeLong(moved.date, moved.time), { exact: false }).first()).toBeVisible();
    expect(await row(id)).toMatchObject({ confirmed_date: moved.date, confirmed_time: moved.time, calendar_sequence: 2 });
  });

  await test.step('a later wish: the old confirm-move link cannot confirm it; the practice declines, the appointment stays', async () => {
    const later = { date: bookableDay(58 + shift), time: '09:00' };
    const [, newRequestMove] = actionLinks(movedMail);
    await page.goto(onSite(newRequestMove!));
    await page.getByLabel(copy.requestMove.dateLabel).fill(later.date);
    await page.getByLabel(copy.requestMove.timeLabel).selectOption(later.time);
    await page.getByRole('button', { name: copy.requestMove.button }).click();
    await expect.poll(async () => (await row(id)).move_status).toBe('requested');

    // The first wish's confirm link names wish 1, not this one: it shows, and its press is a conflict.
    const second = await context.newPage();
    await second.goto(onSite(confirmMove));
    await expect(second.getByText(/früheren Wunsch/)).toBeVisible();
    await expect(decisionButtons(second)).toHaveCount(0);
    const pressed = await second.request.post(`${e2e().apiUrl}/functions/v1/appointment-action`, {
      headers: { apikey: e2e().publishableKey, 'content-type': 'application/json' },
      data: { token: new URL(confirmMove).hash.slice(1), intent: 'act' },
    });
    expect(pressed.status()).toBe(409);
    expect((await pressed.json()).error).toBe('conflict');
    await second.close();

    const laterWish = await expect.poll(async () => (await practiceMailsFor(email)).filter((m) => m.Subject.startsWith('Terminverschiebung gewünscht: ')).length).toBe(2)
      .then(async () => (await practiceMailsFor(email)).filter((m) => m.Subject.startsWith('Terminverschiebung gewünscht: ')).find((m) => m.ID !== wish.ID)!);
    const [, declineLater] = actionLinks(laterWish) as [string, string];
    await page.goto(onSite(declineLater));
    await page.getByLabel(/Nachricht/).fill('Um 9 Uhr sind wir an diesem Tag leider ausgebucht.');
    await page.getByRole('button', { name: 'Verschiebung ablehnen' }).click();
    const kept = await mailTo(email, 'Ihr Termin bleibt bestehen: ');
    expect(kept.Text).toContain('Um 9 Uhr sind wir an diesem Tag leider ausgebucht.');
    expect(await row(id)).toMatchObject({ status: 'confirmed', confirmed_date: moved.date, confirmed_time: moved.time, move_status: 'declined', calendar_sequence: 2 });
  });
});
