/**
 * «An earlier time» in Chromium against the stack (docs/appointment-lifecycle.md): visitor X,
 * confirmed on a later day, asks for an earlier time from the confirmation mail's link, and
 * so does Z; Y's earlier appointment is cancelled → the outbox mails X and Z that time → X
 * takes it (the same calendar UID, SEQUENCE + 1, Y's old time now X's, the practice told, its feed updated) →
 * Z's press on the page opened before says it is taken and changes nothing.
 *
 * The days are the first bookable ones (six later on a retry), so no other story's freed
 * time lies before X's and Z's appointments; someone else has an appointment at Y's time
 * with the other advisor, so once Y is gone exactly one advisor is free there: one winner.
 */
import { signActionToken, type AppointmentAction } from '../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { formatDateTimeLong } from '../supabase/functions/_shared/domain/dates.ts';
import { advisorName } from '../supabase/functions/_shared/domain/practice.ts';
import { appointmentActionPage as copy } from '../src/content/appointment-action.ts';
import { runJob } from '../scripts/stack/job-timer.ts';
import { readFunctionsSettings } from '../scripts/stack/start-stack.ts';
import { feedSecretName, feedUrl, PRACTICE_FEED } from '../supabase/functions/practice-calendar/feed-urls.ts';
import { EARLIER_LINK_LABEL } from '../supabase/functions/_shared/lifecycle/appointment-emails.ts';
import type { Mail } from '../tests/support/mail-api.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { bookableDay, mails, mailsTo, practiceMailsFor, queryRows, uniqueEmail } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { actionLinks, attachmentText, confirmedAppointment, isTo, onSite, parseCalendar, requestedAppointment } from './support/lifecycle.ts';

test.use({ viewport: VIEWPORTS.mobile });

const texts = copy.earlier;
const runOutbox = () => runJob(e2e().apiUrl, e2e().secretKey, 'send-pending-mail', {});
const mailTo = (address: string, subject: string) => mails().waitFor((m: Mail) => isTo(m, address) && m.Subject.startsWith(subject), { timeoutMs: 20_000 });

const row = async (id: string) =>
  (await queryRows<{ status: string; confirmed_date: string; confirmed_time: string; calendar_sequence: number; outcome_key: string }>(
    `select status, confirmed_date::text as confirmed_date, confirmed_time, calendar_sequence, outcome_key from public.appointment_requests where id = $1`,
    [id],
  ))[0]!;

const link = async (requestId: string, action: AppointmentAction) =>
  `/termin/aktion#${await signActionToken(e2e().actionTokenSecret, { requestId, action, expiresAt: Math.floor(Date.now() / 1000) + 7 * 86_400 })}`;

