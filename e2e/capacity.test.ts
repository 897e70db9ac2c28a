/**
 * Two advisors share one schedule (supabase/functions/_shared/domain/capacity.ts): each
 * confirmed appointment keeps one of them busy for its service's length, so at most two
 * overlap. In the browser, against the stack:
 *
 * - the booking form marks a start time «bereits vergeben» when nobody is free for the
 *   chosen service's whole length from it (public.appointment_start_times through the
 *   gateway with the site's key – times and free/taken, nobody's data), and asks again
 *   when the service changes; one appointment alone leaves the time free;
 * - the practice's confirm page says who is free for the slot: both → one button per
 *   advisor, and the press confirms with that one; one → only that one; nobody → what
 *   collides and no button; and an advisor taken between opening and pressing (409
 *   advisor_busy) is said in words, with the day as it is now.
 *
 * Each test books days no other test books (a retry, six days later).
 */
import type { Page } from '@playwright/test';
import { signActionToken } from '../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { bookableDay, queryRows, uniqueEmail } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { appointmentForm, openForm } from './support/forms.ts';
import { confirmedAppointment, decisionButtons, requestedAppointment } from './support/lifecycle.ts';
import { advisorName } from '../supabase/functions/_shared/domain/practice.ts';
import { appointmentActionPage as copy } from '../src/content/appointment-action.ts';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');

const WITH_SANDRA = copy.capacity.confirmWith(SANDRA_HUBER);
const WITH_LUKAS = copy.capacity.confirmWith(LUKAS_BRUNNER);
const SCHLAFBERATUNG = { service: 'Schlafberatung' } as const;

/** A bookable day for this test and attempt: `base` from 90 on, six days later on a retry. */
function day(base: number): string {
  const { retry, repeatEachIndex } = test.info();
  return bookableDay(base + 6 * (retry + repeatEachIndex));
}

