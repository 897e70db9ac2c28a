/**
 * Offered times in Chromium against the stack (docs/appointment-lifecycle.md, «Offered
 * times»): the practice declines from its decline page and ticks two free times → the
 * visitor's mail lists them as links, which change nothing when fetched → the first is
 * booked by others while its page is open: the press says so, and the link opened anew
 * says so before any press, each linking the offer still open → the
 * visitor takes that one with «Diesen Termin nehmen» → confirmed with an advisor, the
 * confirmation with termin.ics, the practice's short mail, the practice's feed → the first
 * offer's link now says it has lapsed.
 */
import { signActionToken } from '../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { formatDateTimeLong } from '../supabase/functions/_shared/domain/dates.ts';
import { calendarUid } from '../supabase/functions/_shared/mail/ics.ts';
import { OFFERS_SUBJECT } from '../supabase/functions/_shared/lifecycle/appointment-emails.ts';
import { practiceAdvisors } from '../supabase/functions/_shared/domain/practice.ts';
import { feedSecretName, feedUrl, PRACTICE_FEED } from '../supabase/functions/practice-calendar/feed-urls.ts';
import { appointmentActionPage, offerTexts } from '../src/content/appointment-action.ts';
import { readFunctionsSettings } from '../scripts/stack/start-stack.ts';
import type { Mail } from '../tests/support/mail-api.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { bookableDay, mails, practiceMailsFor, queryRows, uniqueEmail } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { actionLinks, attachmentText, confirmedAppointment, isTo, onSite, parseCalendar, requestedAppointment } from './support/lifecycle.ts';

test.use({ viewport: VIEWPORTS.mobile });

const { take } = offerTexts;
const mailTo = (address: string, subject: string) => mails().waitFor((m: Mail) => isTo(m, address) && m.Subject.startsWith(subject));
const row = async (id: string) =>
  (await queryRows<{ status: string; confirmed_date: string | null; confirmed_time: string | null; advisor: string | null }>(
    'select status, confirmed_date::text as confirmed_date, confirmed_time, advisor from public.appointment_requests where id = $1',
    [id],
  ))[0]!;

