/**
 * The sleep diary in the browser on the real stack: the visitor opens
 * «Schlaftagebuch führen» from the confirmation mail the outbox sends, consents, keeps two
 * nights and has a third refused at its field – keyboard only, at 390 px; the chart and the
 * nights show them (a list at 390 px, a table at 1280 px); axe finds nothing at 390 and 1280 px. Then the practice opens the
 * appointment's page with the calendar feeds' view link and reads the diary there.
 *
 * Screenshots go to the test's output folder (and to /work/shots when SHOTS_DIR is set).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { runJob } from '../scripts/stack/job-timer.ts';
import { formatDuration, formatPercent, nightFigures, nightName, SLEEP_DIARY_PAGE_PATH } from '../supabase/functions/_shared/domain/sleep-diary.ts';
import { practiceLink } from '../supabase/functions/_shared/lifecycle/action-links.ts';
import { SLEEP_DIARY_LINK_TEXT } from '../supabase/functions/_shared/lifecycle/appointment-emails.ts';
import { sleepDiaryAdvisorView, sleepDiaryPage as copy } from '../src/content/sleep-diary.ts';
import { expectNoAxeViolations, tabUntil } from './support/a11y.ts';
import { bookableDay, mails, queryRows, uniqueEmail, zurichDate } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { isTo, requestedAppointment } from './support/lifecycle.ts';

test.use({ viewport: VIEWPORTS.mobile });

const runOutbox = () => runJob(e2e().apiUrl, e2e().secretKey, 'send-pending-mail', {});

/** Where a screenshot goes: the test's output, and SHOTS_DIR when set (the note). */
async function shot(page: Page, outputPath: (name: string) => string, name: string) {
  // Through the page once, so that every part of it is painted before the full-page capture.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: outputPath(`${name}.png`), fullPage: true });
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** A night typed with the keyboard only, from the focus on «Zu Bett gegangen» to the press of «Nacht speichern» (Enter). */
async function typeNight(page: Page, night: { times: [string, string]; counts: [string, string, string]; end: [string, string]; quality: number; note: string }) {
  const { keyboard } = page;
  const next = async (text: string) => {
    await keyboard.press('ControlOrMeta+a');
    await keyboard.type(text);
    await keyboard.press('Tab');
  };
  for (const text of [...night.times, ...night.counts, ...night.end]) await next(text);
  // «Schlafqualität»: the radio group takes the focus on its chosen radio (else its first); the arrows choose.
  await keyboard.press('Space');
  const chosen = Number(await page.evaluate(() => (document.activeElement as HTMLInputElement).value));
  for (let n = 0; n < (night.quality - chosen + 5) % 5; n++) await keyboard.press('ArrowRight');
  await keyboard.press('Tab');
  await keyboard.press('ControlOrMeta+a');
  await keyboard.type(night.note);
  await keyboard.press('Tab');
  await expect(page.getByRole('button', { name: copy.form.submit })).toBeFocused();
  await keyboard.press('Enter');
}

/**
 * «Datum (Morgen)» set with the keyboard. Chromium's date field has a part each for day,
 * month and year, in the order of the browser's own language, not the page's: Debian's
 * headless Chromium puts the month first whatever the context's `locale`, `--lang`, `LANG`
 * or the installed chromium-l10n say (tried on Chromium 156), while a Chrome in German puts
 * the day first. So the digits go in month first and, when the field then holds another
 * date, again from its first part day first. Which order is right is read off the field's
 * value, never off today's date (a day and a month that are equal read the same both ways).
 */
async function typeMorning(page: Page, iso: string) {
  const field = page.getByLabel(copy.labels.morning);
  const onDate = () => page.evaluate(() => document.activeElement?.getAttribute('name') === 'morning');
  const [year, month, day] = iso.split('-') as [string, string, string];
  const typeFromFirstPart = async (digits: string) => {
    // Back out of the field, then one Tab onto its first part.
    for (let part = 0; part < 6 && (await onDate()); part++) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type(digits);
  };
  await tabUntil(page, (focus) => focus.name === 'morning', { key: 'Shift+Tab' });
  await typeFromFirstPart(`${month}${day}${year}`);
  if ((await field.inputValue()) !== iso) await typeFromFirstPart(`${day}${month}${year}`);
  await expect(field).toHaveValue(iso);
}

test('the diary from the confirmation: consent, two nights, a refused one, the chart and the table, keyboard only; the advisor reads it', async ({ page }, testInfo) => {
  const email = uniqueEmail('tagebuch');
  const day = bookableDay(60 + 2 * (testInfo.retry + testInfo.repeatEachIndex));
  const id = await requestedAppointment(day, '10:00', email, { firstName: 'Nora', lastName: 'Nachtmann', service: 'Schlafberatung' });
  const [decided] = await queryRows<{ answer: { result: string } }>(`select public.decide_appointment($1, 'confirm', $2, '10:00') as answer`, [id, day]);
  expect(decided?.answer.result).toBe('changed');
  // The confirmation is the outbox's to send: past the visitor's own two minutes.
  await queryRows(`update public.outbox_mails set created_at = now() - interval '3 minutes' where appointment_request_id = $1 and kind = 'outcome'`, [id]);
  await runOutbox();
  const confirmation = await mails().waitFor((m) => isTo(m, email) && m.Text.includes(SLEEP_DIARY_LINK_TEXT), { timeoutMs: 20_000 });
  const link = new URL(new RegExp(`https?://\\S+${SLEEP_DIARY_PAGE_PATH}#\\S+`).exec(confirmation.Text)![0]);

  // The JavaScript the page loads, gzipped as the build serves it (docs/performance.md: ≤ 150 KB after first use).
  const scripts = new Map<string, number>();
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') void request.sizes().then((sizes) => scripts.set(request.url(), sizes.responseBodySize));
  });
  await page.goto(`${link.pathname}${link.hash}`);
  await waitForHydration(page);
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();
  await expect(page.getByText(copy.why)).toBeVisible();
  await expectNoAxeViolations(page, '/schlaftagebuch before consent at 390 px');

  // Consent, with the keyboard: tick, then «Tagebuch beginnen».
  await tabUntil(page, (focus) => focus.tag === 'input' && focus.label.startsWith(copy.consent.checkbox.slice(0, 20)));
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab'); // the privacy link inside the label
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: copy.consent.start })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: copy.form.submit })).toBeVisible();
  const [stored] = await queryRows<{ n: number }>(`select count(*)::int as n from public.sleep_diaries where appointment_request_id = $1`, [id]);
  expect(stored!.n).toBe(1);

  // The first night: this morning (the default), the example.
  await tabUntil(page, (focus) => focus.label.includes(copy.labels.bedTime));
  await typeNight(page, { times: ['2300', '23:15'], counts: ['30', '2', '20'], end: ['6.15', '0645'], quality: 4, note: 'Espresso am Abend' });
  await expect(page.getByText(copy.form.saved(nightName(zurichDate(0))))).toBeVisible();

  // The second: yesterday morning, first with the attempt before going to bed – refused at its field.
  await typeMorning(page, zurichDate(-1));
  await tabUntil(page, (focus) => focus.label.includes(copy.labels.bedTime));
  await typeNight(page, { times: ['22:30', '22:00'], counts: ['15', '1', '10'], end: ['06:00', '06:30'], quality: 3, note: 'Unruhig' });
  const attempt = page.getByLabel(copy.labels.attemptTime);
  await expect(attempt).toBeFocused();
  await expect(attempt).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(copy.outOfOrder.attemptTime)).toBeVisible();
  await expect(attempt).toHaveValue('22:00');
  await expect(page.getByLabel(copy.labels.bedTime)).toHaveValue('22:30');
  await shot(page, testInfo.outputPath.bind(testInfo), 'diary-refused-phone');
  const [beforeFix] = await queryRows<{ n: number }>(`select count(*)::int as n from public.sleep_diary_nights where appointment_request_id = $1`, [id]);
  expect(beforeFix!.n).toBe(1);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('22:45');
  await page.keyboard.press('Enter');
  await expect(page.getByText(copy.form.saved(nightName(zurichDate(-1))))).toBeVisible();

  // The chart and the nights: two, by morning – at 390 px a list, a night per item.
  await expect(page.getByRole('img', { name: copy.chart.label(2) })).toBeVisible();
  const nights = page.getByRole('list', { name: copy.tableCaption });
  await expect(nights.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('table', { name: copy.tableCaption })).toBeHidden();
  const today = nights.getByRole('listitem').filter({ hasText: nightName(zurichDate(0)) });
  // Real minutes, as the domain counts them: the night the clocks go forward is an hour shorter.
  const figures = nightFigures({
    morning: zurichDate(0), bedTime: '23:00', attemptTime: '23:15', latencyMinutes: 30, awakenings: 2, wakeMinutes: 20,
    finalWakeTime: '06:15', upTime: '06:45', quality: 4, note: 'Espresso am Abend',
  });
  await expect(today).toContainText(formatDuration(figures.inBedMinutes).replaceAll('\u00a0', ' '));
  await expect(today).toContainText(formatDuration(figures.sleepMinutes).replaceAll('\u00a0', ' '));
  await expect(today).toContainText(formatPercent(figures.efficiencyPercent).replaceAll('\u00a0', ' '));
  await expectNoAxeViolations(page, '/schlaftagebuch with two nights at 390 px');
  const scriptKb = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
  testInfo.annotations.push({ type: 'js-kb', description: `${scriptKb.toFixed(1)} KB of JavaScript in ${scripts.size} files after two nights saved` });
  console.log(`/schlaftagebuch after first use: ${scriptKb.toFixed(1)} KB of JavaScript (${scripts.size} files, as sent)`);
  expect(scriptKb).toBeLessThanOrEqual(150);
  await shot(page, testInfo.outputPath.bind(testInfo), 'diary-phone');
  await page.setViewportSize(VIEWPORTS.desktop);
  // At 1280 px the same nights as a table.
  await expect(page.getByRole('table', { name: copy.tableCaption }).getByRole('row')).toHaveCount(3);
  await expectNoAxeViolations(page, '/schlaftagebuch with two nights at 1280 px');
  await shot(page, testInfo.outputPath.bind(testInfo), 'diary-desktop');

  // The practice: its practice link (the «Termin bestätigt» copy, the digest) shows the diary on the appointment's page.
  const settings = { secret: e2e().actionTokenSecret, siteUrl: '' };
  const view = new URL(await practiceLink(settings, { id, confirmed_date: day }, new Date()), 'http://site.invalid');
  await page.goto(`${view.pathname}${view.hash}`);
  await waitForHydration(page);
  const diary = page.getByRole('region', { name: sleepDiaryAdvisorView.title });
  await expect(diary.getByRole('img', { name: copy.chart.label(2) })).toBeVisible();
  await expect(diary.getByRole('table').getByRole('row')).toHaveCount(3);
  await expect(diary).toContainText('Espresso am Abend');
  await expectNoAxeViolations(page, '/termin/aktion with the diary at 1280 px');
  await shot(page, testInfo.outputPath.bind(testInfo), 'diary-advisor-desktop');
  await page.setViewportSize(VIEWPORTS.mobile);
  await expectNoAxeViolations(page, '/termin/aktion with the diary at 390 px');
  await shot(page, testInfo.outputPath.bind(testInfo), 'diary-advisor-phone');
});