test('an earlier time: X and Z wait, Y cancels → both are mailed → X takes it (same UID, SEQUENCE + 1) → Z\'s press finds it taken', async ({ page, context }, testInfo) => {
  test.setTimeout(180_000);
  const { retry, repeatEachIndex } = test.info();
  const shift = 6 * (retry + repeatEachIndex);
  const freed = { date: bookableDay(shift), time: '10:00' };
  const later = bookableDay(shift + 1);
  const freedText = formatDateTimeLong(freed.date, freed.time);
  const [xMail, yMail, zMail] = [uniqueEmail('earlier-x'), uniqueEmail('earlier-y'), uniqueEmail('earlier-z')];

  const y = await confirmedAppointment(freed.date, freed.time, yMail, { service: 'Schlafberatung', firstName: 'Yvonne', lastName: 'Yberg', advisor: 'sandra-huber' });
  await confirmedAppointment(freed.date, freed.time, uniqueEmail('earlier-other'), { service: 'Schlafberatung', firstName: 'Otto', lastName: 'Oswald', advisor: 'lukas-brunner' });
  const x = await requestedAppointment(later, '10:00', xMail, { service: 'Schlafberatung', firstName: 'Xaver', lastName: 'Xander' });
  const z = await confirmedAppointment(later, '14:00', zMail, { service: 'Schlafberatung', firstName: 'Zora', lastName: 'Zeller' });

  const confirmation = await test.step('the practice confirms X: the confirmation carries «Früherer Termin gewünscht»', async () => {
    await page.goto(await link(x, 'confirm-preferred'));
    await page.getByRole('button', { name: copy.capacity.confirmWith(advisorName('sandra-huber')) }).click();
    await expect(page.getByRole('status')).toBeVisible();
    const mail = await mailTo(xMail, 'Terminbestätigung: ');
    expect(mail.Text).toContain(EARLIER_LINK_LABEL);
    return { mail, uid: parseCalendar(await attachmentText(mail, 'termin.ics')).uid };
  });

  await test.step('X asks for an earlier time from the mail\'s link; the page alone changes nothing', async () => {
    const earlierLink = actionLinks(confirmation.mail)[2]!;
    await page.goto(onSite(earlierLink));
    await expect(page.getByRole('heading', { level: 1, name: texts.headline })).toBeVisible();
    expect(await queryRows(`select 1 from public.earlier_time_wishes where appointment_request_id = $1`, [x])).toEqual([]);
    await expectNoAxeViolations(page, 'the earlier-time page');
    await page.getByRole('button', { name: texts.button }).click();
    await expect(page.getByRole('status').filter({ hasText: texts.done })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: texts.wantedHeadline })).toBeVisible();
  });

  await test.step('Z asks too', async () => {
    await page.goto(await link(z, 'earlier'));
    await page.getByRole('button', { name: texts.button }).click();
    await expect(page.getByRole('status').filter({ hasText: texts.done })).toBeVisible();
  });

  await test.step('Y cancels; the outbox mails X and Z the freed time', async () => {
    await page.goto(await link(y, 'cancel'));
    await page.getByRole('button', { name: 'Termin absagen' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    await runOutbox();
  });
  const subject = `Früherer Termin frei: ${freedText}`;
  const [offerX, offerZ] = await Promise.all([mailTo(xMail, subject), mailTo(zMail, subject)]);

  // Z opens the offer first, and waits; X takes it meanwhile.
  const zPage = await context.newPage();
  await test.step('Z opens the offer: the freed time and the button', async () => {
    await zPage.goto(onSite(actionLinks(offerZ)[0]!));
    await expect(zPage.getByRole('heading', { level: 1, name: texts.offerHeadline })).toBeVisible();
    await expect(zPage.getByText(texts.offer(freedText))).toBeVisible();
  });

  await test.step('X takes it: the appointment moves, same UID, SEQUENCE + 1, Y\'s old time; the practice gets the entry', async () => {
    await page.goto(onSite(actionLinks(offerX)[0]!));
    await expectNoAxeViolations(page, 'the offer page');
    await page.getByRole('button', { name: texts.takeButton }).click();
    await expect(page.getByRole('status').filter({ hasText: texts.took })).toBeVisible();
    expect(await row(x)).toMatchObject({ status: 'confirmed', confirmed_date: freed.date, confirmed_time: freed.time, calendar_sequence: 2 });
    const moved = await mailTo(xMail, 'Termin verschoben: ');
    const entry = parseCalendar(await attachmentText(moved, 'termin.ics'));
    expect(entry).toMatchObject({ method: 'REQUEST', uid: confirmation.uid, sequence: 2, startLocal: `${freed.date}T10:00:00` });
    await expect.poll(async () => (await practiceMailsFor(xMail)).filter((m) => m.Subject.startsWith('Termin verschoben: ')).length, { timeout: 15_000 }).toBe(1);
    const practice = (await practiceMailsFor(xMail)).find((m) => m.Subject.startsWith('Termin verschoben: '))!;
    expect(parseCalendar(await attachmentText(practice, 'termin.ics'))).toMatchObject({ uid: confirmation.uid, sequence: 2 });
    // The practice's feed: the same entry at Y's old time.
    const secret = readFunctionsSettings()[feedSecretName(PRACTICE_FEED)]!;
    const feed = (await (await fetch(await feedUrl(`${e2e().apiUrl}/functions/v1`, secret, PRACTICE_FEED))).text()).replace(/\r\n[ \t]/g, '');
    const event = feed.split('BEGIN:VEVENT').find((block) => block.includes(`UID:${confirmation.uid}`));
    expect(event).toContain('SEQUENCE:2');
    expect(event).toContain(`DTSTART;TZID=Europe/Zurich:${freed.date.replaceAll('-', '')}T100000`);
  });

  await test.step('Z presses: «leider schon vergeben», nothing changes', async () => {
    const before = await row(z);
    await zPage.getByRole('button', { name: texts.takeButton }).click();
    await expect(zPage.getByRole('alert').filter({ hasText: texts.takenNotice.title })).toBeVisible();
    await expect(zPage.getByText(/leider schon vergeben/)).toBeVisible();
    // Z was offered a time today: the next offer comes a day after that one at the earliest, and the page says when.
    await expect(zPage.getByText(texts.stillWantedFrom('').trimEnd().replace(/\.$/, ''))).toBeVisible();
    await zPage.screenshot({ path: testInfo.outputPath('earlier-taken.png'), fullPage: true });
    await expect(zPage.getByRole('button', { name: texts.takeButton })).toHaveCount(0);
    await expectNoAxeViolations(zPage, 'the offer page, taken');
    // The press has been answered: nothing of Z's changed, and no mail is owed to Z.
    expect(await row(z)).toEqual(before);
    expect(await queryRows(`select 1 from public.outbox_mails where appointment_request_id = $1 and kind = 'outcome' and sent_at is null and superseded_at is null`, [z])).toEqual([]);
    expect((await mailsTo(zMail)).filter((m) => m.Subject.startsWith('Termin verschoben: '))).toEqual([]);
  });
  await zPage.close();
});