test('decline with two offered times → the first taken meanwhile says so → the visitor takes the second → confirmed, .ics, practice mail, feed → the first has lapsed', async ({ page }) => {
  test.setTimeout(180_000);
  const { retry, repeatEachIndex } = test.info();
  const wish = { date: bookableDay(66 + 3 * (retry + repeatEachIndex)), time: '10:00' };
  const email = uniqueEmail('offers');
  const id = await requestedAppointment(wish.date, wish.time, email);

  const offered = await test.step('the practice ticks two free times on its decline page and declines', async () => {
    const token = await signActionToken(e2e().actionTokenSecret, { requestId: id, action: 'decline', expiresAt: Math.floor(Date.now() / 1000) + 86_400 });
    await page.goto(`/termin/aktion#${token}`);
    const choices = page.getByRole('group', { name: offerTexts.choose.legend(3) }).getByRole('checkbox');
    await expect(choices.first()).toBeVisible();
    const values = [await choices.nth(0).getAttribute('value'), await choices.nth(1).getAttribute('value')];
    await choices.nth(0).check();
    await choices.nth(1).check();
    await page.getByLabel('Nachricht an Rita Rhein (optional)').fill('Leider ist die Zeit schon vergeben.');
    await page.getByRole('button', { name: appointmentActionPage.decline.button }).click();
    await expect(page.getByText('Die Anfrage ist abgelehnt.', { exact: false }).first()).toBeVisible();
    return values.map((value) => {
      const [date, time] = value!.split(' ') as [string, string];
      return { date, time };
    });
  });
  const [first, second] = offered as [{ date: string; time: string }, { date: string; time: string }];

  const decline = await mailTo(email, OFFERS_SUBJECT);
  const links = actionLinks(decline);
  expect(links).toHaveLength(2);
  expect(decline.Text).toContain(formatDateTimeLong(first.date, first.time));
  expect(decline.Text).toContain(formatDateTimeLong(second.date, second.time));

  await test.step('fetching the links (a mail scanner) changes nothing', async () => {
    for (const link of links) expect((await page.request.get(link)).status()).toBe(200);
    expect((await row(id)).status).toBe('declined');
  });

  await test.step('the first time is booked by two others while its page is open: the press says so and links the offer still open', async () => {
    await page.goto(onSite(links[0]!));
    await expect(page.getByRole('heading', { name: take.headline, level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'the take-offer page at 390 px');
    await confirmedAppointment(first.date, first.time, uniqueEmail('offers-other-a'), { firstName: 'Anna', lastName: 'Muster' });
    await confirmedAppointment(first.date, first.time, uniqueEmail('offers-other-b'), { firstName: 'Vera', lastName: 'Vorher' });
    await page.getByRole('button', { name: take.button }).click();
    await expect(page.getByRole('alert')).toContainText(offerTexts.outcome.takenMeanwhile.title);
    await expect(page.getByRole('button', { name: take.button })).toHaveCount(0);
    await expect(page.getByText(take.whatHappens)).toHaveCount(0);
    // The summary no longer calls the first time open.
    await expect(page.getByText(`(${offerTexts.status.busy})`)).toHaveCount(1);
    expect((await row(id)).status).toBe('declined');
  });

  await test.step('its link opened anew says the time is taken before any press, and links the offer still open', async () => {
    await page.goto(onSite(links[0]!));
    await expect(page.getByRole('heading', { name: take.busyHeadline, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: take.button })).toHaveCount(0);
    await page.getByRole('link', { name: formatDateTimeLong(second.date, second.time) }).click();
  });

  await test.step('the visitor takes the second: confirmed at once with an advisor', async () => {
    await expect(page.getByText(take.offered(formatDateTimeLong(second.date, second.time)))).toBeVisible();
    await page.getByRole('button', { name: take.button }).click();
    await expect(page.getByRole('status')).toContainText('Ihr Termin ist bestätigt');
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'confirmed', confirmed_date: second.date, confirmed_time: second.time });
    expect(practiceAdvisors.map((advisor) => advisor.id)).toContain(stored.advisor);
  });

  await test.step('the confirmation with termin.ics, the practice\'s short mail, the practice\'s feed', async () => {
    const confirmation = await mailTo(email, 'Terminbestätigung: ');
    const entry = parseCalendar(await attachmentText(confirmation, 'termin.ics'));
    expect(entry).toMatchObject({ method: 'REQUEST', sequence: 1, startLocal: `${second.date}T${second.time}:00` });
    await expect.poll(async () => (await practiceMailsFor(email)).filter((m) => m.Subject.startsWith('Angebotenen Termin genommen')).length, { timeout: 15_000 })
      .toBe(1);
    const practice = (await practiceMailsFor(email)).find((m) => m.Subject.startsWith('Angebotenen Termin genommen'))!;
    expect(practice.Text).toContain(`hat den angebotenen Termin ${formatDateTimeLong(second.date, second.time)} genommen`);
    const secret = readFunctionsSettings()[feedSecretName(PRACTICE_FEED)]!;
    const feed = (await (await fetch(await feedUrl(`${e2e().apiUrl}/functions/v1`, secret, PRACTICE_FEED))).text()).replace(/\r\n[ \t]/g, '');
    const event = feed.split('BEGIN:VEVENT').find((block) => block.includes(`UID:${calendarUid(id)}`));
    expect(event).toContain('STATUS:CONFIRMED');
    expect(event).toContain(`DTSTART;TZID=Europe/Zurich:${second.date.replaceAll('-', '')}T${second.time.replace(':', '')}00`);
  });

  await test.step('the first offer has lapsed: its page says so, with no button', async () => {
    await page.goto(onSite(links[0]!));
    await expect(page.getByRole('heading', { name: take.lapsedHeadline, level: 1 })).toBeVisible();
    await expect(page.getByText(take.otherTaken(formatDateTimeLong(second.date, second.time)))).toBeVisible();
    await expect(page.getByRole('button', { name: take.button })).toHaveCount(0);
  });
});