/** The practice's confirm link for a request (signed as the functions sign it), opened on the site under test. */
async function openConfirmLink(page: Page, requestId: string) {
  const token = await signActionToken(e2e().actionTokenSecret, {
    requestId,
    action: 'confirm-preferred',
    expiresAt: Math.floor(Date.now() / 1000) + 86_400,
  });
  await page.goto(`/termin/aktion#${token}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Die Anfrage im Überblick' })).toBeVisible();
  return token;
}

const advisorOf = async (id: string) =>
  (await queryRows<{ status: string; advisor: string | null }>('select status, advisor from public.appointment_requests where id = $1', [id]))[0];

test.describe('the booking form', () => {
  test.use({ viewport: VIEWPORTS.mobile });

  test('a time is taken when both advisors are busy for the chosen service’s length; the service changes what is taken; one appointment leaves it free', async ({ page, watched }) => {
    const full = day(90);
    const half = day(91);
    // Two 60-minute appointments at 09:00 and two at 14:00 on one day; one at 09:00 on another.
    await confirmedAppointment(full, '09:00', uniqueEmail('capacity-a'), { ...SCHLAFBERATUNG, firstName: 'Anna', lastName: 'Muster' });
    await confirmedAppointment(full, '09:00', uniqueEmail('capacity-b'), { ...SCHLAFBERATUNG, firstName: 'Vera', lastName: 'Vorher' });
    await confirmedAppointment(full, '14:00', uniqueEmail('capacity-c'), SCHLAFBERATUNG);
    await confirmedAppointment(full, '14:00', uniqueEmail('capacity-d'), SCHLAFBERATUNG);
    await confirmedAppointment(half, '09:00', uniqueEmail('capacity-e'), SCHLAFBERATUNG);

    const asked: unknown[] = [];
    const answers: unknown[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('/rest/v1/rpc/appointment_start_times')) return;
      asked.push(response.request().postDataJSON());
      answers.push(await response.json());
    });
    await page.goto('/termin-vereinbaren');
    const form = appointmentForm(page);
    await openForm(form);
    const preferred = form.getByRole('group', { name: 'Wunschtermin' });
    const service = form.getByLabel('Leistung');
    const option = (time: string) => preferred.getByRole('option', { name: new RegExp(`^${time} Uhr`) });
    const taken = async (time: string) => {
      await expect(option(time)).toHaveText(`${time} Uhr – bereits vergeben`);
      await expect(option(time)).toBeDisabled();
    };
    const free = async (time: string) => {
      await expect(option(time)).toHaveText(`${time} Uhr`);
      await expect(option(time)).toBeEnabled();
    };

    await test.step('no service chosen yet: the shortest one (Follow-up, 30 minutes)', async () => {
      await preferred.getByLabel('Datum').fill(full);
      // 09:30–10:00 still falls into the 09:00–10:00 appointments; 13:30–14:00 only touches 14:00.
      await taken('09:00');
      await taken('09:30');
      await free('10:00');
      await free('13:30');
      await taken('14:00');
      await taken('14:30');
      await free('15:00');
    });

    await test.step('Schlafberatung (60 minutes): 13:30 runs into 14:00 now; 13:00 ends as they begin', async () => {
      await service.selectOption('schlafberatung');
      await taken('13:30');
      await free('13:00');
      await taken('09:00');
      await taken('09:30');
      await free('10:00');
      await free('15:00');
    });

    await test.step('the home visit (120 minutes): 13:00 as well', async () => {
      await service.selectOption('beratung-zuhause');
      await taken('13:00');
      await free('11:30');
      await free('10:00');
    });

    await test.step('a day with one appointment at 09:00: the other advisor is free, so 09:00 is too', async () => {
      await service.selectOption('schlafberatung');
      await preferred.getByLabel('Datum').fill(half);
      await expect.poll(() => asked.length).toBeGreaterThanOrEqual(4);
      await free('09:00');
      await free('09:30');
    });

    // Each answer says times and free or not, nothing else; each question names the day and the service.
    await expect.poll(() => answers.length).toBe(asked.length);
    expect(asked).toEqual([
      { p_day: full, p_service: 'follow-up' },
      { p_day: full, p_service: 'schlafberatung' },
      { p_day: full, p_service: 'beratung-zuhause' },
      { p_day: half, p_service: 'schlafberatung' },
    ]);
    for (const answer of answers as { time: string; free: boolean }[][]) {
      expect(answer).toHaveLength(21);
      for (const entry of answer) expect(Object.keys(entry).sort()).toEqual(['free', 'time']);
    }
    await watched.settle();
    expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [], foreignRequests: [] });
  });
});

test.describe('the practice’s confirm page', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('both advisors free: one button each; the press confirms with the one chosen, and the page names them', async ({ page, watched }) => {
    const id = await requestedAppointment(day(92), '10:00', uniqueEmail('capacity-both'), { ...SCHLAFBERATUNG, firstName: 'Beat', lastName: 'Keller' });
    await openConfirmLink(page, id);
    await expect(page.getByText(copy.capacity.bothFree)).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('button')).toHaveText([WITH_SANDRA, WITH_LUKAS]);
    await expectNoAxeViolations(page, 'the confirm page, both advisors free');

    await page.getByRole('button', { name: WITH_LUKAS }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.outcome.success.confirm('Beat Keller', LUKAS_BRUNNER) })).toBeVisible();
    await expect(page.getByText('Beratung durch', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(LUKAS_BRUNNER);
    await expect(main.getByRole('button')).toHaveCount(0);
    expect(await advisorOf(id)).toEqual({ status: 'confirmed', advisor: 'lukas-brunner' });
    await expectNoAxeViolations(page, 'the confirm page after confirming with an advisor');
    expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [], foreignRequests: [] });
  });

  test('both advisors busy: what collides, in words, and no button; the function refuses a press all the same', async ({ page }) => {
    const busy = day(93);
    await confirmedAppointment(busy, '09:00', uniqueEmail('capacity-sandra'), { ...SCHLAFBERATUNG, firstName: 'Anna', lastName: 'Muster', advisor: 'sandra-huber' });
    await confirmedAppointment(busy, '10:00', uniqueEmail('capacity-lukas'), { service: 'Follow-up Termin', firstName: 'Vera', lastName: 'Vorher', advisor: 'lukas-brunner' });
    const id = await requestedAppointment(busy, '09:30', uniqueEmail('capacity-none'), { ...SCHLAFBERATUNG, firstName: 'Beat', lastName: 'Keller' });
    const token = await openConfirmLink(page, id);

    await expect(page.getByText(copy.capacity.nobodyFree)).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
      copy.capacity.collision(SANDRA_HUBER, '09:00', '10:00', 'Schlafberatung', 'Anna Muster'),
      copy.capacity.collision(LUKAS_BRUNNER, '10:00', '10:30', 'Follow-up Termin', 'Vera Vorher'),
    ]);
    await expect(page.getByText(copy.capacity.whatNow('Beat Keller'))).toBeVisible();
    await expect(decisionButtons(page)).toHaveCount(0);
    await expectNoAxeViolations(page, 'the confirm page, nobody free');
    await page.setViewportSize(VIEWPORTS.mobile);
    await expectNoAxeViolations(page, 'the confirm page, nobody free, at 390 px');

    const pressed = await page.request.post(`${e2e().apiUrl}/functions/v1/appointment-action`, {
      headers: { apikey: e2e().publishableKey, 'content-type': 'application/json' },
      data: { token, intent: 'act', advisor: 'sandra-huber' },
    });
    expect(pressed.status()).toBe(409);
    expect((await pressed.json()).error).toBe('advisor_busy');
    expect(await advisorOf(id)).toEqual({ status: 'requested', advisor: null });
  });

  test('one advisor free: only that button; taken in the meantime, the page says so and shows the day as it is now', async ({ page }) => {
    const oneFree = day(94);
    await confirmedAppointment(oneFree, '09:00', uniqueEmail('capacity-first'), { ...SCHLAFBERATUNG, firstName: 'Anna', lastName: 'Muster', advisor: 'sandra-huber' });
    const id = await requestedAppointment(oneFree, '09:30', uniqueEmail('capacity-one'), { ...SCHLAFBERATUNG, firstName: 'Beat', lastName: 'Keller' });
    await openConfirmLink(page, id);
    await expect(page.getByText(copy.capacity.oneFree(LUKAS_BRUNNER))).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveText([copy.capacity.collision(SANDRA_HUBER, '09:00', '10:00', 'Schlafberatung', 'Anna Muster')]);
    await expect(decisionButtons(page)).toHaveText([WITH_LUKAS]);
    await expectNoAxeViolations(page, 'the confirm page, one advisor free');

    // Lukas gets another appointment at that time (confirmed from another link) before the press.
    await confirmedAppointment(oneFree, '10:00', uniqueEmail('capacity-meanwhile'), { ...SCHLAFBERATUNG, firstName: 'Walter', lastName: 'Weiss', advisor: 'lukas-brunner' });
    await page.getByRole('button', { name: WITH_LUKAS }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(copy.outcome.advisorBusy.title);
    await expect(alert).toContainText(copy.outcome.advisorBusy.text(LUKAS_BRUNNER));
    await expect(alert).toBeFocused();
    await expect(page.getByText(copy.capacity.nobodyFree)).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
      copy.capacity.collision(SANDRA_HUBER, '09:00', '10:00', 'Schlafberatung', 'Anna Muster'),
      copy.capacity.collision(LUKAS_BRUNNER, '10:00', '11:00', 'Schlafberatung', 'Walter Weiss'),
    ]);
    await expect(decisionButtons(page)).toHaveCount(0);
    expect(await advisorOf(id)).toEqual({ status: 'requested', advisor: null });
    await expectNoAxeViolations(page, 'the confirm page after advisor_busy');
  });
});
